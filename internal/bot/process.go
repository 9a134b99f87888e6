package bot

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"time"

	"rummikub/internal/bot/protocol"
)

// conn is one running bot: a child process, or a connection a bot made
// from outside (Link).
type conn interface {
	send(msg any, deadline time.Time) error
	lineCh() <-chan protocol.Line
	// stop ends the bot (a crash, late turns): a process is killed after
	// grace, a connection closed.
	stop(grace time.Duration)
	// release ends the seat's use of the bot at the end of a match: a
	// process is stopped, a connection handed back.
	release()
	exitReason() string
	pid() int
}

// process is one running bot: its stdin (written with deadlines), the
// lines of its stdout, and whether it has exited.
type process struct {
	cmd   *exec.Cmd
	stdin *os.File
	lines <-chan protocol.Line
	done  chan struct{} // closed once the process has exited
	quit  chan struct{} // closed by stop: nobody reads lines any more
	err   error         // Wait's result, once done is closed
}

// start runs argv with stderr to log (nil: discarded).
func start(argv []string, log io.Writer) (*process, error) {
	if len(argv) == 0 {
		return nil, errors.New("the bot command is empty")
	}
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, err
	}
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin = inR
	cmd.Stdout = outW
	cmd.Stderr = log
	if log == nil {
		cmd.Stderr = io.Discard
	}
	ownGroup(cmd)
	// Once the bot has exited, Wait waits at most this long for its
	// stderr to close: a process it left in a session of its own may
	// hold it for ever.
	cmd.WaitDelay = time.Second
	err = cmd.Start()
	inR.Close()
	outW.Close()
	if err != nil {
		inW.Close()
		outR.Close()
		return nil, err
	}
	quit := make(chan struct{})
	p := &process{cmd: cmd, stdin: inW, lines: protocol.ReadLines(outR, protocol.MaxLine, quit), done: make(chan struct{}), quit: quit}
	go func() {
		p.err = cmd.Wait()
		outR.Close()
		close(p.done)
	}()
	return p, nil
}

func (p *process) lineCh() <-chan protocol.Line { return p.lines }

func (p *process) release() { p.stop(time.Second) }

func (p *process) pid() int {
	if p.cmd.Process == nil {
		return 0
	}
	return p.cmd.Process.Pid
}

// line is msg as the protocol sends it: JSON on one line.
func line(msg any) ([]byte, error) {
	b, err := json.Marshal(msg)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// send writes one message as a line, giving up at deadline (zero: none).
func (p *process) send(msg any, deadline time.Time) error {
	b, err := line(msg)
	if err != nil {
		return err
	}
	if err := p.stdin.SetWriteDeadline(deadline); err != nil {
		return err
	}
	_, err = p.stdin.Write(b)
	return err
}

// stop ends the process: its stdin is closed, it has grace to exit on its
// own, then its process group is killed, whether it exited or not, so
// that nothing it started outlives it.
func (p *process) stop(grace time.Duration) {
	close(p.quit)
	p.stdin.Close()
	select {
	case <-p.done:
	case <-time.After(grace):
	}
	killGroup(p.cmd)
	<-p.done
}

// exitReason says how the process ended, once it has.
func (p *process) exitReason() string {
	select {
	case <-p.done:
	case <-time.After(time.Second):
		return "it closed its output"
	}
	if p.err == nil {
		return "it exited"
	}
	return fmt.Sprintf("it ended: %v", p.err)
}

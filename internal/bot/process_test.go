//go:build linux

package bot

import (
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// running reports whether pid is a live process (not gone, not a zombie).
func running(pid int) bool {
	b, err := os.ReadFile(filepath.Join("/proc", strconv.Itoa(pid), "stat"))
	if err != nil {
		return false
	}
	// The state follows the command in parentheses: "pid (comm) S ...".
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i < 0 || i+2 >= len(s) || (s[i+2] != 'Z' && s[i+2] != 'X')
}

// beginWithPid starts the helper bot of mode (spawn or daemon: it
// writes the pid of a process it starts to a file) on a seat that logs
// to log, begins a match of two with it and returns the seat, the match
// and that pid.
func beginWithPid(t *testing.T, mode string, log io.Writer) (*Seat, *game.Match, int) {
	t.Helper()
	pidFile := filepath.Join(t.TempDir(), "pid")
	s := NewSeat(helperArgv(mode+":"+pidFile), Options{Log: log, Startup: 30 * time.Second})
	m, err := game.NewMatch(game.Standard(), []string{"a", "b"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	s.Begin(m.ViewFor(0))
	b, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatalf("the helper wrote no pid: %v", err)
	}
	pid, _ := strconv.Atoi(string(b))
	return s, m, pid
}

// Whatever a bot started ends with it: when the seat is closed, and when
// the bot exits of itself (which closing its stdin makes it do), its
// process group is killed, not only when it has to be forced.
func TestBotChildrenEndWithIt(t *testing.T) {
	for _, c := range []string{"close", "crash"} {
		t.Run(c, func(t *testing.T) {
			log, err := os.Create(filepath.Join(t.TempDir(), "bots.log"))
			if err != nil {
				t.Fatal(err)
			}
			defer log.Close()
			s, m, child := beginWithPid(t, "spawn", log)
			if !running(child) {
				t.Fatalf("the bot's child %d is not running to begin with", child)
			}
			if c == "crash" {
				// The bot exits of itself; the seat finds it gone at the
				// next turn and drops it.
				s.proc.(*process).stdin.Close()
				ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
				_, err := s.Move(ctx, m.ViewFor(m.Game.Turn))
				cancel()
				if f, ok := err.(*Fault); !ok || f.Kind != FaultCrashed {
					t.Fatalf("a bot gone is a crash, got %v", err)
				}
			}
			s.Close()
			// The kill is sent before Close returns; the child's parent
			// reaps it a moment later.
			for i := 0; i < 200 && running(child); i++ {
				time.Sleep(50 * time.Millisecond)
			}
			if running(child) {
				_ = syscallKill(child)
				t.Fatalf("the bot's child %d outlived the bot", child)
			}
		})
	}
}

// A bot that leaves behind a process of its own session holding its
// stderr (out of reach of its group) does not hang the referee: the seat
// closes once the bot itself has exited.
func TestBotDaemonDoesNotHangClose(t *testing.T) {
	if _, err := exec.LookPath("setsid"); err != nil {
		t.Skip("no setsid command")
	}
	s, _, daemon := beginWithPid(t, "daemon", &lockedBuffer{})
	defer syscallKill(daemon)
	closed := make(chan struct{})
	go func() {
		s.Close()
		close(closed)
	}()
	select {
	case <-closed:
	case <-time.After(60 * time.Second):
		t.Fatal("Close still waits a minute after the bot was told to stop")
	}
}

// A bot's stderr goes to the log up to MaxStderr bytes a match, then one
// note says the rest is not logged.
func TestBotStderrIsCapped(t *testing.T) {
	log := &lockedBuffer{}
	m := &Maker{Log: log, Time: 20 * time.Second, Startup: 30 * time.Second}
	res := runWithBots(t, m, []string{"easy", helperEntry("chatty")}, 1, time.Second)
	if f := faults(res.Seats[1]); f != [4]int{} {
		t.Errorf("faults %v", f)
	}
	out := log.String()
	if len(out) > MaxStderr+64<<10 {
		t.Errorf("the log holds %d bytes, the cap is %d", len(out), MaxStderr)
	}
	if n := strings.Count(out, "the rest is not logged"); n != 1 {
		t.Errorf("the note that the stderr was cut is there %d times: %.300q", n, out[len(out)-min(len(out), 2000):])
	}
}

// A bot started again inside a turn (after it crashed) gets the turn's
// whole time from its ready on: its start-up, here 3 s against a 2 s
// turn, is not charged, so the turn is not late.
func TestRestartNotChargedStartUp(t *testing.T) {
	marker := filepath.Join(t.TempDir(), "crashed")
	s := NewSeat(helperArgv("restart:"+marker), Options{Log: &lockedBuffer{}, Startup: 30 * time.Second})
	defer s.Close()
	m, err := game.NewMatch(game.Standard(), []string{"bot", "easy"}, 21)
	if err != nil {
		t.Fatal(err)
	}
	easy, _ := ai.New("easy", 1)
	s.Begin(m.ViewFor(0))
	var kinds []string
	for botTurns := 0; botTurns < 4 && !m.Game.Over; {
		seat := m.Game.Turn
		var p host.Computer = easy
		budget := 20 * time.Second
		if seat == 0 {
			p, budget = s, 2*time.Second
			botTurns++
		}
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		rep := host.ComputerTurn(ctx, m, seat, p)
		cancel()
		for _, f := range rep.Faults {
			if bf, ok := f.Err.(*Fault); ok {
				kinds = append(kinds, bf.Kind)
			} else {
				kinds = append(kinds, "refused")
			}
		}
	}
	if strings.Join(kinds, " ") != FaultCrashed {
		t.Errorf("faults %v, want the one crash", kinds)
	}
	if s.Counts().Starts != 2 {
		t.Errorf("%d starts, want 2", s.Counts().Starts)
	}
}

func syscallKill(pid int) error {
	p, err := os.FindProcess(pid)
	if err != nil {
		return err
	}
	return p.Kill()
}

// The referee excuses a bot's start-up inside a turn through this hook.
var _ host.StartupExcuser = (*Seat)(nil)

// The bot seat takes every optional hook of a computer seat, named by
// the host: sim and a hosted match find them the same way.
var (
	_ host.Beginner        = (*Seat)(nil)
	_ host.Finisher        = (*Seat)(nil)
	_ host.RefusalListener = (*Seat)(nil)
)

package serve

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"rummikub/internal/rating"
)

// The Python example bot (examples/bots/simple.py) joins through the
// real OpenSSH client, `ssh -T HOST bot`, its stdin and stdout on the
// client's, and plays a whole rated match against a computer seat.
func TestPythonBotThroughOpenSSH(t *testing.T) {
	needTools(t, "the Python bot through the real ssh client", "openssh-client python3", "ssh", "ssh-keygen", "python3")
	_, here, _, _ := runtime.Caller(0)
	script := filepath.Join(filepath.Dir(here), "..", "..", "examples", "bots", "simple.py")
	ts := startServer(t, t.TempDir(), func(o *Options) { o.BotTables = 1 })
	defer ts.stop(t)
	sshCmd := exec.Command("ssh", append(append([]string{"-T"}, openSSHArgs(t, ts)...), "-o", "BatchMode=yes", "127.0.0.1", "bot")...)
	botCmd := exec.Command("python3", script)
	// bot stdout -> ssh stdin, ssh stdout -> bot stdin.
	toSSH, fromBot, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	toBot, fromSSH, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	botCmd.Stdin, botCmd.Stdout = toBot, fromBot
	sshCmd.Stdin, sshCmd.Stdout = toSSH, fromSSH
	var sshErr strings.Builder
	sshCmd.Stderr = &sshErr
	if err := botCmd.Start(); err != nil {
		t.Fatal(err)
	}
	if err := sshCmd.Start(); err != nil {
		t.Fatal(err)
	}
	for _, f := range []*os.File{toSSH, fromBot, toBot, fromSSH} {
		f.Close()
	}
	defer func() {
		_ = sshCmd.Process.Kill()
		_ = botCmd.Process.Kill()
		_ = sshCmd.Wait()
		_ = botCmd.Wait()
	}()
	var b rating.Board
	deadline := time.Now().Add(90 * time.Second)
	for {
		b = ladderBoard(ts, rating.FamilyStandard, "")
		if len(b.Recent) > 0 {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no rated match in 90 s; ssh said: %s", sshErr.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	names := map[string]string{}
	for _, p := range b.Recent[0].Players {
		names[p.Kind] = p.Name
	}
	if names["bot"] != "simple.py" || names["level"] == "" {
		t.Fatalf("the match rated %+v, want simple.py against a level", b.Recent[0].Players)
	}
}

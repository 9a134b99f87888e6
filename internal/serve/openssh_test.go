package serve

import (
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"
)

// TestOpenSSHClientInTmux plays as a newcomer would: the real OpenSSH
// client in a terminal of 80x24 (tmux), a name, a new table against a
// computer, a draw, leaving the table and the server.
func TestOpenSSHClientInTmux(t *testing.T) {
	needTools(t, "the session with the real ssh client", "openssh-client tmux", "ssh", "ssh-keygen", "tmux")
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	args := strings.Join(openSSHArgs(t, ts), " ")
	session := fmt.Sprintf("rk-serve-%d", os.Getpid())
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	cmd := fmt.Sprintf("TERM=xterm-256color ssh %s 127.0.0.1; echo ssh-ended; sleep 30", args)
	tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", cmd)
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	screen := func() string { return tmux("capture-pane", "-p", "-t", session) }
	keys := func(k ...string) { tmux(append([]string{"send-keys", "-t", session}, k...)...) }
	see := func(all ...string) {
		t.Helper()
		deadline := time.Now().Add(60 * time.Second)
		for {
			scr, ok := screen(), true
			for _, s := range all {
				ok = ok && strings.Contains(scr, s)
			}
			if ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the screen never showed %q:\n%s", all, screen())
			}
			time.Sleep(100 * time.Millisecond)
		}
	}
	see("Choose the name")
	keys("Ana", "Enter")
	see("Rummikub tables")
	keys("n")
	see("A new table")
	for i := 0; i < 6; i++ {
		keys("Down")
	}
	keys("Right") // seat 2: a computer
	see("computer")
	keys("Enter")
	see("> [ Open the table ]")
	keys("Enter")
	see("Ana's rack")
	for _, line := range strings.Split(screen(), "\n") {
		if w := len([]rune(line)); w > 80 {
			t.Fatalf("a line of %d columns in 80:\n%s", w, screen())
		}
	}
	h := ts.list()[0].Host()
	waitFor(t, "Ana's turn", func() bool { return h.Snapshot().Game.Turn == 0 })
	see("enter end turn") // the help bar of her own turn
	before := len(h.Snapshot().Log)
	keys("d") // once: a key more would answer the leave question below
	waitFor(t, "Ana's draw and the computer's turn", func() bool {
		m := h.Snapshot()
		return len(m.Log) >= before+2 && m.Game.Turn == 0
	})
	// The screen has begun her next turn (a question asked before would
	// be cleared by it): one tile more on the rack, and her keys.
	see("Ana's rack · 15 tiles", "enter end turn")
	keys("q")
	see("y/n")
	keys("y")
	see("Rummikub tables")
	keys("q")
	see("ssh-ended")
}

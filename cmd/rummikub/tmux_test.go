package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestTerminalMatchUnderTmux plays a complete short match in a real
// terminal: it builds the binary, runs `rummikub play` in a detached tmux
// window of 80x24, reads the screen with capture-pane and answers with
// send-keys as a player would, until the final standings. Four humans
// share the keyboard (hot-seat); the racks are dealt large so the pool
// runs dry quickly: the first player lays out the hint and plays it, then
// everyone draws or passes until the game is blocked and scored.
func TestTerminalMatchUnderTmux(t *testing.T) {
	playUnderTmux(t, "Ana,Ben,Cai,Dee", true, "")
}

// TestTerminalMatchWithComputersUnderTmux is the same with two humans and
// two computer seats: the humans draw or pass, the computers play, until
// the game ends and the final standings show.
func TestTerminalMatchWithComputersUnderTmux(t *testing.T) {
	playUnderTmux(t, "Ana,Ben,cpu:easy,cpu:hard", false, "")
}

// TestTerminalFrenchMatchUnderTmux plays a French game (the grid board)
// to its end: Ana lays out the solver's hint on the grid and plays it,
// then draws or passes while the computer plays, until the game is over.
func TestTerminalFrenchMatchUnderTmux(t *testing.T) {
	playUnderTmux(t, "Ana,cpu:easy", true, "--rules french")
}

func playUnderTmux(t *testing.T, players string, hint bool, rules string) {
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("tmux is not installed: skipping the match in a real terminal (apt-get install tmux to run it)")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "rummikub")
	build := exec.Command("go", "build", "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	session := fmt.Sprintf("rk-test-%d-%s", os.Getpid(), strings.ReplaceAll(t.Name(), "/", "-"))
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			t.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	cmd := fmt.Sprintf("env RUMMIKUB_HOME=%s TERM=xterm-256color %s play --players %s %s --option rack-size=26 --games 1 --seed 7 --theme mono --hints --timer off --ai-delay 0s; sleep 5",
		dir, bin, players, rules)
	tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", cmd)
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	screen := func() string { return tmux("capture-pane", "-p", "-t", session) }
	keys := func(k ...string) { tmux(append([]string{"send-keys", "-t", session}, k...)...) }

	deadline := time.Now().Add(90 * time.Second)
	played, handovers, boards := !hint, 0, 0
	finalTable := false
	var last string
	for time.Now().Before(deadline) {
		time.Sleep(300 * time.Millisecond)
		s := screen()
		last = s
		switch {
		case strings.Contains(s, "The match is over. Final standings"):
			for _, want := range []string{"Game 1 is over: ", "Player", "Rack", "Total", "1. "} {
				if !strings.Contains(s, want) {
					t.Errorf("the final screen lacks %q:\n%s", want, s)
				}
			}
			if !played {
				t.Error("the match ended without the hint being played")
			}
			if !finalTable {
				t.Error("the scores came without the final table first")
			}
			keys("Enter")
			time.Sleep(500 * time.Millisecond)
			if s := screen(); strings.Contains(s, "Final standings") {
				t.Errorf("enter did not leave the final screen:\n%s", s)
			}
			t.Logf("played a match: %d hand-overs, %d boards", handovers, boards)
			return
		case strings.Contains(s, "Enter shows the scores"):
			// the final table, before the scores
			finalTable = true
			keys("Enter")
		case strings.Contains(s, "Pass to ") && strings.Contains(s, "press Enter"):
			if strings.Contains(s, "'s rack") {
				t.Fatalf("the privacy screen shows a rack:\n%s", s)
			}
			handovers++
			time.Sleep(900 * time.Millisecond) // the screen ignores keys for a moment
			keys("Enter")
		case strings.Contains(s, "'s rack"):
			boards++
			if !played {
				keys("i")
				if !waitFor(screen, "Hint:", 20*time.Second) {
					t.Fatalf("no hint came:\n%s", screen())
				}
				keys("i")
				time.Sleep(300 * time.Millisecond)
				keys("Enter")
				time.Sleep(500 * time.Millisecond)
				if s := screen(); strings.Contains(s, "Nothing was lost") || (humans(players) > 1 && strings.Contains(s, "Ana's rack")) {
					t.Fatalf("the hint's play was refused:\n%s", s)
				}
				played = true
				continue
			}
			keys("d")
		}
	}
	t.Fatalf("the match did not finish in time; last screen:\n%s", last)
}

// humans counts the human seats of a --players list.
func humans(players string) int {
	n := 0
	for _, p := range strings.Split(players, ",") {
		if !strings.HasPrefix(p, "cpu") {
			n++
		}
	}
	return n
}

// waitFor polls the screen until it shows want.
func waitFor(screen func() string, want string, d time.Duration) bool {
	end := time.Now().Add(d)
	for time.Now().Before(end) {
		if strings.Contains(screen(), want) {
			return true
		}
		time.Sleep(200 * time.Millisecond)
	}
	return false
}

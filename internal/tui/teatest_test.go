package tui

import (
	"bytes"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui/tuitest"
)

// waitFor waits until the program's output shows text. teatest reads
// the output as it comes; the limit only stops a broken test.
func waitFor(t *testing.T, tm *teatest.TestModel, text string) {
	t.Helper()
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
		teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
}

// A hot-seat match from the setup screen, run as a real Bubble Tea
// program (teatest): the host's events reach the screen through its own
// commands, the way they do in a terminal. Ana draws, the privacy screen
// passes the keyboard to Ben, and quitting comes back to the setup
// screen.
func TestProgramHotSeatTurn(t *testing.T) {
	clk := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	svc := Services{NoKeeper: true, Clock: clk}
	cfg := Config{Rules: game.Standard(), Seats: humans("Ana", "Ben"), Seed: 42}
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	a := NewApp(monoStyles(t), svc, cfg)
	downs := 0
	for a.setup.items()[downs].kind != itemStart {
		downs++
	}
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "Start the match")
	for range downs {
		tm.Send(keyMsg("down"))
	}
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "Pass to Ana")
	clk.Advance(time.Second) // the privacy screen ignores keys for a moment
	tm.Send(keyMsg("enter"))
	waitFor(t, tm, "end turn")
	tm.Send(keyMsg("d"))
	waitFor(t, tm, "Pass to Ben")
	clk.Advance(time.Second)
	tm.Send(keyMsg("q"))
	waitFor(t, tm, "Quit?")
	tm.Send(keyMsg("y"))
	waitFor(t, tm, "Start the match")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tuitest.FinalModel(t, tm, 20*time.Second).(*App)
	if final.Play() != nil || final.child != Screen(final.setup) {
		t.Fatalf("quitting the match did not come back to the setup screen (%T)", final.child)
	}
}

// The setup screen drawn by a real program at 80x24 is the golden setup
// screen.
func TestProgramSetupView(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	a := NewApp(monoStyles(t), Services{NoKeeper: true}, Config{Rules: game.Standard()})
	tm := teatest.NewTestModel(t, a, teatest.WithInitialTermSize(80, 24))
	waitFor(t, tm, "Start the match")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tuitest.FinalModel(t, tm, 20*time.Second).(*App)
	golden(t, "setup-80x24.golden", plain(final.View()))
}

var _ tea.Model = (*App)(nil)

package keeper

import (
	"bytes"
	"reflect"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"

	"rummikub/internal/scorebook"
	"rummikub/internal/tui/tuitest"
)

// The keeper run as a real Bubble Tea program (teatest): its file work
// runs in the program's commands. A session is set up and a game scored
// from the keyboard; once the screen says the game is saved, the file
// holds it.
func TestKeeperProgramSavesInCommands(t *testing.T) {
	dir := t.TempDir()
	m := New(Options{Store: scorebook.Store{Dir: dir}, Now: fixedNow})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(80, 24))
	wait := func(text string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(text)) },
			teatest.WithDuration(20*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	wait("New session")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("2026-11-29")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("Ana")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("Ben")
	tm.Send(tea.KeyPressMsg{Code: 's', Mod: tea.ModCtrl})
	wait("Press a to score the first game")
	tm.Type("a1")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	tm.Type("22")
	tm.Send(tea.KeyPressMsg{Code: tea.KeyEnter})
	wait("Saved.")
	if err := tm.Quit(); err != nil {
		t.Fatal(err)
	}
	final := tuitest.FinalModel(t, tm, 20*time.Second).(Model)
	saved, err := scorebook.Store{Dir: dir}.Load("2026-11-29")
	if err != nil {
		t.Fatal(err)
	}
	if len(saved.Games) != 1 || !reflect.DeepEqual(*saved, final.book.Session) {
		t.Errorf("the file holds %d games, and differs from the screen's session", len(saved.Games))
	}
}

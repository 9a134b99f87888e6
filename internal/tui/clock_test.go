package tui

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// The clock waits while the terminal is too small to show the board: a
// player who resizes comes back to the time they had, not the time-out.
func TestClockPausesWhileTooSmall(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	a := &App{st: tp.st, child: tp.Play, width: 80, height: 24}
	tp.press("shift+right space n space") // an unfinished rearrangement
	tp.after(20 * time.Second)
	a.Update(tea.WindowSizeMsg{Width: 60, Height: 20})
	tp.sync()
	if v := plain(a.View()); !strings.Contains(v, "clock is paused") {
		t.Fatalf("the small screen should say the clock waits:\n%s", v)
	}
	tp.after(5 * time.Minute)
	if tp.match.Game.Turn != 0 || len(tp.match.Game.Racks[0]) != 14 {
		t.Fatal("the turn timed out while the board could not be seen")
	}
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	tp.sync()
	if !strings.Contains(tp.View(), "time 40s") {
		t.Fatalf("the time left should be given back:\n%s", tp.View())
	}
	if tp.arr() == nil || !tp.arr().Changed() {
		t.Fatal("the rearrangement was lost")
	}
	tp.after(40 * time.Second)
	if tp.match.Game.Turn != 1 {
		t.Fatal("after the time left the turn should time out")
	}
}

// With one human, a time-out is told to that player, with what it cost,
// though computers play before their next turn.
func TestOnlyHumanIsToldOfTheTimeout(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &drawer{}})
	tp.match.Game.Turn = 0
	tp.start()
	tp.press("shift+right space n space") // an unfinished rearrangement
	tp.after(60 * time.Second)
	if tp.phase != phaseTurn || tp.match.Game.Turn != 0 || len(tp.match.Game.Racks[0]) != 17 {
		t.Fatalf("after the time-out and the computer's turn: phase %d turn %d, %d tiles", tp.phase, tp.match.Game.Turn, len(tp.match.Game.Racks[0]))
	}
	if !strings.Contains(tp.status, "Time ran out: the table is restored, your tiles are back and you drew 3") {
		t.Fatalf("status %q", tp.status)
	}
}

// Starting a new match never deletes another: each has its own file, and
// the setup screen offers every unfinished one.
func TestNewMatchKeepsTheSavedOne(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	svc := Services{Store: store, Clock: host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)), NoKeeper: true}
	start := func(names ...string) *Play {
		cfg := Config{Rules: game.Standard(), Seats: humans(names...), Seed: 5}
		p, err := StartPlay(cfg, nil, svc, monoStyles(t))
		if err != nil {
			t.Fatal(err)
		}
		p.events = noEvents{}
		p.Init()
		if err := p.host.Close(); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := start("Ana", "Ben")
	b := start("Ana", "Ben")
	if a.host.Name() == b.host.Name() {
		t.Fatalf("two matches share the file %s", a.host.Name())
	}
	list, err := store.Unfinished()
	if err != nil || len(list) != 2 {
		t.Fatalf("saved matches: %v (%v)", list, err)
	}
	s := NewSetup(monoStyles(t), svc, Config{})
	runSetupCmd(s, s.Init())
	var lines int
	for _, it := range s.items() {
		if it.kind == itemResume {
			lines++
		}
	}
	if lines != 2 || !strings.Contains(plain(s.View()), "Ana, Ben · game 1 of 2") {
		t.Fatalf("%d resume lines:\n%s", lines, plain(s.View()))
	}
}

// A resumed match gives the player the time that was left.
func TestResumedMatchKeepsTheTimeLeft(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tp := newTestPlayIn(t, Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}, 80, 24, map[int]Computer{1: &drawer{}}, store)
	tp.match.Game.Turn = 0
	tp.start()
	tp.after(35 * time.Second)
	tp.press("q y")
	sv, err := store.Load(tp.host.Name())
	if err != nil {
		t.Fatal(err)
	}
	clk := host.NewManualClock(time.Date(2026, 1, 2, 9, 0, 0, 0, time.UTC))
	p, err := StartPlay(ConfigFromSaved(sv), sv.Match, Services{Store: store, Clock: clk, NewComputer: func(string, int, uint64) (Computer, error) { return &drawer{}, nil }}, monoStyles(t))
	if err != nil {
		t.Fatal(err)
	}
	rp := &testPlay{Play: p, t: t, clock: clk, match: sv.Match}
	rp.events, rp.now = noEvents{}, clk.Now
	t.Cleanup(func() { p.host.Close() })
	rp.start()
	if !strings.Contains(rp.View(), "time 25s") {
		t.Fatalf("the resumed turn should have 25s:\n%s", rp.View())
	}
}

// A match that cannot be saved goes on, and the screen says so.
func TestSaveFailureIsShown(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "matches")
	store, err := host.NewStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	tp := newTestPlayIn(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil, store)
	tp.start()
	tp.host.Flush()
	tp.sync()
	if !strings.Contains(tp.View(), "could not be saved") {
		t.Fatalf("no word of the failed save:\n%s", tp.View())
	}
	tp.after(time.Second)
	tp.press("enter d")
	if tp.match.Game.Turns != 1 {
		t.Fatal("the match should go on without saves")
	}
}

// runSetupCmd runs cmd (a batch too) and gives the setup screen its
// messages.
func runSetupCmd(s *Setup, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	if b, ok := msg.(tea.BatchMsg); ok {
		for _, c := range b {
			runSetupCmd(s, c)
		}
		return
	}
	if msg != nil {
		s.Update(msg)
	}
}

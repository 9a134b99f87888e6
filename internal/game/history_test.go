package game

import (
	"reflect"
	"strings"
	"testing"
)

func TestReplayAndRewind(t *testing.T) {
	m := sampleMatch(t)
	if len(m.History) < 10 {
		t.Fatalf("the sample match is too short: %d moves", len(m.History))
	}
	re, err := Replay(m.Rules, m.Names, m.Seed, m.History)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(re, m) {
		t.Fatal("replay differs")
	}
	// A history that cannot be replayed says where.
	bad := append([]Action(nil), m.History...)
	bad[3].Seat = (bad[3].Seat + 1) % 3
	if _, err := Replay(m.Rules, m.Names, m.Seed, bad); err == nil || !strings.Contains(err.Error(), "move 4") {
		t.Fatalf("got %v, want an error naming move 4", err)
	}
	// Rewind to the start gives the fresh deal.
	fresh, _ := NewMatch(m.Rules, m.Names, m.Seed)
	c := m.clone()
	if err := c.Rewind(0); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(c, fresh) {
		t.Fatal("rewinding to 0 is not the fresh deal")
	}
	if err := c.Rewind(1); err == nil {
		t.Fatal("rewinding past the end of the history was accepted")
	}
}

// UndoPoint gives a player back their last turn with the replies after it.
func TestUndoPoint(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben", "Cai")
	first := m.Game.Turn
	if m.UndoPoint(first) != -1 {
		t.Fatal("an undo point before any move")
	}
	for i := 0; i < 3; i++ {
		mustApply(t, m, Action{Seat: m.Game.Turn, Kind: ActDraw})
	}
	// first drew at 0, the others at 1 and 2; the turn is first's again.
	before := m.clone()
	mustApply(t, m, Action{Seat: first, Kind: ActDraw})
	mustApply(t, m, Action{Seat: m.Game.Turn, Kind: ActDraw})
	p := m.UndoPoint(first)
	if p != 3 {
		t.Fatalf("undo point %d, want 3", p)
	}
	if err := m.Rewind(p); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(m, before) || m.Game.Turn != first {
		t.Fatal("undo did not give the turn back")
	}
}

// A River turn of two actions (draw, keep) is taken back whole.
func TestUndoPointRiverTurn(t *testing.T) {
	r, _ := Preset("river")
	m := newTestMatch(t, r, "Ana", "Ben")
	first := m.Game.Turn
	mustApply(t, m, Action{Seat: first, Kind: ActDraw})
	mustApply(t, m, Action{Seat: first, Kind: ActKeep, Index: 1})
	mustApply(t, m, Action{Seat: 1 - first, Kind: ActDraw})
	if p := m.UndoPoint(first); p != 0 {
		t.Fatalf("undo point %d, want 0", p)
	}
	if p := m.UndoPoint(1 - first); p != 2 {
		t.Fatalf("undo point %d, want 2", p)
	}
}

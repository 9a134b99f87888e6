package game

import (
	"errors"
	"sort"
	"testing"
)

// position describes a game position for a test: each seat's rack and the
// table in the notation, and how many tiles stay in the pool (-1: all the
// rest). Tiles that are neither named nor left in the pool are laid out of
// play in the River, where no rule but conservation looks at them (tests
// of River play leave the pool with every spare tile instead).
type position struct {
	racks  []string
	table  string
	pool   int // tiles left in the pool: 0 = every spare tile, noPool = none
	melded []bool
	turn   int
}

// noPool is position.pool for an empty pool.
const noPool = -1

// newTestMatch starts a match under r with n players called by the first
// letters of the alphabet, or with names.
func newTestMatch(t *testing.T, r Rules, names ...string) *Match {
	t.Helper()
	m, err := NewMatch(r, names, 1)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	return m
}

// arrange sets the current game of m to p, keeping every physical tile in
// exactly one place.
func arrange(t *testing.T, m *Match, p position) {
	t.Helper()
	g := m.Game
	var pile []Tile
	pile = append(pile, g.Pool...)
	pile = append(pile, g.River...)
	pile = append(pile, g.Reveal...)
	for _, rk := range g.Racks {
		pile = append(pile, rk...)
	}
	for _, tl := range g.Table.AllTiles() {
		tl.As = Face{}
		pile = append(pile, tl)
	}
	sort.Slice(pile, func(i, j int) bool { return pile[i].ID < pile[j].ID })
	used := map[TileID]bool{}
	take := func(want Tile) Tile {
		for _, tl := range pile {
			if !used[tl.ID] && tl.Face == want.Face {
				used[tl.ID] = true
				tl.As = want.As
				return tl
			}
		}
		t.Fatalf("arrange: no %s left to take", want)
		return Tile{}
	}
	if len(p.racks) != len(g.Racks) {
		t.Fatalf("arrange: %d racks for %d seats", len(p.racks), len(g.Racks))
	}
	for s, spec := range p.racks {
		g.Racks[s] = nil
		for _, want := range mustTiles(t, spec) {
			g.Racks[s] = append(g.Racks[s], take(want))
		}
	}
	sets, err := ParseTable(p.table)
	if err != nil {
		t.Fatalf("arrange: table %q: %v", p.table, err)
	}
	var table Table
	for _, set := range sets {
		var real []Tile
		for _, want := range set {
			real = append(real, take(want))
		}
		meld, err := AnalyzeSet(real, &m.Rules)
		if err != nil {
			t.Fatalf("arrange: table set %s: %v", FormatTiles(set), err)
		}
		table = append(table, meld.Tiles)
	}
	g.Table = table
	g.Pool, g.River, g.Reveal, g.Pull = nil, nil, nil, nil
	for _, tl := range pile {
		if used[tl.ID] {
			continue
		}
		if p.pool == 0 || len(g.Pool) < p.pool {
			g.Pool = append(g.Pool, tl)
		} else {
			g.River = append(g.River, tl)
		}
	}
	g.Melded = make([]bool, len(g.Racks))
	copy(g.Melded, p.melded)
	g.Turn = p.turn
	g.Passes = 0
	if err := m.CheckConservation(); err != nil {
		t.Fatalf("arrange: %v", err)
	}
}

// mustApply applies an action that must succeed, and checks conservation.
func mustApply(t *testing.T, m *Match, a Action) Outcome {
	t.Helper()
	out, err := m.Apply(a)
	if err != nil {
		t.Fatalf("%s by seat %d: %v", a.Kind, a.Seat, err)
	}
	if err := m.CheckConservation(); err != nil {
		t.Fatalf("after %s: %v", a.Kind, err)
	}
	return out
}

// refused applies an action that must be refused with code, and checks
// that the match did not change.
func refused(t *testing.T, m *Match, a Action, code string) {
	t.Helper()
	before, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	_, err = m.Apply(a)
	if err == nil {
		t.Fatalf("%s by seat %d was accepted, want %s", a.Kind, a.Seat, code)
	}
	got := ""
	var fe *FlowError
	var te *TurnError
	switch {
	case errors.As(err, &fe):
		got = fe.Code
	case errors.As(err, &te):
		got = te.Code
	}
	if got != code {
		t.Fatalf("%s by seat %d: got %q (%v), want code %s", a.Kind, a.Seat, got, err, code)
	}
	after, _ := m.MarshalSave()
	if string(before) != string(after) {
		t.Fatalf("refused %s changed the match", a.Kind)
	}
}

// play builds a Play action from a table in the notation.
func play(t *testing.T, seat int, table string) Action {
	t.Helper()
	sets, err := ParseTable(table)
	if err != nil {
		t.Fatalf("play %q: %v", table, err)
	}
	return Action{Seat: seat, Kind: ActPlay, After: sets}
}

func faces(ts []Tile) string { return FormatTiles(ts) }

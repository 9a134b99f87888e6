package tui

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

func TestKeepPlaces(t *testing.T) {
	tl := func(id int, f string) game.Tile {
		x := mustTile(t, f)
		x.ID = game.TileID(id)
		return x
	}
	a := []game.Tile{tl(1, "R3"), tl(2, "R4"), tl(3, "R5")}
	b := []game.Tile{tl(4, "K7"), tl(5, "B7"), tl(6, "O7")}
	c := []game.Tile{tl(7, "O1"), tl(8, "O2"), tl(9, "O3")}
	prev := game.Table{a, b, c}
	// The engine gives the sets back in another order, the middle one
	// changed (R7 added) and a new set at the front.
	b2 := append([]game.Tile{tl(10, "R7")}, b...)
	n := []game.Tile{tl(11, "K11"), tl(12, "K12"), tl(13, "K13")}
	got := keepPlaces(prev, game.Table{n, c, b2, a})
	if game.FormatTable(got) != game.FormatTable(game.Table{a, b2, c, n}) {
		t.Fatalf("kept places: %s", game.FormatTable(got))
	}
}

func mustTile(t *testing.T, f string) game.Tile {
	t.Helper()
	ts := mustTiles(t, f)
	return ts[0]
}

// reverser is a computer that lays a new set from its rack and hands the
// table back with its sets in reverse order.
type reverser struct{ set string }

func (r *reverser) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	var table game.Table
	for i := len(game.SetsOf(v.Table)) - 1; i >= 0; i-- {
		table = append(table, game.SetsOf(v.Table)[i])
	}
	want, _ := game.ParseTiles(r.set)
	var set []game.Tile
	for _, w := range want {
		for _, x := range v.Rack {
			if x.Face == w.Face {
				set = append(set, x)
				break
			}
		}
	}
	return game.Action{Seat: v.Seat, Kind: game.ActPlay, After: append(table, set)}, nil
}

// A computer's move does not shuffle the sets on the screen: those that
// were there stay in their places, the new one comes last.
func TestSetsKeepTheirPlacesAfterAComputersMove(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &reverser{set: "K11 K12 K13"}})
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, "R10 R11 R12 B10 O10 K10 B1 B2 B3 O4 O5 O6 K1 K2")
	rig(t, m, 1, "K11 K12 K13 R1 R2 B5 B9 O12 O13 K5 K6 R6 B8 O9")
	table, _ := game.ParseTable("R10 R11 R12 | B10 O10 K10")
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: table})
	tp.start()
	if tp.phase != phaseTurn {
		t.Fatalf("phase %d", tp.phase)
	}
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12 | B10 O10 K10 | K11 K12 K13" {
		t.Fatalf("the sets moved: %s (engine order %s)", got, game.FormatTable(game.SetsOf(tp.match.Game.Table)))
	}
}

// Picking a tile up does not wrap the table afresh: every set keeps its
// row and column.
func TestLayoutStaysWhileCarrying(t *testing.T) {
	tp := jokerTurn(t, "R1 R2 R3 B5 B6 B7 O9 O10 O11 K2 K3 K4 R8 B8 O8 K11 K12 K13 B1 B2 R5",
		"R1 R2 R3 | B5 B6 B7 | O9 O10 O11 | K2 K3 K4 | R8 B8 O8 | K11 K12 K13")
	tp.View()
	before := append([]setBox(nil), tp.lay.sets...)
	if tp.lay.rows < 2 {
		t.Fatalf("the test wants a table of several rows, it has %d", tp.lay.rows)
	}
	tp.press("space")
	if !tp.arr().Holding() {
		t.Fatal("nothing carried")
	}
	tp.View()
	for i, b := range before {
		if a := tp.lay.sets[i]; a.row != b.row || a.x != b.x {
			t.Fatalf("set %d moved from row %d col %d to row %d col %d when a tile was picked up", i+1, b.row, b.x, a.row, a.x)
		}
	}
}

// A laid-out hint keeps the sets where they were too.
func TestHintLaidOutKeepsPlaces(t *testing.T) {
	tp := jokerTurn(t, "R1 R2 R3 B5 B6 B7 O9 O10 O11 K2 K3 K4 R8 B8 O8", "R1 R2 R3 | B5 B6 B7 | O9 O10 O11")
	tp.cfg.Hints = true
	tp.hinter = func(_ context.Context, v game.SeatView) (*Hint, error) {
		var table game.Table
		for i := len(game.SetsOf(v.Table)) - 1; i >= 0; i-- {
			table = append(table, game.SetsOf(v.Table)[i])
		}
		var set, rest []game.Tile
		tiles := map[game.TileID]bool{}
		for _, x := range v.Rack {
			if x.Face.Color == game.Black && x.Face.Num <= 4 {
				set = append(set, x)
				tiles[x.ID] = true
			} else {
				rest = append(rest, x)
			}
		}
		return &Hint{After: append(table, set), Rack: rest, Placed: 3, Tiles: tiles}, nil
	}
	tp.press("i")
	if tp.hint == nil {
		t.Fatalf("no hint: %q", tp.status)
	}
	tp.press("i")
	if got := game.FormatTable(tp.arr().Sets()); got != "R1 R2 R3 | B5 B6 B7 | O9 O10 O11 | K2 K3 K4" {
		t.Fatalf("the hint shuffled the sets: %s", got)
	}
}

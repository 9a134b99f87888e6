package game

import (
	"errors"
	"testing"
)

// withIDs numbers the tiles of a layout from 1, as a dealt match does.
func withIDs(t *testing.T, r *Rules, text string) Layout {
	t.Helper()
	l, err := r.ParseLayout(text)
	if err != nil {
		t.Fatal(err)
	}
	id := TileID(1)
	switch x := l.(type) {
	case Table:
		for i := range x {
			for j := range x[i] {
				x[i][j].ID, id = id, id+1
			}
		}
	case Grid:
		for i := range x.Tiles {
			x.Tiles[i].Tile.ID, id = id, id+1
		}
	}
	return l
}

func TestUnfinished(t *testing.T) {
	sets, grid := Standard(), Standard()
	grid.Table = TableGrid
	cases := []struct {
		name    string
		r       *Rules
		table   string
		draft   func(l Layout) Layout
		holding bool
		want    bool
	}{
		{"sets untouched", &sets, "R3 R4 R5 | B7 O7 K7", func(l Layout) Layout { return l }, false, false},
		{"sets split into a set of two", &sets, "R3 R4 R5 R6", func(l Layout) Layout {
			x := l.(Table)
			return Table{x[0][:2], x[0][2:]}
		}, false, true},
		{"sets rearranged and valid", &sets, "R3 R4 R5 R6 R7 R8", func(l Layout) Layout {
			x := l.(Table)
			return Table{x[0][:3], x[0][3:]}
		}, false, false},
		{"sets a table tile taken away", &sets, "R3 R4 R5 R6", func(l Layout) Layout {
			return Table{l.(Table)[0][1:]}
		}, false, true},
		{"grid untouched", &grid, "R3 R4 R5", func(l Layout) Layout { return l }, false, false},
		{"grid untouched, a tile in hand", &grid, "R3 R4 R5 R6", func(l Layout) Layout { return l }, true, true},
		{"grid moved into a line of two", &grid, "R3 R4 R5 R6", func(l Layout) Layout {
			g := l.(Grid).Clone()
			g.Tiles[3].Cell = Cell{Row: 2, Col: 0}
			g.Tiles[2].Cell = Cell{Row: 2, Col: 1}
			g.Sort()
			return g
		}, false, true},
		{"grid moved whole and valid", &grid, "R3 R4 R5", func(l Layout) Layout {
			g := l.(Grid).Clone()
			for i := range g.Tiles {
				g.Tiles[i].Cell.Row += 2
			}
			return g
		}, false, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			table := withIDs(t, c.r, c.table)
			if got := Unfinished(c.r, table, c.draft(table), c.holding); got != c.want {
				t.Errorf("Unfinished = %v, want %v", got, c.want)
			}
		})
	}
}

func TestJudgeRefusesTheOtherShape(t *testing.T) {
	sets, grid := Standard(), Standard()
	grid.Table = TableGrid
	for _, c := range []struct {
		name  string
		r     *Rules
		after Layout
	}{
		{"a grid under table=sets", &sets, Grid{}},
		{"sets under table=grid", &grid, Table{}},
		{"no layout", &sets, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			if _, err := Judge(c.r, TurnStart{}, c.after); err == nil {
				t.Error("Judge accepted a layout of the wrong shape")
			}
		})
	}
}

// TestJokerTwoRackTilesShared: joker-two-rack-tiles judges a turn the same
// on both shapes: the rack tiles are shared out among the sets (or lines)
// holding freed jokers, one rack tile counting for one of them.
func TestJokerTwoRackTilesShared(t *testing.T) {
	cases := []struct {
		name               string
		table, rack, after string
		grid, gridAfter    string
		code               string
	}{
		{
			name:  "one rack K9 and K10 for two sets",
			table: "R3 J R5 | B3 J B5 | K9 K10 K11", rack: "R4 B4 K9 K10",
			after:     "R3 R4 R5 | B3 B4 B5 | J K9 K10 K11 | J K9 K10",
			grid:      "@0,0 R3 J R5 / . / B3 J B5 / . / K9 K10 K11",
			gridAfter: "@0,0 R3 R4 R5 . / . / B3 B4 B5 . / . / J K9 K10 K11 / . / J K9 K10",
			code:      CodeJokerRule,
		},
		{
			name:  "two rack tiles for each set",
			table: "R3 J R5 | B3 J B5", rack: "R4 B4 K9 K10 O9 O10",
			after:     "R3 R4 R5 | B3 B4 B5 | J K9 K10 | J O9 O10",
			grid:      "@0,0 R3 J R5 / . / B3 J B5",
			gridAfter: "@0,0 R3 R4 R5 / . / B3 B4 B5 / . / J K9 K10 / . / J O9 O10",
		},
	}
	for _, c := range cases {
		for _, shape := range []string{TableSets, TableGrid} {
			t.Run(c.name+" on "+shape, func(t *testing.T) {
				r := Standard()
				r.Table = shape
				r.JokerTwoRackTiles = true
				start := TurnStart{Rack: mustTiles(t, c.rack), Opened: true}
				table, after := c.table, c.after
				if shape == TableGrid {
					table, after = c.grid, c.gridAfter
				}
				l, err := r.ParseLayout(table)
				if err != nil {
					t.Fatal(err)
				}
				start.Table = l
				a, err := r.ParseLayout(after)
				if err != nil {
					t.Fatal(err)
				}
				_, err = Judge(&r, start, a)
				code := ""
				var te *TurnError
				if errors.As(err, &te) {
					code = te.Code
				} else if err != nil {
					t.Fatal(err)
				}
				if code != c.code {
					t.Errorf("got %q (%v), want %q", code, err, c.code)
				}
			})
		}
	}
}

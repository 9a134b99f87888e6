package solver

import (
	"context"
	"slices"
	"testing"

	"rummikub/internal/game"
)

func frenchRules(t testing.TB, opts ...string) *game.Rules {
	t.Helper()
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatal(err)
		}
	}
	return &r
}

func mustGridT(t testing.TB, s string) game.Grid {
	t.Helper()
	g, err := game.ParseGrid(s)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func rackT(t testing.TB, s string) []game.Tile {
	t.Helper()
	ts, err := game.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	for i := range ts {
		ts[i].ID = game.TileID(200 + i)
	}
	return ts
}

func TestSolveGridCases(t *testing.T) {
	cases := []struct {
		name       string
		opts       []string
		opened     bool
		grid, rack string
		tiles      int
		wantGrid   string
	}{
		{"source example", nil, true, "R3 R4 R5", "R2 B4 K4", 3, ""},
		{"extend both ends", nil, true, "R5 R6 R7", "R4 R8 K1", 2, ""},
		{"group through a run tile and a new set", nil, true, "R5 R6 R7", "B6 K6 O1 O2 O3", 5, ""},
		{"initial meld apart", nil, false, "R5 R6 R7", "K10 K11 K12 B6", 3, ""},
		{"initial meld too low", nil, false, "R5 R6 R7", "K1 K2 K3 B6", 0, ""},
		{"meld then extend", []string{"meld-then-extend=true"}, false, "R5 R6 R7", "K10 K11 K12 R8", 4, ""},
		{"empty grid", nil, true, "", "R1 R2 R3 B7 O7 K7", 6, ""},
		{"joker fills a run end", nil, true, "R5 R6 R7", "J K2", 1, ""},
		{"nothing fits", nil, true, "R5 R6 R7", "B1 K9", 0, ""},
		// issue 23: a tile in a hole of one cell between two tiles of a
		// column was cut by the bound, which saw only the column above it
		{"a hole in a column", nil, true, "@0,0 R3 R4 R5 / . . . / B3 B4 B5", "K4", 1, "@0,0 R3 R4 R5 / . K4 . / B3 B4 B5"},
		{"two holes in columns", nil, true, "@0,0 R3 R4 R5 / . . . / B3 B4 B5", "K3 K5", 2, "@0,0 R3 R4 R5 / K3 . K5 / B3 B4 B5"},
		{"a hole in a column (wrap)", []string{"wrap=true"}, true, "@0,0 B1 B2 B3 / . . . / O1 O2 O3", "R1", 1, "@0,0 B1 B2 B3 / R1 . . / O1 O2 O3"},
		{"a hole in a row", nil, true, "@0,0 R3 R4 R5 . R7 R8 R9", "R6", 1, "@0,0 R3 R4 R5 R6 R7 R8 R9"},
		{"a partner between the column and the tile", nil, true, "@-2,-2 . . O7 O8 O9 . / . . . . . . / . . . R4 R5 R6 / B1 B2 B3 . . .", "B4 K4", 2, ""},
	}
	for _, c := range cases {
		r := frenchRules(t, c.opts...)
		req := GridRequest{Rules: r, Grid: mustGridT(t, c.grid), Rack: rackT(t, c.rack), Opened: c.opened}
		res, err := SolveGrid(context.Background(), req)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if res.TilesPlaced != c.tiles || res.Play != (c.tiles > 0) {
			t.Errorf("%s: placed %d (%v) on %v, want %d", c.name, res.TilesPlaced, res.Play, res.Grid, c.tiles)
		}
		if !res.Optimal && !slices.Contains(c.opts, "meld-then-extend=true") {
			t.Errorf("%s: not proven optimal", c.name)
		}
		if c.wantGrid != "" && res.Grid.String() != c.wantGrid {
			t.Errorf("%s: grid %v, want %s", c.name, res.Grid, c.wantGrid)
		}
		if res.Play {
			if _, err := game.JudgeGridTurn(r, game.TurnStart{Table: req.Grid, Rack: req.Rack, Opened: c.opened}, res.Grid); err != nil {
				t.Errorf("%s: the answer does not pass the judge: %v", c.name, err)
			}
		}
	}
}

package solver

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

// A wrap position of the 160-tile set where a relaxed state of the tail
// bound once lost a play (R11 R12 J R1 round the corner): its colours'
// choices at place 10 were cached under a key without what place 13
// holds, which the deficit of a 1 kept for place 14 counts, so orange
// took red's. With every state checked against the tail bound the solver
// places all four tiles it can.
func TestTailBoundWrapPosition(t *testing.T) {
	defer func(n int) { tailAfter = n }(tailAfter)
	tailAfter = 0
	r, err := game.Preset("six")
	if err != nil {
		t.Fatal(err)
	}
	if err := r.SetAssignment("wrap=true"); err != nil {
		t.Fatal(err)
	}
	table, err := game.ParseTable("O11 O12 O13 | R1 B1 O1 | R12 B12 O12")
	if err != nil {
		t.Fatal(err)
	}
	rack, err := game.ParseTiles("R11 K11 J B13 R1 O13")
	if err != nil {
		t.Fatal(err)
	}
	for _, obj := range []Objective{MostTiles, MostPoints} {
		res, err := Solve(context.Background(), Request{Rules: &r, Table: table, Rack: rack, Opened: true, Objective: obj})
		if err != nil {
			t.Fatal(err)
		}
		if res.TilesPlaced != 4 || res.PointsPlaced != 67 || !res.Optimal {
			t.Errorf("%v: %d tiles, %d points (optimal %v): %s; the best places 4 tiles for 67", obj, res.TilesPlaced, res.PointsPlaced, res.Optimal, game.FormatTable(res.Sets))
		}
	}
}

// Positions of the benchmark deals (presets_test.go, further seeds) where a
// check of open runs short of rack tiles for their freed jokers
// (runShortOfRack) lost plays while it did not count the room a relaxed
// state gives beyond its freed jokers. Each answer is the one the solver
// gave before that check, also proven optimal.
func TestRunShortOfRackPositions(t *testing.T) {
	cases := []struct {
		preset, table, rack string
		obj                 Objective
		tiles, points       int
	}{
		{"forty", "R2 B2 O2 K2 | R5 B5 O5 K5 | R9 R10 R11 R12 | R8 R9 R10 R11 | R6 B6 O6 K6 | O10 K10 J:R10 | R6 B6 O6 K6 | R1 B1 O1 | R4 B4 O4 K4 | B9 O9 K9 J:R9 | R12 B12 O12 K12 | R7 B7 O7 | R8 B8 O8 | R2 B2 O2 K2",
			"B10 K13 K7 B11 K8 O4 K3 B3 K1 O10", MostTiles, 9, 60},
		{"wrap", "O10 O11 O12 | R4 R5 R6 R7 R8 | R6 B6 O6 | R11 B11 O11 K11 | O1 O2 O3 O4 O5 | R5 O5 K5 | R8 R9 R10 | K2 K3 K4 K5 | R10 B10 K10 | B3 O3 K3 | B7 B8 B9 B10 B11 | B7 O7 K7 | R1 R2 R3 R4 | B4 B5 B6 J:B7",
			"K13 O8 B2 O9 R13 B12 K12 O9 R13 R7 K12 O1 R12 K9 K1 K1 K6", MostPoints, 15, 130},
		{"wrap", "B6 B7 B8 B9 | O3 O4 O5 O6 | O1 O2 O3 | B9 O9 K9 | R1 B1 O1 K1 | R6 B6 O6 | R12 B12 K12 | J:O6 O7 O8 | K1 K2 K3 K4 | B8 J:B9 B10 B11 | R4 B4 O4 K4 | R6 R7 R8 R9 | R1 R2 R3 R4 R5",
			"K11 R11 K7 B3 K7 K13 R11 R7 B3 K13 O11 O13 K10 K8 R2 R3", MostTiles, 15, 126},
	}
	for _, c := range cases {
		r, err := game.Preset(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		table, err := game.ParseTable(c.table)
		if err != nil {
			t.Fatal(err)
		}
		rack, err := game.ParseTiles(c.rack)
		if err != nil {
			t.Fatal(err)
		}
		req := Request{Rules: &r, Table: table, Rack: rack, Opened: true, Objective: c.obj}
		res, err := Solve(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, req, res)
		if res.TilesPlaced != c.tiles || res.PointsPlaced != c.points || !res.Optimal {
			t.Errorf("%s %v, rack %s: %d tiles, %d points (optimal %v); the best is %d tiles, %d points",
				c.preset, c.obj, c.rack, res.TilesPlaced, res.PointsPlaced, res.Optimal, c.tiles, c.points)
		}
	}
}

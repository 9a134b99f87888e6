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

package solver

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

func TestIssueExample(t *testing.T) {
	r := game.Standard()
	table, _ := game.ParseTable("R3 R4 R5 | B7 K7 O7")
	rack, _ := game.ParseTiles("R2 B5 K5 O5")
	res, err := Solve(context.Background(), Request{Rules: &r, Table: table, Rack: rack, Opened: true})
	if err != nil {
		t.Fatal(err)
	}
	if !res.Play || !res.Optimal || res.TilesPlaced != 4 || res.PointsPlaced != 17 {
		t.Fatalf("got %+v", res)
	}
}

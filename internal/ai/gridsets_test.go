package ai

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

// On the French grid expert thinks on a table of sets read from the grid;
// the best answer it offers while it thinks, played should the deadline
// cut its search short, must be a play of the grid too. Played as a table
// of sets it left every grid tile out, and the host refused it.
func TestExpertOfferOnTheGridIsAGridPlay(t *testing.T) {
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	g, err := game.ParseGrid("R3 R4 R5")
	if err != nil {
		t.Fatal(err)
	}
	rack, err := game.ParseTiles("B9 O9 K9 R12")
	if err != nil {
		t.Fatal(err)
	}
	v := game.SeatView{Rules: r, Names: []string{"a", "b"}, Table: g, Rack: rack,
		RackCounts: []int{len(rack), 10}, Melded: []bool{true, true}, Pool: 20}
	table, ok := setsOfGrid(context.Background(), &v)
	if !ok {
		t.Fatalf("the grid %v is not read as sets", g)
	}
	own := game.Table{rack[:3]}

	ctx, best := withOffers(context.Background())
	layOffers(ctx, func(sets game.Table) (game.Action, bool) { return gridSetsPlay(&v, sets) })
	offer(ctx, append(table, own...), false)
	a, ok := best.action(&v)
	if !ok {
		t.Fatal("the offered play is not made")
	}
	grid, isGrid := a.After.(game.Grid)
	if a.Kind != game.ActPlay || !isGrid || grid.Len() != 6 {
		t.Fatalf("offered play %+v; want a grid of 6 tiles", a)
	}
	if _, err := game.JudgeGridTurn(&r, v.TurnStart(), grid); err != nil {
		t.Errorf("the offered grid %v is refused: %v", grid, err)
	}

	// An offer that cannot be laid out is not played (the plain fallback
	// stands): here a set that is not one.
	offer(ctx, game.Table{rack[1:]}, false)
	if a, ok := best.action(&v); ok {
		t.Errorf("a set that is not one was offered and played: %+v", a)
	}
}

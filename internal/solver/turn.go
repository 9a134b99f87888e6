package solver

import (
	"context"

	"rummikub/internal/game"
)

// Play is the best play found for a turn, on either shape of table.
type Play struct {
	// Found reports that a legal play exists.
	Found bool
	// After is the whole table after the play, in the shape the rules
	// play on (game.Table or game.Grid), laid out as the judge lays it.
	After game.Layout
	// Placed lists the rack tiles played, as given in the rack, in rack
	// order.
	Placed       []game.Tile
	TilesPlaced  int
	PointsPlaced int
	// Complete reports that the search finished before the deadline.
	Complete bool
	// Optimal reports that the play is proven best (on the grid: among
	// placements that leave the grid's tiles where they lie; see the
	// package comment).
	Optimal bool
}

// SolveTurn finds the best play for the turn that begins at start, on the
// shape of its table: Solve for a table of sets, SolveGrid for the
// French grid. The turn's Locked tiles (a River pull's Plunder) are held
// back and its Must tiles (the Key Tile) played. This is the one place
// outside game that tells the shapes apart for a search; callers that only
// want the best play use it and never ask the shape.
func SolveTurn(ctx context.Context, r *game.Rules, start game.TurnStart, obj Objective) (Play, error) {
	if g, onGrid := start.Table.(game.Grid); onGrid {
		res, err := SolveGrid(ctx, GridRequest{
			Rules: r, Grid: g, Rack: start.Rack, Opened: start.Opened,
			Objective: obj, Keep: start.Locked, Must: start.Must,
		})
		return Play{Found: res.Play, After: res.Grid, Placed: res.Placed, TilesPlaced: res.TilesPlaced,
			PointsPlaced: res.PointsPlaced, Complete: res.Complete, Optimal: res.Optimal}, err
	}
	res, err := Solve(ctx, Request{
		Rules: r, Table: game.SetsOf(start.Table), Rack: start.Rack, Opened: start.Opened,
		Objective: obj, Keep: start.Locked, Must: start.Must,
	})
	// The search on sets is exhaustive: it is complete exactly when the
	// play is proven best.
	return Play{Found: res.Play, After: res.Sets, Placed: res.Placed, TilesPlaced: res.TilesPlaced,
		PointsPlaced: res.PointsPlaced, Complete: res.Optimal, Optimal: res.Optimal}, err
}

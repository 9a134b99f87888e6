package tui

import (
	"context"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// SolverHints finds hints with the exact solver: the play placing the most
// rack tiles, the River's Key Tile included and its Plunder held back.
func SolverHints(ctx context.Context, v game.SeatView) (*Hint, error) {
	opened := v.Seat >= 0 && v.Seat < len(v.Melded) && v.Melded[v.Seat]
	if v.Rules.Table == game.TableGrid {
		return gridHint(ctx, v, opened)
	}
	res, err := solver.Solve(ctx, solver.Request{
		Rules:     &v.Rules,
		Table:     v.Table,
		Rack:      v.Rack,
		Opened:    opened,
		Objective: solver.MostTiles,
		Keep:      v.Locked,
		Must:      v.Must,
	})
	if err != nil {
		return nil, err
	}
	if !res.Play {
		return nil, nil
	}
	placed := map[game.TileID]bool{}
	for _, t := range res.Placed {
		placed[t.ID] = true
	}
	var rack []game.Tile
	for _, t := range v.Rack {
		if !placed[t.ID] {
			rack = append(rack, t)
		}
	}
	return &Hint{Table: res.Sets, Rack: rack, Placed: res.TilesPlaced, Points: res.PointsPlaced, Tiles: placed}, nil
}

// gridHint is the hint under the French rules: the solver's best play
// placing rack tiles on empty cells, the grid's tiles left where they lie.
func gridHint(ctx context.Context, v game.SeatView, opened bool) (*Hint, error) {
	res, err := solver.SolveGrid(ctx, solver.GridRequest{
		Rules:     &v.Rules,
		Grid:      v.Grid,
		Rack:      v.Rack,
		Opened:    opened,
		Objective: solver.MostTiles,
		Keep:      v.Locked,
		Must:      v.Must,
	})
	if err != nil {
		return nil, err
	}
	if !res.Play {
		return nil, nil
	}
	placed := map[game.TileID]bool{}
	for _, t := range res.Placed {
		placed[t.ID] = true
	}
	var rack []game.Tile
	for _, t := range v.Rack {
		if !placed[t.ID] {
			rack = append(rack, t)
		}
	}
	return &Hint{Grid: res.Grid, Rack: rack, Placed: res.TilesPlaced, Points: res.PointsPlaced, Tiles: placed}, nil
}

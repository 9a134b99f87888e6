package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// The French rules (table=grid): every level plays on the grid with the
// grid solver (solver.SolveGrid), each with its own strategy, as on a
// table of sets:
//
//   - easy lays only sets of its own apart from the grid and now and then
//     misses a play (never going out);
//   - medium plays the most tiles every turn;
//   - hard goes out when it can, plays the most points when an opponent is
//     nearly out or the pool nearly gone, and otherwise the most tiles,
//     keeping its jokers when that costs at most one tile (holding tiles
//     back, its way on a table of sets, loses on the grid: the grid gets
//     crowded and tiles kept back find no room; in 10 games against medium
//     it lost all 10 with 46 tiles left on average);
//   - expert, once it has made its initial meld, reads the grid as a table
//     of sets and plays with its whole search, as on a table of sets,
//     moving the grid's tiles as the rules allow (gridsets.go); before it
//     (and on a grid its tiles cannot be split into sets) it plays as
//     hard, but turns to the most points as soon as an opponent holds
//     four tiles or fewer.
//
// They never pull from the River on the grid: they draw.

// gridRequest is a grid solver request for the seat of v.
func gridRequest(v *game.SeatView, obj solver.Objective, keep []game.Tile, apart bool) solver.GridRequest {
	return solver.GridRequest{
		Rules:     &v.Rules,
		Grid:      game.GridOf(v.Table),
		Rack:      v.Rack,
		Opened:    opened(v),
		Objective: obj,
		Keep:      append(append([]game.Tile(nil), v.Locked...), keep...),
		Must:      append([]game.Tile(nil), v.Must...),
		Apart:     apart,
	}
}

// solveGrid runs the grid solver and reports a play only when it found one.
func solveGrid(ctx context.Context, req solver.GridRequest) (solver.GridResult, bool) {
	if ctx.Err() != nil {
		return solver.GridResult{}, false
	}
	res, err := solver.SolveGrid(ctx, req)
	if err != nil || !res.Play || len(res.Placed) == 0 {
		return solver.GridResult{}, false
	}
	return res, true
}

func gridPlay(v *game.SeatView, g game.Grid) game.Action {
	return game.Action{Seat: v.Seat, Kind: game.ActPlay, After: g}
}

// decideGrid is the level's decision on the grid.
func (b *base) decideGrid(ctx context.Context, v *game.SeatView, choose chooser, rng *rand.Rand) decision {
	if b.level == Expert {
		if d, ok := b.chooseGridSets(ctx, v, choose, rng); ok {
			return d
		}
	}
	if len(v.Must) > 0 {
		if res, ok := solveGrid(ctx, gridRequest(v, solver.MostTiles, nil, false)); ok {
			return decision{act: gridPlay(v, res.Grid)}
		}
		return decision{act: drawAction(v)}
	}
	if g, ok := b.chooseGrid(ctx, v, rng); ok {
		return decision{act: gridPlay(v, g)}
	}
	return decision{act: drawAction(v)}
}

func (b *base) chooseGrid(ctx context.Context, v *game.SeatView, rng *rand.Rand) (game.Grid, bool) {
	rackLen := len(playable(v))
	switch b.level {
	case Easy:
		res, ok := solveGrid(ctx, gridRequest(v, solver.MostTiles, nil, true))
		miss := rng.Float64() < easyMiss
		if !ok || (miss && len(res.Placed) < rackLen) {
			return game.Grid{}, false
		}
		return res.Grid, true
	case Medium:
		res, ok := solveGrid(ctx, gridRequest(v, solver.MostTiles, nil, false))
		return res.Grid, ok
	}
	full, ok := solveGrid(ctx, gridRequest(v, solver.MostTiles, nil, false))
	if !ok {
		return game.Grid{}, false
	}
	if len(full.Placed) == rackLen {
		return full.Grid, true
	}
	near := danger(v)
	if b.level == Expert {
		near = near || minOpponent(v) <= 4
	}
	if near {
		if pts, ok := solveGrid(ctx, gridRequest(v, solver.MostPoints, nil, false)); ok {
			return pts.Grid, true
		}
		return full.Grid, true
	}
	// Jokers stay in hand when the play without them places nearly as much.
	if j := jokersOf(v.Rack); len(j) > 0 {
		if kept, ok := solveGrid(ctx, gridRequest(v, solver.MostTiles, j, false)); ok && len(kept.Placed) >= len(full.Placed)-1 {
			return kept.Grid, true
		}
	}
	return full.Grid, true
}

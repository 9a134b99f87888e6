package tui

import (
	"context"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// SolverHints finds hints with the exact solver: the play placing the most
// rack tiles, the River's Key Tile included and its Plunder held back.
// Under the French rules it is the grid solver's best placement of rack
// tiles on empty cells, the grid's tiles left where they lie.
func SolverHints(ctx context.Context, v game.SeatView) (*Hint, error) {
	res, err := solver.SolveTurn(ctx, &v.Rules, v.TurnStart(), solver.MostTiles)
	if err != nil || !res.Found {
		return nil, err
	}
	h := hintFor(v.Rack, res.Placed, res.TilesPlaced, res.PointsPlaced)
	h.After = res.After
	return h, nil
}

// hintFor is the hint of a play placing placed from rack: the tiles it
// marks and the rack it leaves.
func hintFor(rack, placed []game.Tile, tiles, points int) *Hint {
	marked := map[game.TileID]bool{}
	for _, t := range placed {
		marked[t.ID] = true
	}
	var left []game.Tile
	for _, t := range rack {
		if !marked[t.ID] {
			left = append(left, t)
		}
	}
	return &Hint{Rack: left, Placed: tiles, Points: points, Tiles: marked}
}

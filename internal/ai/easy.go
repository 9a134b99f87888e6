package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// easyMiss is how often an easy player overlooks the play it could make.
const easyMiss = 0.3

// easy plays like a beginner: it lays only new sets made from its own
// rack, never adds to or rearranges the table (so it goes out only when
// its own sets hold its whole rack), and now and then misses a play it
// could have made. It never misses going out.
type easy struct{ base }

// Move implements Player.
func (p *easy) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, nil)
}

func (p *easy) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) (game.Table, bool) {
	req := request(v, solver.MostTiles, nil, nil)
	req.Table = nil // only sets from its own rack
	res, ok := solve(ctx, req)
	if !ok {
		return nil, false
	}
	// Going out is the one play a beginner never misses; any other play
	// it overlooks now and then. The miss is drawn for every decision so
	// the random stream does not depend on what the solver found.
	miss := rng.Float64() < easyMiss
	if len(res.Placed) == len(playable(v)) || !miss {
		return append(cloneTable(game.SetsOf(v.Table)), res.Sets...), true
	}
	return nil, false
}

// cloneTable copies a table so a new arrangement never aliases the view.
func cloneTable(t game.Table) game.Table {
	out := make(game.Table, len(t))
	for i, s := range t {
		out[i] = append([]game.Tile(nil), s...)
	}
	return out
}

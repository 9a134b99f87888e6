package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// medium is the baseline: every turn the solver's play placing the most
// tiles, the initial meld as soon as it can be made.
type medium struct{ base }

// Move implements Player.
func (p *medium) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, nil)
}

func (p *medium) choose(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
	res, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	return res.Sets, ok
}

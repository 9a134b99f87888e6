package ai

import (
	"context"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Reading the opponents in the endgame. The endgame search takes every
// opponent for a player who may shed with the table's help (rearranging
// it, adding to its sets), the strongest play it generates. An opponent
// who has only ever laid new sets of its own this game (a holder waiting
// for its one big turn does) is searched as what it has shown instead:
// it passes, lays its own sets, or goes out. Taking it for stronger than
// it is made the search call positions lost that were not, and dump its
// rack on the table, handing that opponent the table to go out on.

// setLayers reports, for each seat, whether it has placed tiles this
// game only as new sets of their own (and at least once); the seat of v
// itself is never one. A seat showing one play that needed the table is
// read as using it from then on.
func setLayers(ctx context.Context, v *game.SeatView, c *endCache) []bool {
	out := make([]bool, len(v.RackCounts))
	used := make([]bool, len(v.RackCounts))
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		if e.Game != v.Game {
			break
		}
		if e.Seat == v.Seat || e.Seat < 0 || e.Seat >= len(out) || e.Kind != game.ActPlay || len(e.Placed) == 0 || used[e.Seat] {
			continue
		}
		if ownPlay(ctx, &v.Rules, i, e.Placed, c) {
			out[e.Seat] = true
		} else {
			used[e.Seat] = true
			out[e.Seat] = false
		}
	}
	return out
}

// ownPlay reports whether the tiles placed by the play at log index i
// form sets on their own; the answers are kept in c for the game.
func ownPlay(ctx context.Context, r *game.Rules, i int, placed []game.Tile, c *endCache) bool {
	if own, hit := c.ownPlay(i); hit {
		return own
	}
	res, err := solver.Solve(ctx, solver.Request{Rules: r, Rack: placed, Opened: true, Objective: solver.MostTiles, Must: placed})
	if ctx.Err() != nil {
		return false
	}
	own := err == nil && res.Play && len(res.Placed) == len(placed)
	c.setOwnPlay(i, own)
	return own
}

// ownMoves keeps of moves those a set-layer makes: a draw or pass, and
// plays that only add new sets of the rack's own to the table.
func ownMoves(moves []smove) []smove {
	out := make([]smove, 0, len(moves))
	for _, m := range moves {
		if m.draw() || m.own {
			out = append(out, m)
		}
	}
	return out
}

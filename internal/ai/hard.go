package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// hard chooses among the solver's plays by what they leave behind. A
// play that empties the rack is always made. Otherwise it lists candidate
// plays (the most tiles, the most points, the most tiles with its jokers
// kept) and scores each by the rack and table it leaves: tiles it could
// still not play next turn count against it, tiles it could play count a
// little, a joker kept in hand counts for it, and points left on the rack
// count against it. When an opponent is nearly out or the pool is nearly
// gone, holding back becomes a debt (points caught on the rack, or a
// blocked game lost on points): it then sheds the most points it can.
type hard struct{ base }

// Move implements Player.
func (p *hard) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// keepJokers is what hard keeps back from a River pull: its jokers.
func keepJokers(v *game.SeatView) []game.Tile { return jokersOf(v.Rack) }

func (p *hard) choose(ctx context.Context, v *game.SeatView, _ *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	return p.chooseFrom(ctx, v, full)
}

// chooseFrom is hard's choice given the play placing the most tiles.
func (p *hard) chooseFrom(ctx context.Context, v *game.SeatView, full solver.Result) ([][]game.Tile, bool) {
	if goesOut(v, full) {
		return full.Sets, true
	}
	if danger(v) {
		if pts, ok := solve(ctx, request(v, solver.MostPoints, nil, nil)); ok {
			return pts.Sets, true
		}
		return full.Sets, true
	}
	return keepSpareJokers(ctx, v, full), true
}

// minOpponent is the smallest rack among the other seats.
func minOpponent(v *game.SeatView) int {
	m := 1 << 30
	for s, n := range v.RackCounts {
		if s != v.Seat && n < m {
			m = n
		}
	}
	return m
}

// danger says holding tiles back has become costlier than it is worth:
// an opponent may go out next turn, or the pool is nearly gone (so the
// game may block and be won on the points left on the racks).
func danger(v *game.SeatView) bool {
	return minOpponent(v) <= 2 || v.Pool <= 2*len(v.RackCounts)
}

// keepSpareJokers returns full unless it spends a joker that no real tile
// needed: when the same real tiles can be played with the jokers kept, it
// plays them so (a joker in hand makes later plays of almost any pair).
// This holds for the initial meld too, when it is reached without them.
func keepSpareJokers(ctx context.Context, v *game.SeatView, full solver.Result) [][]game.Tile {
	used := len(jokersOf(full.Placed))
	if used == 0 {
		return full.Sets
	}
	alt, ok := solve(ctx, request(v, solver.MostTiles, jokersOf(v.Rack), nil))
	if ok && alt.TilesPlaced >= full.TilesPlaced-used {
		return alt.Sets
	}
	return full.Sets
}

package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// hard chooses among candidate plays by what they leave behind. A play
// that empties the rack is always made. Otherwise it lists candidates:
// the play placing the most tiles, the one shedding the most points, the
// most tiles with its jokers kept, the smallest useful play (one tile that
// needs the table, one set of its own, the smallest initial meld) that
// keeps the rest in hand, and drawing. It scores each on a few random
// deals of the tiles it cannot see (hardSamples): the opponents answer
// with greedy play on the table the candidate leaves; an opponent going
// out costs the game and the points caught on hard's rack; otherwise
// tiles hard could still not play next turn count against it, tiles it
// could play count a little, a joker kept in hand counts for it, and
// points on its rack count against it. So it holds back what keeps future
// plays open and keeps jokers while that is safe, and plays out when the
// chance of being caught grows. When time is short it falls back on rules
// of thumb: keep a joker no tile needs, shed the most points when an
// opponent is nearly out or the pool nearly gone.
type hard struct{ base }

// Move implements Player.
func (p *hard) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// keepJokers is what hard keeps back from a River pull: its jokers.
func keepJokers(v *game.SeatView) []game.Tile { return jokersOf(v.Rack) }

// hardSamples is the number of sampled deals hard's look-ahead uses; 0
// means none (the rules of thumb alone). hardDraw adds drawing to its
// candidates.
var (
	hardSamples = 4
	hardDraw    = true
	hardDanger  = false
)

func (p *hard) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	if hardSamples > 0 && !goesOut(v, full) && (!hardDanger || !danger(v)) {
		cands := candidates(ctx, v, full, hardDraw)
		return lookAhead(ctx, &p.base, v, cands, hardSamples, 1, false, rng, func() ([][]game.Tile, bool) { return p.chooseFrom(ctx, v, full) })
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

package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// expert looks ahead like hard, further: it plays the same candidates
// out on many more deals of the hidden tiles (samplesPerSecond of its
// budget, at least six), and deals them consistently with what the
// opponents have shown: an opponent who has drawn this game without making
// the initial meld gets a rack that cannot make it. It picks the candidate
// best on average over the deals. The look-ahead stops at a soft deadline
// halfway through the budget, so a loaded machine costs it deals, never
// the move.
type expert struct{ hard }

// Move implements Player.
func (p *expert) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// samplesPerSecond sizes the look-ahead from the thinking budget.
var samplesPerSecond time.Duration = 60

// expertDepth is the rounds of play expert's look-ahead plays out, and
// expertConsistent whether its deals respect what the opponents showed.
var (
	expertDepth      = 1
	expertConsistent = true
)

func (p *expert) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	if goesOut(v, full) {
		return full.Sets, true
	}
	cands := candidates(ctx, v, full, true)
	samples := int(p.think * samplesPerSecond / time.Second)
	if samples < 6 {
		samples = 6
	}
	return lookAhead(ctx, &p.base, v, cands, samples, expertDepth, expertConsistent, rng, func() ([][]game.Tile, bool) { return p.chooseFrom(ctx, v, full) })
}

// lookAhead plays the candidates out on sampled deals and returns the
// best one; fallback is the choice when the look-ahead cannot run.
func lookAhead(ctx context.Context, b *base, v *game.SeatView, cands candidateSet, samples, depth int, consistent bool, rng *rand.Rand, fallback func() ([][]game.Tile, bool)) ([][]game.Tile, bool) {
	if len(cands) == 0 || ctx.Err() != nil {
		return fallback()
	}
	if len(cands) == 1 {
		c := cands[0]
		return c.sets, !c.draw
	}
	// The look-ahead stops at a soft deadline, so a slow machine cuts
	// it short (fewer deals) rather than losing the move to the fallback.
	sctx, cancel := b.soft(ctx)
	defer cancel()
	best := evaluate(sctx, v, cands, samples, depth, consistent, rng)
	if best < 0 {
		return fallback()
	}
	c := cands[best]
	return c.sets, !c.draw
}

// evaluate scores each candidate over sampled deals of the hidden tiles
// and returns the index of the best, or -1 when not even one deal could
// be played out in time. Deals are the outer loop, so when time runs out
// every candidate has been tried on the same deals.
func evaluate(ctx context.Context, v *game.SeatView, cands []candidate, samples, depth int, consistent bool, rng *rand.Rand) int {
	hidden, ok := hiddenTiles(v)
	if !ok {
		return -1
	}
	if samples < 1 {
		samples = 1
	}
	totals := make([]float64, len(cands))
	done := 0
	scores := make([]float64, len(cands))
	for s := 0; s < samples; s++ {
		w := deal(ctx, rng, v, hidden, consistent)
		complete := true
		for i, c := range cands {
			sc, ok := playOut(ctx, v, w, c, depth)
			if !ok {
				complete = false
				break
			}
			scores[i] = sc
		}
		if !complete {
			break
		}
		for i := range cands {
			totals[i] += scores[i]
		}
		done++
	}
	if done == 0 {
		return -1
	}
	best := 0
	for i := range totals {
		if totals[i] > totals[best] {
			best = i
		}
	}
	return best
}

// hiddenTiles lists the tiles the seat of v cannot see: the whole set
// less its rack, the table and the River. ok is false when the counts do
// not add up (a view without tile ids), and the look-ahead is skipped.
func hiddenTiles(v *game.SeatView) ([]game.Tile, bool) {
	seen := map[game.TileID]bool{}
	mark := func(ts []game.Tile) bool {
		for _, t := range ts {
			if t.ID == game.NoID || seen[t.ID] {
				return false
			}
			seen[t.ID] = true
		}
		return true
	}
	if !mark(v.Rack) || !mark(v.River) {
		return nil, false
	}
	for _, s := range v.Table {
		if !mark(s) {
			return nil, false
		}
	}
	var hidden []game.Tile
	for _, t := range game.TileSet(v.Rules.Copies, v.Rules.Jokers) {
		if !seen[t.ID] {
			hidden = append(hidden, t)
		}
	}
	want := v.Pool
	for s, n := range v.RackCounts {
		if s != v.Seat {
			want += n
		}
	}
	return hidden, want == len(hidden)
}

// world is one sampled deal of the hidden tiles.
type world struct {
	racks [][]game.Tile // by seat; the seat of v holds its real rack
	pool  []game.Tile   // the next tile drawn is the last
}

// deal shuffles the hidden tiles into the opponents' racks (their known
// sizes) and the pool. With consistent set it also respects what the
// opponents showed: one who has drawn this game without making the
// initial meld could not make it, so a rack that could is dealt again
// (a few times at most, from that rack and the pool).
func deal(ctx context.Context, rng *rand.Rand, v *game.SeatView, hidden []game.Tile, consistent bool) world {
	h := append([]game.Tile(nil), hidden...)
	rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
	w := world{racks: make([][]game.Tile, len(v.RackCounts))}
	pos := 0
	for s, n := range v.RackCounts {
		if s == v.Seat {
			w.racks[s] = v.Rack
			continue
		}
		w.racks[s] = h[pos : pos+n : pos+n]
		pos += n
	}
	w.pool = h[pos:]
	if !consistent {
		return w
	}
	for s, n := range v.RackCounts {
		if s == v.Seat || v.Melded[s] || !drewThisGame(v, s) {
			continue
		}
		for try := 0; try < 4 && canMeld(ctx, v, w.racks[s]); try++ {
			both := append(append([]game.Tile(nil), w.racks[s]...), w.pool...)
			rng.Shuffle(len(both), func(i, j int) { both[i], both[j] = both[j], both[i] })
			w.racks[s], w.pool = both[:n:n], both[n:]
		}
	}
	return w
}

// drewThisGame reports whether seat drew a tile in the current game.
func drewThisGame(v *game.SeatView, seat int) bool {
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		if e.Game != v.Game {
			break
		}
		if e.Seat == seat && e.Drew > 0 {
			return true
		}
	}
	return false
}

// canMeld reports whether rack holds an initial meld of its own.
func canMeld(ctx context.Context, v *game.SeatView, rack []game.Tile) bool {
	res, err := solver.Solve(ctx, solver.Request{Rules: &v.Rules, Rack: rack, Objective: solver.MostTiles})
	return err == nil && res.Play
}

// Weights of the look-ahead's score.
const (
	wOut      = 40.0 // someone goes out: a game won or lost
	wBank     = 0.3  // a tile expert can still play next turn, vs one it cannot
	wOpp      = 0.5  // a tile left on an opponent's rack
	wPoints   = 0.02 // a point left on expert's rack
	wCaughtPt = 0.25 // a point caught on expert's rack when an opponent goes out
	wJoker    = 1.5  // a joker kept in hand: it makes later plays of almost any pair
)

// playOut plays candidate c on deal w: expert's move, then each opponent
// with greedy play (drawing when it cannot play), for depth rounds in
// which expert too plays greedily after its first move; then it scores
// what expert could still not play next turn. ok is false when the
// context ran out.
func playOut(ctx context.Context, v *game.SeatView, w world, c candidate, depth int) (float64, bool) {
	r := &v.Rules
	table := v.Table
	rack := v.Rack
	pool := w.pool
	draw := func() (game.Tile, bool) {
		if len(pool) == 0 {
			return game.Tile{}, false
		}
		t := pool[len(pool)-1]
		pool = pool[:len(pool)-1]
		return t, true
	}
	if c.draw {
		if t, ok := draw(); ok {
			rack = append(append([]game.Tile(nil), rack...), t)
		}
	} else {
		table = c.sets
		rack = without(rack, c.placed)
	}
	melded := v.Melded[v.Seat] || (!c.draw && len(c.placed) > 0)
	n := len(v.RackCounts)
	racks := append([][]game.Tile(nil), w.racks...)
	opMelded := append([]bool(nil), v.Melded...)
	for round := 0; round < depth; round++ {
		if round > 0 {
			res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: rack, Opened: melded, Objective: solver.MostTiles})
			if ctx.Err() != nil {
				return 0, false
			}
			if err == nil && res.Play && len(res.Placed) > 0 {
				if len(res.Placed) == len(rack) {
					return wOut, true
				}
				table, rack, melded = res.Sets, without(rack, res.Placed), true
			} else if t, ok := draw(); ok {
				rack = append(append([]game.Tile(nil), rack...), t)
			}
		}
		for k := 1; k < n; k++ {
			s := (v.Seat + k) % n
			opp := racks[s]
			res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: opp, Opened: opMelded[s], Objective: solver.MostTiles})
			if ctx.Err() != nil {
				return 0, false
			}
			if err == nil && res.Play && len(res.Placed) > 0 {
				if len(res.Placed) == len(opp) {
					return -wOut - wCaughtPt*float64(r.RackValue(rack)), true
				}
				table, racks[s], opMelded[s] = res.Sets, without(opp, res.Placed), true
			} else if t, ok := draw(); ok {
				racks[s] = append(append([]game.Tile(nil), opp...), t)
			}
		}
	}
	oppTiles := 0.0
	for s := range racks {
		if s != v.Seat {
			oppTiles += float64(len(racks[s]))
		}
	}
	res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: rack, Opened: melded, Objective: solver.MostTiles})
	if ctx.Err() != nil {
		return 0, false
	}
	bank := 0
	if err == nil && res.Play {
		bank = len(res.Placed)
	}
	if bank == len(rack) {
		return wOut, true
	}
	stuck := len(rack) - bank
	return -float64(stuck) - wBank*float64(bank) + wJoker*float64(len(jokersOf(rack))) +
		wOpp*oppTiles/float64(n-1) - wPoints*float64(r.RackValue(rack)), true
}

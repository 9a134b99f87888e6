package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// expert looks ahead. It lists candidate plays (hard's choice, the play
// placing the most tiles, the one shedding the most points, the most tiles
// with jokers kept, and drawing when hard would draw), then deals the
// tiles it cannot see (the pool and the opponents' racks, sizes known)
// many times at random, consistently with everything public, and on each
// deal plays every candidate out: the opponents answer with fast greedy
// play on the table the candidate leaves, then the position is scored by
// what expert could still not play next turn, what the opponents hold and
// whether anyone went out. The candidate best on average over the deals is
// played. The number of deals grows with the thinking budget.
type expert struct{ hard }

// Move implements Player.
func (p *expert) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// candidate is one play considered (or, with draw set, drawing).
type candidate struct {
	sets   [][]game.Tile
	placed []game.Tile
	draw   bool
}

// samplesPerSecond sizes the look-ahead from the thinking budget.
const samplesPerSecond = 60

func (p *expert) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	if goesOut(v, full) {
		return full.Sets, true
	}
	hs, hok := p.chooseFrom(ctx, v, full)
	var cands []candidate
	add := func(c candidate) {
		for _, o := range cands {
			if o.draw == c.draw && sameIDs(o.placed, c.placed) {
				return
			}
		}
		cands = append(cands, c)
	}
	if hok {
		add(candidate{sets: hs, placed: placedBy(v, hs)})
	} else {
		add(candidate{draw: true})
	}
	add(candidate{sets: full.Sets, placed: full.Placed})
	if pts, ok := solve(ctx, request(v, solver.MostPoints, nil, nil)); ok {
		add(candidate{sets: pts.Sets, placed: pts.Placed})
	}
	if j := jokersOf(v.Rack); len(j) > 0 {
		if kj, ok := solve(ctx, request(v, solver.MostTiles, j, nil)); ok {
			add(candidate{sets: kj.Sets, placed: kj.Placed})
		}
	}
	if len(cands) == 1 || ctx.Err() != nil {
		return hs, hok
	}
	// The look-ahead stops at a soft deadline, so a slow machine cuts
	// it short (fewer deals) rather than losing the move to the fallback.
	sctx, cancel := p.soft(ctx)
	defer cancel()
	best := p.evaluate(sctx, v, cands, rng)
	if best < 0 {
		return hs, hok
	}
	c := cands[best]
	if c.draw {
		return nil, false
	}
	return c.sets, true
}

// placedBy lists the rack tiles a final arrangement puts on the table.
func placedBy(v *game.SeatView, sets [][]game.Tile) []game.Tile {
	onTable := map[game.TileID]bool{}
	for _, s := range sets {
		for _, t := range s {
			onTable[t.ID] = true
		}
	}
	var out []game.Tile
	for _, t := range v.Rack {
		if onTable[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

func sameIDs(a, b []game.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	ids := map[game.TileID]int{}
	for _, t := range a {
		ids[t.ID]++
	}
	for _, t := range b {
		if ids[t.ID] == 0 {
			return false
		}
		ids[t.ID]--
	}
	return true
}

// evaluate scores each candidate over sampled deals of the hidden tiles
// and returns the index of the best, or -1 when not even one deal could
// be played out in time. Deals are the outer loop, so when time runs out
// every candidate has been tried on the same deals.
func (p *expert) evaluate(ctx context.Context, v *game.SeatView, cands []candidate, rng *rand.Rand) int {
	hidden, ok := hiddenTiles(v)
	if !ok {
		return -1
	}
	samples := int(p.think * samplesPerSecond / time.Second)
	if samples < 4 {
		samples = 4
	}
	totals := make([]float64, len(cands))
	done := 0
	scores := make([]float64, len(cands))
	for s := 0; s < samples; s++ {
		w := deal(rng, v, hidden)
		complete := true
		for i, c := range cands {
			sc, ok := playOut(ctx, v, w, c)
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
// sizes) and the pool.
func deal(rng *rand.Rand, v *game.SeatView, hidden []game.Tile) world {
	h := append([]game.Tile(nil), hidden...)
	rng.Shuffle(len(h), func(i, j int) { h[i], h[j] = h[j], h[i] })
	w := world{racks: make([][]game.Tile, len(v.RackCounts))}
	pos := 0
	for s, n := range v.RackCounts {
		if s == v.Seat {
			w.racks[s] = v.Rack
			continue
		}
		w.racks[s] = h[pos : pos+n]
		pos += n
	}
	w.pool = h[pos:]
	return w
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
// once with greedy play, then scores what expert could play next turn. ok
// is false when the context ran out.
func playOut(ctx context.Context, v *game.SeatView, w world, c candidate) (float64, bool) {
	r := &v.Rules
	table := v.Table
	rack := v.Rack
	pool := w.pool
	if c.draw {
		if len(pool) > 0 {
			rack = append(append([]game.Tile(nil), rack...), pool[len(pool)-1])
			pool = pool[:len(pool)-1]
		}
	} else {
		table = c.sets
		rack = without(rack, c.placed)
	}
	n := len(v.RackCounts)
	oppTiles := 0.0
	for k := 1; k < n; k++ {
		s := (v.Seat + k) % n
		opp := w.racks[s]
		if ctx.Err() != nil {
			return 0, false
		}
		res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: opp, Opened: v.Melded[s], Objective: solver.MostTiles})
		if ctx.Err() != nil {
			return 0, false
		}
		if err == nil && res.Play && len(res.Placed) > 0 {
			if len(res.Placed) == len(opp) {
				return -wOut - wCaughtPt*float64(r.RackValue(rack)), true
			}
			table = res.Sets
			oppTiles += float64(len(opp) - len(res.Placed))
		} else {
			oppTiles += float64(len(opp) + 1)
			if len(pool) > 0 {
				pool = pool[:len(pool)-1]
			}
		}
	}
	melded := v.Melded[v.Seat] || (!c.draw && len(c.placed) > 0)
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

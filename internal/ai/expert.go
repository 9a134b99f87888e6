package ai

import (
	"context"
	"math/rand/v2"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// expert holds back harder than hard: after its initial meld (the
// smallest one worth the threshold, the rest of its own sets kept) it lays
// nothing until the solver can empty its rack in one turn, drawing
// instead. Each set it keeps is one the opponents cannot build on, and
// one more way for its own big turn to come together; measured against
// hard, which lays every set of its own at once, this wins nearly every
// game (see the expert report). When holding back becomes a debt (an
// opponent nearly out, the pool nearly gone) it replaces hard's rule of
// thumb by a look-ahead: it deals the tiles it cannot see at random
// (samplesPerSecond of its budget, at least six deals), consistently with
// what the opponents have shown (one who has drawn this game without
// making the initial meld gets a rack that cannot make it), counts how
// often an opponent would go out on the table it leaves, and sheds the
// most points it can only when that is nearly certain. The look-ahead
// stops at a soft deadline, so a loaded machine costs it deals, never the
// move.
type expert struct{ hard }

// Move implements Player.
func (p *expert) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// samplesPerSecond sizes the look-ahead from the thinking budget.
const samplesPerSecond = 60

// expertConsistent says whether expert's deals respect what the
// opponents showed.
var expertConsistent = true

func (p *expert) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	if goesOut(v, full) {
		return full.Sets, true
	}
	if !danger(v) {
		if opened(v) {
			return nil, false // hold everything for the one big turn
		}
		sets, ok := ownNewSets(ctx, v)
		if !ok {
			return nil, false
		}
		return append(cloneTable(v.Table), smallestMeld(v, sets)...), true
	}
	if v.Pool <= 2*len(v.RackCounts) || minOpponent(v) > riskRack {
		return p.chooseFrom(ctx, v, full)
	}
	own, ownOK := ownSets(ctx, v)
	pts, ptsOK := solve(ctx, request(v, solver.MostPoints, nil, nil))
	if !ptsOK {
		return own, ownOK
	}
	table := v.Table
	if ownOK {
		table = own
	}
	samples := int(p.think * samplesPerSecond / time.Second)
	if samples < 6 {
		samples = 6
	}
	sctx, cancel := p.soft(ctx)
	defer cancel()
	risk, ok := caughtRisk(sctx, v, table, samples, rng)
	if !ok {
		return p.chooseFrom(ctx, v, full)
	}
	if risk >= riskDump {
		return pts.Sets, true
	}
	return own, ownOK
}

// riskRack is the opponent rack size from which expert weighs the chance
// of being caught, and riskDump the chance from which it stops holding
// back and sheds the most points. Shedding gives up the big turn, so it
// pays only when being caught is nearly certain: against medium, expert
// won 70% of 400 games with 0.5 and 83% with 0.8 (seed 7, 100 ms).
const (
	riskRack = 5
	riskDump = 0.8
)

// caughtRisk estimates, over sampled deals consistent with what the
// opponents showed, the chance that an opponent goes out on table before
// expert's next turn. ok is false when not one deal could be tried.
func caughtRisk(ctx context.Context, v *game.SeatView, table [][]game.Tile, samples int, rng *rand.Rand) (float64, bool) {
	hidden, ok := hiddenTiles(v)
	if !ok {
		return 0, false
	}
	caught, done := 0, 0
	for i := 0; i < samples; i++ {
		w := deal(ctx, rng, v, hidden, expertConsistent)
		out := false
		for s := range v.RackCounts {
			if s == v.Seat {
				continue
			}
			res, err := solver.Solve(ctx, solver.Request{Rules: &v.Rules, Table: table, Rack: w.racks[s], Opened: v.Melded[s], Objective: solver.MostTiles})
			if ctx.Err() != nil {
				return ratio(caught, done)
			}
			if err == nil && res.Play && len(res.Placed) == len(w.racks[s]) {
				out = true
				break
			}
		}
		if out {
			caught++
		}
		done++
	}
	return ratio(caught, done)
}

func ratio(a, n int) (float64, bool) {
	if n == 0 {
		return 0, false
	}
	return float64(a) / float64(n), true
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

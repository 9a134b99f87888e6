package ai

import (
	"context"
	"math/rand/v2"
	"sort"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// expert holds back harder than hard: after its initial meld (the
// smallest one worth the threshold, the rest of its own sets kept) it lays
// nothing until the solver can empty its rack in one turn, drawing
// instead. Each set it keeps is one the opponents cannot build on, and
// one more way for its own big turn to come together; against hard, which
// lays every set of its own at once, this won 99.8% of 2000 mirrored games
// at 100 ms a move. Once an opponent is down to riskRack tiles it looks
// ahead instead: it lists candidate plays (holding back, laying its own
// sets, shedding the most points, placing the most tiles), deals the tiles
// it cannot see at random, consistently with what the opponents have
// shown (one who has drawn this game without making the initial meld gets
// a rack that cannot make it), plays every candidate out on the same
// deals for a few rounds with fast simulated players, and keeps the one
// that wins most often, holding back unless another is clearly better.
// The deals stop at a share of the move's work budget (work.go), so the
// same position gets the same deals on any machine. Once the pool is empty
// the endgame search (endgame.go) decides instead, reading the opponents
// (reading.go) and keeping what it learnt between turns (endcache.go).
// Holding back through the middle game stands against opponents who hold
// back too: laying its own sets, one safe set a turn instead of drawing
// once the pool was down to 10 or 30 tiles, won 39.5% and 8% of 200
// mirrored games against panel:holder where holding won 53%, since the
// holder then went out on them.
type expert struct {
	hard
	cache *endCache // the endgame search's knowledge, kept between turns
}

// Move implements Player.
func (p *expert) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

func (p *expert) choose(ctx context.Context, v *game.SeatView, rng *rand.Rand) (game.Table, bool) {
	endgameTurn := v.Pool == 0 && len(v.Locked) == 0 && len(v.Must) == 0
	if endgameTurn {
		offerQuick(ctx, v)
	}
	// Going out comes first, within a fixed share of the budget: on a
	// long rack the solver may need much of it to prove there is none.
	octx, cancel := share(ctx, outShare)
	sets, ok := goOut(octx, v)
	cancel()
	if ok {
		return sets, true
	}
	if endgameTurn {
		// The endgame search takes most of what is left; the plain
		// answer, worked out only when the search found none, the rest.
		ectx, cancel := share(ctx, endShare)
		ectx, cancel2 := p.endCtx(ectx)
		sets, draw, ok := endgame(ectx, v, rng, p.cache)
		cancel2()
		cancel()
		if ok {
			return sets, !draw
		}
		return p.shedWhenBehind(ctx, v)
	}
	// A pool running low is no reason to lay sets against opponents with
	// long racks: the sets held are what it sheds once the pool is empty
	// (laying them before cost it games against panel:holder).
	if minOpponent(v) > riskRack {
		return p.holdBack(ctx, v)
	}
	// The candidates' own searches count against the look-ahead's work
	// too: on a long rack they can be costly, and holding back is a sound
	// answer when there is nothing left to weigh anything else with.
	sctx, cancel := share(ctx, lookShare)
	defer cancel()
	sctx, cancel2 := p.soft(sctx)
	defer cancel2()
	cands := p.candidates(sctx, v)
	c := cands[0]
	if len(cands) > 1 {
		c = cands[bestCandidate(sctx, v, cands, maxDeals, rng)]
	}
	if c.draw {
		return nil, false
	}
	return c.sets, true
}

// The shares of expert's budget (per cent of what is left when the part
// starts): going out, then the endgame search (the plain answer on an
// empty pool has the rest), or the look-ahead.
const (
	outShare  = 30
	endShare  = 85
	lookShare = 90
)

// goOut returns the play emptying the rack, when there is one. Asking the
// solver to place every tile (rather than the most) lets it give up on
// whole branches at once: on positions from expert's games it answers ten
// times faster, which matters because expert's racks grow long.
func goOut(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	if len(v.Locked) > 0 {
		return nil, false
	}
	res, ok := solve(ctx, request(v, solver.MostTiles, nil, v.Rack))
	if !ok || !goesOut(v, res) {
		return nil, false
	}
	return res.Sets, true
}

// offerQuick offers (see offered) the answer on an empty pool that costs
// almost no work, before any search: behind on points, its own set worth
// the most, unchecked; ahead, a pass. A deadline that cuts every search
// short then still does not pass while behind, which loses the blocked
// game as soon as the opponent passes too: on a loaded machine such
// passes made most games between two experts end blocked.
func offerQuick(ctx context.Context, v *game.SeatView) {
	if !opened(v) || !behindOnPoints(v) {
		return // the plain fallback, a pass, is the quick answer
	}
	own, ok := ownNewSets(ctx, v)
	if !ok {
		return
	}
	sort.SliceStable(own, func(i, j int) bool { return v.Rules.RackValue(own[i]) > v.Rules.RackValue(own[j]) })
	offer(ctx, append(cloneTable(game.SetsOf(v.Table)), own[0]), false)
}

// endCtx is the context of the endgame search: it ends a tenth of the
// budget before ctx, leaving time to answer when the deadline, and not
// the work budget, ends the search (a safety net only).
func (p *expert) endCtx(ctx context.Context) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, d.Add(-p.think/10))
}

// shedWhenBehind is the play on an empty pool when the endgame search
// found no answer in time: passing while behind on points loses the
// blocked game as soon as the others pass too, so it lays its own set
// worth the most of those that leave the opponent unable to go out (with
// one opponent its rack is known exactly), and passes otherwise; when
// there is no time left to check a set, it lays it unchecked (a single
// set seldom lets a long rack out, and a pass behind is a lost game as
// soon as the opponent passes too). Ahead, it sheds such a set too: a
// pass there invites a blocked game, and the sets safe to lay only grow
// fewer.
func (p *expert) shedWhenBehind(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	if !opened(v) {
		return nil, false
	}
	behind := behindOnPoints(v)
	own, ok := ownNewSets(ctx, v)
	if !ok {
		return nil, false
	}
	sort.SliceStable(own, func(i, j int) bool { return v.Rules.RackValue(own[i]) > v.Rules.RackValue(own[j]) })
	hidden, _ := hiddenTiles(v)
	for _, set := range own {
		table := append(cloneTable(game.SetsOf(v.Table)), set)
		if len(v.RackCounts) != 2 || v.Pool > 0 {
			return table, true
		}
		_, out, ok := outPlay(ctx, &v.Rules, table, hidden, v.Melded[1-v.Seat])
		if !ok {
			return table, behind
		}
		if !out {
			return table, true
		}
	}
	return nil, false
}

// behindOnPoints reports whether, as far as the seat of v can tell, some
// opponent's rack is worth less than its own: exactly so with one
// opponent and an empty pool (the hidden tiles are that rack), and
// otherwise by the average value of a hidden tile.
func behindOnPoints(v *game.SeatView) bool {
	hidden, ok := hiddenTiles(v)
	if !ok || len(hidden) == 0 {
		return false
	}
	mine := v.Rules.RackValue(v.Rack)
	total := v.Rules.RackValue(hidden)
	for s, n := range v.RackCounts {
		if s != v.Seat && total*n/len(hidden) < mine {
			return true
		}
	}
	return false
}

// holdBack is expert's play when it cannot go out and holding back is
// safe: the smallest initial meld, then nothing (a draw).
func (p *expert) holdBack(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	if opened(v) {
		return nil, false // hold everything for the one big turn
	}
	sets, ok := ownNewSets(ctx, v)
	if !ok {
		return nil, false
	}
	return append(cloneTable(game.SetsOf(v.Table)), smallestMeld(v, sets)...), true
}

// candidates lists the plays expert weighs near the end of a game, its
// default (holding back) first: laying its own sets as hard does,
// shedding the most points, placing the most tiles.
func (p *expert) candidates(ctx context.Context, v *game.SeatView) []candidate {
	var cands []candidate
	add := func(name string, sets game.Table, ok bool) {
		if !ok {
			return
		}
		placed := placedBy(v, sets)
		for _, c := range cands {
			if len(c.placed) == len(placed) && sameTiles(c.placed, placed) {
				return // the same tiles leave the rack: the same candidate for the play-outs
			}
		}
		cands = append(cands, candidate{name: name, sets: sets, placed: placed})
	}
	if sets, ok := p.holdBack(ctx, v); ok {
		add("hold", sets, true)
	} else {
		cands = append(cands, candidate{name: "hold", draw: true})
	}
	if len(v.Locked) > 0 || len(v.Must) > 0 {
		return cands
	}
	own, ok := ownSets(ctx, v)
	add("own", own, ok)
	pts, ok := solve(ctx, request(v, solver.MostPoints, nil, nil))
	add("points", pts.Sets, ok)
	most, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	add("tiles", most.Sets, ok)
	return cands
}

// sameTiles reports whether a and b hold the same tile ids in order.
func sameTiles(a, b []game.Tile) bool {
	for i := range a {
		if a[i].ID != b[i].ID {
			return false
		}
	}
	return true
}

// riskRack is the opponent rack size from which expert weighs its plays
// by playing them out. Hard-like opponents go out from long racks too,
// but starting at 10 tiles won no more games than at 5 (49.7% of 400
// games between the two) and costs time on every turn. maxDeals is the
// most deals the look-ahead plays out; its share of the work budget
// usually ends it first.
const (
	riskRack = 5
	maxDeals = 40
)

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
	for _, s := range game.SetsOf(v.Table) {
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
// sizes) and the pool, respecting what the opponents showed: one who has
// drawn this game without making the initial meld could not make it, so
// a rack that could is dealt again (a few times at most, from that rack
// and the pool).
func deal(ctx context.Context, rng *rand.Rand, v *game.SeatView, hidden []game.Tile) world {
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

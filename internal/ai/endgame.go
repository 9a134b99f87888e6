package ai

import (
	"context"
	"math/rand/v2"
	"sort"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// The endgame search. Once the pool is nearly or fully empty the tiles a
// seat cannot see are nearly or fully known: with an empty pool and one
// opponent they are exactly the opponent's rack. The search then plays
// the game as what it is, a race decided by going out or, when everyone
// passes, by the points (or tiles) left on the racks: a minimax over each
// player's plays (a draw or pass, the most points, all its own sets, each
// of them alone), several plies deep, every player going out when it can,
// and the leaves scored as a blocked game would be. With the pool known
// it deepens until its time is up; otherwise it samples deals of the
// hidden tiles (consistently with what the opponents showed) and sums a
// shallower search over them.

// Search values: a game won or lost is worth winValue plus its margin in
// points, an open position the lead in points.
const winValue = 100000

// spos is a position of the endgame search in one deal of the tiles.
type spos struct {
	table  game.Table
	racks  [][]game.Tile
	melded []bool
	pool   []game.Tile // the next tile drawn is the last
	passes int         // passes in a row with an empty pool
}

// ekey identifies what a player can do: its rack, the table's tiles and
// whether it has melded (the solver may rearrange the whole table, so the
// grouping of the table does not matter).
type ekey struct {
	rack, table uint64
	melded      bool
}

// esearch is one endgame search for seat me.
type esearch struct {
	ctx   context.Context
	r     *game.Rules
	me    int
	cache *endCache
	// layers marks the seats searched as set-layers (reading.go).
	layers []bool
	// parts holds each seat's root partition, when worked out.
	parts []partition
}

func newSearch(ctx context.Context, r *game.Rules, me int) *esearch {
	return newSearchWith(ctx, r, me, newEndCache())
}

// newSearchWith is a search using (and adding to) cache.
func newSearchWith(ctx context.Context, r *game.Rules, me int, cache *endCache) *esearch {
	return &esearch{ctx: ctx, r: r, me: me, cache: cache}
}

func (s *esearch) key(p *spos, seat int) ekey {
	return ekey{zobrist(p.racks[seat]), tableFingerprint(p.table), p.melded[seat]}
}

// canOut reports whether seat can go out in p; ok is false on time-out.
func (s *esearch) canOut(p *spos, seat int) (out, ok bool) {
	k := s.key(p, seat)
	if o, hit := s.cache.out(k); hit {
		return o, true
	}
	_, out, ok = outPlay(s.ctx, s.r, p.table, p.racks[seat], p.melded[seat])
	if ok {
		s.cache.setOut(k, out)
	}
	return out, ok
}

// movesOf lists seat's moves in p (it cannot go out).
func (s *esearch) movesOf(p *spos, seat int) ([]smove, bool) {
	k := s.key(p, seat)
	if m, hit := s.cache.movesFor(k); hit {
		return m, true
	}
	m, ok := genMoves(s.ctx, s.r, p.table, p.racks[seat], p.melded[seat])
	if ok {
		s.cache.setMoves(k, m)
	}
	return m, ok
}

// apply returns p after seat plays m, and whether that blocked the game.
func apply(p *spos, seat int, m *smove) (spos, bool) {
	c := spos{table: p.table, racks: append([][]game.Tile(nil), p.racks...), melded: p.melded, pool: p.pool}
	if m.draw() {
		if n := len(p.pool); n > 0 {
			rack := p.racks[seat]
			c.racks[seat] = append(rack[:len(rack):len(rack)], p.pool[n-1])
			c.pool = p.pool[:n-1]
			return c, false
		}
		c.passes = p.passes + 1
		return c, c.passes >= len(p.racks)
	}
	c.table = m.sets
	c.racks[seat] = without(p.racks[seat], m.placed)
	if !p.melded[seat] {
		c.melded = append([]bool(nil), p.melded...)
		c.melded[seat] = true
	}
	return c, false
}

// standing is how a rack would stand in a blocked game: lower is better.
func standing(r *game.Rules, rack []game.Tile) int {
	if r.Blocked == game.BlockedFewestTiles {
		return 40*len(rack) + r.RackValue(rack)
	}
	return r.RackValue(rack)
}

// wonBy is the value of p for me when seat went out.
func (s *esearch) wonBy(p *spos, seat int) int {
	if seat == s.me {
		sum := 0
		for o, rack := range p.racks {
			if o != s.me {
				sum += s.r.RackValue(rack)
			}
		}
		return winValue + sum
	}
	return -winValue - s.r.RackValue(p.racks[s.me])
}

// blocked is the value of p for me as a blocked game, scored as the
// engine scores it (ties go to the earliest seat).
func (s *esearch) blocked(p *spos) int {
	win := 0
	for o := range p.racks {
		if standing(s.r, p.racks[o]) < standing(s.r, p.racks[win]) {
			win = o
		}
	}
	mine := standing(s.r, p.racks[s.me])
	if win != s.me {
		return -winValue - (mine - standing(s.r, p.racks[win]))
	}
	best := 1 << 30
	for o, rack := range p.racks {
		if o != s.me {
			best = min(best, standing(s.r, rack))
		}
	}
	return winValue + best - mine
}

// lead is how far me stands ahead of the best opponent (negative when
// behind): the value of a position the search does not look beyond. A
// rack is counted without the sets it can lay on its own, since those can
// still be shed before the game blocks: counting them made the search
// shed its own sets early for a lead that was only on paper, and a
// holder, whose rack is mostly sets, then outshed it at the end. ok is
// false on time-out.
func (s *esearch) lead(p *spos) (int, bool) {
	mine, ok := s.residualOf(p, s.me)
	if !ok {
		return 0, false
	}
	best := 1 << 30
	for o := range p.racks {
		if o != s.me {
			st, ok := s.residualOf(p, o)
			if !ok {
				return 0, false
			}
			best = min(best, st)
		}
	}
	mineRaw := standing(s.r, p.racks[s.me])
	bestRaw := 1 << 30
	for o, rack := range p.racks {
		if o != s.me {
			bestRaw = min(bestRaw, standing(s.r, rack))
		}
	}
	return (3*(best-mine) + (bestRaw - mineRaw)) / 4, true
}

// residualOf is the residual of seat's rack in p: worked out from the
// partition of its rack at the root of the search when there is one
// (racks only shrink once the pool is empty), by the solver otherwise.
// The partition's sets still whole in the rack are left out, the rest
// counted: a little pessimistic (what is left of a broken set may still
// make one), and free, where a solver call on a 40-tile rack costs a few
// milliseconds at every leaf.
func (s *esearch) residualOf(p *spos, seat int) (int, bool) {
	if seat < len(s.parts) && s.parts[seat].of != nil {
		return s.parts[seat].residual(s.r, p.racks[seat]), true
	}
	return s.residual(p.racks[seat])
}

// partition is a split of a rack into its own sets (the most points of
// them) and loose tiles: of gives the set of each tile in a set, size the
// tiles of each set.
type partition struct {
	of   map[game.TileID]int
	size []int
}

// residual is the standing of the tiles of rack outside the sets of pt
// still whole in rack.
func (pt *partition) residual(r *game.Rules, rack []game.Tile) int {
	count := make([]int, len(pt.size))
	for _, t := range rack {
		if i, ok := pt.of[t.ID]; ok {
			count[i]++
		}
	}
	var left []game.Tile
	for _, t := range rack {
		if i, ok := pt.of[t.ID]; !ok || count[i] < pt.size[i] {
			left = append(left, t)
		}
	}
	return standing(r, left)
}

// partitionOf splits rack into its own sets (the most points of them);
// ok is false on time-out.
func (s *esearch) partitionOf(rack []game.Tile) (partition, bool) {
	res, err := solver.Solve(s.ctx, solver.Request{Rules: s.r, Rack: rack, Opened: true, Objective: solver.MostPoints})
	if s.ctx.Err() != nil {
		return partition{}, false
	}
	pt := partition{of: map[game.TileID]int{}}
	if err == nil && res.Play {
		for i, set := range res.Sets {
			for _, t := range set {
				pt.of[t.ID] = i
			}
			pt.size = append(pt.size, len(set))
		}
	}
	return pt, true
}

// residual is the standing of rack less the sets it makes on its own (the
// most points of them).
func (s *esearch) residual(rack []game.Tile) (int, bool) {
	k := rackKey(rack)
	if v, hit := s.cache.residual(k); hit {
		return v, true
	}
	left := rack
	res, err := solver.Solve(s.ctx, solver.Request{Rules: s.r, Rack: rack, Opened: true, Objective: solver.MostPoints})
	if s.ctx.Err() != nil {
		return 0, false
	}
	if err == nil && res.Play {
		left = without(rack, res.Placed)
	}
	v := standing(s.r, left)
	s.cache.setResidual(k, v)
	return v, true
}

// value is the minimax value for me of p with seat to move, depth plies
// deep; at depth 0 the player to move still goes out if it can. Every
// opponent is assumed to play against me (with one opponent that is the
// game itself). ok is false on time-out.
func (s *esearch) value(p *spos, seat, depth, alpha, beta int) (int, bool) {
	out, ok := s.canOut(p, seat)
	if !ok {
		return 0, false
	}
	if out {
		return s.wonBy(p, seat), true
	}
	if depth == 0 {
		v, ok := s.lead(p)
		if ok && len(p.pool) == 0 && p.passes+1 >= len(p.racks) {
			// The player to move may pass and block the game.
			if b := s.blocked(p); seat == s.me {
				v = max(v, b)
			} else {
				v = min(v, b)
			}
		}
		return v, ok
	}
	moves, ok := s.movesOf(p, seat)
	if !ok {
		return 0, false
	}
	if seat != s.me && seat < len(s.layers) && s.layers[seat] {
		moves = ownMoves(moves)
	}
	next := (seat + 1) % len(p.racks)
	maxing := seat == s.me
	best := winValue * 4
	if maxing {
		best = -best
	}
	for i := range moves {
		c, blocked := apply(p, seat, &moves[i])
		var v int
		if blocked {
			v = s.blocked(&c)
		} else if v, ok = s.value(&c, next, depth-1, alpha, beta); !ok {
			return 0, false
		}
		if maxing {
			best = max(best, v)
			alpha = max(alpha, v)
		} else {
			best = min(best, v)
			beta = min(beta, v)
		}
		if alpha >= beta {
			break
		}
	}
	return best, true
}

// rootValues returns the value of each of the root moves in p for me,
// each searched depth plies deep after it; ok is false on time-out.
func (s *esearch) rootValues(p *spos, moves []smove, depth int) ([]int, bool) {
	vals, done := s.rootPartial(p, moves, depth)
	return vals, done == len(moves)
}

// rootPartial is rootValues that keeps the values found before a time-out:
// the first done moves are valued.
func (s *esearch) rootPartial(p *spos, moves []smove, depth int) (vals []int, done int) {
	vals = make([]int, len(moves))
	next := (s.me + 1) % len(p.racks)
	for i := range moves {
		c, blocked := apply(p, s.me, &moves[i])
		if blocked {
			vals[i] = s.blocked(&c)
			continue
		}
		v, ok := s.value(&c, next, depth, -winValue*4, winValue*4)
		if !ok {
			return vals, i
		}
		vals[i] = v
	}
	return vals, len(moves)
}

// Depths of the endgame search: the deepest an exactly known position is
// searched to (iterative deepening stops there or at the deadline), and
// the depth of each sampled deal.
const (
	maxEndDepth     = 6
	sampledEndDepth = 0
)

// endgame chooses expert's move when the pool is nearly or fully empty
// and no River pull is under way. It returns the sets to lay, or draw
// (a draw or pass); ok is false when the search did not finish one full
// pass, and the caller falls back on its plain choice.
func endgame(ctx context.Context, v *game.SeatView, rng *rand.Rand, cache *endCache) (sets game.Table, draw, ok bool) {
	hidden, ok := hiddenTiles(v)
	if !ok || !opened(v) {
		return nil, false, false
	}
	cache.forGame(v.Game)
	s := newSearchWith(ctx, &v.Rules, v.Seat, cache)
	s.layers = setLayers(ctx, v, cache)
	moves, ok := genMoves(ctx, &v.Rules, game.SetsOf(v.Table), v.Rack, true)
	if !ok {
		return nil, false, false
	}
	if len(moves) == 1 {
		return nil, true, true
	}
	// The smallest plays first: a search cut short has then valued the
	// pass and the single sets, the plays a race to shed is made of,
	// rather than the big plays that are slow to weigh and seldom safe.
	sort.SliceStable(moves, func(i, j int) bool { return len(moves[i].placed) < len(moves[j].placed) })
	partial := false
	var p0 spos
	exact := v.Pool == 0 && len(v.RackCounts) == 2
	var best []int
	if exact {
		w := deal(ctx, rng, v, hidden)
		p := spos{table: game.SetsOf(v.Table), racks: w.racks, melded: v.Melded, passes: v.Passes}
		p0 = p
		s.parts = make([]partition, len(p.racks))
		for seat, rack := range p.racks {
			if pt, ok := cache.partition(rackKey(rack)); ok {
				s.parts[seat] = pt
			} else if pt, ok := s.partitionOf(rack); ok {
				cache.setPartition(rackKey(rack), pt)
				s.parts[seat] = pt
			}
		}
		for d := 0; d <= maxEndDepth; d++ {
			vals, done := s.rootPartial(&p, moves, d)
			if done < len(moves) {
				if d == 0 && done > 1 {
					// Not every move valued: choose among those that were.
					for i := done; i < len(vals); i++ {
						vals[i] = -winValue * 4
					}
					best, partial = vals, true
				}
				break
			}
			best = vals
			// The choice of every finished pass is offered at once: a
			// deadline that comes before the next pass ends takes it.
			k := shedWhileBehind(&v.Rules, &p0, v.Seat, moves, best, bestMove(&v.Rules, moves, best))
			offer(ctx, moves[k].sets, moves[k].draw())
		}
	} else {
		total := make([]int, len(moves))
		for n := 0; ; n++ {
			w := deal(ctx, rng, v, hidden)
			p := spos{table: game.SetsOf(v.Table), racks: w.racks, melded: v.Melded, pool: w.pool, passes: v.Passes}
			vals, ok := s.rootValues(&p, moves, sampledEndDepth)
			if !ok {
				break
			}
			for i := range vals {
				total[i] += vals[i]
			}
			best = total
			if n > 64 {
				break
			}
		}
	}
	if best == nil {
		return nil, false, false
	}
	k := bestMove(&v.Rules, moves, best)
	if partial && best[k] < -winValue/2 {
		return nil, false, false // the plain answer may do better than a loss
	}
	if exact {
		k = shedWhileBehind(&v.Rules, &p0, v.Seat, moves, best, k)
	}
	if moves[k].draw() {
		return nil, true, true
	}
	return moves[k].sets, false, true
}

// shedWhileBehind chooses, when me stands behind on points in p, the
// play shedding the most points among those the search does not find
// lost; k (the search's choice) when there is none. Behind, every pass
// invites the opponent ahead to pass too and win the blocked game, and
// the sets still safe to lay only grow fewer: a shallow search, whose
// leaves weigh the sets a rack could still lay as good as laid, would
// otherwise shed small sets turn after turn and stay behind (it did,
// against panel:holder, until only plays letting it out were left).
func shedWhileBehind(r *game.Rules, p *spos, me int, moves []smove, vals []int, k int) int {
	behind := false
	for o, rack := range p.racks {
		if o != me && standing(r, rack) < standing(r, p.racks[me]) {
			behind = true
		}
	}
	if !behind {
		return k
	}
	pick, pts := k, -1
	for i := range moves {
		if moves[i].draw() || vals[i] < -winValue/2 {
			continue
		}
		if v := r.RackValue(moves[i].placed); v > pts {
			pick, pts = i, v
		}
	}
	return pick
}

// bestMove returns the index of the move of the best value; on a tie the
// one shedding the most points, a pass last. A pass only gains when
// everyone else passes too: otherwise it gives away a turn in which a
// set could have gone down safely, and the sets still safe to lay grow
// fewer as the table grows and the opponents' racks shrink.
func bestMove(r *game.Rules, moves []smove, vals []int) int {
	k := 0
	for i := 1; i < len(moves); i++ {
		switch {
		case vals[i] > vals[k]:
			k = i
		case vals[i] == vals[k] && r.RackValue(moves[i].placed) > r.RackValue(moves[k].placed):
			k = i
		}
	}
	return k
}

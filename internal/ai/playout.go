package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// candidate is a play expert weighs: the table it leaves and the rack
// tiles it places, or a draw (holding everything back).
type candidate struct {
	name   string
	sets   game.Table
	placed []game.Tile
	draw   bool
}

// placedBy returns the rack tiles of v that sets puts on the table.
func placedBy(v *game.SeatView, sets game.Table) []game.Tile {
	on := map[game.TileID]bool{}
	for _, s := range sets {
		for _, t := range s {
			on[t.ID] = true
		}
	}
	var out []game.Tile
	for _, t := range v.Rack {
		if on[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

// playoutRounds is how many rounds a play-out runs after the candidate:
// near the end of a game that is when the race is decided, and each
// round costs one solver call per seat.
const playoutRounds = 3

// Play-out results, in half-games so that one undecided play-out is 1.
const (
	playoutLost = 0
	playoutOpen = 1
	playoutWon  = 2
)

// playout is one sampled deal played on from a candidate. The simulated
// players are fast: each goes out when the solver can empty its rack on
// the table, and otherwise draws (the seat of expert holds back, and the
// opponents' own sets, which they would lay, could be laid in the same
// going-out turn anyway).
type playout struct {
	r      *game.Rules
	table  game.Table
	racks  [][]game.Tile
	melded []bool
	pool   []game.Tile // the next tile drawn is the last
}

// goesOut reports whether seat can empty its rack now; ok is false when
// the context ran out first.
func (g *playout) goesOut(ctx context.Context, seat int) (out, ok bool) {
	rack := g.racks[seat]
	res, err := solver.Solve(ctx, solver.Request{Rules: g.r, Table: g.table, Rack: rack, Opened: g.melded[seat], Objective: solver.MostTiles, Must: rack})
	if ctx.Err() != nil {
		return false, false
	}
	return err == nil && res.Play && len(res.Placed) == len(rack), true
}

// draw gives seat the next pool tile; false when the pool is empty.
func (g *playout) draw(seat int) bool {
	n := len(g.pool)
	if n == 0 {
		return false
	}
	rack := g.racks[seat]
	g.racks[seat] = append(rack[:len(rack):len(rack)], g.pool[n-1])
	g.pool = g.pool[:n-1]
	return true
}

// byPoints judges a play-out that reached an empty pool as a blocked game
// would be judged: the smallest rack value wins.
func (g *playout) byPoints(me int) int {
	mine := g.r.RackValue(g.racks[me])
	best := true
	for s, rack := range g.racks {
		if s == me {
			continue
		}
		switch other := g.r.RackValue(rack); {
		case other < mine:
			return playoutLost
		case other == mine:
			best = false
		}
	}
	if best {
		return playoutWon
	}
	return playoutOpen
}

// playOut plays candidate c for the seat of v in world w, then
// playoutRounds rounds; ok is false when the context ran out.
func playOut(ctx context.Context, v *game.SeatView, w world, c *candidate) (int, bool) {
	me := v.Seat
	g := playout{r: &v.Rules, table: c.sets, racks: make([][]game.Tile, len(w.racks)), melded: append([]bool(nil), v.Melded...), pool: w.pool}
	copy(g.racks, w.racks)
	if c.draw {
		g.table = game.SetsOf(v.Table)
		g.racks[me] = v.Rack
		if !g.draw(me) {
			return g.byPoints(me), true
		}
	} else {
		g.racks[me] = without(v.Rack, c.placed)
		g.melded[me] = true
	}
	seat := me
	for i := 0; i < playoutRounds*len(g.racks); i++ {
		seat = (seat + 1) % len(g.racks)
		out, ok := g.goesOut(ctx, seat)
		if !ok {
			return 0, false
		}
		if out {
			if seat == me {
				return playoutWon, true
			}
			return playoutLost, true
		}
		if !g.draw(seat) {
			return g.byPoints(me), true
		}
	}
	return playoutOpen, true
}

// switchMargin is by how much (in half-games over all deals) a candidate
// must beat the default before expert leaves it: a deal or two of noise
// must not turn it from a plan measured to be strong.
const switchMargin = 2

// bestCandidate plays every candidate out on the same sampled deals (at
// most deals of them, as many as ctx allows; a deal cut short by ctx is
// dropped) and returns the index of the best total, 0 (the default)
// unless another beats it by switchMargin.
func bestCandidate(ctx context.Context, v *game.SeatView, cands []candidate, deals int, rng *rand.Rand) int {
	hidden, ok := hiddenTiles(v)
	if !ok || len(cands) < 2 {
		return 0
	}
	total := make([]int, len(cands))
	row := make([]int, len(cands))
	for i := 0; i < deals; i++ {
		w := deal(ctx, rng, v, hidden)
		for k := range cands {
			s, ok := playOut(ctx, v, w, &cands[k])
			if !ok {
				return pick(total)
			}
			row[k] = s
		}
		for k := range row {
			total[k] += row[k]
		}
	}
	return pick(total)
}

// pick returns the index of the best total, 0 unless beaten by the margin.
func pick(total []int) int {
	best := 0
	for k := 1; k < len(total); k++ {
		if total[k] > total[best] {
			best = k
		}
	}
	if best != 0 && total[best]-total[0] < switchMargin {
		return 0
	}
	return best
}

package solver

import "rummikub/internal/game"

// Run demand: the runs a colour's table tiles still to come need, counted
// back from the last place, for the colours no wild joker can help.
//
// A table tile at place q lies in a group at q or a run through q. A run
// through q+1 either goes through q or starts at q+1, so the runs through
// q are at least the runs through q+1 less those that can start at q+1
// (each needs tiles of its colour at the two places after), and at least
// the colour's table tiles at q less the groups they could join. Every run
// through q holds a tile of its colour at q; with no wild joker to take
// that place, a colour needing more runs through q than it has tiles there,
// or more runs through p than its open runs and the runs starting at p, is
// dead.
//
// A colour has no wild joker to use when none is left, or, with table
// jokers freed under joker-two-rack-tiles and no rack joker (every wild
// joker then needs two rack tiles in its set, see split.go), when neither
// its open runs nor its rack tiles from p on can give a set two rack tiles
// (groups with a wild joker are then counted where two rack tiles of the
// number could join them). On the slowest wrap benchmark position (28) the
// search met 3,760 states at place 11 that all died at 13: two orange 13s
// with no group and no high 1 need two orange runs through 11, where one
// orange 11 lies and the one wild joker has to go to red. Search nodes over
// the benchmark sets (first pass of the report): wrap 597,561 -> 466,625
// (28: 89,713 -> 109), standard 54,977 -> 54,750, six 230,602 -> 230,029,
// forty 48,746 -> 48,587, river 40,637 -> 40,531, joker-heavy 196,900 ->
// 196,121.

// demandChain is the run demand of one colour: for each place p, the runs
// it needs through p, and whether it needs more runs somewhere from p on
// than it has tiles there.
type demandChain struct {
	need [16]int8
	dead [16]bool
}

// demandTables holds the chains of the states the plain chains do not
// cover (under wrap, by the ones kept for place 14; with freed jokers, by
// the wild jokers left), worked out when first needed.
type demandTables struct {
	chain [4][8][17]demandChain
	have  [4][8][17]bool
}

// runDemand reports that a state at place p cannot lay the table tiles of
// a colour no wild joker can help (see above).
func (d *dp) runDemand(p int, s *state) bool {
	if s.relax || (d.wrap && p == 1) || p > game.MaxNumber {
		return false
	}
	split := s.wild > 0 && d.splitApplies(s)
	if s.wild > 0 && !split {
		return false
	}
	for c := 0; c < 4; c++ {
		if split && !d.noJokerFor(p, s, c) {
			continue
		}
		var ch *demandChain
		if d.wrap || split {
			ch = d.demandChainFor(c, s, split)
		} else {
			ch = &d.demand0[c]
			if d.demand0Have&(1<<c) == 0 {
				d.demand0Have |= 1 << c
				d.fillChain(ch, c, 0, 0)
			}
		}
		if ch.dead[p] || int(ch.need[p]) > int(s.runs[c].n)+min(d.runSupply(p+1, c, s), d.runSupply(p+2, c, s)) {
			return true
		}
	}
	return false
}

// demandChainFor is the chain of colour c for a state under wrap or with
// freed jokers.
func (d *dp) demandChainFor(c int, s *state, split bool) *demandChain {
	ones := 0
	if d.wrap {
		ones = min(7, int(s.res[c][0])+int(s.res[c][1])+int(s.res[c][2]))
	}
	wild := 0
	if split {
		wild = 1 + min(15, int(s.wild))
	}
	if d.demandMore == nil {
		d.demandMore = new(demandTables)
	}
	t := d.demandMore
	if !t.have[c][ones][wild] {
		t.have[c][ones][wild] = true
		d.fillChain(&t.chain[c][ones][wild], c, ones, max(0, wild-1))
	}
	return &t.chain[c][ones][wild]
}

// fillChain works out the chain of colour c with the given ones kept for
// place 14 (wrap) and wild jokers that groups may hold where two rack
// tiles of the number could join.
func (d *dp) fillChain(ch *demandChain, c, ones, wild int) {
	need := ones // runs through 14: the ones kept for it
	dead := false
	for q := game.MaxNumber; q >= 1; q-- {
		// runs through q+1 less those starting at q+1
		need = max(0, need-min(d.chainSupply(q+2, c, ones), d.chainSupply(q+3, c, ones)))
		if t := d.t[q][c] - d.groupsFor(q, c, wild); t > need {
			need = t
		}
		if need > d.chainSupply(q, c, ones) {
			dead = true
		}
		ch.need[q] = int8(min(need, 127))
		ch.dead[q] = dead
	}
}

// noJokerFor reports that no set of colour c from place p on can hold a
// wild joker that needs two rack tiles: no open run of c and the rack
// tiles of c still to come make two.
func (d *dp) noJokerFor(p int, s *state, c int) bool {
	rack := d.rackFromC[p][c]
	if d.wrap && p >= 2 {
		rack += int(s.res[c][1])
	}
	most := 0
	for i := 0; i < int(s.runs[c].n); i++ {
		most = max(most, drack(s.runs[c].d[i]))
	}
	return most+rack < 2
}

// runSupply is the most tiles of colour c a run could take at place q:
// under wrap place 14 holds the ones kept for it.
func (d *dp) runSupply(q, c int, s *state) int {
	ones := 0
	if q == game.MaxNumber+1 {
		ones = int(s.res[c][0]) + int(s.res[c][1]) + int(s.res[c][2])
	}
	return d.chainSupply(q, c, ones)
}

// chainSupply is runSupply with the ones kept for place 14 given.
func (d *dp) chainSupply(q, c, ones int) int {
	switch {
	case q > d.last:
		return 0
	case q == game.MaxNumber+1:
		return ones
	}
	return d.t[q][c] + d.r[q][c] + d.keepable[q][c]
}

// groupsFor is the most groups at place q that could hold a tile of colour
// c: each needs two tiles of other colours, one of a colour at most, or
// wild jokers in their place where two rack tiles of the number could
// join.
func (d *dp) groupsFor(q, c, wild int) int {
	if wild > 0 {
		rack := 0
		for c2 := 0; c2 < 4; c2++ {
			rack += d.r[q][c2]
		}
		if rack < 2 {
			wild = 0
		}
	}
	k := 0
	for k < d.t[q][c] {
		others := wild
		for c2 := 0; c2 < 4; c2++ {
			if c2 != c {
				others += min(d.t[q][c2]+d.r[q][c2]+d.keepable[q][c2], k+1)
			}
		}
		if others < 2*(k+1) {
			break
		}
		k++
	}
	return k
}

package solver

import (
	"math/bits"
	"rummikub/internal/game"
)

// The table jokers freed this turn: every choice of them is searched, and
// the choice decides which jokers are wild.

// run solves from every choice of freed table jokers and returns the best
// score, or negInf when nothing is valid.
func (d *dp) run() int64 {
	nj := len(d.jHome)
	var masks []int
	if d.freeAll {
		masks = []int{1<<nj - 1}
	} else {
		// freeing the most first: wild jokers make good plays easy to find,
		// which bounds the rest
		for mask := 1<<nj - 1; mask > 0 && d.canFree; mask-- {
			if d.canMatch(uint8(mask)) { // else too few real tiles to free them
				masks = append(masks, mask)
			}
		}
		masks = append(masks, 0)
	}
	// First a short look at every choice, for a good incumbent from
	// whichever finds one fast; then the full search of the choices the
	// short look did not finish. Subtrees finished in the short look stay
	// in the memo.
	best := negInf
	done := make([]bool, len(masks))
	for pass := 0; pass < 2; pass++ {
		for k := range masks {
			i := k
			if pass == 1 {
				i = len(masks) - 1 - k // keeping the jokers first: usually the quickest to search
			}
			if done[i] {
				continue
			}
			mask := masks[i]
			d.budget = 0
			if pass == 0 && len(masks) > 1 && d.p.r.JokerTwoRackTiles {
				// under joker-two-rack-tiles freeing can be costly to rule
				// out: look at every choice briefly before going deep
				d.budget = d.nodes + 2000
			}
			v := d.runMask(mask)
			if d.canceled {
				return best
			}
			if d.overBudget {
				d.overBudget = false
				continue
			}
			done[i] = true
			best = max(best, v)
		}
	}
	return best
}

// stripFor reports whether the search with the table jokers of mask freed
// leaves spare jokers out: not before the initial meld (a spare joker adds
// to the meld's value) nor when a freed joker needs two rack tiles in its
// set (a spare one cannot move to another set then). With no table joker
// freed every wild joker is a rack joker, which may lie in any set, so the
// search keeps the joker-two-rack-tiles rule and still strips: on the wrap
// benchmark set (wrap has joker-two-rack-tiles; 200 positions, one pass,
// thread CPU time) it took the median from 0.87 to 0.55 ms.
func (d *dp) stripFor(mask int) bool {
	if d.meld || d.noStrip {
		return false
	}
	return !(d.p.r.JokerTwoRackTiles && d.canFree && mask != 0)
}

// runMask searches with the table jokers of mask freed.
func (d *dp) runMask(mask int) int64 {
	d.strip = d.stripFor(mask)
	s := state{freed: uint8(mask)}
	s.wild = uint8(d.wildTotal(&s))
	// freed jokers are wild like rack jokers but score nothing: the search
	// counts every wild joker placed, and the freed ones are taken off here,
	// so states can be shared between choices
	off := -int64(d.freedCount(&s)) * d.jokerGain
	if d.freeAll {
		off = -int64(len(d.jHome)) * d.jokerGain
	}
	d.path = d.path[:0]
	v, _ := d.solve(1, &s, off)
	if v == negInf {
		return negInf
	}
	return v + off
}

func (d *dp) freedCount(s *state) int { return bits.OnesCount8(s.freed) }

// canMatch reports whether the jokers of mask could each be freed by a real
// tile of their own: rack tiles that may be played (under joker-from-rack
// only those), else table tiles too.
func (d *dp) canMatch(mask uint8) bool {
	for n := 1; n <= game.MaxNumber; n++ {
		var freed []int
		for j, h := range d.jHome {
			if h == n && mask&(1<<j) != 0 {
				freed = append(freed, j)
			}
		}
		if len(freed) == 0 {
			continue
		}
		have := make([]int, 4)
		for c := 0; c < 4; c++ {
			have[c] = d.r[n][c]
			if !d.p.r.JokerFromRack {
				have[c] += d.t[n][c] + d.extra[n][c]
			}
		}
		if !matchFreed(d.jOpts, freed, have) {
			return false
		}
	}
	return true
}

// keyMask is the part of the freed-joker choice the future from place p
// depends on: jokers whose number is still to come (kept ones must still
// be laid, freed ones matched). Under joker-two-rack-tiles also how many
// are freed, as the room for them is counted to the end (which ones does
// not matter once their numbers are past): choices freeing as many share
// those states. Wrap benchmark set search nodes 729,531 -> 720,514 (191:
// 39,372 -> 35,048, 156: 42,107 -> 40,417); the other sets unchanged.
func (d *dp) keyMask(p int, s *state) uint8 {
	if d.p.r.JokerTwoRackTiles {
		if len(d.jHome) > 4 {
			return s.freed
		}
		return s.freed&d.pending[min(p, 15)] | uint8(d.freedCount(s))<<4
	}
	return s.freed & d.pending[min(p, 15)]
}

// split reports whether the state counts table and rack tiles apart.
func (d *dp) split(s *state) bool {
	return s.freed != 0 && !d.freeAll && d.p.r.JokerTwoRackTiles
}

func (d *dp) wildTotal(s *state) int {
	if d.freeAll {
		return d.jAvail + len(d.jHome)
	}
	return d.jAvail + d.freedCount(s)
}

package solver

// Tail bounds: what the places from p on can still give, whatever runs come
// in at p.
//
// The bound of a state counts every rack tile still to come (less the
// copies short of sets, see deficits), so where the rest of the position
// cannot take every tile, the search learns it state by state: every way
// to lay the earlier places ends in its own state, each searched to the
// end before it is found short. The relaxed state at place p stands for
// them all: no run open, the same wild jokers, freed table jokers and 1s
// kept for place 14, but its new runs at p may be runs from before, of any
// length (two tiles and a real one: with p they may close or go on, even
// on wild jokers, with no rule on a first wild joker), with room for every
// freed joker and the initial meld reached. Every arrangement from a state
// at p is one from the relaxed state (its runs going on at p are such
// runs), so the relaxed state's best bounds the state's. Its next states
// are ordinary ones, shared with the search through the memo.
//
// It costs a search of its own, so only searches that have already taken
// tailAfter nodes use it, on states the plain bound does not cut: the
// relaxed search looks for an arrangement above the state's threshold and
// stops at the first (kept as a lower bound, so it is not looked for
// again below it); when there is none the state is cut with the relaxed
// state's bound.
//
// Search nodes over the benchmark sets (first pass of the report):
// standard 143,196 -> 54,977, wrap 890,706 -> 767,048, six 372,550 ->
// 230,602, forty 81,708 -> 49,364, river 49,994 -> 40,637, joker-heavy
// 1,798,861 -> 196,900; the slowest position, standard 33 -> 4.2 ms,
// joker-heavy 428 -> 20 ms, wrap 129 -> 71 ms (thread CPU, a busy
// machine); medians unchanged. After 300 nodes instead of 2,000 the sets
// take about as many nodes in all (wrap more), after 8,000 more (wrap
// fewer) and the slowest standard position 6.7 ms.

// tailAfter is the search nodes after which states are checked against
// the tail bound (a variable so that the property tests can check every
// state against it).
var tailAfter = 2000

// tailCut reports whether the state s at place p, reached with prefix,
// cannot beat the incumbent by the tail bound, and returns that bound.
func (d *dp) tailCut(p int, s *state, prefix int64) (int64, bool) {
	thr := d.incVal - prefix
	// the relaxed state lives in d, one a depth of tail bounds searched
	// inside each other: a local one escaped to the heap (solve hands its
	// state to closures), 12% of a standard solve's allocations.
	var root *state
	if d.relaxDepth < len(d.tailRoots) {
		root = &d.tailRoots[d.relaxDepth]
	} else {
		root = new(state)
	}
	*root = state{relax: true, freed: s.freed, wild: s.wild, cap: s.cap, value: s.value, res: s.res}
	if d.split(s) {
		root.cap = uint8(d.freedCount(s))
	}
	if d.meld {
		root.value = uint8(d.thr)
	}
	var kb [memoShort]byte
	if !root.shortKey(p, d.wrap, d.keyMask(p, root), &kb) {
		return 0, false
	}
	key := memoWords(&kb)
	if lb, ok := d.tailLB[key]; ok && lb > thr {
		return 0, false
	}
	saved := d.incVal
	d.incVal = thr
	d.relaxDepth++
	v, _ := d.solve(p, root, 0)
	d.relaxDepth--
	d.incVal = saved
	if d.relaxHit {
		d.relaxHit = false
		if d.tailLB == nil {
			d.tailLB = make(map[[4]uint64]int64)
		}
		if lb, ok := d.tailLB[key]; !ok || d.relaxLB > lb {
			d.tailLB[key] = d.relaxLB
		}
		return 0, false
	}
	if d.canceled || d.overBudget || v > thr {
		return 0, false
	}
	return v, true
}

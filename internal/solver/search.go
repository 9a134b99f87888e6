package solver

import (
	"context"
	"slices"
	"sync/atomic"

	"rummikub/internal/game"
)

// search finds the best play: the DP over the whole position, then, among
// the plays as good, one that leaves as many table sets as they were.
func (p *problem) search(ctx context.Context) (*solution, bool) {
	if !p.opened && p.r.MeldThenExtend {
		return p.meldThenExtend(ctx)
	}
	sol, val, complete := p.solveDP(ctx, 0, true)
	if sol == nil {
		return nil, complete
	}
	if !p.opened {
		sol.kept = allSets(len(p.sets))
		return sol, complete
	}
	if complete {
		sol = p.preferUntouched(ctx, sol, val)
	}
	return sol, complete
}

func allSets(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// solveDP runs the DP looking only for plays worth more than floor. It
// returns the best one found (nil if none), its score, and whether the
// search completed. With aspire it first looks for the best plays the bound
// allows (see runAspired); without, floor is known to be close.
func (p *problem) solveDP(ctx context.Context, floor int64, aspire bool) (*solution, int64, bool) {
	d := startDP(p, ctx, p.opened || p.r.MeldThenExtend)
	if floor >= 0 && d.rootBound() <= floor {
		// nothing can beat floor: no need for the bounds finishBounds works
		// out. Most often the rest of the rack after a family of meld sets
		// (see meldThenExtend): before the initial meld under
		// meld-then-extend, 18,226 of the 18,483 searches of the forty
		// benchmark set
		putDP(d)
		return nil, floor, true
	}
	d.finishBounds()
	d.runFrom(floor, aspire)
	searchNodes.Add(int64(d.nodes))
	sol := d.rebuild()
	if d.noRoom {
		// The best arrangement has no room for its spare jokers (almost
		// every set full): search again with jokers anywhere.
		putDP(d)
		d = newDP(p, ctx, p.opened || p.r.MeldThenExtend)
		d.noStrip = true
		d.strip = false
		d.runFrom(floor, aspire)
		sol = d.rebuild()
	}
	val, canceled := d.incVal, d.canceled
	putDP(d)
	if sol != nil {
		for k, f := range p.fixed {
			if f {
				sol.kept = append(sol.kept, k)
			}
		}
	}
	return sol, val, !canceled
}

// preferUntouched returns a play worth val that leaves table sets as they
// were: the whole table when a play of new sets alone is as good (one more
// search), else the play found, with every table set it happens to rebuild
// exactly reported as left in place. (Maximising the sets left alone over
// every optimal play would cost a search per set; this is what a player
// sees as "not needlessly reshuffled".)
func (p *problem) preferUntouched(ctx context.Context, sol *solution, val int64) *solution {
	n := len(p.sets)
	if n == 0 {
		return sol
	}
	kept := p.keepRebuilt(sol)
	if len(kept.kept) == n {
		return kept // the play already leaves every table set alone
	}
	if p.rackOnlyBound() < val {
		return kept // the rack's tiles alone cannot make as good a play
	}
	// every set fixed for one search (p is not shared: a copy of it was a
	// tenth of a middle-game solve's allocated bytes)
	p.fixed = make([]bool, n)
	for k := range p.fixed {
		p.fixed[k] = true
	}
	s, v, complete := p.solveDP(ctx, val-1, false)
	p.fixed = nil
	if complete && s != nil && v >= val {
		return s
	}
	return kept
}

// rackOnlyBound is the most a play of new sets alone can score: every rack
// tile that a set of rack tiles and rack jokers could hold, and the rack
// jokers. It is the bound the search for such a play starts from (see
// solveDP), without building that search: on the standard benchmark set it
// settles 131 of the 198 such searches.
func (p *problem) rackOnlyBound() int64 {
	var none [15][4]int
	r, must := p.rackByPlace()
	last := game.MaxNumber
	if p.r.Wrap {
		last++
	}
	r = placeable(tileSupply{t: &none, keepable: &none, m: &must, last: last, wrap: p.r.Wrap}, r, p.jAvail, false)
	v := int64(p.jAvail) * p.score(1, p.r.JokerPenalty)
	for n := 1; n <= game.MaxNumber; n++ {
		for c := 0; c < 4; c++ {
			v += p.score(r[n][c], r[n][c]*n)
		}
	}
	return v
}

// keepRebuilt marks the table sets that sol lays again exactly (the same
// table tiles and jokers, each joker standing where it stood) as kept.
func (p *problem) keepRebuilt(sol *solution) *solution {
	// key: the set's tiles as bytes (face, source, joker), sorted; a value,
	// so that no string is made per set (these strings were a tenth of a
	// middle-game solve's allocations)
	type setKey struct {
		n int
		b [3 * game.MaxNumber]byte
	}
	add := func(k *setKey, face game.Face, src, joker int) {
		b := k.b[:k.n+3]
		b[k.n], b[k.n+1], b[k.n+2] = byte(face.Index()), byte(src), byte(joker)
		for j := k.n; j > 0 && string(b[j-3:j]) > string(b[j:j+3]); j -= 3 {
			for i := 0; i < 3; i++ {
				b[j-3+i], b[j+i] = b[j+i], b[j-3+i]
			}
		}
		k.n += 3
	}
	// the table sets' keys, matched by a scan: a set of the play is the
	// first table set not yet matched with its key. It replaced a map from
	// key to a chain of sets, simpler and no slower: on the standard
	// benchmark set (6 interleaved runs, per position the best of 5 thread
	// CPU times) the median went 0.0417 -> 0.0410 ms, lower in 5 of 6
	// pairs, the sum unchanged within noise (17.1-18.5 ms both).
	var keyBuf [32]setKey
	var usedBuf [32]bool
	keys, used := keyBuf[:0], usedBuf[:0]
	if len(p.sets) > len(keyBuf) {
		keys, used = make([]setKey, 0, len(p.sets)), make([]bool, 0, len(p.sets))
	}
	ji := 0
	for _, m := range p.sets {
		var key setKey
		for _, t := range m.Tiles {
			if t.IsJoker() {
				add(&key, t.As, srcTableJoker, ji)
				ji++
				continue
			}
			add(&key, t.Face, srcTable, 0)
		}
		keys = append(keys, key)
		used = append(used, false)
	}
	out := &solution{kept: append(make([]int, 0, len(p.sets)), sol.kept...)}
	for _, set := range sol.sets {
		var key setKey
		for _, sl := range set {
			joker := 0
			if sl.src == srcTableJoker {
				joker = sl.joker
			}
			add(&key, sl.face, sl.src, joker)
		}
		h := -1
		for k := range keys {
			if !used[k] && keys[k].n == key.n && keys[k].b == key.b {
				h = k
				break
			}
		}
		if h >= 0 {
			used[h] = true
			out.kept = append(out.kept, h)
			continue
		}
		out.sets = append(out.sets, set)
	}
	slices.Sort(out.kept)
	return out
}

// searchNodes counts the states and transitions searched, for the
// benchmark report: a measure of work that a busy machine does not blur.
var searchNodes atomic.Int64

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
	d := newDP(p, ctx, p.opened || p.r.MeldThenExtend)
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
	q := *p
	q.fixed = make([]bool, n)
	for k := range q.fixed {
		q.fixed[k] = true
	}
	if s, v, complete := q.solveDP(ctx, val-1, false); complete && s != nil && v >= val {
		return s
	}
	return kept
}

// keepRebuilt marks the table sets that sol lays again exactly (the same
// table tiles and jokers, each joker standing where it stood) as kept.
func (p *problem) keepRebuilt(sol *solution) *solution {
	type item struct {
		face  game.Face
		src   int
		joker int
	}
	// key: the set's tiles as bytes, sorted (face, source, joker), in a
	// buffer used again for every set
	var buf []byte
	key := func(items []item) []byte {
		b := buf[:0]
		for _, it := range items {
			b = append(b, byte(it.face.Index()), byte(it.src), byte(it.joker))
		}
		for i := 3; i < len(b); i += 3 {
			for j := i; j > 0 && string(b[j-3:j]) > string(b[j:j+3]); j -= 3 {
				for k := 0; k < 3; k++ {
					b[j-3+k], b[j+k] = b[j+k], b[j-3+k]
				}
			}
		}
		buf = b
		return b
	}
	// the table sets by key: an index into queues of set numbers (looked
	// up by the bytes, which needs no string)
	want := make(map[string]int, len(p.sets))
	var queues [][]int
	var items []item
	ji := 0
	for k, m := range p.sets {
		items = items[:0]
		for _, t := range m.Tiles {
			if t.IsJoker() {
				items = append(items, item{t.As, srcTableJoker, ji})
				ji++
				continue
			}
			items = append(items, item{t.Face, srcTable, 0})
		}
		kb := key(items)
		if qi, ok := want[string(kb)]; ok {
			queues[qi] = append(queues[qi], k)
			continue
		}
		want[string(kb)] = len(queues)
		queues = append(queues, []int{k})
	}
	out := &solution{kept: append([]int(nil), sol.kept...)}
	for _, set := range sol.sets {
		items = items[:0]
		for _, sl := range set {
			it := item{sl.face, sl.src, 0}
			if sl.src == srcTableJoker {
				it.joker = sl.joker
			}
			items = append(items, it)
		}
		if qi, ok := want[string(key(items))]; ok && len(queues[qi]) > 0 {
			out.kept = append(out.kept, queues[qi][0])
			queues[qi] = queues[qi][1:]
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

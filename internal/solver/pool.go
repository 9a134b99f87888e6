package solver

import (
	"sync"
	"weak"
)

// The dp values, their tables and the colour choices kept from solve to
// solve.

// dpPool keeps dp values, with their maps and buffers, between solves:
// a cheap position then allocates almost nothing.
var dpPool = sync.Pool{New: func() any { return new(dp) }}

// maxKeep is the most memo states a pooled dp keeps its map for; a
// bigger map is dropped (clearing it would cost more than it saves).
const maxKeep = 1 << 13

// keptChoices are the colour choices kept from solve to solve (see
// colEntry), with the blocks their entries are carved from, and the memo
// and choice tables, emptied per search but kept for their room. Every
// pooled dp holds the shared set, so it lives as long as the pool holds
// any dp, but solves reach it through one weak pointer: the pool's slots
// are per processor, and a solve that moved to another processor would
// otherwise start a set of its own, find none of the choices worked out
// before and grow its tables again.
type keptChoices struct {
	busy     bool // a search is using it (guarded by keptMu)
	m        map[optKey]*optEntry
	optBlock []colOpt
	bkBlock  []bucket
	entBlock []optEntry
	memoS    memoTable
	optLocal optTable
}

var (
	keptMu     sync.Mutex
	keptShared weak.Pointer[keptChoices]
)

// takeKept returns the shared colour choices, or a set of its own when
// another search is using them (or the pool let them go).
func takeKept() *keptChoices {
	keptMu.Lock()
	defer keptMu.Unlock()
	k := keptShared.Value()
	if k == nil {
		k = new(keptChoices)
		keptShared = weak.Make(k)
	} else if k.busy {
		return new(keptChoices)
	}
	k.busy = true
	return k
}

// getDP returns a cleared dp from the pool.
func getDP() *dp {
	d := dpPool.Get().(*dp)
	k := takeKept()
	// what the dp keeps of its last search, then the dp cleared in place:
	// a cleared copy of its 12 KB assigned to it made a getDP and putDP
	// 970 ns, this 373 (median of 5 benchmark runs)
	memo, keyBuf, path, incPath := d.memo, d.keyBuf[:0], d.path[:0], d.incPath[:0]
	jHome, jIdx := d.jHome[:0], d.jIdx[:0]
	optScratch, bkScratch, shortBuf := d.optScratch[:0], d.bkScratch[:0], d.shortBuf[:0]
	ubAlt, demandMore := d.ubAlt, d.demandMore
	*d = dp{}
	d.memo, d.keyBuf, d.path, d.incPath = memo, keyBuf, path, incPath
	d.jHome, d.jIdx = jHome, jIdx
	d.optScratch, d.bkScratch, d.shortBuf = optScratch, bkScratch, shortBuf
	d.ubAlt, d.demandMore = ubAlt, demandMore
	d.memoS, d.optCache, d.optLocal = k.memoS, k.m, k.optLocal
	d.kept, d.optBlock, d.bkBlock, d.entBlock = k, k.optBlock, k.bkBlock, k.entBlock
	if d.demandMore != nil {
		d.demandMore.have = [4][8][17]bool{}
	}
	d.memoS.reset()
	d.optLocal.reset()
	if len(d.memo) > maxKeep {
		d.memo = nil
	}
	clear(d.memo)
	// The colour choices do not depend on the position (their keys hold
	// what they depend on): they are kept until there are many.
	if n := len(d.optCache); n > maxKeep {
		// emptied, keeping its room (regrowing it would cost more),
		// unless one search made it very big
		if n > 4*maxKeep {
			d.optCache = nil
		}
		clear(d.optCache)
		// the blocks are written again only once no entry refers to them
		d.optBlock, d.bkBlock, d.entBlock = d.optBlock[:0], d.bkBlock[:0], d.entBlock[:0]
	}
	return d
}

// putDP returns d to the pool once its search and rebuild are done. It
// keeps holding the colour choices it used, which keeps them alive.
func putDP(d *dp) {
	// the work not yet counted at a check of the context (see Work)
	d.work.Spend(int64(d.units & 63))
	d.p, d.ctx, d.work = nil, nil, nil
	k := d.kept
	keptMu.Lock()
	k.m, k.optBlock, k.bkBlock, k.entBlock = d.optCache, d.optBlock, d.bkBlock, d.entBlock
	k.memoS, k.optLocal = d.memoS, d.optLocal
	k.busy = false
	keptMu.Unlock()
	d.optCache, d.optBlock, d.bkBlock, d.entBlock = nil, nil, nil, nil
	d.memoS, d.optLocal = memoTable{}, optTable{}
	dpPool.Put(d)
}

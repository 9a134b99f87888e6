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
	keep := dp{
		memo: d.memo, memoS: k.memoS, optCache: k.m, optLocal: k.optLocal,
		keyBuf: d.keyBuf[:0], path: d.path[:0], incPath: d.incPath[:0],
		jHome: d.jHome[:0], jIdx: d.jIdx[:0],
		optScratch: d.optScratch[:0], bkScratch: d.bkScratch[:0], shortBuf: d.shortBuf[:0], ubNoHigh: d.ubNoHigh, demandMore: d.demandMore,
		kept: k, optBlock: k.optBlock, bkBlock: k.bkBlock, entBlock: k.entBlock,
	}
	if keep.demandMore != nil {
		keep.demandMore.have = [4][8][17]bool{}
	}
	keep.memoS.reset()
	keep.optLocal.reset()
	if len(keep.memo) > maxKeep {
		keep.memo = nil
	}
	clear(keep.memo)
	// The colour choices do not depend on the position (their keys hold
	// what they depend on): they are kept until there are many.
	if n := len(keep.optCache); n > maxKeep {
		// emptied, keeping its room (regrowing it would cost more),
		// unless one search made it very big
		if n > 4*maxKeep {
			keep.optCache = nil
		}
		clear(keep.optCache)
		// the blocks are written again only once no entry refers to them
		keep.optBlock, keep.bkBlock, keep.entBlock = keep.optBlock[:0], keep.bkBlock[:0], keep.entBlock[:0]
	}
	*d = keep
	return d
}

// putDP returns d to the pool once its search and rebuild are done. It
// keeps holding the colour choices it used, which keeps them alive.
func putDP(d *dp) {
	d.p, d.ctx = nil, nil
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

package solver

import (
	"context"
	"math/bits"
	"sync"
	"weak"

	"rummikub/internal/game"
)

// negInf marks a state from which no valid arrangement follows.
const negInf = int64(-1) << 62

// dp is one run of the dynamic program over a problem.
type dp struct {
	p        *problem
	ctx      context.Context
	wrap     bool
	last     int  // the last place: 13, or 14 under wrap
	meld     bool // before the initial meld: track the meld value
	thr      int  // the initial-meld threshold
	useTable bool

	// supply by place (1..13) and colour
	t, r, m [15][4]int
	// table jokers in play: home number, option colours, index in the
	// problem's tableJokers
	jHome []int
	jOpts [][]int
	jIdx  []int
	// pending[p]: the table jokers whose number comes at place p or later
	pending [16]uint8
	// numbered tiles of table sets kept as they are: they can still free a
	// joker
	extra [15][4]int
	// jokers that can keep their meaning at (colour, number)
	keepable [15][4]int
	freeAll  bool // free-jokers: every table joker is wild
	canFree  bool // table jokers may be freed this turn
	// strip: the search leaves spare jokers out (a joker a set would still
	// be valid without) and counts every wild joker as laid; rebuild lays
	// the spare ones where there is room, or reports that there is none.
	strip     bool
	noStrip   bool // never strip: the search after rebuild found no room (see solveDP)
	noRoom    bool // rebuild found too little room for the spare jokers
	jAvail    int
	jMust     int
	jokerGain int64

	memo       map[string]memoEntry // states with long keys
	memoS      memoTable            // the others: no allocation per state
	ubSuffix   [16]int64            // the most the rack tiles of places >= q can add
	ubSuffix0  [16]int64            // ... once no wild joker is left
	r0         [15][4]int           // rack tiles a set can hold without a wild joker
	keyBuf     []byte
	nodes      int
	cuts       int // next states cut by the bound before they were built
	canceled   bool
	budget     int // with overBudget: a short look stops after this many nodes
	overBudget bool
	optCache   map[optKey]*optEntry // kept from solve to solve (in kept between searches)
	kept       *keptChoices
	optLocal   optTable

	// the incumbent: the best complete arrangement met so far, as a path
	// of states and the gains between them, ending where the memo knows
	// the rest.
	path    []pathStep
	incVal  int64
	incPath []pathStep

	// While solve searches place p: its prefix, and the best bound of the
	// ways to lay p that colours left out as too poor (see skipPoor).
	cutOn     [16]bool
	cutPrefix [16]int64
	cutBound  [16]int64
	cutUB     [16]int64 // the bound of the state searched at p
	cutStop   [16]bool  // colours stopped: nothing from p can beat the incumbent

	// Scratch kept from solve to solve (see dpPool): the transition and
	// next state being built at each place, and blocks the cached colour
	// choices are carved from.
	trBuf      [16]trans
	incTr      [16]trans // the incumbent's way of laying each place on its path
	nextBuf    [16]state
	supBuf     [16]int
	supKey     [4][16]byte // supAt for places up to 13 by colour, capped at 15, for the choice keys
	optScratch []colOpt
	bkScratch  []bucket
	optBlock   []colOpt
	bkBlock    []bucket
	entBlock   []optEntry
}

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
		optScratch: d.optScratch[:0], bkScratch: d.bkScratch[:0],
		kept: k, optBlock: k.optBlock, bkBlock: k.bkBlock, entBlock: k.entBlock,
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

// memoEntry is what the memo knows of a state: its exact best future score,
// or, when branch and bound cut its search, an upper bound on it.
type memoEntry struct {
	v     int64
	exact bool
}

type pathStep struct {
	s    state
	gain int64
}

// tileGain is the score of playing cnt rack tiles of number n.
func (d *dp) tileGain(cnt, n int) int64 {
	return d.p.score(cnt, cnt*n)
}

func newDP(p *problem, ctx context.Context, useTable bool) *dp {
	r := p.r
	simpleOnce.Do(fillSimple)
	d := getDP()
	d.p, d.ctx, d.wrap, d.last, d.useTable = p, ctx, r.Wrap, game.MaxNumber, useTable
	if d.wrap {
		d.last = game.MaxNumber + 1
	}
	d.meld = !p.opened && !useTable
	d.thr = r.InitialMeld
	if d.thr > 255 {
		d.thr = 255
	}
	for f := 0; f < game.NumFaces-1; f++ {
		face := game.FaceAt(f)
		n, c := int(face.Num), int(face.Color)
		d.r[n][c] = p.avail[f]
		d.m[n][c] = p.must[f]
	}
	if useTable {
		ji := 0
		for k, m := range p.sets {
			fixed := k < len(p.fixed) && p.fixed[k]
			for _, t := range m.Tiles {
				if t.IsJoker() {
					if !fixed {
						tj := p.tableJokers[ji]
						n := int(tj.opts[0].Num)
						var cs []int
						for _, o := range tj.opts {
							cs = append(cs, int(o.Color))
							d.keepable[n][int(o.Color)]++
						}
						d.jHome = append(d.jHome, n)
						d.jOpts = append(d.jOpts, cs)
						d.jIdx = append(d.jIdx, ji)
					}
					ji++
					continue
				}
				n, c := int(t.Face.Num), int(t.Face.Color)
				if fixed {
					d.extra[n][c]++
				} else {
					d.t[n][c]++
				}
			}
		}
		d.freeAll = r.FreeJokers
		d.canFree = !r.FreeJokers && (p.opened || r.MeldThenExtend)
	}
	for q := 1; q < 16; q++ {
		for j, h := range d.jHome {
			if h >= q {
				d.pending[q] |= 1 << j
			}
		}
	}
	d.jAvail, d.jMust = p.jAvail, p.jMust
	d.strip = d.stripFor(0)
	d.jokerGain = p.score(1, r.JokerPenalty)
	d.prune()
	for c := 0; c < 4; c++ {
		for q := 1; q <= game.MaxNumber; q++ {
			d.supKey[c][q] = byte(min(d.t[q][c]+d.r[q][c]+d.keepable[q][c], 15))
		}
	}
	for q := d.last; q >= 1; q-- {
		d.ubSuffix[q] = d.ubSuffix[q+1]
		if q <= game.MaxNumber {
			for c := 0; c < 4; c++ {
				d.ubSuffix[q] += d.tileGain(d.r[q][c], q)
			}
		}
	}
	// With no wild joker left, a tile that needs one can still join a run
	// already holding one: that run is open before p and goes on without a
	// gap, so such tiles lie on an unbroken chain of tiles from p.
	for p := 1; p <= d.last; p++ {
		if d.r0 == d.r {
			d.ubSuffix0[p] = d.ubSuffix[p]
			continue
		}
		for c := 0; c < 4; c++ {
			chain := true
			for x := p; x <= game.MaxNumber; x++ {
				if chain && d.t[x][c]+d.r[x][c]+d.keepable[x][c] == 0 {
					chain = false
				}
				if chain {
					d.ubSuffix0[p] += d.tileGain(d.r[x][c], x)
				} else {
					d.ubSuffix0[p] += d.tileGain(d.r0[x][c], x)
				}
			}
		}
	}
	// the maps are made when first written: many searches end at the root,
	// their bound already beaten
	return d
}

// prune drops rack tiles that cannot be in any set, whatever the rest of
// the arrangement: no run window and no group has enough tiles for them.
// It makes the search smaller and its bound tighter. It also counts the
// rack tiles that could be in a set with no wild joker at all (kept table
// jokers standing in for their tiles), for the bound once the wild jokers
// are spent.
func (d *dp) prune() {
	d.r = placeable(d, d.r, d.jAvail+len(d.jHome), false)
	if d.jAvail+len(d.jHome) == 0 {
		d.r0 = d.r // no joker anywhere: nothing more to drop
		return
	}
	d.r0 = placeable(d, d.r, 0, true)
}

// placeable returns r less the tiles no set can hold with the given number
// of wild jokers (keep: kept table jokers fill their own places).
func placeable(d *dp, r [15][4]int, jokers int, keep bool) [15][4]int {
	present := func(n, c int) bool {
		v := d.t[n][c] + r[n][c]
		if keep {
			v += d.keepable[n][c]
		}
		return v > 0
	}
	have := func(q, c int) bool {
		if q < 1 || q > d.last {
			return false
		}
		return present(placeNum(q), c)
	}
	for changed := true; changed; {
		changed = false
		for n := 1; n <= game.MaxNumber; n++ {
			for c := 0; c < 4; c++ {
				if r[n][c] == 0 || d.m[n][c] > 0 {
					continue
				}
				others := 0
				for c2 := 0; c2 < 4; c2++ {
					if c2 != c && present(n, c2) {
						others++
					}
				}
				ok := others+jokers >= 2
				places := []int{n}
				if n == 1 && d.wrap {
					places = append(places, game.MaxNumber+1)
				}
				for _, q := range places {
					for s := q - 2; s <= q && !ok; s++ {
						if s < 1 || s+2 > d.last {
							continue
						}
						need := 0
						for x := s; x <= s+2; x++ {
							if x != q && !have(x, c) {
								need++
							}
						}
						ok = need <= jokers
					}
				}
				if !ok {
					r[n][c] = 0
					changed = true
				}
			}
		}
	}
	return r
}

// ub is an upper bound on the score still to come from state s at place p:
// every remaining rack tile and rack joker played.
func (d *dp) ub(p int, s *state) int64 { return d.ubWild(p, int(s.wild)) }

// ubWild is ub for a state with wild jokers still to place.
func (d *dp) ubWild(p, wild int) int64 {
	if wild == 0 {
		return d.ubSuffix0[p]
	}
	return d.ubSuffix[p] + int64(wild)*d.jokerGain
}

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
// be laid, freed ones matched). Under joker-two-rack-tiles the whole choice
// matters, as the room for freed jokers is counted to the end.
func (d *dp) keyMask(p int, s *state) uint8 {
	if d.p.r.JokerTwoRackTiles {
		return s.freed
	}
	return s.freed & d.pending[min(p, 15)]
}

// terminal scores a state after the last place.
func (d *dp) terminal(s *state) int64 {
	cap := int(s.cap)
	for c := 0; c < 4; c++ {
		for i := 0; i < int(s.runs[c].n); i++ {
			x := s.runs[c].d[i]
			if dlen(x) < 3 || !dreal(x) || x&dExt != 0 {
				return negInf
			}
			cap += freeCap(dwild(x), drack(x))
		}
	}
	// s.wild counts the wild jokers still unplaced: the rack jokers played
	// are the rack's jokers less those
	if d.strip {
		// every wild joker left is a spare one, laid where there is room
		return int64(s.wild) * d.jokerGain
	}
	rj := d.jAvail - int(s.wild)
	if rj < d.jMust || rj > d.jAvail {
		return negInf
	}
	if d.split(s) && cap < d.freedCount(s) {
		return negInf
	}
	if d.meld && int(s.value) < d.thr {
		return negInf
	}
	return 0
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

func (d *dp) tick() bool {
	d.nodes++
	if d.nodes&63 == 0 {
		select {
		case <-d.ctx.Done():
			d.canceled = true
		default:
		}
	}
	if d.budget > 0 && d.nodes > d.budget {
		d.overBudget = true
	}
	if d.memoS.n+len(d.memo) > maxMemo {
		d.canceled = true // out of memory budget: give the best found, not proven
	}
	return d.canceled || d.overBudget
}

// cutStep counts a next state left out by the bound before it was built
// (not a search node) and checks the deadline every so often, as tick
// does: a place can have many such ways to lay it.
func (d *dp) cutStep() bool {
	d.cuts++
	if d.cuts&255 == 0 {
		select {
		case <-d.ctx.Done():
			d.canceled = true
		default:
		}
	}
	return d.canceled
}

// solve returns the best score from place p on, and whether it is exact:
// branch and bound stops looking where even playing every remaining rack
// tile could not beat the incumbent, and then the value is an upper bound.
func (d *dp) solve(p int, s *state, prefix int64) (int64, bool) {
	if p > d.last {
		v := d.terminal(s)
		if v > negInf {
			d.offer(prefix+v, s, p)
		}
		return v, true
	}
	nodeUB := d.ub(p, s)
	if prefix+nodeUB <= d.incVal {
		return nodeUB, false
	}
	var shortKey [4]uint64
	var longKey string
	var e memoEntry
	var found bool
	mask := d.keyMask(p, s)
	var kb [memoShort]byte
	short := s.shortKey(p, d.wrap, mask, &kb)
	if short {
		shortKey = memoWords(&kb)
		e, found = d.memoS.get(&shortKey)
	} else {
		d.keyBuf = s.key(p, d.keyBuf, d.wrap, mask)
		e, found = d.memo[string(d.keyBuf)]
	}
	if found {
		if e.exact {
			if e.v > negInf {
				d.offer(prefix+e.v, s, p)
			}
			return e.v, true
		}
		if prefix+e.v <= d.incVal {
			return e.v, false
		}
		// searched before under a cut: its bound is tighter than ub's
		nodeUB = min(nodeUB, e.v)
	}
	if d.tick() {
		return negInf, false
	}
	if !short {
		longKey = string(d.keyBuf)
	}
	best, bound := negInf, negInf
	stopped := false
	d.path = append(d.path, pathStep{s: *s})
	d.cutOn[p], d.cutPrefix[p], d.cutBound[p], d.cutUB[p], d.cutStop[p] = true, prefix, negInf, nodeUB, false
	d.transitions(p, s, func(t *trans, next *state, gain int64) bool {
		if d.tick() {
			return false
		}
		if prefix+nodeUB <= d.incVal {
			stopped = true // nothing from here can beat the incumbent any more
			return false
		}
		d.path[len(d.path)-1].gain = gain
		v, exact := d.solve(p+1, next, prefix+gain)
		if v > negInf {
			if exact {
				best = max(best, gain+v)
			} else {
				bound = max(bound, gain+v)
			}
		}
		return !d.canceled && !d.overBudget
	})
	d.path = d.path[:len(d.path)-1]
	d.cutOn[p] = false
	bound = max(bound, d.cutBound[p])
	stopped = stopped || d.cutStop[p]
	if d.canceled || d.overBudget {
		return negInf, false
	}
	e = memoEntry{v: max(best, bound), exact: best >= bound}
	if stopped && best < nodeUB {
		e = memoEntry{v: nodeUB, exact: false}
	}
	if short {
		d.memoS.put(&shortKey, e, memoMaxSlots)
	} else {
		if d.memo == nil {
			d.memo = make(map[string]memoEntry)
		}
		d.memo[longKey] = e
	}
	return e.v, e.exact
}


// maxMemo bounds the states remembered (about 70 bytes each), keeping a
// search under 64 MiB; a search that would need more stops there as if at
// its deadline.
const maxMemo = 250_000

// memoShort is the longest key kept in the array-keyed memo. Keys say how
// many bytes follow (each colour's run count), so no key is the start of
// another and zero padding cannot make two keys equal.
const memoShort = 32

func (d *dp) memoGet(key []byte) (memoEntry, bool) {
	if len(key) <= memoShort {
		var k [memoShort]byte
		copy(k[:], key)
		w := memoWords(&k)
		return d.memoS.get(&w)
	}
	e, ok := d.memo[string(key)]
	return e, ok
}

// offer records a complete arrangement worth total if it beats the
// incumbent: the path so far, then the memo's best from s at place p.
func (d *dp) offer(total int64, s *state, p int) {
	if total <= d.incVal {
		return
	}
	d.incVal = total
	d.incPath = append(d.incPath[:0], d.path...)
	d.incPath = append(d.incPath, pathStep{s: *s, gain: int64(p)}) // the tail state; gain holds its place
	// the way each place on the path is being laid: trBuf holds it while
	// the search is inside that way
	copy(d.incTr[1:len(d.path)+1], d.trBuf[1:len(d.path)+1])
}

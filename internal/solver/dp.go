package solver

import (
	"context"

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

	memo        map[string]memoEntry    // states with long keys
	memoS       memoTable               // the others: no allocation per state
	ubSuffix    [16]int64               // the most the rack tiles of places >= q can add
	ubSuffix0   [16]int64               // ... once no wild joker is left
	rackFrom    [16]int                 // rack tiles at places >= q (numbered, playable)
	rackFromC   [16][4]int              // ... of each colour
	rackPlacesC [16][4]int              // places >= q with a rack tile of each colour
	demand0     [4]demandChain          // the run demand of each colour, no one kept for 14 (see demand.go)
	demand0Have uint8                   // ... worked out, a bit a colour
	demandMore  *demandTables           // ... of the other states, worked out when needed
	ubW         [16][maxBoundWild]int64 // ... with w wild jokers left (see deficits)
	shortBuf    []shortFace
	ubAt        [16]*[16][maxBoundWild]int64 // the bounds of the state being laid at each place (see ubTable)
	ubAlt       *[32][16][maxBoundWild]int64 // the other tables of bounds, by the colours with no high 1 (wrap) and splitBounds (see ubTable), worked out when needed
	ubAltDone   uint32
	rSplit      [15][4]int // the rack tiles sets can hold when freed jokers need rack tiles (see split.go)
	splitR      bool       // rSplit is worked out
	splitMode   bool       // deficits works out the bounds of splitDeficits
	noHigh      int
	badTable    [4][2]int  // see tableNeedsJoker
	r0          [15][4]int // rack tiles a set can hold without a wild joker
	keyBuf      []byte
	nodes       int
	incNodes    int // nodes searched when the incumbent was last improved (for the diagnosis)
	firstNodes  int // ... and when the first play was found
	firstVal    int64
	diag        *diagCounts
	relaxDepth  int   // tail bounds being searched (see tailCut)
	relaxHit    bool  // ... one of which met a relaxed arrangement above its threshold
	relaxLB     int64 // ... worth this
	tailLB      map[[4]uint64]int64
	tailRoots   [4]state // the relaxed states of the tail bounds being searched, by depth
	cuts        int      // next states cut by the bound before they were built
	work        *Work    // the caller's work budget (nil: none)
	units       int      // the work done (see count)
	canceled    bool
	budget      int // with overBudget: a short look stops after this many nodes
	overBudget  bool
	optCache    map[optKey]*optEntry // kept from solve to solve (in kept between searches)
	kept        *keptChoices
	optLocal    optTable

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
	d := startDP(p, ctx, useTable)
	d.finishBounds()
	return d
}

// startDP is newDP up to the rack tiles that sets could hold and the
// plainest bound on the root (ubSuffix), which is often enough to know that
// a search cannot beat its floor (see solveDP); finishBounds does the rest.
func startDP(p *problem, ctx context.Context, useTable bool) *dp {
	r := p.r
	simpleOnce.Do(fillSimple)
	d := getDP()
	d.p, d.ctx, d.wrap, d.last, d.useTable = p, ctx, r.Wrap, game.MaxNumber, useTable
	d.work = WorkOf(ctx)
	if d.wrap {
		d.last = game.MaxNumber + 1
	}
	d.meld = !p.opened && !useTable
	d.thr = r.InitialMeld
	if d.thr > 255 {
		d.thr = 255
	}
	d.r, d.m = p.rackByPlace()
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
	d.ubSuffix = d.rackSuffix()
	for q := d.last; q >= 1; q-- {
		d.rackFrom[q] = d.rackFrom[q+1]
		d.rackFromC[q] = d.rackFromC[q+1]
		d.rackPlacesC[q] = d.rackPlacesC[q+1]
		if q <= game.MaxNumber {
			for c := 0; c < 4; c++ {
				d.rackFrom[q] += d.r[q][c]
				d.rackFromC[q][c] += d.r[q][c]
				if d.r[q][c] > 0 {
					d.rackPlacesC[q][c]++
				}
			}
		}
	}
	return d
}

// rootBound is the most any play can score: every rack tile a set could
// hold placed.
func (d *dp) rootBound() int64 {
	return d.ubSuffix[1] + int64(d.jAvail)*d.jokerGain
}

// finishBounds works out what the search needs beyond startDP.
func (d *dp) finishBounds() {
	d.tableNeedsJoker()
	for c := 0; c < 4; c++ {
		for q := 1; q <= game.MaxNumber; q++ {
			d.supKey[c][q] = byte(min(d.t[q][c]+d.r[q][c]+d.keepable[q][c], 15))
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
	d.deficits(&d.ubW)
	for q := range d.ubSuffix0 {
		d.ubSuffix0[q] = d.ubW[q][0]
	}
	// the maps are made when first written: many searches end at the root,
	// their bound already beaten
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

func (d *dp) tick() bool {
	d.nodes++
	if d.nodes&63 == 0 {
		select {
		case <-d.ctx.Done():
			d.canceled = true
		default:
		}
	}
	d.count()
	if d.budget > 0 && d.nodes > d.budget {
		d.overBudget = true
	}
	if d.memoS.n+len(d.memo) > maxMemo {
		d.canceled = true // out of memory budget: give the best found, not proven
	}
	return d.canceled || d.overBudget || d.relaxHit
}

// count counts one unit of work (see Work: a node, a way to lay a place
// combined from its colours' choices, a next state cut before it was
// built) against the caller's budget, every 64 units, and reports whether
// the search must stop.
func (d *dp) count() bool {
	d.units++
	if d.units&63 == 0 && d.work.Spend(64) {
		d.canceled = true
	}
	return d.canceled
}

// cutStep counts a next state left out by the bound before it was built
// (not a search node) and checks the deadline every so often, as tick
// does: a place can have many such ways to lay it.
func (d *dp) cutStep() bool {
	d.cuts++
	d.count()
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
	if d.dead(p, s) {
		return negInf, true
	}
	nodeUB := d.ub(p, s)
	if prefix+nodeUB <= d.incVal {
		return nodeUB, false
	}
	var slot memoSlot
	e, found := d.recall(p, s, &slot)
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
	if !slot.short {
		slot.long = string(d.keyBuf) // the children reuse d.keyBuf
	}
	if d.tailCutDue(p, s) {
		if v, ok := d.tailCut(p, s, prefix); ok {
			// remembered only while the memo has room to spare: the
			// relaxed state's entry answers again at once, and a search
			// near the memory bound keeps the room for searched states
			// (a wrap position, not a benchmark one, whose search filled
			// the memo with such states and stopped unproven under
			// MostPoints: memo 237,240 -> 83,796 states, proven in 0.8 s; no
			// change on the benchmark sets)
			if d.memoS.n+len(d.memo) < maxMemo/4 {
				d.remember(&slot, memoEntry{v: v})
			}
			return v, false
		}
		if d.canceled || d.overBudget {
			return negInf, false
		}
	}
	best, bound, stopped := d.branch(p, s, prefix, nodeUB)
	if d.canceled || d.overBudget || d.relaxHit {
		return negInf, false
	}
	e = memoEntry{v: max(best, bound), exact: best >= bound}
	if stopped && best < nodeUB {
		e = memoEntry{v: nodeUB, exact: false}
	}
	if d.diag != nil {
		d.diag.count(d, p, s, e, prefix, nodeUB)
	}
	d.remember(&slot, e)
	return e.v, e.exact
}

// dead reports a state from which no valid table can be finished: freed
// jokers with no room left, table tiles that can no longer be placed, or
// open runs asking for more than the places left hold.
func (d *dp) dead(p int, s *state) bool {
	return (d.split(s) && d.noFreedRoom(p, s)) || d.tableStuck(p, s) || d.runDemand(p, s)
}

// tailCutDue reports whether tailCut is tried at this node: once the search
// has run a while, on a state that is not relaxed already, at a place with
// places on both sides.
func (d *dp) tailCutDue(p int, s *state) bool {
	return d.nodes > tailAfter && !s.relax && p >= 2 && p < d.last && p <= game.MaxNumber
}

// branch searches every transition from place p: best is the best exact
// score found below, bound the best upper bound from children searched
// under a cut, and stopped says the search stopped early because nothing
// left could beat the incumbent.
func (d *dp) branch(p int, s *state, prefix, nodeUB int64) (best, bound int64, stopped bool) {
	best, bound = negInf, negInf
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
		return !d.canceled && !d.overBudget && !d.relaxHit
	})
	d.path = d.path[:len(d.path)-1]
	d.cutOn[p] = false
	return best, max(bound, d.cutBound[p]), stopped || d.cutStop[p]
}

// memoSlot is where a state's entry lives in the memo: under its short
// key (no allocation), or under its long one.
type memoSlot struct {
	short bool
	key   [4]uint64
	long  string // set once the state is searched (see solve)
}

// recall looks state s at place p up in the memo and fills in its slot.
// A long key is left in d.keyBuf.
func (d *dp) recall(p int, s *state, slot *memoSlot) (memoEntry, bool) {
	mask := d.keyMask(p, s)
	var kb [memoShort]byte
	slot.short = s.shortKey(p, d.wrap, mask, &kb)
	if slot.short {
		slot.key = memoWords(&kb)
		return d.memoS.get(&slot.key)
	}
	d.keyBuf = s.key(p, d.keyBuf, d.wrap, mask)
	e, found := d.memo[string(d.keyBuf)]
	return e, found
}

// remember keeps e in the memo under slot.
func (d *dp) remember(slot *memoSlot, e memoEntry) {
	if slot.short {
		d.memoS.put(&slot.key, e, memoMaxSlots)
		return
	}
	if d.memo == nil {
		d.memo = make(map[string]memoEntry)
	}
	d.memo[slot.long] = e
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
	if d.relaxDepth > 0 {
		// a relaxed arrangement beats the tail's threshold: the tail bound
		// cuts nothing (see tailCut)
		d.relaxHit, d.relaxLB = true, total
		return
	}
	d.incVal = total
	if d.incNodes == 0 {
		d.firstNodes, d.firstVal = d.nodes, total
	}
	d.incNodes = d.nodes
	d.incPath = append(d.incPath[:0], d.path...)
	d.incPath = append(d.incPath, pathStep{s: *s, gain: int64(p)}) // the tail state; gain holds its place
	// the way each place on the path is being laid: trBuf holds it while
	// the search is inside that way
	copy(d.incTr[1:len(d.path)+1], d.trBuf[1:len(d.path)+1])
}

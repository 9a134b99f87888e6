package solver

import (
	"context"
	"math/bits"

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
	noRoom    bool // rebuild found too little room for the spare jokers
	jAvail    int
	jMust     int
	jokerGain int64

	memo       map[string]memoEntry          // states with long keys
	memoS      map[[memoShort]byte]memoEntry // the others: no allocation per state
	ubSuffix   [16]int64                     // the most the rack tiles of places >= q can add
	ubSuffix0  [16]int64                     // ... once no wild joker is left
	r0         [15][4]int                    // rack tiles a set can hold without a wild joker
	keyBuf     []byte
	nodes      int
	canceled   bool
	budget     int // with overBudget: a short look stops after this many nodes
	overBudget bool
	optCache   map[string]*optEntry
	optCacheS  map[[optShort]byte]*optEntry
	optKey     []byte

	// the incumbent: the best complete arrangement met so far, as a path
	// of states and the gains between them, ending where the memo knows
	// the rest.
	path    []pathStep
	incVal  int64
	incPath []pathStep
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
	d := &dp{p: p, ctx: ctx, wrap: r.Wrap, last: game.MaxNumber, useTable: useTable}
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
	// Not before the initial meld (a spare joker adds to the meld's value)
	// nor when freed jokers need two rack tiles in their set (a spare joker
	// cannot move to another set then).
	d.strip = !d.meld && !(r.JokerTwoRackTiles && d.canFree && len(d.jHome) > 0)
	d.jokerGain = p.score(1, r.JokerPenalty)
	d.prune()
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
func (d *dp) ub(p int, s *state) int64 {
	if s.wild == 0 {
		return d.ubSuffix0[p]
	}
	return d.ubSuffix[p] + int64(s.wild)*d.jokerGain
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

// runMask searches with the table jokers of mask freed.
func (d *dp) runMask(mask int) int64 {
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
	if len(d.memoS)+len(d.memo) > maxMemo {
		d.canceled = true // out of memory budget: give the best found, not proven
	}
	return d.canceled || d.overBudget
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
	if ub := d.ub(p, s); prefix+ub <= d.incVal {
		return ub, false
	}
	d.keyBuf = s.key(p, d.keyBuf, d.wrap, d.keyMask(p, s))
	if e, ok := d.memoGet(d.keyBuf); ok {
		if e.exact {
			if e.v > negInf {
				d.offer(prefix+e.v, s, p)
			}
			return e.v, true
		}
		if prefix+e.v <= d.incVal {
			return e.v, false
		}
	}
	if d.tick() {
		return negInf, false
	}
	var shortKey [memoShort]byte
	var longKey string
	short := len(d.keyBuf) <= memoShort
	if short {
		copy(shortKey[:], d.keyBuf)
	} else {
		longKey = string(d.keyBuf)
	}
	best, bound := negInf, negInf
	nodeUB := d.ub(p, s)
	stopped := false
	d.path = append(d.path, pathStep{s: *s})
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
	if d.canceled || d.overBudget {
		return negInf, false
	}
	e := memoEntry{v: max(best, bound), exact: best >= bound}
	if stopped && best < nodeUB {
		e = memoEntry{v: nodeUB, exact: false}
	}
	if short {
		if d.memoS == nil {
			d.memoS = make(map[[memoShort]byte]memoEntry, 64)
		}
		d.memoS[shortKey] = e
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
		e, ok := d.memoS[k]
		return e, ok
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
}

// trans is one transition's details, for rebuilding the arrangement.
type trans struct {
	keptColour [8]int // for each table joker kept at this number: its colour (-1 otherwise)
	opts       [4]*colOpt
	groups     groupIn
	split      bool
}

// transitions enumerates every way to fill place p from state s.
func (d *dp) transitions(p int, s *state, visit func(t *trans, next *state, gain int64) bool) {
	n := placeNum(p)
	var tr trans
	tr.split = d.split(s)
	// kept jokers at this number, each choosing among its colours
	var kept, freedHere []int
	if p <= game.MaxNumber {
		for j, h := range d.jHome {
			tr.keptColour[j] = -1
			if h != n {
				continue
			}
			if d.freeAll || s.freed&(1<<j) != 0 {
				freedHere = append(freedHere, j)
			} else {
				kept = append(kept, j)
			}
		}
	} else {
		for j := range d.jHome {
			tr.keptColour[j] = -1
		}
	}
	if d.freeAll {
		freedHere = nil
	}
	var kc [4]int
	var assign func(i int) bool
	assign = func(i int) bool {
		if i < len(kept) {
			j := kept[i]
			for _, c := range d.jOpts[j] {
				// skip colour choices that repeat an earlier joker's with the
				// same options (they lead to the same states)
				if i > 0 && sameOpts(d.jOpts[kept[i-1]], d.jOpts[j]) && c < tr.keptColour[kept[i-1]] {
					continue
				}
				tr.keptColour[j] = c
				kc[c]++
				ok := assign(i + 1)
				kc[c]--
				tr.keptColour[j] = -1
				if !ok {
					return false
				}
			}
			return true
		}
		return d.colours(p, n, s, &tr, kc, freedHere, visit)
	}
	assign(0)
}

func sameOpts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// colours combines per-colour choices at place p.
func (d *dp) colours(p, n int, s *state, tr *trans, kc [4]int, freedHere []int, visit func(*trans, *state, int64) bool) bool {
	wildLeft := int(s.wild)
	if wildLeft < 0 {
		return true
	}
	var lists [4][]colOpt
	var bk [4][]bucket
	for c := 0; c < 4; c++ {
		e := d.colEntry(p, n, c, s, kc[c], wildLeft, tr.split)
		if len(e.opts) == 0 {
			return true
		}
		lists[c], bk[c] = e.opts, e.bk
	}
	var next state
	next.freed = s.freed
	next.value = s.value
	next.res = s.res
	var rooms [16]int
	for _, ba := range bk[0] {
		for _, bb := range bk[1] {
			for _, bc := range bk[2] {
				for _, be := range bk[3] {
					g := groupIn{
						t: [4]int8{ba.gT, bb.gT, bc.gT, be.gT},
						r: [4]int8{ba.gR, bb.gR, bc.gR, be.gR},
						k: [4]int8{ba.gK, bb.gK, bc.gK, be.gK},
					}
					any := false
					minW := ba.minW + bb.minW + bc.minW + be.minW
					for wg := 0; wg <= wildLeft; wg++ {
						g.w = int8(wg)
						rooms[wg] = -1
						if wg+minW > wildLeft || (p == game.MaxNumber+1 && wg > 0) {
							continue
						}
						rooms[wg] = groupRoom(g, tr.split, d.strip)
						if rooms[wg] >= 0 {
							any = true
						}
					}
					if !any {
						continue
					}
					tr.groups = g
					for ai := ba.from; ai < ba.to; ai++ {
						oa := &lists[0][ai]
						w1 := int(oa.wild + oa.def)
						if w1 > wildLeft {
							continue
						}
						for bi := bb.from; bi < bb.to; bi++ {
							ob := &lists[1][bi]
							w2 := w1 + int(ob.wild+ob.def)
							if w2 > wildLeft {
								continue
							}
							for ci := bc.from; ci < bc.to; ci++ {
								oc := &lists[2][ci]
								w3 := w2 + int(oc.wild+oc.def)
								if w3 > wildLeft {
									continue
								}
								for ei := be.from; ei < be.to; ei++ {
									oe := &lists[3][ei]
									if w3+int(oe.wild+oe.def) > wildLeft {
										continue
									}
									w4 := int(oa.wild + ob.wild + oc.wild + oe.wild)
									tr.opts = [4]*colOpt{oa, ob, oc, oe}
									if !d.finishPlace(p, n, s, tr, freedHere, w4, wildLeft, &rooms, &next, visit) {
										return false
									}
								}
							}
						}
					}
				}
			}
		}
	}
	return true
}

// optEntry is the choices of one colour at one place from one state of its
// runs, grouped by what they give to groups. Many states share a colour's
// part, so entries are cached for the whole search.
type optEntry struct {
	opts []colOpt
	bk   []bucket
}

// emptyEntry is the one choice of a colour with nothing at a place: no
// tile, no open run, no joker to start one.
var emptyEntry = &optEntry{opts: []colOpt{{}}, bk: []bucket{{from: 0, to: 1}}}

// optShort is the longest choice key kept in the array-keyed cache.
const optShort = 24

// colEntry returns the cached choices for colour c at place p.
func (d *dp) colEntry(p, n, c int, s *state, kept, wildLeft int, split bool) *optEntry {
	r := &s.runs[c]
	if r.n == 0 && p <= game.MaxNumber && d.t[n][c] == 0 && d.r[n][c] == 0 && kept == 0 &&
		(wildLeft == 0 || p > d.last-2 || (d.strip && p != d.last-2)) && !(d.wrap && p == 1) {
		return emptyEntry
	}
	k := append(d.optKey[:0], byte(p), byte(c), byte(kept), byte(wildLeft))
	if split {
		k = append(k, 1)
	} else {
		k = append(k, 0)
	}
	if d.wrap {
		k = append(k, s.res[c][0], s.res[c][1], s.res[c][2])
	}
	k = append(k, byte(r.n))
	for i := 0; i < int(r.n); i++ {
		k = append(k, byte(r.d[i]), byte(r.d[i]>>8))
	}
	d.optKey = k
	var ak [optShort]byte
	short := len(k) <= optShort
	if short {
		copy(ak[:], k)
		if e, ok := d.optCacheS[ak]; ok {
			return e
		}
	} else if e, ok := d.optCache[string(k)]; ok {
		return e
	}
	in := colIn{wild: wildLeft, split: split, strip: d.strip}
	if p == game.MaxNumber+1 {
		in.t = int(s.res[c][0])
		in.r = int(s.res[c][1])
		in.m = in.r
		in.k = int(s.res[c][2])
	} else {
		in.t, in.r, in.m, in.k = d.t[n][c], d.r[n][c], d.m[n][c], kept
		in.groups = true
		in.newRuns = p <= d.last-2
		in.reserve = d.wrap && p == 1
		in.fromOne = d.wrap && p == 1
	}
	in.last = p == d.last
	in.pre14 = d.wrap && p == game.MaxNumber
	in.place, in.lastPlace = p, d.last
	in.leadEnd = d.last
	if d.meld && d.wrap {
		// Before the initial meld a joker is worth its place: moving one
		// from a run's low end to place 14 would make it worth 1, so such
		// runs may end at 13 too.
		in.leadEnd = game.MaxNumber
	}
	var sup [16]int
	for q := p + 1; q <= d.last; q++ {
		if q == game.MaxNumber+1 {
			if p == 1 {
				sup[q] = d.t[1][c] + d.r[1][c] + d.keepable[1][c]
			} else {
				sup[q] = int(s.res[c][0] + s.res[c][1] + s.res[c][2])
			}
			continue
		}
		sup[q] = d.t[q][c] + d.r[q][c] + d.keepable[q][c]
	}
	in.sup = &sup
	e := &optEntry{opts: colOptions(r, in, make([]colOpt, 0, 8))}
	e.bk = buckets(e.opts, make([]bucket, 0, 4))
	if short {
		if d.optCacheS == nil {
			d.optCacheS = make(map[[optShort]byte]*optEntry, 64)
		}
		d.optCacheS[ak] = e
		return e
	}
	if d.optCache == nil {
		d.optCache = make(map[string]*optEntry, 16)
	}
	d.optCache[string(k)] = e
	return e
}

// bucket is a run of options giving the same tiles to groups.
type bucket struct {
	gT, gR, gK int8
	minW       int // the fewest wild jokers an option of the bucket needs
	from, to   int
}

// buckets sorts opts by what they give to groups and lists the runs.
func buckets(opts []colOpt, out []bucket) []bucket {
	gk := func(o *colOpt) int { return int(o.gT)<<16 | int(o.gR)<<8 | int(o.gK) }
	// stable insertion sort: option lists are short and the order of the
	// options within a bucket keeps the search deterministic
	for i := 1; i < len(opts); i++ {
		x := opts[i]
		kx := gk(&x)
		j := i
		for j > 0 && gk(&opts[j-1]) > kx {
			opts[j] = opts[j-1]
			j--
		}
		opts[j] = x
	}
	for i := 0; i < len(opts); {
		j := i
		b := bucket{gT: opts[i].gT, gR: opts[i].gR, gK: opts[i].gK, from: i, minW: 1 << 30}
		for j < len(opts) && gk(&opts[j]) == gk(&opts[i]) {
			if w := int(opts[j].wild + opts[j].def); w < b.minW {
				b.minW = w
			}
			j++
		}
		b.to = j
		out = append(out, b)
		i = j
	}
	return out
}

// finishPlace checks freed jokers and groups for one combination and visits
// the resulting states.
func (d *dp) finishPlace(p, n int, s *state, tr *trans, freedHere []int, wRuns, wildLeft int, rooms *[16]int, next *state, visit func(*trans, *state, int64) bool) bool {
	g := tr.groups
	var x [4]int // numbered tiles of this number played at any place
	var xr [4]int
	items, rackTiles := 0, 0
	cap := int(s.cap)
	for c := 0; c < 4; c++ {
		o := tr.opts[c]
		x[c] = d.t[n][c] + int(o.y)
		xr[c] = int(o.y)
		rackTiles += int(o.y)
		cap += int(o.cap)
	}
	if p == game.MaxNumber+1 {
		rackTiles = 0 // scored at place 1
		x = [4]int{}
	}
	if len(freedHere) > 0 {
		have := x
		if d.p.r.JokerFromRack {
			have = xr
		} else {
			for c := 0; c < 4; c++ {
				have[c] += d.extra[n][c]
			}
		}
		if !matchFreed(d.jOpts, freedHere, have[:]) {
			return true
		}
	}
	for c := 0; c < 4; c++ {
		o := tr.opts[c]
		next.runs[c] = o.next
		if p == 1 && d.wrap {
			next.res[c] = [3]uint8{uint8(o.resT), uint8(o.resR), uint8(o.resK)}
		}
		if p != game.MaxNumber+1 {
			items += int(o.y) + d.t[n][c]
		}
	}
	fc := d.freedCount(s)
	gainBase := d.tileGain(rackTiles, n)
	for wg := 0; wg+wRuns <= wildLeft; wg++ {
		g.w = int8(wg)
		room := rooms[wg]
		if room < 0 {
			continue
		}
		tr.groups = g
		wHere := wRuns + wg
		next.wild = s.wild - uint8(wHere)
		nc := cap + room
		if nc > fc {
			nc = fc
		}
		next.cap = uint8(nc)
		if d.meld {
			jv := n
			if d.p.r.JokerMeldValue > 0 {
				jv = d.p.r.JokerMeldValue
			}
			v := int(s.value) + items*n + wHere*jv
			if v > d.thr {
				v = d.thr
			}
			next.value = uint8(v)
		}
		gain := gainBase + int64(wHere)*d.jokerGain
		if !visit(tr, next, gain) {
			return false
		}
	}
	return true
}

// matchFreed reports whether each freed joker can be given its own real
// tile among have (counts by colour at this number).
func matchFreed(opts [][]int, freed []int, have []int) bool {
	if len(freed) == 0 {
		return true
	}
	j := freed[0]
	for _, c := range opts[j] {
		if have[c] > 0 {
			have[c]--
			ok := matchFreed(opts, freed[1:], have)
			have[c]++
			if ok {
				return true
			}
		}
	}
	return false
}

package solver

import (
	"slices"

	"rummikub/internal/game"
)

// The transitions of the DP: every way to fill one place from a state,
// colour by colour, with groups checked once per mix of colours.

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
	tr := &d.trBuf[p]
	*tr = trans{split: d.split(s)}
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
		return d.colours(p, n, s, tr, kc, freedHere, visit)
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
	next := &d.nextBuf[p]
	next.freed = s.freed
	next.value = s.value
	next.res = s.res
	var rooms [16]int
	// solve cuts every next state that cannot beat the incumbent: ways to
	// lay this place that play too few rack tiles are left out here, before
	// they are built. With freed jokers here, some of them could not have
	// matched the jokers: their bound is taken all the same, which only
	// makes the recorded bound the bound of more ways (still a bound).
	poor := d.cutOn[p] && p < d.last && p <= game.MaxNumber
	// Once the options chosen so far place every wild joker left, the rest
	// must need none (maxY0), the groups take none (rooms[0]), and the next
	// states have no wild joker: their bound is ubSuffix0, tighter than
	// skipPoor's. So a partial combination that is too poor even with the
	// most rack tiles of the colours still to choose is left out whole,
	// with that bound (the bound of one of its combinations) recorded. With
	// no wild joker at all (flat) every option is such, and options come in
	// decreasing rack tiles within a bucket, so the rest of the loop goes too.
	flat := poor && wildLeft == 0
	st := 0
	if d.strip {
		st = 1
	}
	pc := poorCut{inc: negInf}
	// the most wild jokers groups may take here
	wgMax := wildLeft
	if p == game.MaxNumber+1 {
		wgMax = 0
	}
	// the fourth colour's group counts, when the quick table can judge all
	eAll, eSet, eMinW := !tr.split, uint8(0), 1<<30
	for _, be := range bk[3] {
		if be.sc < 0 {
			eAll = false
		}
		eSet |= 1 << (be.sc & 3)
		eMinW = min(eMinW, be.minW)
	}
	for _, ba := range bk[0] {
		for _, bb := range bk[1] {
			for _, bc := range bk[2] {
				abc := -1 // the quick group table's index so far, when it can judge
				if !tr.split && ba.sc >= 0 && bb.sc >= 0 && bc.sc >= 0 {
					abc = int(ba.sc) | int(bb.sc)<<2 | int(bc.sc)<<4
				}
				minABC := ba.minW + bb.minW + bc.minW
				if abc >= 0 && eAll {
					if b := min(wgMax, wildLeft-minABC-eMinW); b < 0 || simpleLast[st][abc][min(b, 16)]&eSet == 0 {
						continue // no fourth colour's bucket makes groups with these
					}
				}
				for _, be := range bk[3] {
					if abc >= 0 && be.sc >= 0 && int(simpleFirst[st][abc|int(be.sc)<<6]) > min(wgMax, wildLeft-minABC-be.minW) {
						continue // no groups of these tiles with the jokers there is room for
					}
					g := groupIn{
						t: [4]int8{ba.gT, bb.gT, bc.gT, be.gT},
						r: [4]int8{ba.gR, bb.gR, bc.gR, be.gR},
						k: [4]int8{ba.gK, bb.gK, bc.gK, be.gK},
					}
					any := false
					minRoom := 1 << 30 // the fewest wild jokers groups can take
					minW := ba.minW + bb.minW + bc.minW + be.minW
					// the common case straight from the quick group table
					var row *[16]int8
					if abc >= 0 && be.sc >= 0 {
						row = &simpleRoom[st][abc|int(be.sc)<<6]
					}
					for wg := 0; wg <= wildLeft; wg++ {
						g.w = int8(wg)
						rooms[wg] = -1
						if wg+minW > wildLeft || (p == game.MaxNumber+1 && wg > 0) {
							continue
						}
						if row != nil && wg < len(row) {
							rooms[wg] = int(row[wg])
						} else {
							rooms[wg] = groupRoom(g, tr.split, d.strip)
						}
						if rooms[wg] >= 0 {
							any = true
							minRoom = min(minRoom, wg)
						}
					}
					if !any {
						continue
					}
					// groups that need every wild joker left: the runs take
					// none, and every way is tight (see flat) with bound
					// ubSuffix0; options are still in decreasing rack tiles
					allJ := poor && wildLeft > 0 && minRoom == wildLeft
					tr.groups = g
					if poor && d.cutStop[p] {
						return false
					}
					for ai := ba.from; ai < ba.to; ai++ {
						oa := &lists[0][ai]
						w1 := int(oa.wild + oa.def)
						if w1 > wildLeft {
							continue
						}
						if allJ {
							if oa.wild > 0 {
								continue
							}
							if d.tooPoor(&pc, p, n, int(oa.y)+int(bb.maxYnw)+int(bc.maxYnw)+int(be.maxYnw), wildLeft) {
								break
							}
						}
						if poor && int(oa.wild) == wildLeft {
							if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(bb.maxY0)+int(bc.maxY0)+int(be.maxY0), wildLeft) {
								if flat || d.cutStop[p] {
									break
								}
								continue
							}
						}
						for bi := bb.from; bi < bb.to; bi++ {
							ob := &lists[1][bi]
							w2 := w1 + int(ob.wild+ob.def)
							if w2 > wildLeft {
								continue
							}
							if allJ {
								if ob.wild > 0 {
									continue
								}
								if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(bc.maxYnw)+int(be.maxYnw), wildLeft) {
									break
								}
							}
							if poor && int(oa.wild+ob.wild) == wildLeft {
								if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(bc.maxY0)+int(be.maxY0), wildLeft) {
									if flat || d.cutStop[p] {
										break
									}
									continue
								}
							}
							for ci := bc.from; ci < bc.to; ci++ {
								oc := &lists[2][ci]
								w3 := w2 + int(oc.wild+oc.def)
								if w3 > wildLeft {
									continue
								}
								if allJ {
									if oc.wild > 0 {
										continue
									}
									if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(be.maxYnw), wildLeft) {
										break
									}
								}
								if poor && int(oa.wild+ob.wild+oc.wild) == wildLeft {
									if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(be.maxY0), wildLeft) {
										if flat || d.cutStop[p] {
											break
										}
										continue
									}
								}
								for ei := be.from; ei < be.to; ei++ {
									oe := &lists[3][ei]
									if w3+int(oe.wild+oe.def) > wildLeft {
										continue
									}
									w4 := int(oa.wild + ob.wild + oc.wild + oe.wild)
									if allJ {
										if oe.wild > 0 {
											continue
										}
										if d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(oe.y), wildLeft) {
											break
										}
									} else if poor && w4 == wildLeft {
										if rooms[0] < 0 || d.tooPoor(&pc, p, n, int(oa.y)+int(ob.y)+int(oc.y)+int(oe.y), wildLeft) {
											if flat || d.cutStop[p] {
												break
											}
											continue
										}
									} else if poor && d.skipPoor(p, n, int(oa.y+ob.y+oc.y+oe.y), w4, wildLeft, &rooms) {
										if d.cutStop[p] {
											return false
										}
										continue
									}
									tr.opts = [4]*colOpt{oa, ob, oc, oe}
									if !d.finishPlace(p, n, s, tr, freedHere, w4, wildLeft, &rooms, next, visit) {
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

// optKey is a colour's choice key: place, kept jokers, wild jokers, flags,
// ones kept for place 14, the tiles at the place, up to 12 runs (two bytes
// each) and what up to 14 places after it hold.
type optKey [56]byte

// colEntry returns the cached choices for colour c at place p.
func (d *dp) colEntry(p, n, c int, s *state, kept, wildLeft int, split bool) *optEntry {
	r := &s.runs[c]
	if r.n == 0 && p <= game.MaxNumber && d.t[n][c] == 0 && d.r[n][c] == 0 && kept == 0 &&
		(wildLeft == 0 || p > d.last-2 || (d.strip && p != d.last-2)) && !(d.wrap && p == 1) {
		return emptyEntry
	}
	// The key holds everything the choices depend on, not the position:
	// the cache is kept from solve to solve (see getDP) and shared by the
	// colours.
	flags := byte(0)
	if split {
		flags |= 1
	}
	if d.strip {
		flags |= 2
	}
	if d.wrap {
		flags |= 4
	}
	if d.meld && d.wrap {
		flags |= 8
	}
	// First the choices met in this search, by a short key that leaves out
	// what the position fixes for the whole search.
	// The runs beyond r.n are zero (colRuns are built that way), so up to
	// seven runs go into two words as they are.
	var lw [4]uint64 // the last word stays zero
	local := r.n <= 7
	if local {
		lw[0] = uint64(p) | uint64(c)<<8 | uint64(kept)<<16 | uint64(wildLeft)<<24
		if split {
			lw[0] |= 1 << 32
		}
		if d.wrap {
			lw[0] |= uint64(s.res[c][0])<<40 | uint64(s.res[c][1])<<48 | uint64(s.res[c][2])<<56
		}
		lw[1] = uint64(r.n) | uint64(r.d[0])<<16 | uint64(r.d[1])<<32 | uint64(r.d[2])<<48
		lw[2] = uint64(r.d[3]) | uint64(r.d[4])<<16 | uint64(r.d[5])<<32 | uint64(r.d[6])<<48
		if e, ok := d.optLocal.get(&lw); ok {
			return e
		}
	}
	// Then the choices kept from earlier searches, by a key that holds all
	// they depend on. No key is the start of another (its length follows
	// from its first bytes), so zero padding cannot make two keys equal.
	var k optKey
	k[0], k[1], k[2], k[3] = byte(p), byte(kept), byte(wildLeft), flags
	i := 4
	if d.wrap {
		k[4], k[5], k[6] = s.res[c][0], s.res[c][1], s.res[c][2]
		i = 7
	}
	if p <= game.MaxNumber {
		k[i], k[i+1], k[i+2] = byte(d.t[n][c]), byte(d.r[n][c]), byte(d.m[n][c])
		i += 3
	}
	k[i] = byte(r.n)
	i++
	lead := false
	for j := 0; j < int(r.n); j++ {
		k[i], k[i+1] = byte(r.d[j]), byte(r.d[j]>>8)
		i += 2
		lead = lead || r.d[j]&dLead != 0
	}
	// what the places after p hold: the next two always (runs of one or
	// two need them), every later one when a run starting on a wild joker
	// is open or may start here (it must reach the end), and 12 and 13 when
	// ones are kept for place 14. With spare jokers stripped, such a run
	// starts only at the third place from the end, whose next two places
	// are all there is.
	hi := min(p+2, d.last)
	// ones kept for place 14 need runs through 12 and 13 (see finish)
	resv := d.wrap && p > 1 && p <= game.MaxNumber && s.res[c] != [3]uint8{}
	if lead || (wildLeft > 0 && !d.strip) {
		hi = d.last
	} else if (p <= d.last-3 || (p == d.last-2 && wildLeft == 0)) && !(d.wrap && p == 1) && !resv {
		// Then no run starting on a wild joker is open or can start (the
		// third place from the end allows one only with a wild joker left),
		// and the place is none of the special ones (the first under wrap,
		// the last two): the choices depend on the place only through what
		// the next two places hold, so places share them (place 0 in the
		// key; the key's length still follows from its first bytes).
		k[0] = 0
	}
	// Each counts only up to the runs that could be open after p (the runs
	// going on, and one new run per tile or wild joker here): the choices
	// compare it with the runs needing a tile there, never more than those.
	most := byte(min(int(r.n)+kept+wildLeft+d.t[n][c]+d.r[n][c], 15))
	if p < game.MaxNumber {
		for _, v := range d.supKey[c][p+1 : min(hi, game.MaxNumber)+1] {
			k[i] = min(v, most)
			i++
		}
	}
	if hi > game.MaxNumber && p < hi {
		k[i] = min(byte(min(d.supAt(hi, p, c, s), 15)), most)
		i++
	}
	if d.wrap && (p == 1 || (resv && hi < game.MaxNumber-1)) {
		k[i], k[i+1] = d.supKey[c][12], d.supKey[c][13]
	}
	if e, ok := d.optCache[k]; ok {
		d.keepLocal(local, &lw, e)
		return e
	}
	d.colCompute(p, n, c, s, kept, wildLeft, split)
	e := d.newEntry(d.optScratch, d.bkScratch)
	if d.optCache == nil {
		d.optCache = make(map[optKey]*optEntry, 256)
	}
	d.optCache[k] = e
	d.keepLocal(local, &lw, e)
	return e
}

// colCompute works out the choices of colour c at place p into
// d.optScratch and d.bkScratch.
func (d *dp) colCompute(p, n, c int, s *state, kept, wildLeft int, split bool) {
	r := &s.runs[c]
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
		if d.wrap && p > 1 {
			in.resv = int(s.res[c][0]) + int(s.res[c][1]) + int(s.res[c][2])
		}
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
	sup := &d.supBuf
	*sup = [16]int{}
	for q := p + 1; q <= d.last; q++ {
		sup[q] = d.supAt(q, p, c, s)
	}
	in.sup = sup
	d.optScratch = colOptions(r, in, d.optScratch)
	d.bkScratch = buckets(d.optScratch, d.bkScratch[:0])
	if in.reserve {
		// At place 1 under wrap the buckets come in increasing tiles to
		// groups, so the first tried kept every one for place 14, which
		// then needs a run of its own through 12 and 13 in every colour:
		// rarely possible, and found out only at the end of a deep search
		// with no play to bound it. Ones to groups first: wrap benchmark
		// set (200 positions, one pass, thread CPU) median 0.55 -> 0.23 ms,
		// slowest 547 -> 145 ms.
		slices.Reverse(d.bkScratch)
	}
}

func (d *dp) keepLocal(local bool, lw *[4]uint64, e *optEntry) {
	if !local {
		return
	}
	d.optLocal.put(lw, e, 0)
}

// supAt is the most numbered tiles and kept jokers that can fill colour c
// at place q > p, seen from a state at place p.
func (d *dp) supAt(q, p, c int, s *state) int {
	if q == game.MaxNumber+1 {
		if p == 1 {
			return d.t[1][c] + d.r[1][c] + d.keepable[1][c]
		}
		return int(s.res[c][0] + s.res[c][1] + s.res[c][2])
	}
	return d.t[q][c] + d.r[q][c] + d.keepable[q][c]
}

// newEntry copies a colour's choices into the blocks the cache is carved
// from (a few allocations per search instead of three per entry).
func (d *dp) newEntry(opts []colOpt, bk []bucket) *optEntry {
	if len(d.optBlock)+len(opts) > cap(d.optBlock) {
		d.optBlock = make([]colOpt, 0, max(512, len(opts)))
	}
	if len(d.bkBlock)+len(bk) > cap(d.bkBlock) {
		d.bkBlock = make([]bucket, 0, max(256, len(bk)))
	}
	if len(d.entBlock) == cap(d.entBlock) {
		d.entBlock = make([]optEntry, 0, 128)
	}
	o, b := len(d.optBlock), len(d.bkBlock)
	d.optBlock = append(d.optBlock, opts...)
	d.bkBlock = append(d.bkBlock, bk...)
	d.entBlock = append(d.entBlock, optEntry{
		opts: d.optBlock[o:len(d.optBlock):len(d.optBlock)],
		bk:   d.bkBlock[b:len(d.bkBlock):len(d.bkBlock)],
	})
	return &d.entBlock[len(d.entBlock)-1]
}

// bucket is a run of options giving the same tiles to groups.
type bucket struct {
	gT, gR, gK int8
	minW       int  // the fewest wild jokers an option of the bucket needs
	maxY0      int8 // the most rack tiles an option needing no wild joker plays (-100: none)
	maxYnw     int8 // the most rack tiles an option with no wild joker in its runs plays (-100: none)
	sc         int8 // numbered tiles to groups when simpleRoom can judge them (else -1)
	from, to   int
}

// buckets sorts opts by what they give to groups and lists the runs.
func buckets(opts []colOpt, out []bucket) []bucket {
	// within a bucket, more rack tiles first (colours relies on it; the
	// options are made in that order already)
	gk := func(o *colOpt) int { return int(o.gT)<<24 | int(o.gR)<<16 | int(o.gK)<<8 | int(127-o.y) }
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
		b := bucket{gT: opts[i].gT, gR: opts[i].gR, gK: opts[i].gK, from: i, minW: 1 << 30, maxY0: -100, maxYnw: -100}
		for j < len(opts) && gk(&opts[j])>>8 == gk(&opts[i])>>8 {
			w := int(opts[j].wild + opts[j].def)
			if w < b.minW {
				b.minW = w
			}
			if w == 0 && opts[j].y > b.maxY0 {
				b.maxY0 = opts[j].y
			}
			if opts[j].wild == 0 && opts[j].y > b.maxYnw {
				b.maxYnw = opts[j].y
			}
			j++
		}
		b.to = j
		b.sc = -1
		if b.gK == 0 && b.gT+b.gR < 4 {
			b.sc = b.gT + b.gR
		}
		out = append(out, b)
		i = j
	}
	return out
}

// finishPlace checks freed jokers and groups for one combination and visits
// the resulting states.
func (d *dp) finishPlace(p, n int, s *state, tr *trans, freedHere []int, wRuns, wildLeft int, rooms *[16]int, next *state, visit func(*trans, *state, int64) bool) bool {
	g := tr.groups
	items := 0
	o0, o1, o2, o3 := tr.opts[0], tr.opts[1], tr.opts[2], tr.opts[3]
	rackTiles := int(o0.y) + int(o1.y) + int(o2.y) + int(o3.y)
	cap := int(s.cap) + int(o0.cap) + int(o1.cap) + int(o2.cap) + int(o3.cap)
	if p == game.MaxNumber+1 {
		rackTiles = 0 // scored at place 1
	}
	if len(freedHere) > 0 {
		// numbered tiles of this number played at any place
		var have [4]int
		for c := 0; c < 4; c++ {
			y := int(tr.opts[c].y)
			x := d.t[n][c] + y
			if p == game.MaxNumber+1 {
				x = 0
			}
			if d.p.r.JokerFromRack {
				have[c] = y
			} else {
				have[c] = x + d.extra[n][c]
			}
		}
		if !matchFreed(d.jOpts, freedHere, have[:]) {
			return true
		}
	}
	gainBase := d.tileGain(rackTiles, n)
	// solve cuts a next state at once when even its bound cannot beat the
	// incumbent: take that bound here, without building the state
	if d.cutOn[p] && p < d.last {
		lim := d.incVal - d.cutPrefix[p]
		if d.cutUB[p] <= lim {
			// as solve's visit would: the state itself is beaten now
			d.cutStop[p] = true
			return false
		}
		live := false
		for wg := 0; wg+wRuns <= wildLeft; wg++ {
			if rooms[wg] < 0 {
				continue
			}
			wHere := wRuns + wg
			v := gainBase + int64(wHere)*d.jokerGain + d.ubWild(p+1, wildLeft-wHere)
			if v <= lim {
				d.cutBound[p] = max(d.cutBound[p], v)
				continue
			}
			live = true
		}
		if !live {
			return !d.cutStep()
		}
	}
	for c := 0; c < 4; c++ {
		o := tr.opts[c]
		next.runs[c] = o.next
		if p == 1 && d.wrap {
			next.res[c] = [3]uint8{uint8(o.resT), uint8(o.resR), uint8(o.resK)}
		}
		if d.meld && p != game.MaxNumber+1 {
			items += int(o.y) + d.t[n][c]
		}
	}
	fc := d.freedCount(s)
	cut := d.cutOn[p] && p < d.last
	for wg := 0; wg+wRuns <= wildLeft; wg++ {
		g.w = int8(wg)
		room := rooms[wg]
		if room < 0 {
			continue
		}
		if cut {
			// the incumbent may have grown since the check above (while an
			// earlier joker count was searched): take the bound again
			if v := gainBase + int64(wRuns+wg)*d.jokerGain + d.ubWild(p+1, wildLeft-wRuns-wg); v <= d.incVal-d.cutPrefix[p] {
				d.cutBound[p] = max(d.cutBound[p], v)
				continue
			}
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

// poorCut caches, for tooPoor, the most rack tiles a way to lay the place
// may play and still be too poor, while the incumbent stays the same.
type poorCut struct {
	inc  int64
	ymax int
	stop bool
}

// tooPoor is skipPoor for ways to lay place p that place every wild joker
// left (wHere) in runs: it reports whether one playing y rack tiles (and so
// every one playing fewer) cannot beat the incumbent, and records its
// bound. It also stops the place when the state itself is beaten now
// (cutStop).
func (d *dp) tooPoor(pc *poorCut, p, n, y, wHere int) bool {
	if pc.inc != d.incVal {
		pc.inc = d.incVal
		lim := d.incVal - d.cutPrefix[p]
		pc.stop = d.cutUB[p] <= lim
		// the gain of y rack tiles is y times that of one
		room := lim - int64(wHere)*d.jokerGain - d.ubSuffix0[p+1]
		pc.ymax = -1
		if room >= 0 {
			pc.ymax = int(room / d.tileGain(1, n))
		}
	}
	if pc.stop {
		d.cutStop[p] = true
		return true
	}
	if y > pc.ymax {
		return false
	}
	if y >= 0 {
		v := d.tileGain(y, n) + int64(wHere)*d.jokerGain + d.ubSuffix0[p+1]
		d.cutBound[p] = max(d.cutBound[p], v)
	}
	return true
}

// skipPoor reports whether every next state of a way to lay place p that
// plays y rack tiles (wRuns wild jokers in runs) is one solve would cut at
// once: even with every later rack tile and joker played it cannot beat the
// incumbent. It then records the bound solve would have taken from them.
func (d *dp) skipPoor(p, n, y, wRuns, wildLeft int, rooms *[16]int) bool {
	lim := d.incVal - d.cutPrefix[p]
	if d.cutUB[p] <= lim {
		// as solve's visit would: the state itself is beaten now
		d.cutStop[p] = true
		return true
	}
	base := d.tileGain(y, n)
	if base+d.ubSuffix[p+1]+int64(wildLeft)*d.jokerGain > lim {
		return false
	}
	for wg := 0; wg+wRuns <= wildLeft; wg++ {
		if rooms[wg] < 0 {
			continue
		}
		wHere := wRuns + wg
		v := base + int64(wHere)*d.jokerGain + d.ubWild(p+1, wildLeft-wHere)
		d.cutBound[p] = max(d.cutBound[p], v)
	}
	return true
}

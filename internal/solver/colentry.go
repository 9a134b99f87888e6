package solver

import (
	"fmt"
	"slices"

	"rummikub/internal/game"
)

// The choices of one colour at one place, cached by what they depend on
// and grouped by what they give to groups.

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
	if r.n == 0 && p <= game.MaxNumber && d.t[n][c] == 0 && d.r[n][c] == 0 && kept == 0 && !s.relax &&
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
	if s.relax {
		flags |= 16
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
		if s.relax {
			lw[0] |= 1 << 33
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
	} else if (p <= d.last-3 || (p == d.last-2 && wildLeft == 0)) && !(d.wrap && p == 1) && !resv && !s.relax {
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
	// Ones kept for place 14 need as many runs through 12 and 13, which
	// may be more: without them a relaxed state (no run open) keeping a
	// one with a 12 and a 13 to reach it found its choices cached from a
	// position with neither, and died (wrap 196, 13 tiles and 97 points
	// found after wrap 135 where 98 is the best).
	most := byte(min(int(r.n)+kept+wildLeft+d.t[n][c]+d.r[n][c]+d.resCount(p, c, s), 15))
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
	// (through 13: at place 10 the places keyed end at 12, and a choice's
	// deficit counts what 13 holds too; with 13 left out two colours with
	// the same 11s and 12s shared their choices, so a relaxed state of the
	// tail bound lost R11 R12 J R1 round the corner: see
	// TestTailBoundWrapPosition and TestOptCacheKeptOne)
	if d.wrap && (p == 1 || (resv && hi < game.MaxNumber)) {
		k[i], k[i+1] = d.supKey[c][12], d.supKey[c][13]
	}
	if e, ok := d.optCache[k]; ok {
		if checkOptCache {
			d.colCompute(p, n, c, s, kept, wildLeft, split)
			if !slices.Equal(e.opts, d.optScratch) {
				panic(fmt.Sprintf("solver: cached colour choices differ from those worked out: place %d colour %d kept %d wild %d split %v strip %v key %v state %s",
					p, c, kept, wildLeft, split, d.strip, k, d.stateString(s))) // k, not k[:]: a slice of it made every key escape to the heap, a third of a solve's allocations
			}
		}
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
		in.newRuns = p <= d.last-2 || s.relax
		in.relax = s.relax
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

// resCount is the ones of colour c kept for place 14 that runs through 12
// and 13 must reach, seen from place p > 1.
func (d *dp) resCount(p, c int, s *state) int {
	if !d.wrap || p < 2 {
		return 0
	}
	return int(s.res[c][0]) + int(s.res[c][1]) + int(s.res[c][2])
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

// checkOptCache makes every cached colour choice be worked out again and
// compared (RUMMIKUB_SOLVER_CHECKCACHE=1 in the report): a key that leaves
// out something the choices depend on shows at once, where it otherwise
// gives a wrong answer only in some order of solves.
var checkOptCache = false

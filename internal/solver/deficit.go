package solver

import "rummikub/internal/game"

// Copies a tile's neighbours cannot hold: the bound counts, for every face,
// how many sets could hold a copy of it, and charges the copies beyond
// that to the wild jokers still to place.
//
// prune drops a rack tile that no set could hold, one tile at a time; it
// does not see that two B13 need two sets when no B11 or B12 makes a run
// and the other 13s make one group. A position whose every rack tile fits
// alone but not every copy then searches every way to lay the places
// before, each laying its jokers early, only to find at the end that a
// copy is left over.
//
// A set holding a face f at place n has two witnesses of its shape next to
// f: two tiles of other colours at n for a group; n-1 and n-2, n-1 and
// n+1, or n+1 and n+2 for a run. Each is a numbered tile (or a kept table
// joker), each used once, or a wild joker, at a place n-2 or later. So,
// seen from a state at place p <= n-2, the sets holding f with j wild
// jokers among their witnesses number at most sets(f, j), counted from the
// tiles of those places; every copy beyond is a rack tile left on the rack
// (or a table tile with no set: no play at all). A wild joker still to
// place lies in one set, which holds at most k of the faces short of sets:
// w of them give at most k*w witnesses in all, and at most w to one face.
//
// Search nodes over the benchmark sets (200 positions each, first pass of
// the report): standard 201,664 -> 148,191, wrap 1,550,959 -> 1,390,887,
// six 1,757,287 -> 635,534, forty 117,233 -> 76,885, river 109,147 ->
// 56,182, joker-heavy 5,734,113 -> 1,755,171; the slowest six position 179
// -> 55 ms, joker-heavy 889 -> 399 ms (thread CPU, a busy machine, the
// same conditions); medians unchanged.

// maxBoundWild is the most wild jokers the table ubW covers.
const maxBoundWild = 16

// supplyAt is the most numbered tiles and kept jokers of colour c at place
// q (a high 1 at place 14 counts every 1, unless the colour is in
// d.noHigh: it kept none for place 14).
func (d *dp) supplyAt(q, c int) int {
	if q < 1 || q > d.last || (q == game.MaxNumber+1 && d.noHigh&(1<<c) != 0) {
		return 0
	}
	n := placeNum(q)
	return d.t[n][c] + d.r[n][c] + d.keepable[n][c]
}

// setsWith fills sets(f, j) for j = 0..maxW, for the face of colour c at
// place q.
func (d *dp) setsWith(q, c, maxW int, out *[maxBoundWild]int) {
	n := placeNum(q)
	var others [4]int
	for c2 := 0; c2 < 4; c2++ {
		if c2 != c {
			others[c2] = d.t[n][c2] + d.r[n][c2] + d.keepable[n][c2]
		}
	}
	// groups[j]: g groups need 2g witnesses, each other colour giving at
	// most one per group, jokers the rest
	var groups, runs [maxBoundWild]int
	for try := 1; try <= maxRuns; try++ {
		real := 0
		for _, o := range others {
			real += min(o, try)
		}
		if need := max(0, 2*try-real); need <= maxW {
			for j := need; j <= maxW; j++ {
				groups[j] = try
			}
		}
	}
	// runs[j]: l runs with f last, m in the middle, f first; a place past
	// the ends holds no joker either
	a1, a2 := d.supplyAt(q-1, c), d.supplyAt(q-2, c)
	b1, b2 := d.supplyAt(q+1, c), d.supplyAt(q+2, c)
	maxL, maxM, maxF := 0, 0, 0
	if q-2 >= 1 {
		maxL = min(a1, a2) + maxW
	}
	if q-1 >= 1 && q+1 <= d.last {
		maxM = min(a1, b1) + maxW
	}
	if q+2 <= d.last {
		maxF = min(b1, b2) + maxW
	}
	for l := 0; l <= maxL; l++ {
		for m := 0; m <= maxM; m++ {
			for f := 0; f <= maxF; f++ {
				need := max(0, l+m-a1) + max(0, l-a2) + max(0, m+f-b1) + max(0, f-b2)
				if need > maxW {
					break
				}
				runs[need] = max(runs[need], l+m+f)
			}
		}
	}
	for j := 1; j <= maxW; j++ {
		runs[j] = max(runs[j], runs[j-1])
	}
	for j := 0; j <= maxW; j++ {
		out[j] = 0
		for jg := 0; jg <= j; jg++ {
			out[j] = max(out[j], groups[jg]+runs[j-jg])
		}
	}
}

// setsFast is sets(f, 0), cheaply: most faces are not short of sets.
func (d *dp) setsFast(q, c int) int {
	n := placeNum(q)
	var others [4]int
	for c2 := 0; c2 < 4; c2++ {
		if c2 != c {
			others[c2] = d.t[n][c2] + d.r[n][c2] + d.keepable[n][c2]
		}
	}
	g := 0
	for try := 1; try <= maxRuns; try++ {
		w := 0
		for _, o := range others {
			w += min(o, try)
		}
		if w < 2*try {
			break
		}
		g = try
	}
	a1, a2 := d.supplyAt(q-1, c), d.supplyAt(q-2, c)
	b1, b2 := d.supplyAt(q+1, c), d.supplyAt(q+2, c)
	runs := 0
	for mid := 0; mid <= min(a1, b1); mid++ {
		runs = max(runs, mid+min(a1-mid, a2)+min(b1-mid, b2))
	}
	return g + runs
}

// shortFace is a face short of sets: its place and colour, the gain of one
// copy, and the copies short with j wild jokers among the witnesses.
type shortFace struct {
	q, c int
	gain int64
	lost [maxBoundWild]int
}

// deficits works out out, the bound from place p with w wild jokers left:
// every rack tile from p on and every wild joker, less the copies short of
// sets at places p+2 and later that the jokers cannot make up. A table
// tile short of a set costs more than any play gains: the state has no
// play. The colours of d.noHigh have no high 1 at place 14.
func (d *dp) deficits(out *[16][maxBoundWild]int64) {
	list := d.shortBuf[:0]
	maxW := min(d.jAvail+len(d.jHome), maxBoundWild-1)
	for q := 3; q <= d.last; q++ {
		n := placeNum(q)
		if d.wrap && n == 1 {
			continue // a 1 lies at place 1 or 14: not counted
		}
		for c := 0; c < 4; c++ {
			if d.t[n][c]+d.r[n][c] == 0 || d.t[n][c]+d.r[n][c] <= d.setsFast(q, c) {
				continue
			}
			sf := shortFace{q: q, c: c, gain: d.tileGain(1, n)}
			if d.r[n][c] == 0 {
				sf.gain = noPlayLoss
			}
			var sets [maxBoundWild]int
			d.setsWith(q, c, maxW, &sets)
			// with splitDeficits every wild joker needs two rack tiles in
			// its set: a face of rack tiles only, none of whose sets could
			// hold another, gains no set from them
			helped := !d.splitMode || d.t[n][c] > 0 || rackPartner(d, &d.r, n, c, maxW)
			for j := 0; j < maxBoundWild; j++ {
				k := min(j, maxW)
				if !helped {
					k = 0
				}
				sf.lost[j] = max(0, d.t[n][c]+d.r[n][c]-sets[k])
			}
			list = append(list, sf)
		}
	}
	d.shortBuf = list
	// the faces seen from p are those from list[i] on (list is by place);
	// the losses change only when that changes
	var loss [maxBoundWild]int64
	prev := -1
	i := 0
	for p := 1; p < len(d.ubW); p++ {
		for i < len(list) && list[i].q < p+2 {
			i++
		}
		from := list[i:]
		if i != prev && len(from) > 0 {
			var perC [4]int
			var perQ [16]int
			k := 0
			for _, sf := range from {
				perC[sf.c]++
				perQ[sf.q]++
				k = max(k, perC[sf.c], perQ[sf.q])
			}
			for w := 0; w <= maxW; w++ {
				loss[w] = minLoss(from, w, k)
			}
			prev = i
		}
		for w := 0; w < maxBoundWild; w++ {
			v := d.ubSuffix[p] + int64(w)*d.jokerGain
			if len(from) > 0 && w <= maxW {
				v -= loss[w]
			}
			if w == 0 {
				v = min(v, d.ubSuffix0[p])
			}
			out[p][w] = v
		}
	}
}

// noPlayLoss is the loss of a table tile short of a set: more than any
// play gains, less than would overflow.
const noPlayLoss = int64(1) << 40

// ubTable is the table of bounds (see deficits) for a state at place p:
// under wrap, once place 1 is laid, the colours with no 1 kept for place
// 14 have their own. With them (and table tiles short of sets counted),
// wrap benchmark set search nodes 1,383,008 -> 989,795 (1,181,485 without
// the table tiles), slowest position 164 -> 138 ms (thread CPU, a busy
// machine); the other sets unchanged.
//
// Under joker-two-rack-tiles, states that free table jokers have their own
// too, from the rack tiles such sets can hold (see split.go).
func (d *dp) ubTable(p int, s *state) *[16][maxBoundWild]int64 {
	v := 0
	if d.wrap && p >= 2 {
		for c := 0; c < 4; c++ {
			if s.res[c] == [3]uint8{} {
				v |= 1 << c
			}
		}
	}
	if d.splitApplies(s) {
		v |= splitBounds
	}
	if v == 0 {
		return &d.ubW
	}
	if d.ubAlt == nil {
		d.ubAlt = new([32][16][maxBoundWild]int64)
	}
	t := &d.ubAlt[v]
	if d.ubAltDone&(1<<v) == 0 {
		d.noHigh = v &^ splitBounds
		if v&splitBounds != 0 {
			d.splitDeficits(t)
		} else {
			d.deficits(t)
		}
		d.noHigh = 0
		d.ubAltDone |= 1 << v
	}
	return t
}

// minLoss is the least gain lost over the faces short of sets when w wild
// jokers give them at most k*w witnesses, at most w to one face.
func minLoss(faces []shortFace, w, k int) int64 {
	switch len(faces) {
	case 0:
		return 0
	case 1:
		return int64(faces[0].lost[min(w, maxBoundWild-1)]) * faces[0].gain
	}
	budget := min(k*w, 4*maxBoundWild)
	// best[b]: the least loss of the faces so far with b witnesses given
	var best, next [4*maxBoundWild + 1]int64
	for b := range best[:budget+1] {
		best[b] = 0
	}
	for _, sf := range faces {
		for b := 0; b <= budget; b++ {
			next[b] = 1 << 62
			for j := 0; j <= min(b, w, maxBoundWild-1); j++ {
				next[b] = min(next[b], best[b-j]+int64(sf.lost[j])*sf.gain)
			}
		}
		best = next
	}
	return best[budget]
}

package solver

import "rummikub/internal/game"

// The DP's state between two places: for each colour the runs still open,
// and a few counters. A run is described by a small bit field; runs with
// the same description are interchangeable for the rest of the search, so a
// colour's runs are kept as a sorted multiset.

// maxRuns bounds the runs of one colour open through one place: at most
// copies (3) real tiles and the jokers (at most 8) can sit there.
const maxRuns = 12

// Run description bits.
const (
	dLen     = 3      // length so far: 1, 2, or 3 meaning three or more
	dReal    = 1 << 2 // holds a numbered tile (a set must)
	dFromOne = 1 << 3 // starts at place 1 (wrap: cannot also reach place 14)
	dWShift  = 4      // wild jokers in the run, capped at 7 (joker-two-rack-tiles)
	dWMask   = 7 << dWShift
	dRShift  = 7 // rack numbered tiles in the run, capped at 2 (joker-two-rack-tiles)
	dRMask   = 3 << dRShift
	// dLead marks a run that starts with a wild joker. Such a run must reach
	// the last place: otherwise the joker could move to its high end, so
	// arrangements with it are searched in that form only.
	dLead = 1 << 9
	// dExt marks a run of three or more that goes on with wild jokers: it
	// may not end on them (they would be spare jokers, which the search
	// leaves out and lays at the end where there is room).
	dExt = 1 << 10
)

func dlen(d uint16) int   { return int(d & dLen) }
func dreal(d uint16) bool { return d&dReal != 0 }
func dwild(d uint16) int  { return int(d&dWMask) >> dWShift }
func drack(d uint16) int  { return int(d&dRMask) >> dRShift }

// freeCap is how many freed table jokers a set with w wild jokers and rr
// numbered rack tiles can hold under joker-two-rack-tiles: a freed joker's
// set needs two rack tiles besides it, and the wild jokers that are not
// freed ones are rack jokers, which count.
func freeCap(w, rr int) int {
	if w == 0 {
		return 0
	}
	c := w + rr - 2
	if c > w {
		c = w
	}
	if c < 0 {
		c = 0
	}
	return c
}

// colRuns is one colour's open runs, sorted in decreasing order.
type colRuns struct {
	n int8
	d [maxRuns]uint16
}

func (c *colRuns) sort() {
	// insertion sort: a handful of elements
	for i := 1; i < int(c.n); i++ {
		x := c.d[i]
		j := i
		for j > 0 && c.d[j-1] < x {
			c.d[j] = c.d[j-1]
			j--
		}
		c.d[j] = x
	}
}

// state is the DP state before a place.
type state struct {
	runs  [4]colRuns
	freed uint8       // table jokers freed this turn (bit per joker), fixed at the start
	wild  uint8       // wild jokers placed so far (rack jokers and freed table jokers)
	cap   uint8       // room for freed jokers in closed sets (joker-two-rack-tiles), capped
	value uint8       // initial meld value so far, capped at the threshold
	res   [4][3]uint8 // wrap: ones kept for place 14 per colour: table, rack, kept jokers
	relax bool        // the relaxed state of a tail bound (see tail.go)
}

// placeByte is the key's first byte: the place, and whether the state is a
// relaxed one.
func (s *state) placeByte(p int) byte {
	if s.relax {
		return byte(p) | 0x80
	}
	return byte(p)
}

// key encodes the state and place into buf for the memo.
func (s *state) key(p int, buf []byte, wrap bool, mask uint8) []byte {
	buf = append(buf[:0], s.placeByte(p), mask, s.wild, s.cap, s.value)
	if wrap {
		for c := 0; c < 4; c++ {
			buf = append(buf, s.res[c][0]|s.res[c][1]<<2|s.res[c][2]<<4)
		}
	}
	for c := 0; c < 4; c++ {
		r := &s.runs[c]
		buf = append(buf, byte(r.n))
		for i := 0; i < int(r.n); i++ {
			buf = append(buf, byte(r.d[i]), byte(r.d[i]>>8))
		}
	}
	return buf
}

// shortKey writes the same key as key into k when it fits (the memo's
// array-keyed part, zero padded), and reports whether it did.
func (s *state) shortKey(p int, wrap bool, mask uint8, k *[memoShort]byte) bool {
	size := 9 + 2*(int(s.runs[0].n)+int(s.runs[1].n)+int(s.runs[2].n)+int(s.runs[3].n))
	if wrap {
		size += 4
	}
	if size > memoShort {
		return false
	}
	k[0], k[1], k[2], k[3], k[4] = s.placeByte(p), mask, s.wild, s.cap, s.value
	i := 5
	if wrap {
		for c := 0; c < 4; c++ {
			k[i] = s.res[c][0] | s.res[c][1]<<2 | s.res[c][2]<<4
			i++
		}
	}
	for c := 0; c < 4; c++ {
		r := &s.runs[c]
		k[i] = byte(r.n)
		i++
		for j := 0; j < int(r.n); j++ {
			k[i], k[i+1] = byte(r.d[j]), byte(r.d[j]>>8)
			i += 2
		}
	}
	return true
}

// placeNum is the number shown at place p: place 14 is a high 1.
func placeNum(p int) int {
	if p == game.MaxNumber+1 {
		return 1
	}
	return p
}

func popcount(m int) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

package solver

import (
	"sync"
	"sync/atomic"
)

// Groups at one number: which colours bring numbered tiles from the table
// (T), numbered tiles from the rack (R) and table jokers kept at that colour
// (K), and how many wild jokers join them. A partition into groups of 3 or 4
// distinct colours, each with a numbered tile, exists or not; under
// joker-two-rack-tiles the search also wants the most room for freed jokers.

// groupIn is the tiles of one number that go into groups.
type groupIn struct {
	t, r, k [4]int8
	w       int8
}

func (g *groupIn) empty() bool {
	for c := 0; c < 4; c++ {
		if g.t[c]+g.r[c]+g.k[c] != 0 {
			return false
		}
	}
	return g.w == 0
}

func (g *groupIn) code(split, strip bool) uint64 {
	var x uint64
	for c := 0; c < 4; c++ {
		x = x<<12 | uint64(g.t[c])<<8 | uint64(g.r[c])<<4 | uint64(g.k[c])
	}
	x = x<<5 | uint64(g.w)
	if split {
		x |= 1 << 63
	}
	if strip {
		x |= 1 << 62
	}
	return x
}

// oneGroup is a group's make-up: for each colour 0 none, 1 table tile,
// 2 rack tile, 3 kept joker; and its wild jokers.
type oneGroup struct {
	of [4]uint8
	w  int8
}

// groupCache keeps groupRoom's answers, which depend on the code alone, in
// one word each: the code (55 bits), the room plus one (6 bits) and a bit
// saying the word is written. Each code has one slot, and a new code takes
// it over; racing solves may overwrite each other's words, never mix them.
// It took the place of a sync.Map, whose boxed keys cost the slowest wrap
// benchmark positions (where every table joker freed makes groups split)
// a tenth of their time.
var groupCache [1 << 14]atomic.Uint64

const (
	groupCodeBits = 55
	groupFilled   = uint64(1) << 63
)

// groupCacheKey is a code in groupCodeBits: its flags moved down next to
// its counts.
func groupCacheKey(code uint64) uint64 {
	return code&(1<<53-1) | code>>62<<53
}

// simpleRoom answers the common case at once: numbered tiles only (0..3 of
// each colour) and 0..15 wild jokers, not split.
var (
	simpleOnce sync.Once
	simpleRoom [2][256][16]int8 // [strip]
	// simpleFirst is the fewest wild jokers with which simpleRoom has a
	// partition (16: none): a quick "no group" before the table is read.
	simpleFirst [2][256]int8
	// simpleLast[strip][abc][w] is the set of fourth-colour counts e (bit
	// e) with which the first three colours' counts abc make groups with at
	// most w wild jokers: a whole loop over the fourth colour is skipped
	// when none of its counts is in it.
	simpleLast [2][64][17]uint8
)

func fillSimple() {
	for st := range simpleRoom {
		for i := range simpleRoom[st] {
			for w := range simpleRoom[st][i] {
				simpleRoom[st][i][w] = -2
			}
		}
	}
	for st := 0; st < 2; st++ {
		for i := 0; i < 256; i++ {
			simpleFirst[st][i] = 16
			for w := 15; w >= 0; w-- {
				if simple(st, i, w) >= 0 {
					simpleFirst[st][i] = int8(w)
				}
			}
		}
		for abc := 0; abc < 64; abc++ {
			for w := 0; w <= 16; w++ {
				for e := 0; e < 4; e++ {
					if int(simpleFirst[st][abc|e<<6]) <= w {
						simpleLast[st][abc][w] |= 1 << e
					}
				}
			}
		}
	}
}

// simple fills simpleRoom[i][w] from smaller entries: the group holding a
// tile of the first colour present is chosen every way, the rest looked up.
func simple(st, i, w int) int8 {
	if v := simpleRoom[st][i][w]; v != -2 {
		return v
	}
	v := int8(-1)
	if i == 0 {
		if w == 0 {
			v = 0
		}
		simpleRoom[st][i][w] = v
		return v
	}
	first := 0
	for (i>>(2*first))&3 == 0 {
		first++
	}
	// choose the other colours of the group (a subset of the present ones)
	for sub := 0; sub < 16; sub++ {
		if sub&(1<<first) == 0 {
			continue
		}
		ok := true
		size := 0
		rest := i
		for c := 0; c < 4; c++ {
			if sub&(1<<c) == 0 {
				continue
			}
			if (i>>(2*c))&3 == 0 || c < first {
				ok = false
				break
			}
			size++
			rest -= 1 << (2 * c)
		}
		if !ok {
			continue
		}
		for j := 0; j <= w && size+j <= 4; j++ {
			if size+j < 3 || (st == 1 && j > 0 && size+j > 3) {
				continue
			}
			if simple(st, rest, w-j) >= 0 {
				v = 0
			}
		}
	}
	simpleRoom[st][i][w] = v
	return v
}

// groupRoom returns the most room for freed jokers over the partitions of
// g into groups (0 when split is false), or -1 when there is none.
func groupRoom(g groupIn, split, strip bool) int {
	if g.empty() {
		return 0
	}
	if !split {
		// numbered tiles from the table and the rack are alike here
		for c := 0; c < 4; c++ {
			g.t[c] += g.r[c]
			g.r[c] = 0
		}
	}
	if !split && g.k == [4]int8{} && g.w < 16 && g.t[0] < 4 && g.t[1] < 4 && g.t[2] < 4 && g.t[3] < 4 {
		simpleOnce.Do(fillSimple)
		st := 0
		if strip {
			st = 1
		}
		return int(simpleRoom[st][int(g.t[0])|int(g.t[1])<<2|int(g.t[2])<<4|int(g.t[3])<<6][g.w])
	}
	key := groupCacheKey(g.code(split, strip))
	slot := &groupCache[(key*0x9E3779B97F4A7C15)>>(64-14)]
	if w := slot.Load(); w&groupFilled != 0 && w&(1<<groupCodeBits-1) == key {
		return int(w>>groupCodeBits&63) - 1
	}
	v := groupSearch(&g, split, strip, nil)
	slot.Store(groupFilled | uint64(v+1)<<groupCodeBits | key)
	return v
}

// groupSearch finds the best partition of g; when out is not nil it also
// appends the groups of a best partition to *out.
func groupSearch(g *groupIn, split, strip bool, out *[]oneGroup) int {
	first := -1
	for c := 0; c < 4; c++ {
		if g.t[c]+g.r[c]+g.k[c] > 0 {
			first = c
			break
		}
	}
	if first < 0 {
		if g.w == 0 {
			return 0
		}
		return -1
	}
	best := -1
	var bestGroups []oneGroup
	var cur oneGroup
	var rec func(c int)
	rec = func(c int) {
		if c == 4 {
			size, real, rack := 0, false, 0
			for _, k := range cur.of {
				if k != 0 {
					size++
				}
				if k == 1 || k == 2 {
					real = true
				}
				if k == 2 {
					rack++
				}
			}
			if !real {
				return
			}
			for w := int8(0); w <= g.w && size+int(w) <= 4; w++ {
				if size+int(w) < 3 || (strip && w > 0 && size+int(w) > 3) {
					continue // with strip, a group holds no spare joker
				}
				cur.w = w
				g.w -= w
				room := 0
				if split {
					room = freeCap(int(w), rack)
				}
				var sub []oneGroup
				var subp *[]oneGroup
				if out != nil {
					subp = &sub
				}
				v := groupSearch(g, split, strip, subp)
				g.w += w
				if v >= 0 && v+room > best {
					best = v + room
					if out != nil {
						bestGroups = append(append([]oneGroup(nil), cur), sub...)
					}
				}
			}
			return
		}
		// the first colour must take part; others may
		if c != first {
			cur.of[c] = 0
			rec(c + 1)
		}
		if g.t[c] > 0 {
			g.t[c]--
			cur.of[c] = 1
			rec(c + 1)
			g.t[c]++
		}
		if g.r[c] > 0 {
			g.r[c]--
			cur.of[c] = 2
			rec(c + 1)
			g.r[c]++
		}
		if g.k[c] > 0 {
			g.k[c]--
			cur.of[c] = 3
			rec(c + 1)
			g.k[c]++
		}
		cur.of[c] = 0
	}
	rec(0)
	if out != nil && best >= 0 {
		*out = append(*out, bestGroups...)
	}
	return best
}

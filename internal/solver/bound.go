package solver

import (
	"rummikub/internal/game"
)

// The bound of branch and bound: the rack tiles no set can hold are dropped
// first, and a state can gain at most every rack tile still to come.

// prune drops rack tiles that cannot be in any set, whatever the rest of
// the arrangement: no run window and no group has enough tiles for them.
// It makes the search smaller and its bound tighter. It also counts the
// rack tiles that could be in a set with no wild joker at all (kept table
// jokers standing in for their tiles), for the bound once the wild jokers
// are spent.
func (d *dp) prune() {
	d.r = placeable(d.supply(), d.r, d.jAvail+len(d.jHome), false)
	if d.jAvail+len(d.jHome) == 0 {
		d.r0 = d.r // no joker anywhere: nothing more to drop
		return
	}
	d.r0 = placeable(d.supply(), d.r, 0, true)
}

// tileSupply is what placeable reads of a search: the table tiles to lay,
// the table jokers that may keep their tiles and the rack tiles that must
// be played, by number and colour, and its places.
type tileSupply struct {
	t, keepable, m *[15][4]int
	last           int
	wrap           bool
}

func (d *dp) supply() tileSupply {
	return tileSupply{t: &d.t, keepable: &d.keepable, m: &d.m, last: d.last, wrap: d.wrap}
}

// placeable returns r less the tiles no set can hold with the given number
// of wild jokers (keep: kept table jokers fill their own places).
func placeable(d tileSupply, r [15][4]int, jokers int, keep bool) [15][4]int {
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
	if int(s.wild) < maxBoundWild {
		return d.ubTable(p, s)[p][s.wild]
	}
	return d.ubSuffix[p] + int64(s.wild)*d.jokerGain
}

// ubNext is ub for a next state of the state being laid at place p, with
// wild jokers still to place (its table holds for them: under wrap the 1s
// kept for place 14 are known from place 2 on, and at place 1 the table
// is the one for every colour, which bounds them all).
func (d *dp) ubNext(p, wild int) int64 {
	if wild < maxBoundWild {
		return d.ubAt[p][p+1][wild]
	}
	return d.ubSuffix[p+1] + int64(wild)*d.jokerGain
}

// tableNeedsJoker works out badTable: for each colour, the highest place
// of a table tile that no set can hold without a wild joker (0: none),
// with and without a high 1 of that colour at place 14 (wrap).
func (d *dp) tableNeedsJoker() {
	present := func(n, c int) bool { return d.t[n][c]+d.r[n][c]+d.keepable[n][c] > 0 }
	for c := 0; c < 4; c++ {
		for h := 0; h < 2; h++ {
			have := func(q int) bool {
				switch {
				case q < 1 || q > d.last:
					return false
				case q == game.MaxNumber+1:
					return h == 1
				}
				return present(q, c)
			}
			d.badTable[c][h] = 0
			for q := 1; q <= game.MaxNumber; q++ {
				if d.t[q][c] == 0 {
					continue
				}
				others := 0
				for c2 := 0; c2 < 4; c2++ {
					if c2 != c && present(q, c2) {
						others++
					}
				}
				ok := others >= 2
				for st := q - 2; st <= q && !ok; st++ {
					ok = have(st) && have(st+1) && have(st+2)
				}
				if !ok {
					d.badTable[c][h] = q
				}
			}
		}
	}
}

// tableStuck reports that a state at place p can no longer hold every
// table tile: it has no wild joker left, and a table tile at place p+2 or
// later needs one. (A tile there lies in a run with tiles at two places
// next to it, all at p or later, or in a group; the runs open at p, which
// may hold jokers, reach only tiles at p and p+1 that way.) Under wrap,
// whether its colour has a one kept for place 14 decides what 12 and 13
// can join: a choice at place 1 that keeps no one for a 12 or 13 on the
// table that needs it is found dead at place 11, not at 13. Over the wrap
// benchmark set (first pass of the report) search nodes 2,099,891 ->
// 1,550,959 and the slowest position 229 -> 68 ms (thread CPU).
func (d *dp) tableStuck(p int, s *state) bool {
	if s.wild != 0 {
		return false
	}
	for c := 0; c < 4; c++ {
		h := 1
		if d.wrap && p > 1 && s.res[c] == [3]uint8{} {
			h = 0
		}
		if d.badTable[c][h] >= p+2 {
			return true
		}
	}
	return false
}

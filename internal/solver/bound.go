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

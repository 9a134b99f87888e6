package solver

import "rummikub/internal/game"

// Bounds for the states that free table jokers under joker-two-rack-tiles.
//
// A freed joker's set must hold two numbered rack tiles besides it (see
// freeCap). With no rack joker, every wild joker is a freed one, so a rack
// tile that only a wild joker lets into a set lies in a set with another
// rack tile: a group with a rack tile of another colour, or a run with a
// rack tile of its colour, the places between them table tiles or wild
// jokers. The plain bound lets wild jokers place any tile. So the rack
// tiles such sets can hold are fewer, and so are the copies of a face short
// of sets (see deficits) that wild jokers can make up: on the slowest wrap
// benchmark position (rack K5 R2 O7 B13 K3 O7, where one O7 fits a run
// with no joker and the other, with no other rack 7 and no orange rack
// tile near, cannot join a freed joker) the bound with both table jokers
// freed drops from 6 tiles to 5 (the best play places 4). Search nodes
// over the wrap benchmark set (first pass of the report) 710,473 ->
// 658,726 (that position 94,732 -> 86,303); the other sets unchanged.

// splitBounds marks, in the index of a table of bounds (see ubTable), the
// table for states that free table jokers under joker-two-rack-tiles.
const splitBounds = 16

// splitApplies reports whether the state's bounds may count only the rack
// tiles sets can hold when freed jokers need rack tiles: it frees table
// jokers under joker-two-rack-tiles, and there is no rack joker.
func (d *dp) splitApplies(s *state) bool {
	return d.split(s) && d.jAvail == 0
}

// splitDeficits is deficits for the rack tiles sets can hold when every set
// with a wild joker needs two rack tiles.
func (d *dp) splitDeficits(out *[16][maxBoundWild]int64) {
	if !d.splitR {
		d.splitR = true
		d.rSplit = splitPlaceable(d, d.r, len(d.jHome))
	}
	saved, savedSuffix := d.r, d.ubSuffix
	d.r = d.rSplit
	d.ubSuffix = d.rackSuffix()
	d.splitMode = true
	d.deficits(out)
	d.splitMode = false
	d.r, d.ubSuffix = saved, savedSuffix
}

// rackSuffix is ubSuffix for the rack tiles d.r: the most the rack tiles of
// places >= q can add.
func (d *dp) rackSuffix() [16]int64 {
	var out [16]int64
	for q := d.last; q >= 1; q-- {
		out[q] = out[q+1]
		if q <= game.MaxNumber {
			for c := 0; c < 4; c++ {
				out[q] += d.tileGain(d.r[q][c], q)
			}
		}
	}
	return out
}

// splitPlaceable returns r less the rack tiles no set can hold when every
// set with a wild joker (of the given number) must hold two rack tiles:
// each tile left can join a set with no wild joker (kept table jokers
// standing for their tiles), or one with another rack tile (rackPartner).
func splitPlaceable(d *dp, r [15][4]int, jokers int) [15][4]int {
	plain := placeable(d.supply(), r, 0, true)
	for changed := true; changed; {
		changed = false
		for n := 1; n <= game.MaxNumber; n++ {
			for c := 0; c < 4; c++ {
				if r[n][c] == 0 || d.m[n][c] > 0 || plain[n][c] > 0 {
					continue
				}
				if !rackPartner(d, &r, n, c, jokers) {
					r[n][c] = 0
					changed = true
				}
			}
		}
	}
	return r
}

// rackPartner reports whether a rack tile of colour c and number n could
// lie in a set with another rack tile and at most the given wild jokers: a
// group with a rack tile of another colour, or a run with a rack tile of
// its colour, the places between them and beside them table tiles, rack
// tiles or wild jokers.
func rackPartner(d *dp, r *[15][4]int, n, c, jokers int) bool {
	if groupPartner(d, r, n, c, jokers) {
		return true
	}
	places := [2]int{n, 0}
	if n == 1 && d.wrap {
		places[1] = game.MaxNumber + 1
	}
	for _, q := range places {
		for x := 1; x <= d.last && q > 0; x++ {
			if placeNum(x) == n || r[placeNum(x)][c] == 0 {
				continue
			}
			if need, ok := runJokersNeeded(d, r, n, c, q, x, jokers); ok && need <= jokers {
				return true
			}
		}
	}
	return false
}

// groupPartner reports whether a rack tile of colour c and number n could
// lie in a group with a rack tile of another colour: with those of the
// other colours the table, the rack or the keepable jokers hold, and the
// wild jokers, at least three.
func groupPartner(d *dp, r *[15][4]int, n, c, jokers int) bool {
	others, rackOther := 0, false
	for c2 := 0; c2 < 4; c2++ {
		if c2 == c {
			continue
		}
		if d.t[n][c2]+r[n][c2]+d.keepable[n][c2] > 0 {
			others++
		}
		if r[n][c2] > 0 {
			rackOther = true
		}
	}
	return rackOther && others+jokers >= 2
}

// runJokersNeeded is the wild jokers a run of colour c holding place q
// (the tile of number n) and place x (another rack tile) needs: one for
// each place between them nothing else fills, and when the two are
// adjacent, a third place beside them (none if a tile fills it, one if a
// joker can). false when the places are too far apart for one run.
func runJokersNeeded(d *dp, r *[15][4]int, n, c, q, x, jokers int) (int, bool) {
	lo, hi := min(q, x), max(q, x)
	if hi-lo+1 > game.MaxNumber {
		return 0, false
	}
	need := 0
	for y := lo + 1; y < hi; y++ {
		if !runPlaceHas(d, r, y, c) {
			need++
		}
	}
	if hi-lo+1 >= 3 {
		return need, true
	}
	third := jokers + 1
	for _, y := range [2]int{lo - 1, hi + 1} {
		if y >= 1 && y <= d.last && placeNum(y) != n {
			if runPlaceHas(d, r, y, c) {
				third = 0
			} else {
				third = min(third, 1)
			}
		}
	}
	return need + third, true
}

// runPlaceHas reports whether place q of colour c can hold a tile without
// a wild joker: a table tile, a rack tile or a keepable joker.
func runPlaceHas(d *dp, r *[15][4]int, q, c int) bool {
	if q < 1 || q > d.last {
		return false
	}
	m := placeNum(q)
	return d.t[m][c]+r[m][c]+d.keepable[m][c] > 0
}

package solver

import (
	"math/rand/v2"

	"rummikub/internal/game"
)

// position is a generated solver input.
type position struct {
	table game.Table
	rack  []game.Tile
}

// posSpec says how to deal a position: the rules' tile set, the table size
// wanted, the rack size, and the numbers used (lo..hi) to make small
// positions interact.
type posSpec struct {
	rules      *game.Rules
	tableTiles int // at least this many tiles on the table (as sets allow)
	rackTiles  int
	lo, hi     int
	jokers     int // at most this many jokers in the deal
	tableJ     bool
	colors     int  // deal only the first this many colours (0: all four)
	long       bool // table runs of any length the numbers allow, often all of them
	spareOne   bool // a 1 left over goes to the rack first (wrap: a high or a low 1)
	rackJokers int  // this many of the jokers dealt go to the rack before the table is laid
}

// has reports whether number n is dealt: places lo..hi, where place 14
// is a high 1.
func (sp posSpec) has(n int) bool {
	for q := sp.lo; q <= sp.hi; q++ {
		if placeNum(q) == n {
			return true
		}
	}
	return false
}

// deal builds a realistic position: it shuffles the tile set, lays random
// valid sets (runs and groups, jokers among them) on the table, and deals
// the rack from what is left.
func deal(rng *rand.Rand, sp posSpec) position {
	all := game.TileSet(sp.rules.Copies, sp.rules.Jokers)
	var pool []game.Tile
	jokers := 0
	for _, t := range all {
		if t.IsJoker() {
			if jokers < sp.jokers {
				pool = append(pool, t)
				jokers++
			}
			continue
		}
		if sp.has(int(t.Face.Num)) && (sp.colors == 0 || int(t.Face.Color) < sp.colors) {
			pool = append(pool, t)
		}
	}
	rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
	var pos position
	for k := 0; k < sp.rackJokers; k++ {
		for i, t := range pool {
			if t.IsJoker() {
				pos.rack = append(pos.rack, t)
				pool = append(pool[:i], pool[i+1:]...)
				break
			}
		}
	}
	take := func(f game.Face) (game.Tile, bool) {
		for i, t := range pool {
			if t.Face == f {
				pool = append(pool[:i], pool[i+1:]...)
				return t, true
			}
		}
		return game.Tile{}, false
	}
	tableN := 0
	for tries := 0; tableN < sp.tableTiles && tries < 2000; tries++ {
		var faces []game.Face
		colors := 4
		if sp.colors > 0 {
			colors = sp.colors
		}
		if (sp.long && rng.IntN(4) != 0) || (!sp.long && rng.IntN(2) == 0) {
			c := game.Color(rng.IntN(colors))
			l := 3 + rng.IntN(3)
			width := sp.hi - sp.lo + 1
			if sp.long {
				// a whole colour (1..13 or, under wrap, 2..14) or any length
				l = min(width, game.MaxNumber)
				if rng.IntN(3) != 0 {
					l = 3 + rng.IntN(l-2)
				}
			}
			if width < l {
				continue
			}
			s := sp.lo + rng.IntN(sp.hi-sp.lo-l+2)
			for q := s; q < s+l; q++ {
				faces = append(faces, game.F(c, placeNum(q)))
			}
		} else {
			n := placeNum(sp.lo + rng.IntN(sp.hi-sp.lo+1))
			perm := rng.Perm(4)
			k := 3 + rng.IntN(2)
			for _, c := range perm[:k] {
				faces = append(faces, game.F(game.Color(c), n))
			}
		}
		var set []game.Tile
		usedJoker := false
		ok := true
		for _, f := range faces {
			t, found := take(f)
			if !found && sp.tableJ && !usedJoker {
				t, found = take(game.JokerFace)
				t.As = f
				usedJoker = true
			}
			if !found {
				ok = false
				break
			}
			set = append(set, t)
		}
		if ok && game.ValidSet(set, sp.rules) {
			m, _ := game.AnalyzeSet(set, sp.rules)
			pos.table = append(pos.table, m.Tiles)
			tableN += len(set)
			continue
		}
		for _, t := range set {
			t.As = game.Face{}
			pool = append(pool, t)
		}
	}
	if sp.spareOne {
		for i, t := range pool {
			if t.Face.Num == 1 {
				pool[0], pool[i] = pool[i], pool[0]
				break
			}
		}
	}
	for len(pos.rack) < sp.rackTiles && len(pool) > 0 {
		pos.rack = append(pos.rack, pool[0])
		pool = pool[1:]
	}
	return pos
}

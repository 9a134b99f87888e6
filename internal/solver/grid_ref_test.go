package solver

import (
	"fmt"
	"sort"
	"strings"

	"rummikub/internal/game"
)

// bruteGridBest is the reference for SolveGrid on small positions: every
// placement of rack tiles on empty cells, each judged by the engine.
//
// Every new tile of a valid play has a tile beside it (it lies in a line
// of three), so a play is new tiles grown cell by cell beside the grid
// (each tile laid beside a tile already there), plus pieces touching
// nothing of the grid. With at most five rack tiles there is at most one
// such piece (a piece holds three tiles or more), and since it touches
// nothing its lines are its own: it is enumerated with its first cell (in
// row, then column order) on one cell far from the grid, grown cell by
// cell over later cells. The reference enumerates both families whole
// (every cell, every rack tile) and has the engine judge every union of
// a valid grown part and a valid piece; it needs no idea of the solver's.
type bruteGridBest struct {
	tiles, points map[Objective][2]int // best (tiles, points) by objective
	// found: the best plays include a new tile at a crossing of two lines
	// of three, and a joker at such a crossing.
	crossing, jokerCrossing bool
	// the best plays include a new tile in a hole of one cell between two
	// tiles of the grid in a row, in a column.
	rowGap, colGap bool
	judged         int
}

type bruteTile struct {
	cell game.Cell
	rack int // index in the rack
}

func bruteGrid(r *game.Rules, start game.TurnStart) bruteGridBest {
	rack := start.Rack
	at := game.GridOf(start.Table).Cells()
	// grown: every set of tiles laid beside the grid one by one.
	var grown [][]bruteTile
	seen := map[string]bool{}
	occupied := map[game.Cell]bool{}
	for c := range at {
		occupied[c] = true
	}
	faceAt := map[game.Cell]game.Face{}
	for _, gt := range game.GridOf(start.Table).Tiles {
		faceAt[gt.Cell] = gt.Tile.Face
	}
	used := make([]bool, len(rack))
	var cur []bruteTile
	var grow func(after game.Cell, into *[][]bruteTile)
	grow = func(after game.Cell, into *[][]bruteTile) {
		k := bruteKey(cur, rack)
		if seen[k] {
			return
		}
		seen[k] = true
		*into = append(*into, append([]bruteTile(nil), cur...))
		var cands []game.Cell
		mark := map[game.Cell]bool{}
		for c := range occupied {
			for _, d := range []game.Cell{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
				n := game.Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}
				if !occupied[n] && !mark[n] && cellAfter(n, after) {
					mark[n] = true
					cands = append(cands, n)
				}
			}
		}
		for _, c := range cands {
			for ti := range rack {
				if used[ti] || firstOfFace(rack, used, ti) != ti || !besideFits(c, rack[ti].Face, faceAt) {
					continue
				}
				used[ti] = true
				occupied[c] = true
				faceAt[c] = rack[ti].Face
				cur = append(cur, bruteTile{c, ti})
				grow(after, into)
				cur = cur[:len(cur)-1]
				delete(occupied, c)
				delete(faceAt, c)
				used[ti] = false
			}
		}
	}
	grow(game.Cell{Row: -1 << 30}, &grown)
	// pieces: connected sets from a far cell, over later cells only.
	lo, hi, ok := game.GridOf(start.Table).Bounds()
	if !ok {
		lo, hi = game.Cell{}, game.Cell{}
	}
	// below anything the grown parts can reach, with a row between
	far := game.Cell{Row: hi.Row + len(rack) + 3, Col: lo.Col}
	var pieces [][]bruteTile
	seen = map[string]bool{}
	occupied = map[game.Cell]bool{}
	faceAt = map[game.Cell]game.Face{}
	for ti := range rack {
		if firstOfFace(rack, used, ti) != ti {
			continue
		}
		used[ti] = true
		occupied[far] = true
		faceAt[far] = rack[ti].Face
		cur = []bruteTile{{far, ti}}
		grow(far, &pieces)
		delete(occupied, far)
		delete(faceAt, far)
		used[ti] = false
	}
	cur = nil
	lay := func(tiles []bruteTile) game.Grid {
		g := game.GridOf(start.Table).Clone()
		for _, bt := range tiles {
			g.Tiles = append(g.Tiles, game.GridTile{Cell: bt.cell, Tile: rack[bt.rack]})
		}
		return g
	}
	best := bruteGridBest{tiles: map[Objective][2]int{}}
	bestGrids := map[Objective][]game.Grid{}
	// consider judges g and keeps it if it is a best play; it reports
	// whether the judge accepted it
	consider := func(g game.Grid, opened bool) bool {
		st := start
		st.Opened = opened
		best.judged++
		tr, err := game.JudgeGridTurn(r, st, g)
		if err != nil {
			return false
		}
		pts := 0
		for _, t := range tr.Placed {
			pts += r.Penalty(t.Face)
		}
		for _, obj := range []Objective{MostTiles, MostPoints} {
			b := best.tiles[obj]
			w, bw := gridWorth(obj, len(tr.Placed), pts), gridWorth(obj, b[0], b[1])
			if w > bw {
				best.tiles[obj] = [2]int{len(tr.Placed), pts}
				bestGrids[obj] = nil
			}
			if w >= bw {
				bestGrids[obj] = append(bestGrids[obj], game.GridOf(tr.After))
			}
		}
		return true
	}
	// valid reports whether g is a valid play for an opened player (the
	// judge's answer to consider when the player has opened)
	valid := func(g game.Grid, accepted bool) bool {
		if start.Opened {
			return accepted
		}
		_, err := game.JudgeGridTurn(r, game.TurnStart{Table: game.GridOf(start.Table), Rack: rack, Opened: true}, g)
		return err == nil
	}
	// The grown parts and the pieces that are plays on their own, and
	// every union of the two that the rack can supply.
	var okGrown, okPieces [][]bruteTile
	for _, a := range grown {
		if len(a) == 0 {
			continue
		}
		g := lay(a)
		if valid(g, consider(g, start.Opened)) {
			okGrown = append(okGrown, a)
		}
	}
	for _, p := range pieces {
		if len(p) < 3 {
			continue
		}
		g := lay(p)
		if valid(g, consider(g, start.Opened)) {
			okPieces = append(okPieces, p)
		}
	}
	for _, a := range okGrown {
		for _, p := range okPieces {
			if len(a)+len(p) > len(rack) {
				continue
			}
			u := disjointUnion(rack, a, p)
			if u == nil {
				continue
			}
			consider(lay(u), start.Opened)
		}
	}
	for _, obj := range []Objective{MostTiles, MostPoints} {
		for _, g := range bestGrids[obj] {
			c, j := crossings(g, game.GridOf(start.Table))
			best.crossing = best.crossing || c
			best.jokerCrossing = best.jokerCrossing || j
			rg, cg := gapFills(g, game.GridOf(start.Table))
			best.rowGap = best.rowGap || rg
			best.colGap = best.colGap || cg
		}
	}
	return best
}

// besideFits is a rule any two tiles side by side obey on a valid grid,
// which lets the reference skip hopeless placements: left of right, the
// same colour and one number more (a high 1 after 13 with wrap, which the
// judge still decides); above and below, one number in two colours;
// jokers fit anything.
func besideFits(c game.Cell, f game.Face, faceAt map[game.Cell]game.Face) bool {
	if f.IsJoker() {
		return true
	}
	for _, d := range []game.Cell{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
		g, ok := faceAt[game.Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}]
		if !ok || g.IsJoker() {
			continue
		}
		l, r := g, f // d.Col < 0: g is left of f
		if d.Col > 0 {
			l, r = f, g
		}
		switch {
		case d.Row != 0 && (g.Num != f.Num || g.Color == f.Color):
			return false
		case d.Col != 0 && (l.Color != r.Color || int(r.Num) != int(l.Num)+1 && !(l.Num == game.MaxNumber && r.Num == 1)):
			return false
		}
	}
	return true
}

func gridWorth(obj Objective, tiles, points int) int {
	if obj == MostPoints {
		return points*200 + tiles
	}
	return tiles*10000 + points
}

// firstOfFace is the first unused rack tile of rack[ti]'s face: copies
// are interchangeable, so only one of them is tried.
func firstOfFace(rack []game.Tile, used []bool, ti int) int {
	for i, t := range rack {
		if !used[i] && t.Face == rack[ti].Face {
			return i
		}
	}
	return -1
}

func cellAfter(c, after game.Cell) bool {
	return c.Row > after.Row || c.Row == after.Row && c.Col >= after.Col
}

// bruteKey names a set of tiles by cells and faces.
func bruteKey(ts []bruteTile, rack []game.Tile) string {
	parts := make([]string, len(ts))
	for i, t := range ts {
		parts[i] = fmt.Sprintf("%d,%d,%v", t.cell.Row, t.cell.Col, rack[t.rack].Face)
	}
	sort.Strings(parts)
	return strings.Join(parts, ";")
}

// disjointUnion is a and p on rack tiles of their faces, distinct ones,
// or nil when the rack does not hold them all.
func disjointUnion(rack []game.Tile, a, p []bruteTile) []bruteTile {
	used := make([]bool, len(rack))
	var out []bruteTile
	for _, bt := range append(append([]bruteTile(nil), a...), p...) {
		k := -1
		for i, t := range rack {
			if !used[i] && t.Face == rack[bt.rack].Face {
				k = i
				break
			}
		}
		if k < 0 {
			return nil
		}
		used[k] = true
		out = append(out, bruteTile{bt.cell, k})
	}
	return out
}

// crossings reports whether a new tile of g lies in a row and a column of
// three or more, and whether such a tile is a joker.
func crossings(g, start game.Grid) (bool, bool) {
	old := start.Cells()
	var rows, cols = map[game.Cell]int{}, map[game.Cell]int{}
	for _, l := range g.Lines() {
		for _, c := range l.Cells {
			if l.Horizontal {
				rows[c] = len(l.Cells)
			} else {
				cols[c] = len(l.Cells)
			}
		}
	}
	cross, joker := false, false
	for _, gt := range g.Tiles {
		if _, ok := old[gt.Cell]; ok {
			continue
		}
		if rows[gt.Cell] >= 3 && cols[gt.Cell] >= 3 {
			cross = true
			joker = joker || gt.Tile.IsJoker()
		}
	}
	return cross, joker
}

// gapFills reports whether a new tile of g lies between two tiles of
// start in its row, in its column.
func gapFills(g, start game.Grid) (row, col bool) {
	old := start.Cells()
	for _, gt := range g.Tiles {
		c := gt.Cell
		if _, ok := old[c]; ok {
			continue
		}
		_, l := old[game.Cell{Row: c.Row, Col: c.Col - 1}]
		_, r := old[game.Cell{Row: c.Row, Col: c.Col + 1}]
		_, u := old[game.Cell{Row: c.Row - 1, Col: c.Col}]
		_, d := old[game.Cell{Row: c.Row + 1, Col: c.Col}]
		row = row || l && r
		col = col || u && d
	}
	return row, col
}

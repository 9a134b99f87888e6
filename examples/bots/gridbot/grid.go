package main

import "fmt"

// The French grid: cells are (row, column), rows growing downwards; all
// tiles must lie within maxRows rows and maxCols columns of each other.
const (
	maxRows = 40
	maxCols = 60
)

type cell struct{ r, c int }

// cells is a grid as the tile written on each occupied cell.
type cells map[cell]string

func readGrid(g *grid) cells {
	out := cells{}
	if g == nil {
		return out
	}
	for r, row := range g.Rows {
		for c, s := range row {
			if s != "." && s != "" {
				out[cell{g.Origin[0] + r, g.Origin[1] + c}] = s
			}
		}
	}
	return out
}

func (g cells) clone() cells {
	out := make(cells, len(g))
	for k, v := range g {
		out[k] = v
	}
	return out
}

// bounds is the grid's top-left and bottom-right cells.
func (g cells) bounds() (cell, cell, bool) {
	first := true
	var lo, hi cell
	for k := range g {
		if first {
			lo, hi, first = k, k, false
			continue
		}
		lo.r, lo.c = min(lo.r, k.r), min(lo.c, k.c)
		hi.r, hi.c = max(hi.r, k.r), max(hi.c, k.c)
	}
	return lo, hi, !first
}

// fitsExtent reports whether the grid with extra cells stays within the
// size limit.
func (g cells) fitsExtent(extra []cell) bool {
	lo, hi, ok := g.bounds()
	for _, k := range extra {
		if !ok {
			lo, hi, ok = k, k, true
		}
		lo.r, lo.c = min(lo.r, k.r), min(lo.c, k.c)
		hi.r, hi.c = max(hi.r, k.r), max(hi.c, k.c)
	}
	return hi.r-lo.r+1 <= maxRows && hi.c-lo.c+1 <= maxCols
}

func (g cells) json() grid {
	lo, hi, ok := g.bounds()
	if !ok {
		return grid{Rows: [][]string{}}
	}
	rows := make([][]string, hi.r-lo.r+1)
	for r := range rows {
		rows[r] = make([]string, hi.c-lo.c+1)
		for c := range rows[r] {
			rows[r][c] = "."
			if s, ok := g[cell{lo.r + r, lo.c + c}]; ok {
				rows[r][c] = s
			}
		}
	}
	return grid{Origin: [2]int{lo.r, lo.c}, Rows: rows}
}

// shape is the cells of a set laid from at: a run across, a group down.
func shape(s set, at cell) []cell {
	out := make([]cell, len(s.tiles))
	for i := range out {
		if s.group {
			out[i] = cell{at.r + i, at.c}
		} else {
			out[i] = cell{at.r, at.c + i}
		}
	}
	return out
}

// apart reports whether the cells are empty and share no side with a
// tile: a set laid there makes its own lines and touches no other (which
// an initial meld needs, and keeps any later set valid).
func (g cells) apart(cs []cell) bool {
	for _, k := range cs {
		if _, ok := g[k]; ok {
			return false
		}
		for _, d := range []cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
			if _, ok := g[cell{k.r + d.r, k.c + d.c}]; ok {
				return false
			}
		}
	}
	return true
}

// place lays s apart from every tile, where the grid grows least, and
// reports whether there was room.
func (g cells) place(s set) bool {
	lo, hi, ok := g.bounds()
	if !ok {
		for i, k := range shape(s, cell{0, 0}) {
			g[k] = s.tiles[i]
		}
		return true
	}
	n := len(s.tiles)
	best, bestArea := cell{}, -1
	for r := lo.r - n - 1; r <= hi.r+2; r++ {
		for c := lo.c - n - 1; c <= hi.c+2; c++ {
			cs := shape(s, cell{r, c})
			if !g.apart(cs) || !g.fitsExtent(cs) {
				continue
			}
			end := cs[len(cs)-1]
			area := (max(hi.r, end.r) - min(lo.r, r) + 1) * (max(hi.c, end.c) - min(lo.c, c) + 1)
			if bestArea < 0 || area < bestArea {
				best, bestArea = cell{r, c}, area
			}
		}
	}
	if bestArea < 0 {
		return false
	}
	for i, k := range shape(s, best) {
		g[k] = s.tiles[i]
	}
	return true
}

// placeAll lays every set on a copy of the grid.
func placeAll(g cells, sets []set) (cells, bool) {
	out := g.clone()
	for _, s := range sets {
		if !out.place(s) {
			return nil, false
		}
	}
	return out, true
}

// line is the unbroken line of tiles through k along d ({0,1} across,
// {1,0} down), from its first cell.
func (g cells) line(k, d cell) []cell {
	for {
		prev := cell{k.r - d.r, k.c - d.c}
		if _, ok := g[prev]; !ok {
			break
		}
		k = prev
	}
	var out []cell
	for {
		if _, ok := g[k]; !ok {
			return out
		}
		out = append(out, k)
		k = cell{k.r + d.r, k.c + d.c}
	}
}

// free reports whether a tile may go on k as the new end of a line along
// d: k is empty, and so are its neighbours across d and the cell beyond
// it (beyond is k+d for the far end, k-d for the near end), so the tile
// joins that one line only.
func (g cells) free(k, d, beyond cell) bool {
	side := cell{d.c, d.r}
	for _, x := range []cell{k, {k.r + side.r, k.c + side.c}, {k.r - side.r, k.c - side.c}, beyond} {
		if _, ok := g[x]; ok {
			return false
		}
	}
	return g.fitsExtent([]cell{k})
}

// extendGrid adds single rack tiles of left to the ends of the grid's
// runs (across) and groups of three (down) that hold no joker, and
// returns how many it added.
func (g cells) extendGrid(left map[key]int) int {
	added := 0
	for changed := true; changed; {
		changed = false
		for k := range g {
			if g.extendRun(k, left) || g.extendGroup(k, left) {
				added++
				changed = true
				break
			}
		}
	}
	return added
}

func (g cells) extendRun(k cell, left map[key]int) bool {
	across := cell{0, 1}
	ln := g.line(k, across)
	if len(ln) < 3 || len(ln) >= 13 || ln[0] != k {
		return false
	}
	first, last := ln[0], ln[len(ln)-1]
	// A run that ends in 1 has wrapped past 13 (wrap): nothing may follow.
	if c, n, ok := parse(g[last]).face(); ok && n > 1 && n < 13 && left[key{c, n + 1}] > 0 {
		at := cell{last.r, last.c + 1}
		if g.free(at, across, cell{at.r, at.c + 1}) {
			left[key{c, n + 1}]--
			g[at] = fmt.Sprintf("%c%d", c, n+1)
			return true
		}
	}
	if c, n, ok := parse(g[first]).face(); ok && n > 1 && left[key{c, n - 1}] > 0 {
		at := cell{first.r, first.c - 1}
		if g.free(at, across, cell{at.r, at.c - 1}) {
			left[key{c, n - 1}]--
			g[at] = fmt.Sprintf("%c%d", c, n-1)
			return true
		}
	}
	return false
}

func (g cells) extendGroup(k cell, left map[key]int) bool {
	down := cell{1, 0}
	ln := g.line(k, down)
	if len(ln) != 3 || ln[0] != k {
		return false
	}
	ts := make([]tile, len(ln))
	for i, x := range ln {
		ts[i] = parse(g[x])
	}
	group, n, cols := kindOf(ts)
	if !group || hasJoker(ts) {
		return false
	}
	for _, c := range []byte(colours) {
		if left[key{c, n}] == 0 || containsByte(cols, c) {
			continue
		}
		for _, at := range []struct{ k, beyond cell }{
			{cell{ln[2].r + 1, k.c}, cell{ln[2].r + 2, k.c}},
			{cell{k.r - 1, k.c}, cell{k.r - 2, k.c}},
		} {
			if g.free(at.k, down, at.beyond) {
				left[key{c, n}]--
				g[at.k] = fmt.Sprintf("%c%d", c, n)
				return true
			}
		}
	}
	return false
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// playGrid is the play on the French grid: the grid's lines extended
// (after the initial meld, not in a River pull's turn), then the new sets
// laid apart. nil when nothing can be laid.
func (b *bot) playGrid(m *message, sets []set, left map[key]int, melded bool, must *key) map[string]any {
	g := readGrid(m.Grid)
	added := 0
	if melded && must == nil {
		added = g.extendGrid(left)
	}
	placed := 0
	for _, s := range sets {
		if g.place(s) {
			placed++
		} else if !melded || must != nil {
			// A meld (or a pull's play) must be laid whole.
			return nil
		}
	}
	if added+placed == 0 {
		return nil
	}
	return map[string]any{"type": "play", "grid": g.json()}
}

package solver

import "rummikub/internal/game"

// The working grid of the exact grid search: a dense window of cells
// around the grid, each empty or holding a face (numbered or a joker),
// marked new when a rack tile lies there. Lines are read as the engine
// reads them (game.ReadGrid), but on a partial grid: a line is consistent
// when some completion could still make it valid. Inconsistency is
// monotone: tiles added to a line that is not consistent (two colours in
// a run, numbers out of place, two tiles of a colour in a group, a run
// over 13 or a group over 4, a joker whose run gives it a face its group
// cannot take) can never make it valid, because every tile added stays in
// the line and every line only grows. The other faults of a final grid (a
// line of two, a line of jokers only, a loose new tile) are deficiencies:
// only tiles added next to them can mend them.

// cellEmpty is an empty cell; a tile is its face index + 1.
const cellEmpty = 0

const jokerCell = game.NumFaces // the joker's face index + 1

// board is the dense working grid.
type board struct {
	r          *game.Rules
	row0, col0 int // the cell of index 0
	w, h       int
	cell       []uint8
	isNew      []bool
	// The bounds of the occupied cells, kept for the grid's limits.
	lo, hi game.Cell
	any    bool
}

func newBoard(r *game.Rules, lo, hi game.Cell, margin int) *board {
	b := &board{r: r, row0: lo.Row - margin, col0: lo.Col - margin}
	b.h = hi.Row - lo.Row + 1 + 2*margin
	b.w = hi.Col - lo.Col + 1 + 2*margin
	b.cell = make([]uint8, b.w*b.h)
	b.isNew = make([]bool, b.w*b.h)
	return b
}

func (b *board) index(c game.Cell) int { return (c.Row-b.row0)*b.w + c.Col - b.col0 }

func (b *board) cellAt(i int) game.Cell {
	return game.Cell{Row: b.row0 + i/b.w, Col: b.col0 + i%b.w}
}

// interior reports whether a tile may lie on index i: never on the
// window's border, so that every line stops before it.
func (b *board) interior(i int) bool {
	r, c := i/b.w, i%b.w
	return r > 0 && c > 0 && r < b.h-1 && c < b.w-1
}

// fitsLimits reports whether a tile on i keeps the grid within the
// engine's bounds.
func (b *board) fitsLimits(i int) bool {
	c := b.cellAt(i)
	if b.any && c.Row >= b.lo.Row && c.Row <= b.hi.Row && c.Col >= b.lo.Col && c.Col <= b.hi.Col {
		return true // inside the tiles' bounds already
	}
	if c.Row < -game.GridCoordLimit || c.Row > game.GridCoordLimit || c.Col < -game.GridCoordLimit || c.Col > game.GridCoordLimit {
		return false
	}
	if !b.any {
		return true
	}
	lo := game.Cell{Row: min(b.lo.Row, c.Row), Col: min(b.lo.Col, c.Col)}
	hi := game.Cell{Row: max(b.hi.Row, c.Row), Col: max(b.hi.Col, c.Col)}
	return hi.Row-lo.Row < game.GridRows && hi.Col-lo.Col < game.GridCols
}

// put lays face index x (jokerCell-1 for a joker) on i and returns the
// bounds before, for take.
func (b *board) put(i, x int, isNew bool) (game.Cell, game.Cell, bool) {
	lo, hi, any := b.lo, b.hi, b.any
	b.cell[i] = uint8(x + 1)
	b.isNew[i] = isNew
	c := b.cellAt(i)
	if !b.any {
		b.lo, b.hi, b.any = c, c, true
	} else {
		b.lo = game.Cell{Row: min(b.lo.Row, c.Row), Col: min(b.lo.Col, c.Col)}
		b.hi = game.Cell{Row: max(b.hi.Row, c.Row), Col: max(b.hi.Col, c.Col)}
	}
	return lo, hi, any
}

func (b *board) take(i int, lo, hi game.Cell, any bool) {
	b.cell[i] = cellEmpty
	b.isNew[i] = false
	b.lo, b.hi, b.any = lo, hi, any
}

// span is the maximal line through i along step (1: a row, w: a column),
// i itself counted: its first index and its length.
func (b *board) span(i, step int) (int, int) {
	first := i
	for b.cell[first-step] != cellEmpty {
		first -= step
	}
	n := 1
	for j := first + step; b.cell[j] != cellEmpty; j += step {
		n++
	}
	return first, n
}

func faceOf(v uint8) game.Face { return game.FaceAt(int(v) - 1) }

// runStart reads the row of n cells from first as a run: the place of its
// first cell (1..13, 14 a high 1 with wrap) when a numbered tile fixes it
// (known), and whether the row is consistent.
func (b *board) runStart(first, n int) (start int, known, ok bool) {
	if n > game.MaxNumber {
		return 0, false, false
	}
	k0 := -1
	var f game.Face
	for k := 0; k < n; k++ {
		if v := b.cell[first+k]; v != jokerCell {
			k0, f = k, faceOf(v)
			break
		}
	}
	if k0 < 0 {
		return 0, false, true
	}
	maxPlace := game.MaxNumber
	if b.r.Wrap {
		maxPlace++
	}
	try := func(s int) bool {
		if s < 1 || s+n-1 > maxPlace {
			return false
		}
		for k := k0 + 1; k < n; k++ {
			v := b.cell[first+k]
			if v == jokerCell {
				continue
			}
			g := faceOf(v)
			if g.Color != f.Color || int(g.Num) != placeNum(s+k) {
				return false
			}
		}
		return true
	}
	if s := int(f.Num) - k0; try(s) {
		return s, true, true
	}
	if f.Num == 1 && b.r.Wrap {
		if s := game.MaxNumber + 1 - k0; try(s) {
			return s, true, true
		}
	}
	return 0, false, false
}

// runColor is the colour of the row from first (a numbered tile in it).
func (b *board) runColor(first, n int) game.Color {
	for k := 0; k < n; k++ {
		if v := b.cell[first+k]; v != jokerCell {
			return faceOf(v).Color
		}
	}
	return 0
}

// jokerFace is the face the run through the joker on i gives it, if its
// row is a line of two or more with a numbered tile.
func (b *board) jokerFace(i int) (game.Face, bool) {
	first, n := b.span(i, 1)
	if n < 2 {
		return game.Face{}, false
	}
	s, known, ok := b.runStart(first, n)
	if !known || !ok {
		return game.Face{}, false
	}
	return game.F(b.runColor(first, n), placeNum(s+i-first)), true
}

// groupOK reads the column of n cells from first as a group: one number,
// distinct colours among its numbered tiles and the jokers its rows fix.
func (b *board) groupOK(first, n int) bool {
	if n > game.NumColors {
		return false
	}
	num := -1
	var taken [game.NumColors]bool
	for k := 0; k < n; k++ {
		i := first + k*b.w
		v := b.cell[i]
		var f game.Face
		if v == jokerCell {
			var fixed bool
			if f, fixed = b.jokerFace(i); !fixed {
				continue
			}
		} else {
			f = faceOf(v)
		}
		if num >= 0 && int(f.Num) != num || taken[f.Color] {
			return false
		}
		num = int(f.Num)
		taken[f.Color] = true
	}
	return true
}

// consistentAt reports whether every line the tile on i lies in (and the
// columns of the jokers of its row, whose faces its row may have fixed)
// is still consistent.
func (b *board) consistentAt(i int) bool {
	first, n := b.span(i, 1)
	if n > 1 {
		if _, _, ok := b.runStart(first, n); !ok {
			return false
		}
	}
	cf, cn := b.span(i, b.w)
	if cn > 1 && !b.groupOK(cf, cn) {
		return false
	}
	if n > 1 {
		for k := 0; k < n; k++ {
			j := first + k
			if j == i || b.cell[j] != jokerCell {
				continue
			}
			if jf, jn := b.span(j, b.w); jn > 1 && !b.groupOK(jf, jn) {
				return false
			}
		}
	}
	return true
}

// hasNumbered reports whether the line of n cells from first along step
// holds a numbered tile.
func (b *board) hasNumbered(first, n, step int) bool {
	for k := 0; k < n; k++ {
		if b.cell[first+k*step] != jokerCell {
			return true
		}
	}
	return false
}

// deficiency is a fault of the working grid that only a tile on one of
// its cells can mend: the empty cells around a loose new tile, or at the
// two ends of a line of two or of jokers only.
type deficiency struct {
	cells [4]int
	n     int
}

// deficiencies lists the faults around the new tiles on idx.
func (b *board) deficiencies(idx []int, out []deficiency) []deficiency {
	out = out[:0]
	for _, i := range idx {
		hf, hn := b.span(i, 1)
		vf, vn := b.span(i, b.w)
		if hn == 1 && vn == 1 {
			d := deficiency{}
			for _, j := range [4]int{i - 1, i + 1, i - b.w, i + b.w} {
				d.cells[d.n] = j
				d.n++
			}
			out = append(out, d)
			continue
		}
		if hn == 2 || hn > 2 && !b.hasNumbered(hf, hn, 1) {
			out = append(out, deficiency{cells: [4]int{hf - 1, hf + hn}, n: 2})
		}
		if vn == 2 || vn > 2 && !b.hasNumbered(vf, vn, b.w) {
			out = append(out, deficiency{cells: [4]int{vf - b.w, vf + vn*b.w}, n: 2})
		}
	}
	return out
}

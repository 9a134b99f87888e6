package tui

// layout places the table's sets in rows that fill the width and wrap, and
// the rack's tiles in rows, so the board can draw them, move the cursor up
// and down by what is on screen, and find the tile under a mouse click.
type layout struct {
	cellW int // columns of one tile, gap included
	sets  []setBox
	rows  int // table rows (of tiles)
	// rackPer is how many rack places fit in one row.
	rackPer int
}

// setBox is where one table set (or, last, the new set slot) is drawn:
// its row and first column, and how many places it has (tiles plus the end
// slot when carrying).
type setBox struct {
	row, x, places int
}

// setGap is the number of columns between two sets in a row.
const setGap = 2

// newLayout lays out sets of the given lengths in width columns. slots adds
// one place to each set for its end slot (while carrying).
func newLayout(lens []int, width, cellW int, slots bool) layout {
	l := layout{cellW: cellW}
	if width < cellW {
		width = cellW
	}
	row, x := 0, 0
	add := func(places int) {
		w := places * cellW
		if x > 0 && x+w > width {
			row++
			x = 0
		}
		l.sets = append(l.sets, setBox{row: row, x: x, places: places})
		x += w + setGap
	}
	for _, n := range lens {
		p := n
		if slots {
			p++
		}
		// A set wider than the screen is still drawn in one row; the
		// board wraps it as text. Sets of at most 13 tiles fit in 80
		// columns at the compact size.
		add(p)
	}
	add(1) // the new set slot
	l.rows = row + 1
	l.rackPer = width / cellW
	if l.rackPer < 1 {
		l.rackPer = 1
	}
	return l
}

// rackRows is the number of rows n rack places take.
func (l layout) rackRows(n int) int {
	if n <= 0 {
		return 1
	}
	return (n + l.rackPer - 1) / l.rackPer
}

// vertical moves a cursor one row up (dy < 0) or down on the screen:
// within the table's rows, from the last table row to the rack, within
// the rack's rows, and from the rack's first row back to the table.
func (l layout) vertical(a *Arrangement, dy int) Cursor {
	c := a.Cursor()
	rackN := len(a.Rack())
	if a.Holding() {
		rackN++
	}
	if c.Area == AreaRack {
		row, col := c.Pos/l.rackPer, c.Pos%l.rackPer
		nr := row + dy
		if nr >= 0 && nr < l.rackRows(rackN) {
			return Cursor{Area: AreaRack, Pos: nr*l.rackPer + col}
		}
		if nr < 0 {
			return l.tableAt(l.rows-1, col*l.cellW)
		}
		return c
	}
	s := c.Set
	if s >= len(l.sets) {
		s = len(l.sets) - 1
	}
	box := l.sets[s]
	x := box.x + c.Pos*l.cellW
	nr := box.row + dy
	if nr < 0 {
		return c
	}
	if nr >= l.rows {
		return Cursor{Area: AreaRack, Pos: x / l.cellW}
	}
	return l.tableAt(nr, x)
}

// tableAt is the table place nearest to column x in row.
func (l layout) tableAt(row, x int) Cursor {
	best, bestD := -1, 1<<30
	for i, b := range l.sets {
		if b.row != row {
			continue
		}
		lo, hi := b.x, b.x+b.places*l.cellW-1
		d := 0
		if x < lo {
			d = lo - x
		} else if x > hi {
			d = x - hi
		}
		if d < bestD {
			best, bestD = i, d
		}
	}
	if best < 0 {
		return Cursor{Area: AreaTable}
	}
	b := l.sets[best]
	pos := (x - b.x) / l.cellW
	if pos < 0 {
		pos = 0
	}
	if pos >= b.places {
		pos = b.places - 1
	}
	return Cursor{Area: AreaTable, Set: best, Pos: pos}
}

// hitTable finds the table place at screen row r (of tiles) and column x,
// if any: (set, pos, true).
func (l layout) hitTable(r, x int) (Cursor, bool) {
	for i, b := range l.sets {
		if b.row == r && x >= b.x && x < b.x+b.places*l.cellW {
			return Cursor{Area: AreaTable, Set: i, Pos: (x - b.x) / l.cellW}, true
		}
	}
	return Cursor{}, false
}

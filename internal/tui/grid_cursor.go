package tui

import "rummikub/internal/game"

// Where the grid board's cursor may go and how it moves: the area around
// the tiles (filling the board's window), the keys' moves, Tab, and a
// free cell for a new set standing apart.

// freeSpot is a cell where a new set can start standing apart from every
// tile: the left edge of the tiles, two rows below the lowest (one empty
// row between), or the middle of an empty grid.
func freeSpot(cells map[game.Cell]game.Tile) game.Cell {
	lo, hi, ok := cellBounds(cells)
	if !ok {
		return game.Cell{}
	}
	c := game.Cell{Row: hi.Row + 2, Col: lo.Col}
	if c.Row-lo.Row+1 > game.GridRows {
		// No room below: above the highest tile instead.
		c.Row = lo.Row - 2
	}
	return c
}

// cellBounds is the box holding every cell of cells.
func cellBounds(cells map[game.Cell]game.Tile) (lo, hi game.Cell, ok bool) {
	for c := range cells {
		if !ok {
			lo, hi, ok = c, c, true
			continue
		}
		lo.Row, lo.Col = min(lo.Row, c.Row), min(lo.Col, c.Col)
		hi.Row, hi.Col = max(hi.Row, c.Row), max(hi.Col, c.Col)
	}
	return lo, hi, ok
}

// Area is the box of cells the cursor may visit: the tiles of the
// working grid and of the turn's start (where carried tiles came from)
// with gridMargin cells around them, and the board's window (the box is
// grown to fill it, around where the window was drawn last), never wider
// than the grid's bounds allow.
func (a *GridArrangement) Area() (lo, hi game.Cell) {
	all := map[game.Cell]game.Tile{}
	for c, t := range a.cur.cells {
		all[c] = t
	}
	for c, t := range a.start.cells {
		all[c] = t
	}
	tlo, thi, ok := cellBounds(all)
	if !ok {
		tlo, thi = game.Cell{}, game.Cell{}
	}
	lo = game.Cell{Row: tlo.Row - gridMargin, Col: tlo.Col - gridMargin}
	hi = game.Cell{Row: thi.Row + gridMargin, Col: thi.Col + gridMargin}
	if a.winKnown {
		lo.Row, hi.Row = growOver(lo.Row, hi.Row, a.winAt.Row, a.winRows)
		lo.Col, hi.Col = growOver(lo.Col, hi.Col, a.winAt.Col, a.winCols)
	} else {
		lo, hi = growTo(lo, hi, a.winRows, a.winCols)
	}
	// The tiles and the cursor's cell must fit GridRows x GridCols.
	lo.Row, hi.Row = max(lo.Row, thi.Row-game.GridRows+1), min(hi.Row, tlo.Row+game.GridRows-1)
	lo.Col, hi.Col = max(lo.Col, thi.Col-game.GridCols+1), min(hi.Col, tlo.Col+game.GridCols-1)
	return lo, hi
}

// SetWindow tells the arrangement how many rows and columns of cells the
// board shows, and from which cell (at, when known: the board drew the
// window before).
func (a *GridArrangement) SetWindow(at game.Cell, known bool, rows, cols int) {
	a.winRows, a.winCols = rows, cols
	a.winAt, a.winKnown = at, known
	a.SetCursor(a.cur.cursor)
}

// growOver is one axis of the area: the box lo..hi, grown to the
// window's n cells from start, a window that moves no further than the
// box needs (the box's length is kept when it is longer), and the window
// itself. A tile put down near the window's edge widens the area past it
// and leaves the window where it is: only the cursor moves it.
func growOver(lo, hi, start, n int) (int, int) {
	if m := hi - lo + 1; m < n {
		s := min(max(start, hi-n+1), lo)
		lo, hi = s, s+n-1
	}
	return min(lo, start), max(hi, start+n-1)
}

// growTo widens the box lo..hi evenly on both sides to at least rows by
// cols.
func growTo(lo, hi game.Cell, rows, cols int) (game.Cell, game.Cell) {
	if n := hi.Row - lo.Row + 1; n < rows {
		lo.Row -= (rows - n) / 2
		hi.Row = lo.Row + rows - 1
	}
	if n := hi.Col - lo.Col + 1; n < cols {
		lo.Col -= (cols - n) / 2
		hi.Col = lo.Col + cols - 1
	}
	return lo, hi
}

// clampCell keeps a cell inside Area.
func (a *GridArrangement) clampCell(c game.Cell) game.Cell {
	lo, hi := a.Area()
	c.Row = min(max(c.Row, lo.Row), hi.Row)
	c.Col = min(max(c.Col, lo.Col), hi.Col)
	return c
}

// maxRackPos is the last rack place: the end slot while carrying rack
// tiles, the last tile otherwise.
func (a *GridArrangement) maxRackPos() int {
	n := len(a.cur.rack)
	if a.Holding() || n == 0 {
		return n
	}
	return n - 1
}

// SetCursor moves the cursor (clamped to the area and the rack).
func (a *GridArrangement) SetCursor(c GridCursor) {
	c.Cell = a.clampCell(c.Cell)
	c.RackPos = min(max(c.RackPos, 0), a.maxRackPos())
	a.cur.cursor = c
}

// Move moves the cursor one cell (or rack place) by d. On the grid it
// also sets the way the cursor goes on after a tile is put down. Going
// down past the area's last row reaches the rack, going up from the rack
// the grid.
func (a *GridArrangement) Move(d game.Cell) {
	c := a.cur.cursor
	if c.OnRack {
		switch {
		case d.Row < 0:
			c.OnRack = false
		case d.Col != 0:
			c.RackPos += d.Col
		}
		a.SetCursor(c)
		return
	}
	a.cur.dir = d
	_, hi := a.Area()
	if d.Row > 0 && c.Cell.Row >= hi.Row {
		c.OnRack = true
		a.SetCursor(c)
		return
	}
	c.Cell = game.Cell{Row: c.Cell.Row + d.Row, Col: c.Cell.Col + d.Col}
	a.SetCursor(c)
}

// MoveBy moves the cursor on the grid by several cells at once (a page),
// keeping the way tiles are laid.
func (a *GridArrangement) MoveBy(d game.Cell) {
	c := a.cur.cursor
	c.OnRack = false
	c.Cell = game.Cell{Row: c.Cell.Row + d.Row, Col: c.Cell.Col + d.Col}
	a.SetCursor(c)
}

// Toggle moves the cursor between the rack and the grid.
func (a *GridArrangement) Toggle() {
	c := a.cur.cursor
	c.OnRack = !c.OnRack
	a.SetCursor(c)
}

// FreeSpot moves the cursor to a cell where a new set stands apart from
// every tile.
func (a *GridArrangement) FreeSpot() {
	c := a.cur.cursor
	c.OnRack = false
	c.Cell = freeSpot(a.cur.cells)
	a.SetCursor(c)
}

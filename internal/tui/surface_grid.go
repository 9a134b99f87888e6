package tui

import (
	"charm.land/bubbles/v2/help"

	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// gridSurface is the French grid (table=grid) as the board's surface: a
// turn's working arrangement is a GridArrangement of cells; the table is
// drawn as a window of cells that follows the cursor (grid_view.go); the
// cursor moves cell by cell and pages, tiles are picked up and put down
// on cells (grid_keys.go, grid_mouse.go); the judge's refusals name
// cells, and a play is told by the box it was placed in (grid_turn.go).
type gridSurface struct {
	a *GridArrangement // the turn's working arrangement; nil between turns
	// bad are the cells a refused turn named; geo where the window of
	// cells is drawn; drag where a mouse drag picked a tile up; aimed the
	// cell the mouse put the cursor on last (aimedOK), which the window
	// does not scroll to give a cell to spare.
	bad     []game.Cell
	geo     gridGeo
	drag    drag[GridCursor]
	aimed   game.Cell
	aimedOK bool
}

func newGridSurface() *gridSurface { return &gridSurface{} }

func (s *gridSurface) close() { s.a = nil }

func (s *gridSurface) work() arrangement {
	if s.a == nil {
		return nil
	}
	return s.a
}

// active reports whether the player works on the grid now.
func (s *gridSurface) active(p *Board) bool { return s.a != nil && p.phase == phaseTurn }

// rows: the grid lays no sets out in rows; the rack's rows take the
// screen's width.
func (s *gridSurface) rows(*Board) (lens []int, slots bool) { return nil, false }

// place fits the window of cells in the lines left for the table, tells
// the working arrangement (its cursor moves within it), and gives the
// lines the grid takes.
func (s *gridSurface) place(p *Board, g *geometry, top int) int {
	rows, cols := p.gridWindow(g.avail)
	if s.a != nil {
		// The window as drawn last: the cursor's area holds it there.
		s.a.SetWindow(s.geo.origin, s.geo.cols > 0 && !s.geo.empty, rows, cols)
	}
	s.geo = s.geoFor(p, s.geo, top, rows, cols)
	if s.geo.empty {
		return max(g.avail, 1)
	}
	return max(g.avail, 2+s.geo.rows)
}

// hintRow: a hint's tiles are drawn on their cells, as ghosts.
func (s *gridSurface) hintRow(*Board) string { return "" }

func (s *gridSurface) keyMap(k BoardKeys) help.KeyMap { return gridKeyMap{k.gridWords()} }

func (s *gridSurface) invalidMark() string { return "line not valid (or loose)" }

func (s *gridSurface) markRefused(te *game.TurnError) {
	s.bad = append([]game.Cell(nil), te.Cells...)
}

func (s *gridSurface) forget() { s.bad = nil }

func (s *gridSurface) newTurn() { s.bad = nil }

// keepPlaces: the tiles of a grid stay on their cells.
func (s *gridSurface) keepPlaces(_, now game.Layout) game.Layout { return now }

func (s *gridSurface) changed(before, after game.Layout, ev game.Event) map[game.TileID]bool {
	return gridChanged(game.GridOf(before), game.GridOf(after), ev)
}

func (s *gridSurface) describePlay(ev game.Event, before, after game.Layout, _ *game.Rules) string {
	return describeGridPlay(ev, game.GridOf(before), game.GridOf(after))
}

func (s *gridSurface) rulesNote() string { return "\n\n" + frenchText }

// geoFor places the grid's window of rows x cols cells under the
// line top, from the window it had before (prev): it follows the cursor
// during a turn; between the viewer's turns it stays where it was while
// what the others changed lies in it, and is centred on that otherwise.
func (s *gridSurface) geoFor(p *Board, prev gridGeo, top, rows, cols int) gridGeo {
	g := prev
	g.rows, g.cols = rows, cols
	active := s.active(p)
	at, known := prev.origin, prev.cols > 0 && !prev.empty
	if !active && (!known || !p.changesInView(at, rows, cols)) {
		f := p.gridFocus()
		at, known = game.Cell{Row: f.Row - rows/2, Col: f.Col - cols/2}, true
	}
	lo, hi, ok := s.areaFor(p, at, known, rows, cols)
	if !ok {
		g.empty = true
		return g
	}
	cur := lo
	if active {
		cur = s.a.Cursor().Cell
	}
	aimed := active && s.aimedOK && cur == s.aimed
	o := gridOrigin(at, active, aimed, rows, cols, lo, hi, cur)
	wide := p.wideCells()
	return gridGeo{
		top: top + 2, left: gridGutter, origin: o,
		rows: min(rows, max(hi.Row-lo.Row+1, 1)), cols: cols, cellW: style.CellWidth(wide),
		lo: lo, hi: hi,
	}
}

// areaFor is the box of cells drawn as the grid (dots where the
// cursor may go) in a window of rows x cols: the cursor's area during a
// turn, the tiles with one cell around them otherwise, grown to fill
// the window from at (when known) or around the tiles.
func (s *gridSurface) areaFor(p *Board, at game.Cell, known bool, rows, cols int) (lo, hi game.Cell, ok bool) {
	if s.a != nil {
		lo, hi = s.a.Area()
		return lo, hi, true
	}
	lo, hi, ok = game.GridOf(p.v.Table).Bounds()
	if !ok {
		return lo, hi, false
	}
	lo, hi = game.Cell{Row: lo.Row - 1, Col: lo.Col - 1}, game.Cell{Row: hi.Row + 1, Col: hi.Col + 1}
	if !known {
		lo, hi = growTo(lo, hi, rows, cols)
		return lo, hi, true
	}
	lo.Row, hi.Row = growOver(lo.Row, hi.Row, at.Row, rows)
	lo.Col, hi.Col = growOver(lo.Col, hi.Col, at.Col, cols)
	return lo, hi, true
}

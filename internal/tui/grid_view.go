package tui

import (
	"fmt"
	"strconv"
	"strings"

	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// Drawing the French grid: a window of cells that follows the cursor,
// with row numbers at the left and column numbers on top (the judge names
// cells by them), arrows where more of the grid lies beyond the window,
// and a line saying where the cursor and the tiles are.

// gridGutter is the width of the row numbers at the left.
const gridGutter = 4

// gridGeo is where the grid's cells are drawn (board_layout.go), for the
// drawing, the mouse and paging.
type gridGeo struct {
	top        int       // screen line of the first row of cells
	left       int       // screen column of the first cell
	origin     game.Cell // the cell at the window's top left
	rows, cols int       // cells shown
	cellW      int
	lo, hi     game.Cell // the area drawn as the grid
	empty      bool      // no tiles and no turn: "The grid is empty."
}

// wideCells says the grid is drawn with five-column cells (two marks each)
// on a large terminal, four-column ones at the compact size.
func (p *Board) wideCells() bool { return !p.compact() }

// gridWindow is how many rows and columns of cells fit in avail lines.
func (p *Board) gridWindow(avail int) (rows, cols int) {
	cw := style.CellWidth(p.wideCells())
	rows = max(1, avail-2) // the line of where, the column numbers
	cols = max(1, (p.width-gridGutter-1)/cw)
	return rows, cols
}

// page is the window's size in cells, for paging keys.
func (s *gridSurface) page() (rows, cols int) {
	if s.geo.rows > 0 {
		return s.geo.rows, s.geo.cols
	}
	return 10, 10
}

// scrollAxis places a window of n cells over [lo, hi] so that cur is in
// view with spare cells beyond it (one for the keys, which go on that
// way; none for a cell the mouse aimed at, which the player sees where
// it is), starting from the window's last start.
func scrollAxis(start, n, lo, hi, cur int, follow bool, spare int) int {
	if hi-lo+1 <= n {
		return lo // all of it fits: pinned at its start
	}
	if follow {
		if cur < start+spare {
			start = cur - spare
		}
		if cur > start+n-1-spare {
			start = cur - n + 1 + spare
		}
	}
	return min(max(start, lo), hi-n+1)
}

// gridDraw is what drawing the grid's window needs: where the window is,
// the cursor, and the tiles with their marks.
type gridDraw struct {
	st              *Styles
	wide            bool
	cw              int
	o, lo, hi       game.Cell // the window's top left; the area's corners
	cols, shownRows int
	cur             GridCursor
	onGrid          bool
	tiles, ghost    map[game.Cell]game.Tile
	bad             map[game.Cell]bool
	meaning         map[game.Cell]game.Face
	// empty are the empty cells drawn so far in this frame, by cursor and
	// inside the area: a window has hundreds of them and four kinds.
	// Drawing each kind once cut BenchmarkBoardKey/grid by about half.
	empty [2][2]string
}

// draw draws the grid's window as the layout placed it, within avail
// lines.
func (s *gridSurface) draw(p *Board, avail int) string {
	st := p.st
	g := &s.geo
	if g.empty {
		out := st.Dim.Render(" The grid is empty.")
		return out + strings.Repeat("\n", max(0, avail-1))
	}
	wide := p.wideCells()
	active := s.active(p)
	d := gridDraw{st: st, wide: wide, cw: style.CellWidth(wide), lo: g.lo, hi: g.hi, cols: g.cols, o: g.origin, shownRows: g.rows}
	if active {
		d.cur = s.a.Cursor()
		d.onGrid = !d.cur.OnRack
	} else {
		d.cur.Cell = g.lo
	}
	d.tiles = s.shownTiles(p)
	d.bad = s.badCells(p)
	d.meaning = s.jokerMeanings(p)
	d.ghost = map[game.Cell]game.Tile{}
	if p.hint != nil && active {
		for _, gt := range game.GridOf(p.hint.After).Tiles {
			if p.hint.Tiles[gt.Tile.ID] {
				d.ghost[gt.Cell] = gt.Tile
			}
		}
	}
	lines := []string{s.where(p, active, d.onGrid, d.cur.Cell, d.tiles), d.ruler()}
	for r := d.o.Row; r < d.o.Row+d.shownRows; r++ {
		lines = append(lines, " "+d.row(p, s, r))
	}
	out := strings.Join(lines, "\n")
	if n := len(lines); n < avail {
		out += strings.Repeat("\n", avail-n)
	}
	return out
}

// gridOrigin is the window's top left cell, from where it was (o):
// during a turn it follows the cursor's cell (even while the cursor is on
// the rack, so a turn opens on the cell Tab goes to), with a cell to
// spare unless the mouse aimed at it (aimed); between the viewer's turns
// it stays at o (geoFor chose it), inside the area.
func gridOrigin(o game.Cell, active, aimed bool, rows, cols int, lo, hi, cur game.Cell) game.Cell {
	spare := 1
	if aimed {
		spare = 0
	}
	o.Row = scrollAxis(o.Row, rows, lo.Row, hi.Row, cur.Row, active, spare)
	o.Col = scrollAxis(o.Col, cols, lo.Col, hi.Col, cur.Col, active, spare)
	return o
}

// changesInView says the tiles the others changed since the viewer's
// last turn all lie in the window of rows x cols cells from o (or none
// changed).
func (p *Board) changesInView(o game.Cell, rows, cols int) bool {
	for _, gt := range game.GridOf(p.v.Table).Tiles {
		if !p.lastMark[gt.Tile.ID] {
			continue
		}
		c := gt.Cell
		if c.Row < o.Row || c.Row >= o.Row+rows || c.Col < o.Col || c.Col >= o.Col+cols {
			return false
		}
	}
	return true
}

// more is an arrow saying the grid goes on that way, or a space.
func (d *gridDraw) more(b bool, s string) string {
	if b {
		return d.st.DimInk.Line(s)
	}
	return " "
}

// ruler is the column numbers, the cursor's one picked out.
func (d *gridDraw) ruler() string {
	var ruler strings.Builder
	ruler.WriteString(d.more(d.o.Col > d.lo.Col, "←") + strings.Repeat(" ", gridGutter-1))
	for c := d.o.Col; c < d.o.Col+d.cols; c++ {
		n := strconv.Itoa(c)
		if len(n) > d.cw-1 || c < d.lo.Col || c > d.hi.Col {
			n = ""
		}
		label := " " + n + strings.Repeat(" ", d.cw-1-len(n))
		if d.onGrid && c == d.cur.Cell.Col {
			ruler.WriteString(d.st.SelectedInk.Line(label))
		} else {
			ruler.WriteString(d.st.DimInk.Line(label))
		}
	}
	ruler.WriteString(d.more(d.o.Col+d.cols <= d.hi.Col, "→"))
	return ruler.String()
}

// row draws row r of the window: its number and its cells.
func (d *gridDraw) row(p *Board, s *gridSurface, r int) string {
	st := d.st
	var b strings.Builder
	num := fmt.Sprintf("%*d", gridGutter-1, r)
	if len(num) > gridGutter-1 {
		num = strings.Repeat(" ", gridGutter-1)
	}
	// No space after the number: each cell begins with its mark column.
	if d.onGrid && r == d.cur.Cell.Row {
		b.WriteString(st.SelectedInk.Line(num))
	} else {
		b.WriteString(st.DimInk.Line(num))
	}
	for c := d.o.Col; c < d.o.Col+d.cols; c++ {
		b.WriteString(d.cell(p, s, game.Cell{Row: r, Col: c}))
	}
	switch {
	case r == d.o.Row && d.o.Row > d.lo.Row:
		b.WriteString(st.DimInk.Line("↑"))
	case r == d.o.Row+d.shownRows-1 && d.o.Row+d.shownRows <= d.hi.Row:
		b.WriteString(st.DimInk.Line("↓"))
	}
	return b.String()
}

// cell draws one cell: a tile with its marks, a hint's ghost, or empty.
func (d *gridDraw) cell(p *Board, s *gridSurface, cell game.Cell) string {
	m := TileMarks{Cursor: d.onGrid && cell == d.cur.Cell}
	if t, has := d.tiles[cell]; has {
		s.tileMarks(p, &m, t, cell, d.bad)
		if f, ok := d.meaning[cell]; ok && t.IsJoker() {
			m.As = f
		}
		return d.st.Cell(t, m, d.wide)
	}
	if g, ok := d.ghost[cell]; ok {
		return d.st.GhostCell(g, m, d.wide)
	}
	inside := cell.Row >= d.lo.Row && cell.Row <= d.hi.Row && cell.Col >= d.lo.Col && cell.Col <= d.hi.Col
	memo := &d.empty[b2i(m.Cursor)][b2i(inside)]
	if *memo == "" {
		*memo = d.st.EmptyCell(m, d.wide, inside)
	}
	return *memo
}

// gridFocus is the middle of the tiles changed since the viewer's last
// turn, or of all the tiles.
func (p *Board) gridFocus() game.Cell {
	changed := map[game.Cell]game.Tile{}
	all := map[game.Cell]game.Tile{}
	for _, gt := range game.GridOf(p.v.Table).Tiles {
		all[gt.Cell] = gt.Tile
		if p.lastMark[gt.Tile.ID] {
			changed[gt.Cell] = gt.Tile
		}
	}
	lo, hi, ok := cellBounds(changed)
	if !ok {
		lo, hi, _ = cellBounds(all)
	}
	return game.Cell{Row: (lo.Row + hi.Row) / 2, Col: (lo.Col + hi.Col) / 2}
}

// shownTiles are the tiles to draw by cell: the working grid during a
// turn, the match's grid otherwise.
func (s *gridSurface) shownTiles(p *Board) map[game.Cell]game.Tile {
	out := map[game.Cell]game.Tile{}
	if s.a != nil {
		for _, gt := range s.a.Grid().Tiles {
			out[gt.Cell] = gt.Tile
		}
		return out
	}
	for _, gt := range game.GridOf(p.v.Table).Tiles {
		out[gt.Cell] = gt.Tile
	}
	return out
}

// tileMarks are the marks of a tile on the grid: placed from the rack or
// moved this turn, in a line that is not valid, a Key Tile, or changed
// since the player's last turn (the computer's change).
func (s *gridSurface) tileMarks(p *Board, m *TileMarks, t game.Tile, c game.Cell, bad map[game.Cell]bool) {
	if a := s.a; a != nil {
		m.Placed = a.Placed(t)
		m.Moved = a.Moved(t, c)
		m.Key = a.Must(t)
	}
	m.Invalid = bad[c]
	if p.lastMark[t.ID] && !m.Placed && !m.Moved {
		m.Changed = true
	}
}

// jokerMeanings is what each joker on the working grid stands for, by
// cell: as the judge reads the grid when it is valid, the engine's
// meanings while the grid is as the turn found it, none otherwise (a
// moved joker's meaning is not known until its lines stand).
func (s *gridSurface) jokerMeanings(p *Board) map[game.Cell]game.Face {
	out := map[game.Cell]game.Face{}
	g := game.GridOf(p.v.Table)
	if s.a != nil && s.a.Changed() {
		res, err := game.JudgeGridTurn(&p.v.Rules, p.v.TurnStart(), s.a.Grid())
		if err != nil {
			return out
		}
		g = game.GridOf(res.After)
	}
	for _, gt := range g.Tiles {
		if gt.Tile.IsJoker() && !gt.Tile.As.IsZero() {
			out[gt.Cell] = gt.Tile.As
		}
	}
	return out
}

// where is the line above the grid: where the cursor is, the way the
// next tile put down goes on, and where the tiles lie on the whole grid.
func (gs *gridSurface) where(p *Board, active, onGrid bool, cur game.Cell, tiles map[game.Cell]game.Tile) string {
	st := p.st
	s := " grid"
	if active {
		if onGrid {
			s += " · cursor " + cur.String()
			if t, ok := tiles[cur]; ok {
				s += " on " + t.Face.String()
			}
			s += " · goes on " + dirArrow(gs.a.Dir())
		} else {
			s += " · cursor on the rack (tab: the grid)"
		}
	}
	if lo, hi, ok := cellBounds(tiles); ok {
		s += fmt.Sprintf(" · tiles in rows %d..%d, columns %d..%d", lo.Row, hi.Row, lo.Col, hi.Col)
	} else {
		s += " · no tiles yet"
	}
	if fill := p.width - len([]rune(s)) - 1; fill > 0 {
		s += " " + strings.Repeat("─", fill)
	}
	return st.Dim.Render(truncate(s, p.width))
}

// dirArrow is the arrow of a way on the grid.
func dirArrow(d game.Cell) string {
	switch {
	case d.Col < 0:
		return "←"
	case d.Row > 0:
		return "↓"
	case d.Row < 0:
		return "↑"
	}
	return "→"
}

// b2i is 1 for true, 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

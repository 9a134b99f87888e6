package tui

import (
	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// The board's layout: where the table's sets, the grid's window and the
// rack's rows sit on the screen. It is worked out by the functions here
// from the board's state and the terminal's size, when a message may have
// changed them (the end of every Update, and SetSize), and never while
// drawing: View draws from it and changes nothing, and the keys and the
// mouse read the same layout, so a click lands on the tile drawn there.
//
// The screen around the board (the players bar and the help bar of the
// match, the title of a lesson) says how many lines it takes above the
// table, between the table and the rack, and under the rack (frameLines);
// the table gets the rest.

// frameLines are the lines a screen's own parts take around the board:
// above the table, between the table and the rack (the River, a hint),
// and under the rack (the status and the help).
type frameLines struct{ top, mid, foot int }

// placeBoard works out the board's layout for its state and size now,
// and gives the grid's working arrangement the window it will be drawn
// in (its cursor moves within it).
func (p *Board) placeBoard(f frameLines) {
	p.moved = nil
	if p.arr != nil {
		p.moved = p.arr.MovedTiles()
	}
	p.lay = p.tableLayout()
	_, th := p.tileSize()
	rackRows, rackLead, rackH := p.rackGeo()
	g := geometry{tableTop: f.top, left: 1, tileH: th, rackRows: rackRows, rackLead: rackLead}
	g.avail = p.height - f.top - f.mid - f.foot - rackH
	var tableH int
	if p.isGrid() {
		rows, cols := p.gridWindow(g.avail)
		if p.garr != nil {
			p.garr.SetWindow(rows, cols)
		}
		p.ggeo = p.gridGeoFor(p.ggeo, f.top, rows, cols)
		tableH = max(g.avail, 1)
		if !p.ggeo.empty {
			tableH = max(g.avail, 2+p.ggeo.rows)
		}
	} else {
		ts := p.tableState()
		g.tableSkip, g.tableRows, tableH = tableScroll(p.lay, p.drawnRows(&ts), &ts, g.avail, th)
	}
	g.rackTop = f.top + tableH + f.mid
	p.geo = g
}

// tableLayout places the sets of the table as it is drawn now (the
// working arrangement's during a turn) in rows of the screen's width.
func (p *Board) tableLayout() layout {
	sets := game.SetsOf(p.v.Table)
	if p.arr != nil {
		sets = p.arr.Sets()
	}
	lens := make([]int, len(sets))
	for i, s := range sets {
		lens[i] = len(s)
	}
	tw, _ := p.tileSize()
	return newLayout(lens, p.width-2, tw, p.reserveSlots())
}

// drawnRows says, row by row of the layout, whether the row holds a set
// drawn (a row left with only the new set slot, which is drawn during a
// turn only, is one blank line); nil for the line "The table is empty.".
func (p *Board) drawnRows(ts *tableState) []bool {
	if len(ts.sets) == 0 && !ts.active {
		return nil
	}
	rows := make([]bool, p.lay.rows)
	for i, box := range p.lay.sets {
		if i == len(ts.sets) && !ts.active {
			continue
		}
		rows[box.row] = true
	}
	return rows
}

// tableScroll keeps the rows that fit avail lines, scrolled so that the
// cursor's row is in view: the rows skipped at the top, the rows shown,
// and the lines the table block takes (avail, or more when even one row
// does not fit).
func tableScroll(l layout, rows []bool, ts *tableState, avail, th int) (skip, shown, lines int) {
	if rows == nil {
		return 0, 1, max(avail, 1)
	}
	maxRows := max(avail/th, 1)
	end := len(rows)
	if len(rows) > maxRows {
		want := 0
		if ts.active && ts.cur.Area == AreaTable && ts.cur.Set < len(l.sets) {
			want = l.sets[ts.cur.Set].row
		}
		if want >= maxRows {
			skip = want - maxRows + 1
		}
		end = skip + maxRows
	}
	h := 0
	for _, drawn := range rows[skip:end] {
		if drawn {
			h += th
		} else {
			h++
		}
	}
	return skip, end - skip, max(avail, h)
}

// rackGeo is the rack block's rows of tiles, the lines above them (the
// heading, a River draw's two tiles, the tiles carried) and its height.
func (p *Board) rackGeo() (rows, lead, height int) {
	if p.viewer < 0 || p.viewer != p.v.Seat {
		return 0, 0, 1 // the pool's size alone
	}
	_, th := p.tileSize()
	n := len(p.v.Rack)
	var held int
	if a := p.work(); a != nil {
		n, held = len(a.Rack()), len(a.Held())
		if a.Holding() {
			n++
		}
	}
	per := max(p.lay.rackPer, 1)
	rows = (n + per - 1) / per
	lead = 1
	if p.phase == phaseRiverChoice && len(p.v.Reveal) > 0 {
		lead += th
	}
	if held > 0 && !p.compact() {
		lead += th
	}
	return rows, lead, lead + rows*th
}

// gridGeoFor places the grid's window of rows x cols cells under the
// line top, from the window it had before (prev): it follows the cursor
// during a turn and the last changes otherwise.
func (p *Board) gridGeoFor(prev gridGeo, top, rows, cols int) gridGeo {
	g := prev
	g.rows, g.cols = rows, cols
	lo, hi, ok := p.gridAreaFor(rows, cols)
	if !ok {
		g.empty = true
		return g
	}
	active := p.garr != nil && p.phase == phaseTurn
	cur := lo
	if active {
		cur = p.garr.Cursor().Cell
	}
	o := p.gridOrigin(prev.origin, active, rows, cols, lo, hi, cur)
	wide := p.wideCells()
	return gridGeo{
		top: top + 2, left: gridGutter, origin: o,
		rows: min(rows, max(hi.Row-lo.Row+1, 1)), cols: cols, cellW: style.CellWidth(wide),
		lo: lo, hi: hi,
	}
}

// gridAreaFor is the box of cells drawn as the grid (dots where the
// cursor may go) in a window of rows x cols: the cursor's area during a
// turn, the tiles with one cell around them otherwise.
func (p *Board) gridAreaFor(rows, cols int) (lo, hi game.Cell, ok bool) {
	if p.garr != nil {
		lo, hi = p.garr.Area()
		return lo, hi, true
	}
	lo, hi, ok = game.GridOf(p.v.Table).Bounds()
	if !ok {
		return lo, hi, false
	}
	lo, hi = game.Cell{Row: lo.Row - 1, Col: lo.Col - 1}, game.Cell{Row: hi.Row + 1, Col: hi.Col + 1}
	lo, hi = growTo(lo, hi, rows, cols)
	return lo, hi, true
}

package position

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// The French grid (table=grid) as a position: the box of cells the tiles
// lie in, drawn with the board's cells (narrow at 80 columns, the wide
// tile from 100). A grid larger than the room is cut to a window centred
// on the marked tiles, and the line above it says which rows and columns
// it shows.

// gridShape is the French grid (table=grid): the box of cells the tiles
// lie in.
type gridShape struct{}

func (gridShape) Noun() string { return "Grid" }

func (gridShape) Accept(v Visitor) { v.VisitGrid() }

// Lines draws the grid in at least 3 and at most limit lines of width
// columns, marks marked as mark.
func (gridShape) Lines(st *style.Styles, l game.Layout, marks map[game.TileID]bool, mark style.TileOpts, width, limit int) []string {
	g := game.GridOf(l)
	limit = max(limit, 3)
	lo, hi, ok := g.Bounds()
	if !ok {
		return []string{st.Dim.Render("  (the grid is empty)")}
	}
	wide := width >= 100
	cw := style.CellWidth(wide)
	const ruler = 5 // the row numbers, "  -12"
	cols := max(1, (width-ruler)/cw)
	rows := max(1, limit-2) // the column ruler and the window line
	r0, r1 := window(lo.Row, hi.Row, rows, markedSpan(g, marks, true))
	c0, c1 := window(lo.Col, hi.Col, cols, markedSpan(g, marks, false))

	at := g.Cells()
	var out []string
	if r0 > lo.Row || r1 < hi.Row || c0 > lo.Col || c1 < hi.Col {
		line := fmt.Sprintf("  rows %d..%d of %d..%d and columns %d..%d of %d..%d shown",
			r0, r1, lo.Row, hi.Row, c0, c1, lo.Col, hi.Col)
		out = append(out, st.Dim.Render(ansi.Truncate(line, width, "…")))
	}
	var head strings.Builder
	head.WriteString(strings.Repeat(" ", ruler))
	for c := c0; c <= c1; c++ {
		head.WriteString(fmt.Sprintf("%-*d", cw, c))
	}
	out = append(out, st.Dim.Render(head.String()))
	for r := r0; r <= r1; r++ {
		var line strings.Builder
		line.WriteString(st.Dim.Render(fmt.Sprintf("%*d", ruler-1, r) + " "))
		for c := c0; c <= c1; c++ {
			k, ok := at[game.Cell{Row: r, Col: c}]
			if !ok {
				line.WriteString(st.EmptyCell(style.TileOpts{}, wide, true))
				continue
			}
			t := g.Tiles[k].Tile
			o := style.TileOpts{}
			if marks[t.ID] {
				o = mark
			}
			line.WriteString(st.Cell(t, o, wide))
		}
		out = append(out, line.String())
	}
	return out
}

// markedSpan is the rows (or columns) the marked tiles lie in; ok false
// when none is marked.
type span struct {
	lo, hi int
	ok     bool
}

func markedSpan(g game.Grid, marks map[game.TileID]bool, rows bool) span {
	var s span
	for _, gt := range g.Tiles {
		if !marks[gt.Tile.ID] {
			continue
		}
		v := gt.Col
		if rows {
			v = gt.Row
		}
		if !s.ok {
			s = span{v, v, true}
		}
		s.lo, s.hi = min(s.lo, v), max(s.hi, v)
	}
	return s
}

// window picks n consecutive values out of lo..hi: all of them when they
// fit, else a window centred on the marked span (its start when the span
// itself is longer than n).
func window(lo, hi, n int, marked span) (int, int) {
	if hi-lo+1 <= n {
		return lo, hi
	}
	mid := (lo + hi) / 2
	if marked.ok {
		mid = (marked.lo + marked.hi) / 2
		if marked.hi-marked.lo+1 > n {
			mid = marked.lo + n/2
		}
	}
	start := min(max(lo, mid-n/2), hi-n+1)
	return start, start + n - 1
}

package position

import (
	"fmt"
	"strings"

	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// setsShape is the sets table (table=sets): sets side by side in lines
// that wrap at the screen's width.
type setsShape struct{}

func (setsShape) Noun() string { return "Table" }

func (setsShape) Accept(v Visitor) { v.VisitSets() }

// Lines lays the sets out in lines of width columns, at least 2 and at
// most limit lines; what does not fit is counted on the last line.
func (setsShape) Lines(st *style.Styles, l game.Layout, marks map[game.TileID]bool, mark style.TileOpts, width, limit int) []string {
	table := game.SetsOf(l)
	limit = max(limit, 2)
	if len(table) == 0 {
		return []string{st.Dim.Render("  (the table is empty)")}
	}
	var out []string
	var cur strings.Builder
	curW := 0
	for i, set := range table {
		w := len(set)*tileWidth + 1
		if curW > 0 && curW+w > width {
			out = append(out, cur.String())
			cur.Reset()
			curW = 0
		}
		if len(out) == limit-1 && curW == 0 && i < len(table) && rowWidth(table[i:]) > width {
			cur.WriteString(st.Dim.Render(fmt.Sprintf("… and %s more (a larger terminal shows them)", plural(len(table)-i, "set"))))
			out = append(out, cur.String())
			return out
		}
		for _, t := range set {
			cur.WriteString(tile(st, t, marks, mark))
		}
		cur.WriteString(" ")
		curW += w
	}
	if curW > 0 {
		out = append(out, cur.String())
	}
	return out
}

// rowWidth is the width the sets take on one line.
func rowWidth(sets game.Table) int {
	w := 0
	for _, s := range sets {
		w += len(s)*tileWidth + 1
	}
	return w
}

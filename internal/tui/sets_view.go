package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// Drawing the sets table: the sets in rows that wrap at the screen's
// width (layout.go places them), scrolled so that the cursor's row is in
// view, each tile with its marks and each joker with what it stands for,
// a slot at each set's end while tiles are carried, and a hint's sets on
// a row of their own under the table.

// tableState is what the table block draws: the working arrangement's
// sets, cursor and selection during a turn, the table as it is otherwise.
type tableState struct {
	sets          game.Table
	holding       bool
	cur           Cursor
	selLo, selHi  int
	selOK, active bool
}

func (s *setsSurface) tableState(p *Board) tableState {
	if s.a == nil {
		return tableState{sets: game.SetsOf(p.v.Table)}
	}
	ts := tableState{sets: s.a.Sets(), holding: s.a.Holding(), cur: s.a.Cursor(), active: p.phase == phaseTurn}
	ts.selLo, ts.selHi, ts.selOK = s.a.Selection()
	return ts
}

// onSet reports whether the cursor is on set i of the table.
func (ts *tableState) onSet(i int) bool {
	return ts.active && ts.cur.Area == AreaTable && ts.cur.Set == i
}

// draw draws the table's sets in rows within at most avail lines, as the
// layout placed and scrolled them.
func (s *setsSurface) draw(p *Board, avail int) string {
	ts := s.tableState(p)
	sets := ts.sets
	rows := make([][]string, p.lay.rows) // each row: the drawn sets
	for i, box := range p.lay.sets {
		if i == len(sets) && !ts.active {
			continue // the new set slot, only during a turn
		}
		rows[box.row] = append(rows[box.row], joinRow(s.setCells(p, &ts, i)...))
	}
	var lines []string
	gap := strings.Repeat(" ", setGap)
	for _, r := range rows {
		parts := []string{" "}
		for i, set := range r {
			if i > 0 {
				parts = append(parts, gap)
			}
			parts = append(parts, set)
		}
		lines = append(lines, joinRow(parts...))
	}
	if len(sets) == 0 && !ts.active {
		lines = []string{p.st.Dim.Render(" The table is empty.")}
	}
	lines = p.scrollTable(lines)
	out := strings.Join(lines, "\n")
	if h := lipgloss.Height(out); h < avail {
		out += strings.Repeat("\n", avail-h)
	}
	return out
}

// setCells draws set i of the table (or the new set slot past the last
// set): its tiles, and the slot at its end.
func (s *setsSurface) setCells(p *Board, ts *tableState, i int) []string {
	if i == len(ts.sets) {
		return []string{p.slot(TileMarks{Cursor: ts.cur.Area == AreaTable && ts.cur.Set == i}, "new")}
	}
	var cells []string
	// The set is judged once for all its tiles (its jokers' meanings,
	// whether it is valid), not once a tile.
	meaning, invalid := s.setJudgement(i)
	for j, t := range ts.sets[i] {
		o := s.tileMarks(p, t, -1)
		o.Invalid = invalid
		if f, ok := meaning[t.ID]; ok && t.IsJoker() {
			o.As = f
		}
		if ts.onSet(i) {
			o.Cursor = ts.cur.Pos == j
			o.Selected = ts.selOK && j >= ts.selLo && j <= ts.selHi
		}
		cells = append(cells, p.tile(t, o))
	}
	switch {
	case ts.holding:
		// The end slot shows the set's number: that digit drops what is
		// carried there.
		o := TileMarks{Cursor: ts.onSet(i) && ts.cur.Pos == len(ts.sets[i])}
		if i < 99 {
			o.Label = fmt.Sprintf("+%d", i+1)
		}
		cells = append(cells, p.slot(o, "end"))
	case len(ts.sets[i]) == 0:
		// A set emptied this turn keeps its place, shown empty.
		cells = append(cells, p.slot(TileMarks{Cursor: ts.onSet(i), Label: "   "}, "end"))
	case s.reserveSlots(p):
		// The end slot's place is kept, so picking a tile up does not
		// wrap the table afresh.
		tw, th := p.tileSize()
		cells = append(cells, p.st.NewStyle().Width(tw).Height(th).Render(""))
	}
	return cells
}

// setJudgement is what each joker of set i of the working arrangement
// stands for, where the set says (the board shows it so), and whether
// the set is marked not valid (or blamed by a refused turn).
func (s *setsSurface) setJudgement(i int) (map[game.TileID]game.Face, bool) {
	if s.a == nil {
		return nil, false
	}
	m, err := s.a.SetStatus(i)
	if err != nil {
		return nil, true
	}
	meaning := map[game.TileID]game.Face{}
	for _, mt := range m.Tiles {
		if mt.IsJoker() {
			meaning[mt.ID] = mt.As
		}
	}
	return meaning, i == s.badSet
}

// scrollTable keeps the rows the layout shows (the cursor's row in view)
// and says how many more there are.
func (p *Board) scrollTable(lines []string) []string {
	skip, end := p.geo.tableSkip, p.geo.tableSkip+p.geo.tableRows
	if skip == 0 && end >= len(lines) || end > len(lines) || end <= skip {
		return lines // all of it, or a layout not worked out for these lines
	}
	more := len(lines) - end
	lines = lines[skip:end]
	lines[len(lines)-1] += p.st.Dim.Render(fmt.Sprintf("  (%d more %s: ↑/↓)", skip+more, plural(skip+more, "row", "rows")))
	return lines
}

// hintRow shows the sets of the hinted play that are not on the table as
// they are (new sets and the sets it rebuilds, every one needed to follow
// it by hand), the rack tiles marked, below the table, and counts the
// sets it leaves as they are; i lays the whole play out.
func (s *setsSurface) hintRow(p *Board) string {
	if p.hint == nil || p.phase != phaseTurn {
		return ""
	}
	changed, same := hintSets(game.SetsOf(p.v.Table), game.SetsOf(p.hint.After))
	var sets []string
	for _, set := range changed {
		var cells []string
		for _, t := range set {
			cells = append(cells, p.tile(t, TileMarks{Hint: p.hint.Tiles[t.ID]}))
		}
		sets = append(sets, lipgloss.JoinHorizontal(lipgloss.Top, cells...))
	}
	if same > 0 {
		sets = append(sets, p.st.Dim.Render(fmt.Sprintf("(and %d %s)", same, plural(same, "set as it is", "sets as they are"))))
	}
	// The sets wrap under the label: every one is shown.
	label := p.st.Hint.Render(" hint ")
	room := p.width - lipgloss.Width(label) - 1
	var rows []string
	row, width := "", 0
	for _, s := range sets {
		w := lipgloss.Width(s)
		if row != "" && width+setGap+w > room {
			rows = append(rows, row)
			row, width = "", 0
		}
		if row != "" {
			row = lipgloss.JoinHorizontal(lipgloss.Top, row, strings.Repeat(" ", setGap), s)
			width += setGap + w
		} else {
			row, width = s, w
		}
	}
	if row != "" {
		rows = append(rows, row)
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, label, lipgloss.JoinVertical(lipgloss.Left, rows...))
}

// hintSets splits the sets of a hinted play into those not on the table
// start as they are (new and rebuilt sets, in the play's order) and the
// count of those left as they are.
func hintSets(start, play game.Table) (game.Table, int) {
	on := map[string]bool{}
	for _, s := range start {
		on[idKey(s)] = true
	}
	var changed game.Table
	same := 0
	for _, s := range play {
		if on[idKey(s)] {
			same++
			continue
		}
		changed = append(changed, s)
	}
	return changed, same
}

// drawnRows says, row by row of the layout, whether the row holds a set
// drawn (a row left with only the new set slot, which is drawn during a
// turn only, is one blank line); nil for the line "The table is empty.".
func (s *setsSurface) drawnRows(p *Board, ts *tableState) []bool {
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

// tableScroll keeps the rows that fit avail lines, scrolled from where
// they were (from: the rows skipped at the last layout) only as far as
// the cursor's row needs to be in view: a click on a row in view, or the
// cursor going to the rack, leaves the rows where the player sees them.
// Between the viewer's turns the table shows its top. It gives the rows
// skipped at the top, the rows shown, and the lines the table block
// takes (avail, or more when even one row does not fit).
func tableScroll(l layout, rows []bool, ts *tableState, avail, th, from int) (skip, shown, lines int) {
	if rows == nil {
		return 0, 1, max(avail, 1)
	}
	maxRows := max(avail/th, 1)
	end := len(rows)
	if len(rows) > maxRows {
		if ts.active {
			skip = from
			if ts.cur.Area == AreaTable && ts.cur.Set < len(l.sets) {
				want := l.sets[ts.cur.Set].row
				skip = min(skip, want)
				skip = max(skip, want-maxRows+1)
			}
		}
		skip = min(max(skip, 0), len(rows)-maxRows)
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

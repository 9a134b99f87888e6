package tui

import (
	tea "charm.land/bubbletea/v2"
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// Terminal sizes: below the minimum the game asks for a larger terminal;
// from the full size it draws large tiles.
const (
	MinWidth   = 80
	MinHeight  = 24
	FullWidth  = 100
	FullHeight = 30
)

// geometry is where the board's parts are drawn (board_layout.go), for
// the drawing and the mouse.
type geometry struct {
	tableTop  int // screen line of the first table row
	avail     int // lines given to the table
	tableRows int // table rows drawn
	tableSkip int // table rows scrolled off the top
	rackTop   int // screen line of the first rack row
	rackRows  int
	rackLead  int // lines of the rack block above its tiles
	left      int // screen column where tiles start
	tileH     int
}

// compact reports whether the small layout is used.
func (p *Board) compact() bool { return p.width < FullWidth || p.height < FullHeight }

// View is the screen as a Bubble Tea view.
func (p *Play) View() tea.View {
	v := tea.NewView(p.Render())
	return v
}

// View draws the match screen.
func (p *Play) Render() string {
	if p.width < MinWidth || p.height < MinHeight {
		return tooSmall(p.st, p.width, p.height, true)
	}
	if p.logOpen {
		return lipgloss.Place(p.width, p.height, lipgloss.Left, lipgloss.Top, p.st.Panel.Render(p.viewLog()))
	}
	var body string
	switch p.phase {
	case phaseHandover:
		body = p.viewHandover()
	case phaseGameOver, phaseMatchOver:
		switch {
		case p.replay != nil:
			body = p.replay.View().Content
		case p.final:
			body = p.viewBoard()
		default:
			body = p.viewScores()
		}
	default:
		body = p.viewBoard()
	}
	return body
}

// tooSmall is the screen shown when the terminal is below 80x24; in a
// match, the turn clock waits meanwhile.
func tooSmall(st *Styles, w, h int, match bool) string {
	msg := st.Title.Render("Rummikub") + "\n\n" +
		st.Text.Render("Make the terminal at least 80x24") + "\n" +
		st.Dim.Render(fmt.Sprintf("(it is %dx%d now; the game goes on when it is larger)", w, h))
	if match {
		msg += "\n" + st.Dim.Render("The turn clock is paused meanwhile.")
	}
	if w <= 0 || h <= 0 {
		return msg
	}
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, msg, lipgloss.WithWhitespaceChars(" "))
}

// viewBoard draws the board for the viewing seat, as the layout placed
// it (layoutNow).
func (p *Play) viewBoard() string {
	c := &p.chrome
	var b strings.Builder
	put := func(s string) {
		b.WriteString(s)
		b.WriteString("\n")
	}
	put(c.liveBar(p))
	put(c.info)
	if p.isGrid() {
		put(p.gridBlock(p.geo.avail))
	} else {
		put(p.tableBlock(p.geo.avail))
	}
	if c.river != "" {
		put(c.river)
	}
	put(p.rackBlock())
	put(c.liveStatus(p))
	b.WriteString(c.help)
	return b.String()
}

// marksFor is how a table or rack tile is drawn: on the table, placed
// from the rack this turn, moved to another set this turn, or changed
// since the player's last turn; on the rack, drawn at the seat's last turn.
// set is the table set the tile is in, judged for the mark of a set not
// valid, or -1 (the caller judges it, once for the set).
func (p *Board) marksFor(t game.Tile, onTable bool, set int) TileMarks {
	var m TileMarks
	if g := p.garr; g != nil && !onTable {
		m.Locked = g.Locked(t)
		m.Key = g.Must(t)
		m.Hint = p.hint != nil && p.hint.Tiles[t.ID]
	}
	a := p.arr
	if a != nil {
		m.Placed = onTable && a.Placed(t)
		m.Moved = onTable && p.moved[t.ID]
		m.Locked = a.Locked(t)
		m.Key = a.Must(t)
		if onTable && set >= 0 {
			_, m.Invalid = p.setJudgement(set)
		}
		if p.hint != nil && p.hint.Tiles[t.ID] && !onTable {
			m.Hint = true
		}
	}
	if onTable && p.lastMark[t.ID] && !m.Placed && !m.Moved {
		m.Changed = true
	}
	if !onTable && p.viewer >= 0 && p.drawn[p.viewer][t.ID] {
		m.Drawn = true
	}
	return m
}

// tableState is what the table block draws: the working arrangement's
// sets, cursor and selection during a turn, the table as it is otherwise.
type tableState struct {
	sets          game.Table
	holding       bool
	cur           Cursor
	selLo, selHi  int
	selOK, active bool
}

func (p *Board) tableState() tableState {
	if p.arr == nil {
		return tableState{sets: game.SetsOf(p.v.Table)}
	}
	ts := tableState{sets: p.arr.Sets(), holding: p.arr.Holding(), cur: p.arr.Cursor(), active: p.phase == phaseTurn}
	ts.selLo, ts.selHi, ts.selOK = p.arr.Selection()
	return ts
}

// onSet reports whether the cursor is on set i of the table.
func (ts *tableState) onSet(i int) bool {
	return ts.active && ts.cur.Area == AreaTable && ts.cur.Set == i
}

// tableBlock draws the table's sets in rows within at most avail lines,
// as the layout placed and scrolled them.
func (p *Board) tableBlock(avail int) string {
	ts := p.tableState()
	sets := ts.sets
	rows := make([][]string, p.lay.rows) // each row: the drawn sets
	for i, box := range p.lay.sets {
		if i == len(sets) && !ts.active {
			continue // the new set slot, only during a turn
		}
		rows[box.row] = append(rows[box.row], joinRow(p.setCells(&ts, i)...))
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
func (p *Board) setCells(ts *tableState, i int) []string {
	if i == len(ts.sets) {
		return []string{p.slot(TileMarks{Cursor: ts.cur.Area == AreaTable && ts.cur.Set == i}, "new")}
	}
	var cells []string
	// The set is judged once for all its tiles (its jokers' meanings,
	// whether it is valid), not once a tile.
	meaning, invalid := p.setJudgement(i)
	for j, t := range ts.sets[i] {
		o := p.marksFor(t, true, -1)
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
	case p.reserveSlots():
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
func (p *Board) setJudgement(i int) (map[game.TileID]game.Face, bool) {
	if p.arr == nil {
		return nil, false
	}
	m, err := p.arr.SetStatus(i)
	if err != nil {
		return nil, true
	}
	meaning := map[game.TileID]game.Face{}
	for _, mt := range m.Tiles {
		if mt.IsJoker() {
			meaning[mt.ID] = mt.As
		}
	}
	return meaning, i == p.badSet
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
	lines[len(lines)-1] += p.st.Dim.Render(fmt.Sprintf("  (%d more rows: ↑/↓)", skip+more))
	return lines
}

// hintRow shows the sets of the hinted play that are not on the table as
// they are (new sets and the sets it rebuilds, every one needed to follow
// it by hand), the rack tiles marked, below the table, and counts the
// sets it leaves as they are; i lays the whole play out.
func (p *Board) hintRow() string {
	if p.hint == nil || p.phase != phaseTurn || p.isGrid() {
		// On the grid the hint's tiles are drawn on their cells.
		return ""
	}
	changed, same := hintSets(game.SetsOf(p.v.Table), p.hint.Table)
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

// riverRow draws the River (draw=river), with the pull choice.
func (p *Board) riverRow() string {
	v := &p.v
	if v.Rules.Draw != game.DrawRiver {
		return ""
	}
	label := p.st.Dim.Render(" River ")
	if len(v.River) == 0 {
		return label + p.st.Dim.Render("(empty)")
	}
	var cells []string
	for i, t := range v.River {
		o := TileMarks{}
		if p.phase == phasePullSelect {
			o.Cursor = i == p.riverSel
			o.Selected = i >= p.riverSel
		}
		if v.PullPending && i >= v.PullIndex {
			o.Locked = true
		}
		cells = append(cells, p.tile(t, o))
	}
	// Wrap the River under its label so it never runs off the screen.
	tw, _ := p.tileSize()
	per := (p.width - lipgloss.Width(label) - 1) / tw
	if per < 1 {
		per = 1
	}
	var rows []string
	for i := 0; i < len(cells); i += per {
		end := min(i+per, len(cells))
		rows = append(rows, joinRow(cells[i:end]...))
	}
	return lipgloss.JoinHorizontal(lipgloss.Top, label, lipgloss.JoinVertical(lipgloss.Left, rows...))
}

// rackBlock draws the viewer's rack (or nothing for a seat not viewed).
func (p *Board) rackBlock() string {
	v := &p.v
	st := p.st
	if p.viewer < 0 || p.viewer != v.Seat {
		return st.Dim.Render(fmt.Sprintf(" pool %d", v.Pool))
	}
	var rack []game.Tile
	holding := false
	selLo, selHi, selOK := 0, 0, false
	active := p.working() && p.phase == phaseTurn
	var held []game.Tile
	onRack := false
	curPos := 0
	if a := p.work(); a != nil {
		rack, holding, held = a.Rack(), a.Holding(), a.Held()
		curPos, onRack, selLo, selHi, selOK = a.rackCursor()
	} else {
		rack = p.shownRack(p.viewer)
	}
	name := v.Names[p.viewer]
	head := fmt.Sprintf(" %s's rack · %d %s · value %d · pool %d", name, len(rack), plural(len(rack), "tile", "tiles"), v.Rules.RackValue(rack), v.Pool)
	if holding {
		head += " · carrying " + faces(held)
	}
	if fill := p.width - lipgloss.Width(head) - 1; fill > 0 {
		head += " " + strings.Repeat("─", fill)
	}
	var cells []string
	for i, t := range rack {
		o := p.marksFor(t, false, -1)
		if active && onRack {
			o.Cursor = curPos == i
			o.Selected = selOK && i >= selLo && i <= selHi
		}
		cells = append(cells, p.tile(t, o))
	}
	if holding {
		cells = append(cells, p.slot(TileMarks{Cursor: active && onRack && curPos == len(rack)}, "end"))
	}
	per := max(p.lay.rackPer, 1)
	var rows []string
	for i := 0; i < len(cells); i += per {
		end := i + per
		if end > len(cells) {
			end = len(cells)
		}
		rows = append(rows, joinRow(append([]string{" "}, cells[i:end]...)...))
	}
	parts := []string{st.Dim.Render(head)}
	if p.phase == phaseRiverChoice && len(v.Reveal) > 0 {
		parts = append(parts, p.revealRow())
	}
	if held := p.heldRow(); held != "" {
		parts = append(parts, held)
	}
	parts = append(parts, rows...)
	return strings.Join(parts, "\n")
}

// heldRow shows the tiles being carried, lifted above the board.
func (p *Board) heldRow() string {
	var held []game.Tile
	if a := p.work(); a != nil {
		held = a.Held()
	}
	if len(held) == 0 || p.compact() {
		return ""
	}
	var cells []string
	for _, t := range held {
		cells = append(cells, p.tile(t, TileMarks{Lifted: true}))
	}
	return lipgloss.JoinHorizontal(lipgloss.Center, p.st.Dim.Render(" carrying "), lipgloss.JoinHorizontal(lipgloss.Top, cells...))
}

// revealRow shows a River draw's two tiles to choose from.
func (p *Board) revealRow() string {
	var cells []string
	for i, t := range p.v.Reveal {
		cells = append(cells, p.tile(t, TileMarks{Cursor: i == p.riverSel, Lifted: true}))
	}
	label := p.st.Warning.Render(" Keep which? 1/2 or ←/→ and enter: ")
	return lipgloss.JoinHorizontal(lipgloss.Center, label, lipgloss.JoinHorizontal(lipgloss.Top, cells...))
}

// joinRow joins drawn blocks side by side, top-aligned. When every block
// is one line (the compact tiles) that is their concatenation, which is
// what lipgloss.JoinHorizontal gives without measuring every line's
// width: BenchmarkBoardKey/standard-redraw went from 171 to 139
// allocations a frame.
func joinRow(parts ...string) string {
	for _, s := range parts {
		if strings.IndexByte(s, '\n') >= 0 {
			return lipgloss.JoinHorizontal(lipgloss.Top, parts...)
		}
	}
	return strings.Join(parts, "")
}

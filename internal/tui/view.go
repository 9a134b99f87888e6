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
	rackH     int // lines of the rack block (rackGeo)
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
	// Joined once at its full length: built up line by line, the frame's
	// buffer grew several times a frame. BenchmarkBoardKey (4000 frames,
	// medians of 3): sets 17.1 → 13.9 µs, grid 60 → 53 µs.
	parts := make([]string, 0, 7)
	parts = append(parts, c.liveBar(p), c.info, p.surf.draw(&p.Board, p.geo.avail))
	if c.river != "" {
		parts = append(parts, c.river)
	}
	parts = append(parts, p.rackBlock(), c.liveStatus(p))
	if !c.noHelp {
		parts = append(parts, c.help)
	}
	return strings.Join(parts, "\n")
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
		return st.DimInk.Line(fmt.Sprintf(" pool %d", v.Pool))
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
		o := p.rackMarks(t)
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
	parts := []string{st.DimInk.Line(head)}
	if p.revealShown() {
		parts = append(parts, p.revealRow())
	}
	if held := p.heldRow(); held != "" {
		parts = append(parts, held)
	}
	parts = append(parts, rows...)
	out := strings.Join(parts, "\n")
	// The lines the layout keeps for the block through the turn.
	if n := lipgloss.Height(out); n < p.geo.rackH {
		out += strings.Repeat("\n", p.geo.rackH-n)
	}
	return out
}

// heldRow shows the tiles being carried, lifted above the board; at the
// full size during the viewer's turn, the empty place where they are
// shown; while the rack keeps its lines (keepsRack) between the viewer's
// turns, that place's blank lines.
func (p *Board) heldRow() string {
	if p.compact() {
		return ""
	}
	var cells []string
	if a := p.work(); a != nil {
		for _, t := range a.Held() {
			cells = append(cells, p.tile(t, TileMarks{Lifted: true}))
		}
	}
	if len(cells) == 0 {
		switch {
		case p.turnHeld():
			cells = []string{p.slot(TileMarks{Label: "   "}, "")}
		case p.keepsRack() && !p.revealShown():
			_, th := p.tileSize()
			return strings.Repeat("\n", th-1)
		default:
			return ""
		}
	}
	return lipgloss.JoinHorizontal(lipgloss.Center, p.st.DimInk.Line(" carrying "), lipgloss.JoinHorizontal(lipgloss.Top, cells...))
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

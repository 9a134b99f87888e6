package keeper

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/internal/scorebook"
)

func newTable(st styles) table.Model {
	return table.New(table.WithFocused(true), table.WithStyles(st.tableStyles()))
}

// column widths of the board for the current size and players.
func (m Model) columns() (num, player, result int) {
	n := len(m.book.Session.Players)
	num, result = 5, 14
	if m.width < 90 && n > 4 {
		result = 10
	}
	player = (m.width-(num+2)-(result+2)-1)/n - 2
	return num, min(max(player, 5), scorebook.MaxNameLen), result
}

// refreshTable shows the games around the selected one in the table. The
// board keeps the selection and the scroll position itself (sel, top) and
// hands the table only the rows that fit, so the table never has to
// scroll: it draws the header, the rows and the highlight.
func (m *Model) refreshTable(fit int) {
	if m.book == nil {
		return
	}
	n := len(m.res.Games)
	m.sel = min(max(m.sel, 0), n-1)
	fit = max(min(fit, n), 1)
	if m.sel < m.top {
		m.top = m.sel
	}
	if m.sel >= m.top+fit {
		m.top = m.sel - fit + 1
	}
	m.top = max(min(m.top, n-fit), 0)
	num, pw, rw := m.columns()
	cols := []table.Column{{Title: "#", Width: num}}
	for _, p := range m.book.Session.Players {
		cols = append(cols, table.Column{Title: fmt.Sprintf("%*s", pw, clip(p, pw)), Width: pw})
	}
	cols = append(cols, table.Column{Title: "Result", Width: rw})
	var rows []table.Row
	for i := m.top; i < min(m.top+fit, n); i++ {
		g := m.res.Games[i]
		mark := " "
		if i == m.sel {
			mark = ">"
		}
		row := table.Row{fmt.Sprintf("%s%d", mark, i+1)}
		for _, v := range g.Scores {
			row = append(row, fmt.Sprintf("%*s", pw, signed(v)))
		}
		who := m.book.Session.Players[g.Winner]
		if g.Blocked {
			row = append(row, clip("blocked: "+who, rw))
		} else {
			row = append(row, clip(who+" out", rw))
		}
		rows = append(rows, row)
	}
	// Columns change with the players: clear the rows first so the table
	// never draws rows against columns of another width.
	m.table.SetRows(nil)
	m.table.SetColumns(cols)
	m.table.SetRows(rows)
	m.table.SetHeight(len(rows) + 1)
	m.table.SetWidth(m.width)
	m.table.SetCursor(m.sel - m.top)
}

// selected is the selected game, or -1 when there is none.
func (m Model) selected() int {
	if m.book == nil || m.sel < 0 || m.sel >= len(m.book.Session.Games) {
		return -1
	}
	return m.sel
}

// signed writes a score with its sign: +76, -22, 0.
func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// resizeTable gives the table the rows the rest of the board leaves.
func (m *Model) resizeTable() {
	if m.book == nil {
		return
	}
	used := lipgloss.Height(m.boardTop()) + lipgloss.Height(m.boardBottom()) + 1 // + the header
	m.refreshTable(m.height - used)
}

// moveSel moves the selection by d games (page keys move a screenful).
func (m *Model) moveSel(d int) {
	m.sel = min(max(m.sel+d, 0), len(m.book.Session.Games)-1)
}

func (m Model) updateBoard(msg tea.Msg) (Model, tea.Cmd) {
	k, isKey := msg.(tea.KeyPressMsg)
	if !isKey {
		return m, nil
	}
	if m.confirmDelete >= 0 {
		i := m.confirmDelete
		m.confirmDelete = -1
		if key.Matches(k, keyYes) {
			if err := m.book.DeleteGame(i); err != nil {
				m.fail(err)
			} else {
				m.rescore()
				m.save(fmt.Sprintf("Game %d deleted; the games after it moved up. Press u to undo.", i+1), false)
			}
		} else {
			m.say(fmt.Sprintf("Game %d kept.", i+1))
		}
		m.resize()
		return m, nil
	}
	games := len(m.book.Session.Games)
	switch {
	case key.Matches(k, keyBack):
		name := m.name
		m.toPicker()
		m.say("Session " + name + " is saved.")
		return m, nil
	case key.Matches(k, keyAdd):
		if m.res.Finished {
			m.fail(fmt.Errorf("the match is over (%s won); press o to raise the target or the number of games to play on", m.book.Session.Players[m.res.Winner]))
			m.resize()
			return m, nil
		}
		m.startEntry(games, nil)
		return m, m.focusCmd()
	case key.Matches(k, keyEdit):
		if i := m.selected(); i < 0 {
			m.fail(fmt.Errorf("there is no game to edit yet; press a to add one"))
		} else {
			g := m.book.Session.Games[i]
			m.startEntry(i, &g)
			return m, m.focusCmd()
		}
	case key.Matches(k, keyRemove):
		if i := m.selected(); i < 0 {
			m.fail(fmt.Errorf("there is no game to delete"))
		} else {
			m.confirmDelete = i
			m.say(fmt.Sprintf("Delete game %d? Everything after it recomputes. y/n", m.confirmDelete+1))
		}
	case key.Matches(k, keyUndo):
		what, ok := m.book.Undo()
		if !ok {
			m.fail(fmt.Errorf("there is nothing to undo"))
		} else {
			m.rescore()
			m.save("Undone: "+what+".", false)
		}
	case key.Matches(k, keyOpts):
		s := m.book.Session
		m.startSetup(&s, m.name)
		return m, m.focusCmd()
	case key.Matches(k, keyUp):
		m.status = ""
		m.moveSel(-1)
	case key.Matches(k, keyDown):
		m.status = ""
		m.moveSel(1)
	case key.Matches(k, keyPageUp):
		m.moveSel(-max(len(m.table.Rows()), 1))
	case key.Matches(k, keyPageDown):
		m.moveSel(max(len(m.table.Rows()), 1))
	case key.Matches(k, keyTop):
		m.sel = 0
	case key.Matches(k, keyBottom):
		m.sel = len(m.book.Session.Games) - 1
	}
	m.resize()
	return m, nil
}

// optionSummary is the match options in a few words.
func (m Model) optionSummary() string {
	o := m.book.Session.Options
	var parts []string
	if o.Win == game.WinnerScore {
		parts = append(parts, "highest score wins")
	} else {
		parts = append(parts, "most games wins")
	}
	switch {
	case m.res.Length > 0:
		parts = append(parts, fmt.Sprintf("%d games", m.res.Length))
	}
	if o.Target > 0 {
		parts = append(parts, fmt.Sprintf("target %d", o.Target))
	}
	parts = append(parts, fmt.Sprintf("joker %d", o.Joker))
	if o.Blocked == game.BlockedFewestTiles {
		parts = append(parts, "blocked: fewest tiles")
	}
	if o.WinnerOnly {
		parts = append(parts, "winner only")
	}
	return strings.Join(parts, ", ")
}

func (m Model) boardTop() string {
	// Cut the words, not the styled text: a cut through a colour code
	// would leave the terminal half-way into an escape sequence.
	title := clip("Session "+m.name, m.width)
	summary := clip("  "+m.optionSummary(), m.width-lipgloss.Width(title))
	return m.st.title.Render(title) + m.st.subtle.Render(summary) + "\n\n"
}

func (m Model) boardBottom() string {
	var b strings.Builder
	s := m.book.Session
	num, pw, rw := m.columns()
	rule := strings.Repeat("-", min(m.width-2, (num+2)+len(s.Players)*(pw+2)+rw))
	if shown := len(m.table.Rows()); shown < len(s.Games) {
		note := fmt.Sprintf(" games %d-%d of %d ", m.top+1, m.top+shown, len(s.Games))
		if len(rule) > len(note)+4 {
			rule = rule[:2] + note + rule[2+len(note):]
		}
	}
	b.WriteString(" " + rule + "\n")
	totals := make([]string, len(s.Players))
	for i, v := range m.res.Totals {
		totals[i] = signed(v)
	}
	b.WriteString(m.row("Total", totals, m.st.header) + "\n")
	won := make([]string, len(s.Players))
	for i, v := range m.res.Won {
		won[i] = strconv.Itoa(v)
	}
	b.WriteString(m.row("Won", won, m.st.label) + "\n\n")
	line, over := m.standingLine()
	if over {
		b.WriteString(m.st.banner.Render(wrap(line, m.width)) + "\n")
	} else {
		b.WriteString(wrap(line, m.width) + "\n")
	}
	if d := m.detailLine(); d != "" {
		b.WriteString(m.st.subtle.Render(clip(d, m.width)) + "\n")
	}
	if st := m.statusView(); st != "" {
		b.WriteString(st + "\n")
	}
	b.WriteString(m.help.View(boardKeys{confirming: m.confirmDelete >= 0}))
	return b.String()
}

// row lays out a line of values under the table's player columns.
func (m Model) row(label string, values []string, style lipgloss.Style) string {
	num, pw, _ := m.columns()
	var b strings.Builder
	b.WriteString(" " + style.Render(fmt.Sprintf("%-*s", num, label)) + " ")
	for _, v := range values {
		b.WriteString(" " + style.Render(fmt.Sprintf("%*s", pw, v)) + " ")
	}
	return b.String()
}

// standingLine names the leader, or announces the winner (over is true).
func (m Model) standingLine() (line string, over bool) {
	s := m.book.Session
	res := m.res
	if len(res.Games) == 0 {
		return "No games yet. Press a to score the first game.", false
	}
	who := func(seat int) string {
		st := res.Standings[0]
		for _, x := range res.Standings {
			if x.Seat == seat {
				st = x
			}
		}
		pts := "points"
		if st.Score == 1 || st.Score == -1 {
			pts = "point"
		}
		return fmt.Sprintf("%s (%s won, %s %s)", s.Players[seat], plural(st.GamesWon, "game"), signed(st.Score), pts)
	}
	tie := ""
	if t := res.Tied(); len(t) > 1 {
		names := make([]string, len(t)-1)
		for i, seat := range t[1:] {
			names[i] = s.Players[seat]
		}
		tie = fmt.Sprintf(", level with %s on games and points, named first by seat order", strings.Join(names, " and "))
	}
	if res.Finished {
		why := fmt.Sprintf("all %s played", plural(len(res.Games), "game"))
		if s.Options.Target > 0 {
			for _, v := range res.Totals {
				if v >= s.Options.Target {
					why = fmt.Sprintf("target %d reached", s.Options.Target)
				}
			}
		}
		return fmt.Sprintf("Match over (%s): the winner is %s%s!", why, who(res.Winner), tie), true
	}
	next := fmt.Sprintf("next: game %d", len(res.Games)+1)
	if res.Length > 0 {
		next += fmt.Sprintf(" of %d", res.Length)
	}
	if s.Options.Target > 0 {
		next += fmt.Sprintf(", first to %d points ends it", s.Options.Target)
	}
	return fmt.Sprintf("Leader: %s%s. %s.", who(res.Leader()), tie, sentence(next)), false
}

func plural(n int, word string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// detailLine shows what was entered for the selected game.
func (m Model) detailLine() string {
	i := m.selected()
	s := m.book.Session
	if i < 0 || i >= len(m.res.Games) {
		return ""
	}
	g, gr := s.Games[i], m.res.Games[i]
	line := fmt.Sprintf("Game %d: ", i+1)
	if g.Out == scorebook.Blocked {
		if s.Options.Blocked == game.BlockedFewestTiles {
			line += "blocked, fewest tiles wins. Racks: "
		} else {
			line += "blocked, lowest total wins. Racks: "
		}
	} else {
		line += s.Players[g.Out] + " went out. Left: "
	}
	var parts []string
	for seat, k := range g.Racks {
		if seat == g.Out {
			continue
		}
		p := s.Players[seat] + " " + k.String()
		if k.AsTiles {
			p += fmt.Sprintf(" = %d", gr.Racks[seat].Total)
		}
		parts = append(parts, p)
	}
	return line + strings.Join(parts, ", ")
}

func (m Model) viewBoard() string {
	var b strings.Builder
	b.WriteString(m.boardTop())
	b.WriteString(m.table.View() + "\n")
	b.WriteString(m.boardBottom())
	return b.String()
}

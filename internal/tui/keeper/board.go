package keeper

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"rummikub/internal/game"
	"rummikub/internal/scorebook"
)

func newTable(st styles) table.Model {
	t := table.New(table.WithFocused(true))
	s := table.DefaultStyles()
	s.Header = s.Header.Bold(!st.plain)
	s.Selected = st.selected
	if st.plain {
		s.Header = lipgloss.NewStyle().Padding(0, 1)
	}
	t.SetStyles(s)
	km := table.DefaultKeyMap()
	// The board uses u, d and space for its own keys; keep the table's
	// arrow, page and jump keys.
	km.HalfPageUp.SetKeys("ctrl+u")
	km.HalfPageDown.SetKeys("ctrl+d")
	km.PageDown.SetKeys("pgdown", "f")
	km.PageUp.SetKeys("pgup", "b")
	t.KeyMap = km
	return t
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

// refreshTable rebuilds the table rows from the result.
func (m *Model) refreshTable() {
	if m.book == nil {
		return
	}
	num, pw, rw := m.columns()
	cols := []table.Column{{Title: "#", Width: num}}
	for _, p := range m.book.Session.Players {
		cols = append(cols, table.Column{Title: fmt.Sprintf("%*s", pw, clip(p, pw)), Width: pw})
	}
	cols = append(cols, table.Column{Title: "Result", Width: rw})
	rows := make([]table.Row, len(m.res.Games))
	cursor := m.table.Cursor()
	for i, g := range m.res.Games {
		mark := " "
		if i == cursor {
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
		rows[i] = row
	}
	// Columns change with the players: clear the rows first so the table
	// never draws rows against columns of another width.
	m.table.SetRows(nil)
	m.table.SetColumns(cols)
	m.table.SetRows(rows)
	m.table.SetCursor(cursor)
}

// selected is the game under the table's cursor, or -1.
func (m Model) selected() int {
	i := m.table.Cursor()
	if m.book == nil || i < 0 || i >= len(m.book.Session.Games) {
		return -1
	}
	return i
}

// signed writes a score with its sign: +76, -22, 0.
func signed(v int) string {
	if v > 0 {
		return "+" + strconv.Itoa(v)
	}
	return strconv.Itoa(v)
}

// resizeTable gives the table the height the rest of the board leaves.
func (m *Model) resizeTable() {
	if m.book == nil {
		return
	}
	m.refreshTable()
	used := lipgloss.Height(m.boardTop()) + lipgloss.Height(m.boardBottom())
	m.table.SetHeight(max(m.height-used, 3))
	m.table.SetWidth(m.width)
}

func (m Model) updateBoard(msg tea.Msg) (Model, tea.Cmd) {
	k, isKey := msg.(tea.KeyMsg)
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
				if m.save() {
					m.say(fmt.Sprintf("Game %d deleted; the games after it moved up. Press u to undo.", i+1))
				}
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
			if m.save() {
				m.say("Undone: " + what + ".")
			}
		}
	case key.Matches(k, keyOpts):
		s := m.book.Session
		m.startSetup(&s, m.name)
		return m, m.focusCmd()
	default:
		m.table, _ = m.table.Update(msg)
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
	return clip(m.st.title.Render("Session "+m.name)+m.st.subtle.Render("  "+m.optionSummary()), m.width+40) + "\n\n"
}

func (m Model) boardBottom() string {
	var b strings.Builder
	s := m.book.Session
	num, pw, rw := m.columns()
	b.WriteString(" " + strings.Repeat("-", min(m.width-2, (num+2)+len(s.Players)*(pw+2)+rw)) + "\n")
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
		return fmt.Sprintf("%s (%s won, %s points)", s.Players[seat], plural(st.GamesWon, "game"), signed(st.Score))
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
	if n == 1 {
		return "1 " + word
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

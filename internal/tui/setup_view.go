package tui

import (
	tea "charm.land/bubbletea/v2"
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/themes"
)

// Drawing the setup screen.

// View is the screen as a Bubble Tea view.
func (s *Setup) View() tea.View {
	v := tea.NewView(s.Render())
	return v
}

// View draws the setup screen.
func (s *Setup) Render() string {
	st := s.st
	items := s.items()
	if s.cursor >= len(items) {
		s.cursor = len(items) - 1
	}
	var lines []string
	for i, it := range items {
		label, value := s.itemText(it, i == s.cursor)
		line := fmt.Sprintf("%-13s %s", label, value)
		if i == s.cursor {
			line = st.Selected.Render(st.CursorMark + " " + line)
		} else {
			line = st.Text.Render("  " + line)
		}
		lines = append(lines, line)
	}
	head := st.Title.Render("Rummikub") + st.Dim.Render("  set up a match")
	help := st.Dim.Render(truncate("↑/↓ choose · ←/→ change · type names · del drops seat/save · enter on Start", s.width-2))
	status := s.statusText(items[s.cursor])
	out := lipgloss.JoinVertical(lipgloss.Left, head, "", strings.Join(lines, "\n"), "", status, help)
	if lipgloss.Height(out) > s.height {
		// Six seats, or saved matches, at 80x24: drop the spacing lines
		// and show the lines around the cursor.
		room := s.height - lipgloss.Height(head) - lipgloss.Height(status) - lipgloss.Height(help)
		out = lipgloss.JoinVertical(lipgloss.Left, head, s.window(lines, room), status, help)
	}
	return lipgloss.Place(s.width, s.height, lipgloss.Left, lipgloss.Top, st.NewStyle().Padding(0, 1).Render(out))
}

// entryText is what the lines that open something say.
var entryText = map[itemKind]string{
	itemStart:  "Start the match",
	itemKeeper: "Score keeper (for a physical set)",
	itemLearn:  "Learn: the lessons on the board",
	itemPuzzle: "Puzzle of the day",
	itemStats:  "Statistics of your matches",
	itemRules:  "Rules",
	itemQuit:   "Quit",
}

// itemText is a line's label and value; at says the cursor is on it.
func (s *Setup) itemText(it setupItem, at bool) (label, value string) {
	if v, ok := entryText[it.kind]; ok {
		return "", v
	}
	switch it.kind {
	case itemSeat:
		c := s.cfg.Seats[it.seat]
		name := c.Name
		if at {
			name += "_"
		}
		return fmt.Sprintf("Seat %d", it.seat+1), fmt.Sprintf("%-13s ‹ %s ›", name, seatKind(c))
	case itemAddSeat:
		return "", "+ add a seat"
	case itemSeed:
		value = s.seedText
		if value == "" {
			value = "random"
		}
		if at {
			value = s.seedText + "_"
		}
		return "Seed", value
	case itemResume:
		return "", truncate(resumeText(s.saved, it.seat), s.width-20)
	}
	return s.choiceText(it)
}

// choiceText is the label and value of a choice of the match's rules or
// the screen's options.
func (s *Setup) choiceText(it setupItem) (label, value string) {
	r := &s.cfg.Rules
	switch it.kind {
	case itemPreset:
		return "Rules", "‹ " + s.preset + " ›"
	case itemTimer:
		switch {
		case s.cfg.Practice:
			return "Turn timer", "off in practice"
		case r.TurnSeconds > 0:
			return "Turn timer", fmt.Sprintf("‹ %d s ›", r.TurnSeconds)
		}
		return "Turn timer", "‹ off ›"
	case itemMeld:
		return "Initial meld", fmt.Sprintf("‹ %d points ›", r.InitialMeld)
	case itemJokers:
		return "Jokers", fmt.Sprintf("‹ %d ›", r.Jokers)
	case itemVariant:
		if r.Draw == game.DrawRiver {
			return "Drawing", "‹ Draw Two / River ›"
		}
		return "Drawing", "‹ one tile ›"
	case itemGames:
		return "Match length", s.gamesText()
	case itemTarget:
		if r.Target > 0 {
			return "Target score", fmt.Sprintf("‹ %d ›", r.Target)
		}
		return "Target score", "‹ none ›"
	case itemSpeed:
		return "Computers", "‹ " + pauseText(s.cfg.AIDelay) + " ›"
	case itemPractice:
		onOff := "off"
		if s.cfg.Practice {
			onOff = "on"
		}
		return "Practice", "‹ " + onOff + " › (one human, hints, no timer, take-back)"
	case itemTheme:
		if themes.NoColor() {
			// NO_COLOR draws every theme in mono: say so, and why.
			return "Theme", themes.Mono + " (NO_COLOR)"
		}
		return "Theme", "‹ " + s.theme + " ›"
	}
	return "", ""
}

// gamesText is the match's length.
func (s *Setup) gamesText() string {
	r := &s.cfg.Rules
	switch {
	case r.Games > 0:
		return fmt.Sprintf("‹ %d %s ›", r.Games, plural(r.Games, "game", "games"))
	case r.Target > 0:
		return "‹ until the target score ›"
	}
	return fmt.Sprintf("‹ one game per player (%d) ›", len(s.cfg.Seats))
}

// statusText is the line under the list: a question, an error, a note, or
// what the line under the cursor means.
func (s *Setup) statusText(at setupItem) string {
	st, w := s.st, s.width-4
	switch {
	case s.dropping != "":
		return st.Warning.Render(wrap(fmt.Sprintf("Drop the unfinished match %s for good? It cannot be resumed or replayed after. (y/n)", s.dropping), w))
	case at.kind == itemResume && s.err == "" && s.note == "":
		e := s.saved[at.seat]
		return st.Dim.Render(wrap(fmt.Sprintf("Continues the match %s (rummikub play --resume %s); del drops it.", e.Name, e.Name), w))
	case s.err != "":
		return st.Error.Render(wrap(s.err, w))
	case s.note != "":
		return st.Warning.Render(wrap(s.note, w))
	case at.kind == itemPreset && presetLines[s.preset] != "":
		return st.Dim.Render(wrap(s.preset+": "+presetLines[s.preset], w))
	}
	return st.Dim.Render(wrap(s.cfg.Rules.Summary(), w))
}

// window is the part of the lines that fits room lines, around the
// cursor, with a mark where lines are left out above or below.
func (s *Setup) window(lines []string, room int) string {
	if room < 3 || len(lines) <= room {
		return strings.Join(lines, "\n")
	}
	start := max(0, min(s.cursor-room/2, len(lines)-room))
	end := start + room
	shown := append([]string(nil), lines[start:end]...)
	if start > 0 {
		shown[0] = s.st.Dim.Render(fmt.Sprintf("  ↑ %d more", start))
	}
	if end < len(lines) {
		shown[len(shown)-1] = s.st.Dim.Render(fmt.Sprintf("  ↓ %d more", len(lines)-end+1))
	}
	return strings.Join(shown, "\n")
}

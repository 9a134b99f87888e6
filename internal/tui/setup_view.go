package tui

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/lipgloss"

	"rummikub/internal/game"
	"rummikub/themes"
)

// Drawing the setup screen.

// View draws the setup screen.
func (s *Setup) View() string {
	st := s.st
	items := s.items()
	if s.cursor >= len(items) {
		s.cursor = len(items) - 1
	}
	r := &s.cfg.Rules
	onOff := func(b bool) string {
		if b {
			return "on"
		}
		return "off"
	}
	var lines []string
	for i, it := range items {
		label, value := "", ""
		switch it.kind {
		case itemSeat:
			c := s.cfg.Seats[it.seat]
			label = fmt.Sprintf("Seat %d", it.seat+1)
			name := c.Name
			if i == s.cursor {
				name += "_"
			}
			value = fmt.Sprintf("%-13s ‹ %s ›", name, seatKind(c))
		case itemAddSeat:
			label, value = "", "+ add a seat"
		case itemPreset:
			label, value = "Rules", "‹ "+s.preset+" ›"
		case itemTimer:
			label = "Turn timer"
			value = "‹ off ›"
			switch {
			case s.cfg.Practice:
				value = "off in practice"
			case r.TurnSeconds > 0:
				value = fmt.Sprintf("‹ %d s ›", r.TurnSeconds)
			}
		case itemMeld:
			label, value = "Initial meld", fmt.Sprintf("‹ %d points ›", r.InitialMeld)
		case itemJokers:
			label, value = "Jokers", fmt.Sprintf("‹ %d ›", r.Jokers)
		case itemVariant:
			label = "Drawing"
			value = "‹ one tile ›"
			if r.Draw == game.DrawRiver {
				value = "‹ Draw Two / River ›"
			}
		case itemGames:
			label = "Match length"
			value = fmt.Sprintf("‹ %d %s ›", r.Games, plural(r.Games, "game", "games"))
			if r.Games == 0 {
				value = fmt.Sprintf("‹ one game per player (%d) ›", len(s.cfg.Seats))
				if r.Target > 0 {
					value = "‹ until the target score ›"
				}
			}
		case itemTarget:
			label = "Target score"
			value = "‹ none ›"
			if r.Target > 0 {
				value = fmt.Sprintf("‹ %d ›", r.Target)
			}
		case itemSeed:
			label = "Seed"
			value = s.seedText
			if value == "" {
				value = "random"
			}
			if i == s.cursor {
				value = s.seedText + "_"
			}
		case itemSpeed:
			label, value = "Computers", "‹ "+pauseText(s.cfg.AIDelay)+" ›"
		case itemPractice:
			label, value = "Practice", "‹ "+onOff(s.cfg.Practice)+" › (one human, hints, no timer, take-back)"
		case itemTheme:
			label, value = "Theme", "‹ "+s.theme+" ›"
			if themes.NoColor() {
				// NO_COLOR draws every theme in mono: say so, and why.
				value = themes.Mono + " (NO_COLOR)"
			}
		case itemStart:
			value = "Start the match"
		case itemResume:
			value = truncate(resumeText(s.saved, it.seat), s.width-20)
		case itemKeeper:
			value = "Score keeper (for a physical set)"
		case itemLearn:
			value = "Learn: the lessons on the board"
		case itemPuzzle:
			value = "Puzzle of the day"
		case itemStats:
			value = "Statistics of your matches"
		case itemRules:
			value = "Rules"
		case itemQuit:
			value = "Quit"
		}
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
	status := ""
	switch {
	case s.dropping != "":
		status = st.Warning.Render(wrap(fmt.Sprintf("Drop the unfinished match %s for good? It cannot be resumed or replayed after. (y/n)", s.dropping), s.width-4))
	case items[s.cursor].kind == itemResume && s.err == "" && s.note == "":
		e := s.saved[items[s.cursor].seat]
		status = st.Dim.Render(wrap(fmt.Sprintf("Continues the match %s (rummikub play --resume %s); del drops it.", e.Name, e.Name), s.width-4))
	case s.err != "":
		status = st.Error.Render(wrap(s.err, s.width-4))
	case s.note != "":
		status = st.Warning.Render(wrap(s.note, s.width-4))
	case items[s.cursor].kind == itemPreset && presetLines[s.preset] != "":
		status = st.Dim.Render(wrap(s.preset+": "+presetLines[s.preset], s.width-4))
	default:
		status = st.Dim.Render(wrap(s.cfg.Rules.Summary(), s.width-4))
	}
	out := lipgloss.JoinVertical(lipgloss.Left, head, "", strings.Join(lines, "\n"), "", status, help)
	if lipgloss.Height(out) > s.height {
		// Six seats, or saved matches, at 80x24: drop the spacing lines
		// and show the lines around the cursor.
		room := s.height - lipgloss.Height(head) - lipgloss.Height(status) - lipgloss.Height(help)
		out = lipgloss.JoinVertical(lipgloss.Left, head, s.window(lines, room), status, help)
	}
	return lipgloss.Place(s.width, s.height, lipgloss.Left, lipgloss.Top, st.NewStyle().Padding(0, 1).Render(out))
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

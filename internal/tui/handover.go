package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// The screens that are not the board: the privacy screen between two
// humans' turns and the scores at the end of a game.

// viewHandover is the privacy screen between two humans' turns.
func (p *Play) viewHandover() string {
	st := p.st
	next := p.v.Names[p.v.Turn]
	var lines []string
	lines = append(lines, st.Title.Render(fmt.Sprintf("Pass to %s - press Enter", next)), "")
	recent := p.recent
	if len(recent) == 0 && p.summary != "" {
		recent = []string{p.summary}
	}
	if len(recent) > 4 {
		recent = recent[len(recent)-4:]
	}
	for _, r := range recent {
		lines = append(lines, st.Text.Render(wrap(r+".", min(p.width-10, 60))))
	}
	ready := "Every rack is hidden. " + next + ": press Enter when you are ready."
	if p.hs.Left > 0 || p.v.Rules.TurnSeconds > 0 {
		ready = "Every rack is hidden. " + next + ": press Enter when you are ready; your timer starts then."
	}
	lines = append(lines, "", st.Dim.Render(wrap(ready, min(p.width-10, 60))))
	if p.saveErr != "" {
		lines = append(lines, "", st.Error.Render(wrap(p.saveErr, min(p.width-10, 60))))
	}
	if p.confirm == confirmQuit {
		lines = append(lines, "", p.statusLine())
	}
	box := st.Panel.Render(strings.Join(lines, "\n"))
	top := p.playersBar() + "\n" + p.infoLine()
	rest := lipgloss.Place(p.width, p.height-lipgloss.Height(top), lipgloss.Center, lipgloss.Center, box, lipgloss.WithWhitespaceChars(" "))
	return top + "\n" + rest
}

// wrap breaks text into lines of at most w columns; a line break in s
// starts a new line.
func wrap(s string, w int) string {
	if w < 20 {
		w = 20
	}
	if strings.Contains(s, "\n") {
		parts := strings.Split(s, "\n")
		for i, p := range parts {
			parts[i] = wrap(p, w)
		}
		return strings.Join(parts, "\n")
	}
	var out []string
	line := ""
	for _, word := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(word)) > w {
			out = append(out, line)
			line = word
			continue
		}
		if line != "" {
			line += " "
		}
		line += word
	}
	if line != "" {
		out = append(out, line)
	}
	return strings.Join(out, "\n")
}

// viewScores is the end of a game: every rack with its value, the game's
// scores and the running totals; at the end of the match, the standings.
func (p *Play) viewScores() string {
	st := p.st
	v := &p.v
	sc := v.Score
	var b strings.Builder
	title := fmt.Sprintf("Game %d is over", v.Game)
	switch {
	case sc.Blocked:
		title += fmt.Sprintf(": blocked, %s wins with the lowest rack", v.Names[sc.Winner])
	case sc.Winner >= 0:
		title += fmt.Sprintf(": %s went out", v.Names[sc.Winner])
	}
	b.WriteString(st.Title.Render(title) + "\n\n")
	nameW := 6
	for _, n := range v.Names {
		if len([]rune(n)) > nameW {
			nameW = len([]rune(n))
		}
	}
	compact := p.compact() || len(v.Names) > 4
	for _, r := range v.Racks {
		if nameW+30+len(r)*5 > p.width {
			compact = true // large tiles would not fit: write the racks
		}
	}
	fmt.Fprintf(&b, "%s\n", st.Dim.Render(fmt.Sprintf(" %-*s %6s %6s %6s  %s", nameW, "Player", "Rack", "Game", "Total", "Tiles left")))
	for i, n := range v.Names {
		var rack []game.Tile
		if i < len(v.Racks) {
			rack = append(rack, v.Racks[i]...)
		}
		sortTiles(rack, false)
		val := v.Rules.RackValue(rack)
		score := 0
		if i < len(sc.Scores) {
			score = sc.Scores[i]
		}
		row := fmt.Sprintf(" %-*s %6d %+6d %+6d  ", nameW, n, val, score, v.Totals[i])
		tiles := faces(rack)
		if !compact && len(rack) > 0 {
			var cells []string
			for _, t := range rack {
				cells = append(cells, p.tile(t, TileMarks{}))
			}
			tiles = lipgloss.JoinHorizontal(lipgloss.Top, cells...)
		}
		if len(rack) == 0 {
			tiles = "out"
		}
		if compact {
			tiles = truncate(tiles, p.width-lipgloss.Width(row)-6)
		}
		line := lipgloss.JoinHorizontal(lipgloss.Top, row, tiles)
		if i == sc.Winner {
			line = st.Success.Render(line)
		}
		b.WriteString(line + "\n")
	}
	b.WriteString("\n")
	for _, l := range p.analysisLines() {
		b.WriteString(l + "\n")
	}
	b.WriteString("\n")
	if p.phase == phaseMatchOver {
		b.WriteString(st.Title.Render("The match is over. Final standings") + "\n")
		for i, s := range game.Standings(&v.Rules, v.Totals, v.Won) {
			fmt.Fprintf(&b, " %d. %-*s  %d %s won, %+d %s\n", i+1, nameW, v.Names[s.Seat], s.GamesWon, plural(s.GamesWon, "game", "games"), s.Score, plural(s.Score, "point", "points"))
		}
		b.WriteString("\n" + st.Dim.Render("Press enter to leave."))
	} else {
		fmt.Fprintf(&b, "%s\n", st.Dim.Render(fmt.Sprintf("Games won: %s", p.wonText())))
		b.WriteString("\n" + st.Text.Render(fmt.Sprintf("Press enter to deal game %d of %s.", v.Game+1, p.matchLengthText())))
	}
	if p.confirm == confirmQuit {
		b.WriteString("\n" + p.statusLine())
	}
	return lipgloss.Place(p.width, p.height, lipgloss.Left, lipgloss.Top, st.Panel.Render(strings.TrimRight(b.String(), "\n")))
}

func (p *Play) wonText() string {
	var parts []string
	for i, n := range p.v.Names {
		parts = append(parts, fmt.Sprintf("%s %d", n, p.v.Won[i]))
	}
	return strings.Join(parts, ", ")
}

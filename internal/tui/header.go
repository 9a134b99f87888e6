package tui

import (
	"fmt"
	"rummikub/internal/game"
	"rummikub/internal/host"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
)

// The header of the board: the players with their counts and scores,
// the turn timer, and the line of the game, the rules and the pool.

// playersBar is the line of players: name, tiles, melded, score, turn,
// and the turn timer. When one line cannot hold every seat whole (six
// players at 80 or 100 columns), the seats take two lines in columns, so
// every name, count and score stays readable; only beyond that are names
// shortened.
func (p *Play) playersBar() string {
	v := &p.v
	timer := p.timerText()
	sep := p.st.Dim.Render(" │ ")
	cells := func(nameW int, scores bool) []string {
		var out []string
		for i, name := range v.Names {
			meld := " "
			if v.Melded[i] {
				meld = p.st.MeldedMark
			}
			if r := []rune(name); len(r) > nameW {
				name = string(r[:nameW-1]) + "…"
			}
			cell := fmt.Sprintf("%s %d%s", name, v.RackCounts[i], meld)
			if scores {
				cell += fmt.Sprintf(" %+d", v.Totals[i])
			}
			if i == v.Turn && !v.GameOver {
				out = append(out, p.st.Current.Render(p.st.CursorMark+cell))
			} else {
				out = append(out, p.st.Player.Render(" "+cell))
			}
		}
		return out
	}
	line := func(parts []string, withTimer bool) string {
		bar := strings.Join(parts, sep)
		if withTimer && timer != "" {
			bar += sep + timer
		}
		return bar
	}
	full := cells(12, true)
	if bar := line(full, true); lipgloss.Width(bar) <= p.width {
		return bar
	}
	// Two lines, in columns: the first line's cells, the timer at its end.
	if bar := p.twoLineBar(full, sep, timer); bar != "" {
		return bar
	}
	for _, try := range []struct {
		w      int
		scores bool
	}{{8, true}, {6, true}, {6, false}, {4, false}} {
		if bar := line(cells(try.w, try.scores), true); lipgloss.Width(bar) <= p.width {
			return bar
		}
	}
	return line(cells(3, false), true)
}

// twoLineBar lays the players' cells out in two lines of columns, or
// returns "" when they do not fit.
func (p *Board) twoLineBar(cells []string, sep, timer string) string {
	per := (len(cells) + 1) / 2
	widths := make([]int, per)
	for i, c := range cells {
		widths[i%per] = max(widths[i%per], lipgloss.Width(c))
	}
	var rows []string
	for r := 0; r*per < len(cells); r++ {
		var parts []string
		for i := r * per; i < min(len(cells), (r+1)*per); i++ {
			c := cells[i]
			if i < (r+1)*per-1 {
				c += strings.Repeat(" ", widths[i%per]-lipgloss.Width(c))
			}
			parts = append(parts, c)
		}
		row := strings.Join(parts, sep)
		if r == 0 && timer != "" {
			pad := 0
			for i := len(parts); i < per; i++ {
				pad += widths[i] + lipgloss.Width(sep)
			}
			row += strings.Repeat(" ", pad) + sep + timer
		}
		if lipgloss.Width(row) > p.width {
			return ""
		}
		rows = append(rows, row)
	}
	return strings.Join(rows, "\n")
}

// timerText is the turn timer, counting down.
func (p *Play) timerText() string {
	txt, warn := p.timerPlain()
	switch {
	case txt == "":
		return ""
	case warn:
		return p.st.Warning.Render(txt)
	}
	return p.st.Text.Render(txt)
}

// timerPlain is the turn timer's text, and whether it is drawn as a
// warning (paused, or ten seconds left).
func (p *Play) timerPlain() (string, bool) {
	if p.hs.Paused && p.hs.Left > 0 {
		return fmt.Sprintf("time %ds paused", int((p.hs.Left+time.Second-1)/time.Second)), true
	}
	if p.hs.Phase == host.PhaseWaiting && p.hs.Left > 0 {
		return fmt.Sprintf("time %ds", int((p.hs.Left+time.Second-1)/time.Second)), false
	}
	if p.deadline().IsZero() {
		return "", false
	}
	left := p.deadline().Sub(p.now())
	if left < 0 {
		left = 0
	}
	secs := int((left + time.Second - 1) / time.Second)
	// Plain text: a clock glyph is drawn one or two cells wide depending
	// on the terminal, which would shift the bar.
	return fmt.Sprintf("time %ds", secs), secs <= 10
}

// infoLine says which game, the rules and the pool.
func (p *Play) infoLine() string { return p.st.Dim.Render(p.infoText()) }

// infoText is the info line's text.
func (p *Play) infoText() string {
	s := fmt.Sprintf("Game %d of %s · %s rules · pool %d", p.v.Game, p.matchLengthText(), p.v.Rules.Preset, p.v.Pool)
	if p.cfg.Practice {
		s += " · practice"
	}
	return s
}

func (p *Play) matchLengthText() string {
	r := &p.v.Rules
	if r.Target > 0 && r.Games == 0 {
		return fmt.Sprintf("a match to %d points", r.Target)
	}
	return fmt.Sprint(game.MatchLength(r, len(p.v.Names)))
}

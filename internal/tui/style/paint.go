package style

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// Paint lays a finished screen on the theme's board background: every
// line padded to width, blank lines added up to height, and the board
// colour restored after each styled span ends, so the colour shows
// between tiles and around text too. A theme without a board background
// (every built-in one) keeps the terminal's own: the view comes back
// unchanged. Call it last, on the whole View().
func (s *Styles) Paint(view string, width, height int) string {
	if s.board == nil {
		return view
	}
	probe := lipgloss.NewStyle().Background(s.board).Render("x")
	on, _, ok := strings.Cut(probe, "x")
	if !ok || on == "" {
		return view // the terminal shows no colour
	}
	// Lip Gloss v2 ends a span with the short reset; the long one is
	// restored too, for text styled elsewhere.
	lines := strings.Split(view, "\n")
	for len(lines) < height {
		lines = append(lines, "")
	}
	for i, l := range lines {
		if w := lipgloss.Width(l); w < width {
			l += strings.Repeat(" ", width-w)
		}
		l = strings.ReplaceAll(l, "\x1b[0m", "\x1b[0m"+on)
		l = strings.ReplaceAll(l, "\x1b[m", "\x1b[m"+on)
		lines[i] = on + l + "\x1b[m"
	}
	return strings.Join(lines, "\n")
}

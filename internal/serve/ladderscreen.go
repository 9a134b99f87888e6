package serve

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/rating"
)

// The ladder screen (r in the lobby): per rules family the top players,
// the session's own place and its recent results (everyone's when it has
// none), the same board as `ssh HOST ratings --json`.

func (s *session) openLadder() {
	s.screen = screenLadder
	s.setStatus("", false)
}

func (s *session) updateLadder(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	fams := rating.Families()
	switch k.String() {
	case "left", "h", "shift+tab":
		s.ladderFam = (s.ladderFam + len(fams) - 1) % len(fams)
	case "right", "l", "tab":
		s.ladderFam = (s.ladderFam + 1) % len(fams)
	case "q", "esc", "r":
		s.screen = screenLobby
		return s.watch()
	}
	return nil
}

func (s *session) viewLadder() string {
	st := s.st
	fams := rating.Families()
	fam := fams[s.ladderFam%len(fams)]
	// Rows: title 2, header 1, you 2, recent title 1, help 2.
	recent := 5
	top := max(3, s.height-recent-10)
	bd := s.srv.ladder.board(fam, s.key, top, recent)
	var b strings.Builder
	var tabs []string
	for _, f := range fams {
		if f == fam {
			tabs = append(tabs, st.Selected.Render("‹ "+f+" ›"))
		} else {
			tabs = append(tabs, st.Dim.Render(f))
		}
	}
	b.WriteString(st.Title.Render("Ladder") + "  " + strings.Join(tabs, "  ") + "\n\n")
	width := max(20, s.width-2)
	if bd.Players == 0 {
		b.WriteString(st.Text.Render("No rated match of this family yet.") + "\n")
	} else {
		b.WriteString(st.Dim.Render(ansi.Truncate(fmt.Sprintf("%4s  %-20s %-6s %7s %12s %5s %4s", "rank", "name", "kind", "rating", "mu ± σ", "games", "wins"), width, "…")) + "\n")
		for _, p := range bd.Top {
			line := ansi.Truncate(fmt.Sprintf("%4d  %-20s %-6s %7.2f %12s %5d %4d", p.Rank, ansi.Truncate(p.Name, 20, "…"), p.Kind, p.Ordinal, p.Rating.String(), p.Games, p.Wins), width, "…")
			if p.Key == s.key {
				b.WriteString(st.Selected.Render(line) + "\n")
			} else {
				b.WriteString(st.Text.Render(line) + "\n")
			}
		}
	}
	b.WriteString("\n")
	if bd.You != nil {
		b.WriteString(st.Text.Render(fmt.Sprintf("You: rank %d of %d, rating %.2f (%s), %d games, %d won", bd.You.Rank, bd.Players, bd.You.Ordinal, bd.You.Rating.String(), bd.You.Games, bd.You.Wins)) + "\n")
		b.WriteString(st.Dim.Render("Your recent matches:") + "\n")
	} else {
		b.WriteString(st.Dim.Render("You have no rated match in this family. Recent matches:") + "\n")
	}
	for _, r := range bd.Recent {
		b.WriteString(st.Text.Render(ansi.Truncate("  "+r.ID+"  "+resultLine(r), width, "…")) + "\n")
	}
	b.WriteString("\n" + st.Dim.Render("rating = mu - 3σ · ←/→ family · esc back"))
	return b.String()
}

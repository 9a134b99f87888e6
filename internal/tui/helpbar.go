package tui

import (
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// The help at the foot of the board: the short bar, the page of every
// key with the legend of the marks, and the status line above it.

// helpView is the help bar: the board's keys during a turn, what the
// screen takes otherwise.
func (p *Play) helpView() string {
	st := p.st
	item := func(k, d string) string { return st.HelpKey.Render(k) + " " + st.HelpDesc.Render(d) }
	sep := st.HelpSep.Render(" • ")
	switch p.phase {
	case phaseTurn:
		if p.help.ShowAll {
			return p.help.View(p.helpKeys()) + "\n" + p.legend() + "\n" + st.Dim.Render("esc or ? closes this page")
		}
		return p.shortHelp()
	case phaseRiverChoice:
		return item("1/2", "keep that tile") + sep + item("←/→ enter", "choose and keep") + sep + item("q", "quit")
	case phasePullSelect:
		return item("←/→", "choose the tile") + sep + item("enter", "pull it and every tile after it") + sep + item("esc", "cancel")
	case phaseComputer:
		return item("m", "move log") + sep + item("q", "quit")
	case phaseComputerShow:
		return item("any key", "goes on") + sep + item("m", "move log") + sep + item("q", "quit")
	}
	return item("m", "move log") + sep + item("q", "quit")
}

// shortHelp is the one-line help bar: the keys that fit the width, in
// the key map's order, and "…" when some are left out.
func (p *Play) shortHelp() string {
	st := p.st
	sep := st.HelpSep.Render(" • ")
	out, w := "", 0
	short := p.helpKeys().ShortHelp()
	for _, b := range short {
		if !b.Enabled() {
			continue
		}
		item := st.HelpKey.Render(b.Help().Key) + " " + st.HelpDesc.Render(b.Help().Desc)
		if out != "" {
			item = sep + item
		}
		iw := lipgloss.Width(item)
		if w+iw > p.width-2 {
			return out + st.HelpSep.Render(" …")
		}
		out += item
		w += iw
	}
	return out
}

// legend says what the marks beside the tiles mean (on the ? page).
func (p *Play) legend() string {
	st := p.st
	g := st.Theme.Glyphs
	parts := []string{
		g.Placed + " from your rack this turn", st.MovedMark + " moved this turn",
		st.ChangedMark + " changed since your last turn", st.DrawnMark + " drawn last turn",
		g.Invalid + " " + p.surf.invalidMark(),
	}
	if p.cfg.Hints {
		parts = append(parts, g.Hint+" hint")
	}
	if p.v.Rules.Draw == game.DrawRiver {
		parts = append(parts, g.Key+" Key Tile", g.Locked+" Plunder")
	}
	return wrap("marks: "+strings.Join(parts, " · "), p.width-1)
}

// helpKeys are the board's keys as the help shows them: the surface's
// (the sets table's or the grid's), without what this match does not have
// (hints, take-back, the River).
func (p *Play) helpKeys() help.KeyMap {
	k := p.keys
	k.Hint.SetEnabled(p.cfg.Hints && p.hinter != nil)
	k.TakeBack.SetEnabled(p.cfg.Practice)
	k.Pull.SetEnabled(p.v.Rules.Draw == game.DrawRiver)
	k.Choose1.SetEnabled(p.v.Rules.Draw == game.DrawRiver)
	k.Choose2.SetEnabled(p.v.Rules.Draw == game.DrawRiver)
	if p.help.ShowAll {
		k.Help.SetHelp("?/esc", "close")
	}
	return p.surf.keyMap(k)
}

// statusLine is the message, an error, a question or what happens now.
func (p *Play) statusLine() string {
	st := p.st
	switch p.confirm {
	case confirmQuit:
		if p.shared {
			return st.Warning.Render("Leave the table? Your seat stays yours; the match goes on. (y/n)")
		}
		return st.Warning.Render("Quit? The match is saved and `rummikub play --resume` goes on with it. (y/n)")
	case confirmDraw:
		return st.Warning.Render("You moved tiles. Put them all back and draw? (y/n)")
	case confirmPull:
		return st.Warning.Render("You moved tiles. Put them all back and pull from the River? (y/n)")
	}
	msg := p.status
	switch p.phase {
	case phaseComputer:
		name := p.v.Names[p.v.Turn]
		if !p.isComputer(p.v.Turn) {
			// Another terminal's player: what just happened (your own
			// draw, the tile named) stays in view under whose turn it is.
			playing := name + " is playing…"
			if msg != "" {
				playing += "\n" + msg
			}
			return st.Status.Render(clip(wrap(playing, p.width-2), statusLines))
		}
		if p.hs.Queued {
			return st.Status.Render(p.spinFrame() + " " + name + " waits for a free CPU…")
		}
		return st.Status.Render(p.spinFrame() + " " + name + " is thinking…")
	case phaseComputerShow:
		return st.Status.Render(clip(wrap(p.summary+".", p.width-2), statusLines))
	}
	if p.saveErr != "" && msg == "" {
		return st.Error.Render(p.saveErr)
	}
	// A message takes the lines it needs, up to statusLines, on the lines
	// the layout keeps for it (fitStatus): nothing said is cut.
	lines := statusLines
	if msg == "" && p.working() {
		return st.Dim.Render(clip(wrap(p.turnHint(), p.width-2), lines))
	}
	msg = clip(wrap(msg, p.width-2), lines)
	if p.statusBad {
		return st.Error.Render(msg)
	}
	return st.Status.Render(msg)
}

// clip keeps at most n lines of s.
// statusLines is the most lines a status message takes: the longest the
// board says (a judge's sentence naming grid cells, a carried tile's
// keys) fit in four at 80 columns.
const statusLines = 4

func clip(s string, n int) string {
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[:n]
		lines[n-1] += "…"
	}
	return strings.Join(lines, "\n")
}

func truncate(s string, w int) string {
	r := []rune(s)
	if w > 1 && len(r) > w {
		return string(r[:w-1]) + "…"
	}
	return s
}

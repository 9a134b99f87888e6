package tui

import (
	"fmt"
	"sort"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// The move log: every public action of the game, a key (m) away, with
// what happened since the viewer's last turn set apart.

// logEntry is one line of the move log.
type logEntry struct {
	seat int // the seat that acted, or -1
	text string
}

// addLog appends an action's public summary to the log.
func (p *Play) addLog(seat int, text string) {
	p.log = append(p.log, logEntry{seat: seat, text: text})
}

// seedLog fills an empty log from the match's public record, for a
// screen that opens a game already under way without its history (a
// served seat joining; a resumed match is told by seedResumed): the
// plays are told by their tiles (the tables before them are not kept).
func (p *Play) seedLog() {
	if len(p.log) > 0 || p.v.Turns == 0 {
		return
	}
	for _, ev := range p.v.Log {
		if ev.Game != p.v.Game || ev.Kind == game.ActNextGame {
			continue
		}
		text := ""
		if ev.Kind == game.ActPlay {
			name := "Someone"
			if ev.Seat >= 0 && ev.Seat < len(p.v.Names) {
				name = p.v.Names[ev.Seat]
			}
			// Without the table before, the tiles are told in rack order.
			placed := append([]game.Tile(nil), ev.Placed...)
			sort.SliceStable(placed, func(i, j int) bool { return placed[i].Face.Less(placed[j].Face) })
			text = name + " played " + faces(placed)
			if ev.Melded {
				text += fmt.Sprintf(" (initial meld, %d points)", ev.Points)
			}
		} else {
			text = summarize(&p.v, ev, nil, p.surf)
		}
		p.addLog(ev.Seat, text)
	}
}

// onLogKey handles a key while the log is shown: it scrolls, m or esc
// closes it, nothing else reaches the board.
func (p *Play) onLogKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, p.keys.Log) || k.Code == tea.KeyEsc || key.Matches(k, p.keys.Quit):
		p.logOpen = false
	case key.Matches(k, p.keys.Up) || k.Code == tea.KeyPgUp:
		step := 1
		if k.Code == tea.KeyPgUp {
			step = p.height / 2
		}
		p.logBack += step
	case key.Matches(k, p.keys.Down) || k.Code == tea.KeyPgDown:
		step := 1
		if k.Code == tea.KeyPgDown {
			step = p.height / 2
		}
		p.logBack = max(0, p.logBack-step)
	case key.Matches(k, p.keys.Home):
		p.logBack = len(p.log)
	case key.Matches(k, p.keys.End):
		p.logBack = 0
	}
	return nil
}

// sinceLast is the index of the first log entry after the viewer's last
// action (0 when they have not acted this game).
func (p *Play) sinceLast() int {
	seat := p.viewer
	if seat < 0 && len(p.local) == 1 {
		seat = p.local[0]
	}
	for i := len(p.log) - 1; i >= 0; i-- {
		if p.log[i].seat == seat && seat >= 0 {
			return i + 1
		}
	}
	return 0
}

// logLines are the move log's lines as drawn: the whole game, newest at
// the bottom, what happened since the viewer's last turn marked.
func (p *Play) logLines() []string {
	st := p.st
	w := p.width - 4
	var lines []string
	since := p.sinceLast()
	for i, e := range p.log {
		if i == since && since > 0 && since < len(p.log) {
			lines = append(lines, st.Dim.Render("── since your last turn ──"))
		}
		text := sentence(e.text)
		style := st.Text
		if i < since {
			style = st.Dim
		}
		for j, l := range strings.Split(wrap(text, w-2), "\n") {
			prefix := "  "
			if j == 0 {
				prefix = "· "
			}
			lines = append(lines, style.Render(prefix+l))
		}
	}
	if len(lines) == 0 {
		lines = append(lines, st.Dim.Render("Nothing has happened yet this game."))
	}
	return lines
}

// logRoom is how many lines of the log the screen shows: all but the
// frame, the title, the foot and their blank lines.
func (p *Play) logRoom() int { return p.height - 6 }

// layoutLog keeps the log's scroll within what there is to scroll back
// to (worked out with the layout, after a message: View draws it).
func (p *Play) layoutLog() {
	p.logBack = min(p.logBack, max(0, len(p.logLines())-p.logRoom()))
}

// viewLog draws the move log over the board, scrolled as layoutLog left
// it.
func (p *Play) viewLog() string {
	st := p.st
	lines := p.logLines()
	room := p.logRoom()
	end := len(lines) - min(p.logBack, max(0, len(lines)-room))
	start := max(0, end-room)
	head := st.Title.Render(fmt.Sprintf("Move log · game %d", p.v.Game))
	foot := st.Dim.Render("↑/↓ pgup/pgdn scroll · m or esc closes")
	if start > 0 {
		head += st.Dim.Render(fmt.Sprintf("  (%d earlier lines: ↑)", start))
	}
	body := strings.Join(lines[start:end], "\n")
	return lipgloss.JoinVertical(lipgloss.Left, head, "", body, "", foot)
}

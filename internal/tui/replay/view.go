package replay

import (
	"fmt"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/analysis"
	"rummikub/internal/game"
	"rummikub/internal/tui/position"
	"rummikub/internal/tui/style"
)

// MinWidth and MinHeight are the smallest terminal the replay draws in.
const (
	MinWidth  = 80
	MinHeight = 24
)

const tileWidth = 5

func (m Model) view() string {
	if m.width < MinWidth || m.height < MinHeight {
		return fmt.Sprintf("The replay needs a terminal of at least %dx%d; this one is %dx%d.", MinWidth, MinHeight, m.width, m.height)
	}
	if m.err != "" {
		return m.st.Error.Render(m.err) + "\n\n" + m.helpLine()
	}
	t := &m.turns[m.idx]
	rec := m.opts.Record
	var top []string
	top = append(top, m.st.Title.Render("Replay "+rec.Name)+m.st.Dim.Render(fmt.Sprintf("  game %d of %d · turn %d of %d · move %d of %d",
		t.Game, rec.Match.Game.Number, t.Number, m.turnsIn(t.Game), m.idx+1, len(m.turns))))
	did := ansi.Truncate(" "+t.Describe()+".", m.width-lipgloss.Width(t.Player)-len(rec.Kind(t.Seat))-3, "…")
	top = append(top, m.st.Current.Render(t.Player)+m.st.Dim.Render(" ("+rec.Kind(t.Seat)+")")+m.st.Text.Render(did))
	top = append(top, m.bestLines(t)...)

	var bottom []string
	if t.GameOver {
		bottom = append(bottom, m.st.Success.Render(gameOverLine(rec.Match.Names, t)))
	}
	if m.status != "" {
		bottom = append(bottom, m.st.Status.Render(m.status))
	}
	if m.prompt != "" {
		bottom = append(bottom, m.st.Text.Render(fmt.Sprintf("Go to %s: %s_", m.prompt, m.input)))
	}
	bottom = append(bottom, m.helpLine())

	best, haveBest := m.best[m.idx]
	showBest := m.showBest && haveBest && best.Play
	r := &rec.Match.Rules
	shape := position.Of(r)
	table, marks, mark := t.After, ids(t.Placed), style.TileOpts{Placed: true}
	what := shape.Noun()
	label := what + " after the move (tiles played marked)"
	if showBest {
		table, marks, mark = best.After, ids(best.Placed), style.TileOpts{Hint: true}
		label = what + " after the best play (its rack tiles marked; b: the move made)"
	} else if m.showBest {
		label += ": no best play to show"
	}

	// Racks first: they are what the table leaves room for.
	free := m.height - len(top) - len(bottom) - 4 // blank, labels
	rackLimit := 3
	var racks []string
	for rackLimit >= 1 {
		racks = m.rackLines(t, marks, mark, rackLimit)
		if free-len(racks) >= 3 || rackLimit == 1 {
			break
		}
		rackLimit--
	}
	tableLines := shape.Lines(m.st, table, marks, mark, m.width, free-len(racks))

	out := append([]string{}, top...)
	out = append(out, "", m.st.Dim.Render(label))
	out = append(out, tableLines...)
	out = append(out, m.st.Dim.Render(fmt.Sprintf("Racks at the start of the turn: tiles, points (%s melded; pool %d)", m.st.MeldedMark, t.Pool)))
	out = append(out, racks...)
	out = append(out, "")
	out = append(out, bottom...)
	return strings.Join(out, "\n")
}

// turnsIn counts the turns of game g.
func (m Model) turnsIn(g int) int {
	n := 0
	for _, t := range m.turns {
		if t.Game == g {
			n++
		}
	}
	return n
}

// bestLines says what the solver's best play for the position is and how
// the move compares.
func (m Model) bestLines(t *analysis.Turn) []string {
	obj := m.opts.Objective.String()
	if msg, ok := m.fails[m.idx]; ok {
		return []string{m.st.Error.Render("The solver could not look at this position: " + msg)}
	}
	b, ok := m.best[m.idx]
	if !ok {
		return []string{m.st.Hint.Render("Best play (" + obj + "): the solver is looking…")}
	}
	tr := analysis.Compare(t, b, m.opts.Objective)
	line := ansi.Truncate("Best play ("+obj+"): "+tr.BestText(), m.width, "…")
	verdict := "As good as the best play."
	if tr.Missed {
		verdict = fmt.Sprintf("Missed: %s, %s.", plural(tr.MissedTiles, "tile"), plural(tr.MissedPoints, "point"))
	}
	st := m.st.Success
	if tr.Missed {
		st = m.st.Warning
	}
	note := ansi.Truncate(" (the solver knows the position, not the next draws)", m.width-len(verdict), "")
	return []string{m.st.Hint.Render(line), st.Render(verdict) + m.st.Dim.Render(note)}
}

func plural(n int, word string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

func ids(tiles []game.Tile) map[game.TileID]bool {
	out := map[game.TileID]bool{}
	for _, t := range tiles {
		out[t.ID] = true
	}
	return out
}

// tile draws one tile, marked when its id is in marks.
func (m Model) tile(t game.Tile, marks map[game.TileID]bool, mark style.TileOpts) string {
	o := style.TileOpts{}
	if marks[t.ID] {
		o = mark
	}
	return m.st.GameTile(t, o)
}

// rackLines draws every rack, sorted by colour, at most limit lines each;
// the mover's tiles played (or, with the best play shown, the ones it
// plays) are marked.
func (m Model) rackLines(t *analysis.Turn, marks map[game.TileID]bool, mark style.TileOpts, limit int) []string {
	names := m.opts.Record.Match.Names
	nameW := 0
	for _, n := range names {
		nameW = max(nameW, lipgloss.Width(n))
	}
	nameW = min(nameW, 12)
	perLine := (m.width - nameW - 12) / tileWidth
	var out []string
	for s, rack := range t.Racks {
		rack = append([]game.Tile(nil), rack...)
		slices.SortStableFunc(rack, func(a, b game.Tile) int {
			if a.Face.Less(b.Face) {
				return -1
			}
			if b.Face.Less(a.Face) {
				return 1
			}
			return 0
		})
		name := names[s]
		if lipgloss.Width(name) > nameW {
			name = string([]rune(name)[:nameW])
		}
		meld := " "
		if t.Melded[s] {
			meld = m.st.MeldedMark
		}
		head := fmt.Sprintf("%-*s %s%3d %3dp ", nameW, name, meld, len(rack), m.opts.Record.Match.Rules.RackValue(rack))
		nameStyle := m.st.Player
		if s == t.Seat {
			nameStyle = m.st.Current
		}
		pad := strings.Repeat(" ", lipgloss.Width(head))
		var b strings.Builder
		lineNo := 0
		for i, tl := range rack {
			if i > 0 && i%perLine == 0 {
				lineNo++
				if lineNo == limit {
					b.WriteString(m.st.Dim.Render(fmt.Sprintf(" +%d", len(rack)-i)))
					break
				}
				out = append(out, b.String())
				b.Reset()
			}
			if b.Len() == 0 {
				if lineNo == 0 {
					b.WriteString(nameStyle.Render(head))
				} else {
					b.WriteString(pad)
				}
			}
			mk := marks
			if s != t.Seat {
				mk = nil
			}
			b.WriteString(m.tile(tl, mk, mark))
		}
		if len(rack) == 0 {
			b.WriteString(nameStyle.Render(head) + m.st.Dim.Render("(empty)"))
		}
		out = append(out, b.String())
	}
	return out
}

// gameOverLine says how the game ended and its scores.
func gameOverLine(names []string, t *analysis.Turn) string {
	sc := t.Score
	var how string
	if sc.Blocked {
		how = fmt.Sprintf("Game %d blocked; %s wins it.", t.Game, names[sc.Winner])
	} else {
		how = fmt.Sprintf("Game %d over: %s went out.", t.Game, names[sc.Winner])
	}
	var parts []string
	for i, v := range sc.Scores {
		parts = append(parts, fmt.Sprintf("%s %+d", names[i], v))
	}
	return how + " Scores: " + strings.Join(parts, ", ") + "."
}

package keeper

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/internal/scorebook"
)

// entryForm enters a new game or edits an earlier one: who went out (or
// blocked), and each other player's rack as a total or as tiles.
type entryForm struct {
	index   int  // the game's index in the session
	editing bool // replacing an existing game
	out     int  // a seat, scorebook.Blocked, or scorebook.NoWinner
	racks   []textinput.Model
	focus   int    // 0: who went out; 1..n: the racks
	start   string // the form as it opened, to tell whether esc discards anything
	leaving bool   // esc was pressed once with changes: a second esc discards them
}

// snapshot is the form's content in one string.
func (f *entryForm) snapshot() string {
	parts := []string{strconv.Itoa(f.out)}
	for _, in := range f.racks {
		parts = append(parts, strings.TrimSpace(in.Value()))
	}
	return strings.Join(parts, "|")
}

// startEntry opens the game form for game i, prefilled from g when editing.
func (m *Model) startEntry(i int, g *scorebook.Game) {
	n := len(m.book.Session.Players)
	f := entryForm{index: i, editing: g != nil, out: scorebook.NoWinner, racks: make([]textinput.Model, n)}
	for seat := range f.racks {
		f.racks[seat] = newInput(m.st, "total or tiles, as 22 or R7 K11 J", 120)
		f.racks[seat].SetWidth(34)
	}
	if g != nil {
		f.out = g.Out
		for seat, k := range g.Racks {
			f.racks[seat].SetValue(k.String())
		}
	}
	f.start = f.snapshot()
	m.entry = f
	m.entry.applyFocus()
	m.screen = gameScreen
	m.status = ""
}

func (f *entryForm) applyFocus() {
	for seat := range f.racks {
		if seat+1 == f.focus {
			f.racks[seat].Focus()
		} else {
			f.racks[seat].Blur()
		}
	}
}

func (f *entryForm) focusCmd() tea.Cmd {
	if f.focus > 0 {
		return f.racks[f.focus-1].Focus()
	}
	return nil
}

// move steps the focus over the selector and the racks, skipping the rack
// of the player who went out (it is empty by definition).
func (f *entryForm) move(d int) {
	n := len(f.racks) + 1
	for range n {
		f.focus = (f.focus + d + n) % n
		if f.focus == 0 || f.focus-1 != f.out {
			break
		}
	}
	f.applyFocus()
}

// last reports whether the focus is on the last field tab reaches.
func (f *entryForm) last() bool {
	for i := f.focus + 1; i <= len(f.racks); i++ {
		if i-1 != f.out {
			return false
		}
	}
	return true
}

// cycleOut changes who went out: nobody chosen, each player, blocked.
func (f *entryForm) cycleOut(d int) {
	options := []int{}
	for seat := range f.racks {
		options = append(options, seat)
	}
	options = append(options, scorebook.Blocked)
	at := -1
	for i, o := range options {
		if o == f.out {
			at = i
		}
	}
	switch {
	case at < 0 && d > 0:
		at = 0
	case at < 0:
		at = len(options) - 1
	default:
		at = (at + d + len(options)) % len(options)
	}
	f.out = options[at]
}

// draft reads the form into a game; rackErr holds each field's problem.
func (f *entryForm) draft() (g scorebook.Game, rackErr []error) {
	g = scorebook.NewGame(len(f.racks))
	g.Out = f.out
	rackErr = make([]error, len(f.racks))
	for seat, in := range f.racks {
		if seat == f.out || strings.TrimSpace(in.Value()) == "" {
			continue
		}
		k, err := scorebook.ParseRack(in.Value())
		if err != nil {
			rackErr[seat] = err
			continue
		}
		g.Racks[seat] = k
	}
	return g, rackErr
}

// preview scores the session with the draft in place: the game's result
// and the running totals after it, or the first problem to fix.
func (m Model) preview() (scorebook.GameResult, error) {
	g, rackErr := m.entry.draft()
	for seat, err := range rackErr {
		if err != nil {
			return scorebook.GameResult{}, fmt.Errorf("%s's rack: %v", m.book.Session.Players[seat], err)
		}
	}
	s := m.book.Session.Clone()
	i := m.entry.index
	if m.entry.editing {
		s.Games[i] = g
	} else {
		if m.res.Finished {
			return scorebook.GameResult{}, fmt.Errorf("the match is over: raise the target or the number of games to play on")
		}
		s.Games = append(s.Games, g)
	}
	res, err := s.Score()
	if err != nil {
		return scorebook.GameResult{}, err
	}
	return res.Games[i], nil
}

// saveEntry records the game if it is complete; otherwise it says why not
// and keeps everything typed.
func (m *Model) saveEntry() {
	g, rackErr := m.entry.draft()
	for seat, err := range rackErr {
		if err != nil {
			m.fail(fmt.Errorf("%s's rack: %v", m.book.Session.Players[seat], err))
			m.entry.focus = seat + 1
			m.entry.applyFocus()
			return
		}
	}
	i := m.entry.index
	var err error
	if m.entry.editing {
		err = m.book.ReplaceGame(i, g)
	} else {
		err = m.book.AddGame(g)
	}
	if err != nil {
		m.fail(err)
		return
	}
	m.screen = boardScreen
	m.rescore()
	m.sel = i
	m.resize()
	gr := m.res.Games[i]
	verb := "added"
	if m.entry.editing {
		verb = "changed"
	}
	m.save(fmt.Sprintf("Game %d %s: %s %s. Saved.", i+1, verb, m.book.Session.Players[gr.Winner], signed(gr.Scores[gr.Winner])), false)
}

func (m Model) updateGame(msg tea.Msg) (Model, tea.Cmd) {
	f := &m.entry
	if k, ok := msg.(tea.KeyPressMsg); ok {
		leaving := f.leaving
		f.leaving = false
		switch {
		case key.Matches(k, keyCancel) && !leaving && f.snapshot() != f.start:
			f.leaving = true
			m.say("Press esc again to leave without saving this game, or go on typing.")
			return m, nil
		case key.Matches(k, keyCancel):
			m.screen = boardScreen
			m.say(fmt.Sprintf("Game %d not saved.", f.index+1))
			if f.editing {
				m.status = fmt.Sprintf("Game %d unchanged.", f.index+1)
			}
			m.resize()
			return m, nil
		case key.Matches(k, keySave), k.String() == "enter" && f.last():
			m.saveEntry()
			return m, m.focusCmd()
		case k.String() == "enter", key.Matches(k, keyNext):
			f.move(1)
			return m, f.focusCmd()
		case key.Matches(k, keyPrev):
			f.move(-1)
			return m, f.focusCmd()
		}
		if f.focus == 0 {
			switch {
			case key.Matches(k, keyLeft):
				f.cycleOut(-1)
			case key.Matches(k, keyRight):
				f.cycleOut(1)
			case k.String() == "b":
				f.out = scorebook.Blocked
			case len(k.String()) == 1 && k.String() >= "1" && k.String() <= strconv.Itoa(len(f.racks)):
				f.out = int(k.String()[0] - '1')
			}
			m.status = ""
			return m, nil
		}
	}
	if f.focus > 0 {
		var cmd tea.Cmd
		f.racks[f.focus-1], cmd = f.racks[f.focus-1].Update(msg)
		if _, ok := msg.(tea.KeyPressMsg); ok {
			m.status = ""
		}
		return m, cmd
	}
	return m, nil
}

// rackNote is what the keeper makes of a rack field: its value and tile
// count, "went out", or the problem.
func (m Model) rackNote(seat int, r *game.Rules) (string, bool) {
	f := &m.entry
	if seat == f.out {
		return "went out", true
	}
	text := strings.TrimSpace(f.racks[seat].Value())
	if text == "" {
		return "", true
	}
	k, err := scorebook.ParseRack(text)
	if err != nil {
		return "?", false
	}
	if k.AsTiles {
		return fmt.Sprintf("= %d (%s)", k.Value(r), plural(len(k.Tiles), "tile")), true
	}
	return fmt.Sprintf("= %d", k.Points), true
}

func (m Model) viewGame() string {
	f := &m.entry
	s := m.book.Session
	r := s.Rules()
	var b strings.Builder
	title := fmt.Sprintf("Session %s - game %d", m.name, f.index+1)
	if f.editing {
		title += " (editing)"
	}
	b.WriteString(m.st.title.Render(title) + m.st.subtle.Render("  "+m.optionSummary()) + "\n\n")

	outText := "(not chosen)"
	switch {
	case f.out == scorebook.Blocked:
		outText = "nobody: blocked game"
	case f.out >= 0:
		outText = s.Players[f.out]
	}
	marker, style := "  ", m.st.label
	if f.focus == 0 {
		marker, style = "> ", m.st.focus
		outText = "< " + m.st.choice.Render(outText) + " >"
	} else {
		outText = "  " + outText
	}
	b.WriteString(marker + style.Render("Went out") + "   " + outText + "\n")
	b.WriteString(m.st.subtle.Render(fmt.Sprintf("               left/right to choose, 1-%d a player, b blocked", len(s.Players))) + "\n\n")

	res, err := m.preview()
	nameW := 0
	for _, p := range s.Players {
		nameW = max(nameW, len([]rune(p)))
	}
	nameW = min(max(nameW, 6), scorebook.MaxNameLen)
	inputW := min(34, max(12, m.width-nameW-34))
	b.WriteString(m.st.header.Render(fmt.Sprintf("  %-*s  %-*s  %-17s %6s %7s", nameW, "Player", inputW, "Left on rack", "Counts", "Score", "Total")) + "\n")
	for seat, p := range s.Players {
		marker, style := "  ", m.st.label
		if f.focus == seat+1 {
			marker, style = "> ", m.st.focus
		}
		in := f.racks[seat]
		in.SetWidth(inputW - 1)
		if f.focus != seat+1 {
			in.Placeholder = ""
		}
		field := in.View()
		if seat == f.out {
			field = m.st.subtle.Render(fmt.Sprintf("%-*s", inputW, "-"))
		} else {
			field = padRight(field, inputW)
		}
		note, ok := m.rackNote(seat, &r)
		if !ok {
			note = m.st.err.Render(fmt.Sprintf("%-17s", note))
		} else {
			note = fmt.Sprintf("%-17s", note)
		}
		score, total := "", ""
		if err == nil {
			score, total = signed(res.Scores[seat]), signed(res.Totals[seat])
		}
		b.WriteString(fmt.Sprintf("%s%s  %s  %s %6s %7s\n", marker, style.Render(fmt.Sprintf("%-*s", nameW, clip(p, nameW))), field, note, score, total))
	}
	b.WriteString("\n")
	switch {
	case err != nil && m.statusErr && m.status == sentence(err.Error()):
		// the error below says it already
	case err != nil:
		b.WriteString(m.st.subtle.Render(wrap("To score this game: "+err.Error()+".", m.width)) + "\n")
	case s.Options.WinnerOnly:
		b.WriteString(m.st.ok.Render(fmt.Sprintf("Winner-only: %s scores %s, the others 0.", s.Players[res.Winner], signed(res.Scores[res.Winner]))) + "\n")
	case res.Sum == 0:
		b.WriteString(m.st.ok.Render(fmt.Sprintf("Zero-sum check: the scores add up to 0. %s wins the game with %s.", s.Players[res.Winner], signed(res.Scores[res.Winner]))) + "\n")
	default:
		b.WriteString(m.st.err.Render(fmt.Sprintf("Zero-sum check failed: the scores add up to %d.", res.Sum)) + "\n")
	}
	if s := m.statusView(); s != "" {
		b.WriteString(s + "\n")
	}
	b.WriteString(m.help.View(formKeys{choice: f.focus == 0}))
	return b.String()
}

// padRight pads a rendered field to width cells.
func padRight(s string, width int) string {
	w := lipgloss.Width(s)
	if w >= width {
		return s
	}
	return s + strings.Repeat(" ", width-w)
}

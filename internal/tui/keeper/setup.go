package keeper

import (
	"fmt"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/scorebook"
)

// The setup form's fields, in the order tab visits them.
const (
	fName       = 0
	fPlayer1    = 1
	fPlayerLast = fPlayer1 + scorebook.MaxPlayers - 1
	fWin        = fPlayerLast + 1
	fTarget     = fWin + 1
	fGames      = fTarget + 1
	fWinnerOnly = fGames + 1
	fJoker      = fWinnerOnly + 1
	fBlocked    = fJoker + 1
	fStart      = fBlocked + 1
	fieldCount  = fStart + 1
)

// choices of the toggled options, as the form shows them.
var (
	winChoices     = []string{game.WinnerGames, game.WinnerScore}
	winLabels      = []string{"most games won (ties by score)", "highest total score"}
	jokerChoices   = []int{30, 25}
	blockedChoices = []string{game.BlockedDifference, game.BlockedFewestTiles}
	blockedLabels  = []string{"lowest total wins, losers pay the difference", "fewest tiles wins"}
)

// setupForm takes the players and options of a new session, or changes
// those of the open one.
type setupForm struct {
	editing bool // changing the open session: its name is fixed
	name    textinput.Model
	players [scorebook.MaxPlayers]textinput.Model
	target  textinput.Model
	games   textinput.Model
	choice  [fieldCount]int // the chosen index of each toggle field
	focus   int
}

func newInput(st styles, placeholder string, limit int) textinput.Model {
	t := textinput.New()
	t.Prompt = ""
	t.Placeholder = placeholder
	t.CharLimit = limit
	t.SetWidth(30)
	st.styleInput(&t)
	return t
}

// startSetup opens the setup form: for a new session called name when s
// is nil, else to change the open session's players and options.
func (m *Model) startSetup(s *scorebook.Session, name string) {
	f := setupForm{editing: s != nil}
	// A new session's name field suggests today's date; enter takes it.
	f.name = newInput(m.st, m.suggestName(), scorebook.MaxSessionName)
	f.name.SetWidth(scorebook.MaxSessionName + 1)
	f.name.SetValue(name)
	for i := range f.players {
		f.players[i] = newInput(m.st, "", scorebook.MaxNameLen)
	}
	f.players[0].Placeholder = "first player's name"
	f.players[1].Placeholder = "second player's name"
	f.players[2].Placeholder = "(optional)"
	f.target = newInput(m.st, "none", 6)
	f.games = newInput(m.st, "as many as players", 4)
	o := scorebook.DefaultOptions()
	if s != nil {
		for i, p := range s.Players {
			f.players[i].SetValue(p)
		}
		o = s.Options
	}
	if o.Target > 0 {
		f.target.SetValue(strconv.Itoa(o.Target))
	}
	if o.Games > 0 {
		f.games.SetValue(strconv.Itoa(o.Games))
	}
	f.choice[fWin] = index(winChoices, o.Win)
	f.choice[fWinnerOnly] = map[bool]int{false: 0, true: 1}[o.WinnerOnly]
	f.choice[fJoker] = index(jokerChoices, o.Joker)
	f.choice[fBlocked] = index(blockedChoices, o.Blocked)
	f.focus = fPlayer1
	if !f.editing && name == "" {
		f.focus = fName
	}
	m.setup = f
	m.setup.applyFocus()
	m.screen = setupScreen
	m.status = ""
}

func index[T comparable](list []T, v T) int {
	for i, x := range list {
		if x == v {
			return i
		}
	}
	return 0
}

// input is the text field at a focus position, or nil for a toggle.
func (f *setupForm) input(field int) *textinput.Model {
	switch {
	case field == fName && !f.editing:
		return &f.name
	case field >= fPlayer1 && field <= fPlayerLast:
		return &f.players[field-fPlayer1]
	case field == fTarget:
		return &f.target
	case field == fGames:
		return &f.games
	}
	return nil
}

func (f *setupForm) isToggle(field int) bool {
	return field == fWin || field == fWinnerOnly || field == fJoker || field == fBlocked
}

// applyFocus focuses the text field under the cursor and blurs the rest.
func (f *setupForm) applyFocus() {
	for i := 0; i < fieldCount; i++ {
		if in := f.input(i); in != nil {
			if i == f.focus {
				in.Focus()
			} else {
				in.Blur()
			}
		}
	}
}

func (f *setupForm) focusCmd() tea.Cmd {
	if in := f.input(f.focus); in != nil {
		return in.Focus()
	}
	return nil
}

// move steps the focus, skipping the fixed name when editing.
func (f *setupForm) move(d int) {
	for {
		f.focus = (f.focus + d + fieldCount) % fieldCount
		if f.focus != fName || !f.editing {
			break
		}
	}
	f.applyFocus()
}

// read collects the players and options typed; the error says what to fix.
func (f *setupForm) read() (string, []string, scorebook.Options, error) {
	name := strings.TrimSpace(f.name.Value())
	if name == "" {
		name = f.name.Placeholder
	}
	var players []string
	for _, p := range f.players {
		if v := strings.TrimSpace(p.Value()); v != "" {
			players = append(players, v)
		}
	}
	o := scorebook.Options{
		Win:        winChoices[f.choice[fWin]],
		WinnerOnly: f.choice[fWinnerOnly] == 1,
		Joker:      jokerChoices[f.choice[fJoker]],
		Blocked:    blockedChoices[f.choice[fBlocked]],
	}
	var err error
	if o.Target, err = number(f.target.Value(), "the target score", scorebook.MaxTarget); err != nil {
		return name, players, o, err
	}
	if o.Games, err = number(f.games.Value(), "the number of games", scorebook.MaxGames); err != nil {
		return name, players, o, err
	}
	if err := scorebook.CheckPlayers(players); err != nil {
		return name, players, o, err
	}
	return name, players, o, o.Check()
}

// number reads an optional whole number; empty is 0.
func number(text, what string, most int) (int, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 || n > most {
		return 0, fmt.Errorf("%s must be a whole number from 0 to %d (empty or 0 for none), not %q", what, most, s)
	}
	return n, nil
}

// submit creates the session or applies the changes.
func (m *Model) submitSetup() {
	f := &m.setup
	name, players, o, err := f.read()
	if err != nil {
		m.fail(err)
		return
	}
	if f.editing {
		if err := m.book.SetSetup(players, o); err != nil {
			m.fail(err)
			return
		}
		m.screen = boardScreen
		m.rescore()
		m.resize()
		m.save("Players and options saved.", false)
		return
	}
	if err := scorebook.CheckSessionName(name); err != nil {
		m.fail(err)
		return
	}
	if m.saved(name) {
		m.fail(fmt.Errorf("a session called %s exists already; choose another name, or open it from the list", name))
		return
	}
	s := &scorebook.Session{Players: players, Options: o}
	m.open(name, s)
	m.save(fmt.Sprintf("Session %s started. Press a to score the first game.", name), true)
}

func (m Model) updateSetup(msg tea.Msg) (Model, tea.Cmd) {
	f := &m.setup
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch {
		case key.Matches(k, keyCancel):
			if f.editing {
				m.screen = boardScreen
				m.say("Players and options unchanged.")
				m.resize()
			} else {
				m.toPicker()
				m.status = ""
			}
			return m, nil
		case key.Matches(k, keySave), k.String() == "enter" && f.focus == fStart:
			m.submitSetup()
			return m, m.focusCmd()
		case k.String() == "enter", key.Matches(k, keyNext):
			f.move(1)
			return m, f.focusCmd()
		case key.Matches(k, keyPrev):
			f.move(-1)
			return m, f.focusCmd()
		}
		if f.isToggle(f.focus) {
			n := map[int]int{fWin: 2, fWinnerOnly: 2, fJoker: 2, fBlocked: 2}[f.focus]
			switch {
			case key.Matches(k, keyLeft):
				f.choice[f.focus] = (f.choice[f.focus] + n - 1) % n
			case key.Matches(k, keyRight):
				f.choice[f.focus] = (f.choice[f.focus] + 1) % n
			}
			return m, nil
		}
	}
	if in := f.input(f.focus); in != nil {
		var cmd tea.Cmd
		*in, cmd = in.Update(msg)
		return m, cmd
	}
	return m, nil
}

func (m Model) viewSetup() string {
	f := &m.setup
	var b strings.Builder
	if f.editing {
		b.WriteString(m.st.title.Render("Session "+m.name) + m.st.subtle.Render(" - players and options") + "\n\n")
	} else {
		b.WriteString(m.st.title.Render("Rummikub score keeper") + m.st.subtle.Render(" - new session") + "\n\n")
	}
	row := func(field int, label, value string) {
		marker, style := "  ", m.st.label
		if field == f.focus {
			marker, style = "> ", m.st.focus
		}
		b.WriteString(marker + style.Render(fmt.Sprintf("%-14s", label)) + " " + value + "\n")
	}
	toggle := func(field int, label string, labels []string) {
		v := labels[f.choice[field]]
		if field == f.focus {
			v = "< " + m.st.choice.Render(v) + " >"
		} else {
			v = "  " + v
		}
		row(field, label, v)
	}
	if f.editing {
		row(fName, "Session", "  "+m.name)
	} else {
		hint := ""
		if f.focus == fName && f.name.Value() == "" {
			hint = m.st.subtle.Render(" (enter keeps it)")
		}
		row(fName, "Session name", "  "+f.name.View()+hint)
	}
	for i := range f.players {
		row(fPlayer1+i, fmt.Sprintf("Player %d", i+1), "  "+f.players[i].View())
	}
	b.WriteString("\n")
	toggle(fWin, "Match winner", winLabels)
	row(fTarget, "Target score", "  "+f.target.View())
	row(fGames, "Games", "  "+f.games.View())
	toggle(fWinnerOnly, "Winner only", []string{"no: losers pay their racks", "yes: losers score 0"})
	toggle(fJoker, "Joker on rack", []string{"30 points", "25 points"})
	toggle(fBlocked, "Blocked game", blockedLabels)
	b.WriteString("\n")
	start := "[ Start scoring ]"
	if f.editing {
		start = "[ Save changes ]"
	}
	row(fStart, start, "")
	b.WriteString("\n")
	if s := m.statusView(); s != "" {
		b.WriteString(s + "\n")
	}
	b.WriteString(m.help.View(formKeys{choice: f.isToggle(f.focus)}))
	return b.String()
}

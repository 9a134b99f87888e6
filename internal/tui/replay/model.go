// Package replay is the screen that steps through a kept match turn by
// turn: the table after each move with the tiles played marked, every
// rack (the match is over, so all are shown), what the player did, and
// the best play the solver finds for the same position, computed in the
// background one position at a time.
package replay

import (
	"context"
	"strconv"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/analysis"
	"rummikub/internal/solver"
	"rummikub/internal/tui/frame"
	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// Options opens a replay.
type Options struct {
	Record *analysis.Record
	// Styles draws the screen (its theme, its terminal); nil draws in
	// mono for a terminal without colour (tests).
	Styles *style.Styles
	// Objective is what the best play is best at.
	Objective solver.Objective
	// Start is the turn to open at (a turn index of analysis.Turns, e.g.
	// a seat's first miss); out of range opens at the first turn.
	Start int
	// Deadline is the solver's time per position (0: the analysis
	// default).
	Deadline time.Duration
	// Embedded makes q and esc send Done instead of quitting the program,
	// for a replay opened from another screen.
	Embedded bool
}

// Done is sent when an embedded replay is closed.
type Done struct{}

// Owns reports whether msg is one of the replay's own messages (the
// solver's answers, Done), which a screen embedding the replay must pass
// on to it.
func Owns(msg tea.Msg) bool {
	switch msg.(type) {
	case bestMsg, Done:
		return true
	}
	return false
}

// Model is the replay screen.
type Model struct {
	opts  Options
	st    *style.Styles
	turns []analysis.Turn
	err   string // the match could not be rebuilt
	idx   int
	best  map[int]analysis.Best
	fails map[int]string
	busy  bool // a solve is running
	// showBest draws the best play's table in place of the actual one.
	showBest bool
	// prompt is "game" or "turn" while a number is typed.
	prompt string
	input  string
	status string

	width, height int
	help          help.Model
}

// New opens the replay of a kept match.
func New(o Options) Model {
	st := o.Styles
	if st == nil {
		st = plainStyles()
	}
	m := Model{opts: o, st: st, best: map[int]analysis.Best{}, fails: map[int]string{}, width: 80, height: 24, help: help.New()}
	m.help.Styles = st.HelpStyles()
	if o.Record == nil || o.Record.Match == nil {
		m.err = "There is no match to replay."
		return m
	}
	turns, err := analysis.Turns(o.Record.Match)
	if err != nil {
		m.err = "The match cannot be replayed: " + err.Error()
		return m
	}
	m.turns = turns
	if o.Start >= 0 && o.Start < len(turns) {
		m.idx = o.Start
	}
	return m
}

func plainStyles() *style.Styles {
	th, err := themes.Builtin(themes.Mono)
	if err != nil {
		th = themes.Theme{Name: themes.Mono, Mono: true}
	}
	return style.New(colorprofile.Ascii, true, th)
}

// Index is the turn shown (an index of analysis.Turns).
func (m Model) Index() int { return m.idx }

// bestMsg carries the solver's answer for one turn.
type bestMsg struct {
	idx  int
	best analysis.Best
	err  error
}

// Init starts the solver on the first turn shown.
func (m Model) Init() tea.Cmd { return m.solveNext() }

// solveNext returns the command solving the nearest unsolved turn from
// the one shown on, then the ones before; nil when all are done or one
// is running. The solving runs in the command, never in Update.
func (m *Model) solveNext() tea.Cmd {
	if m.busy || len(m.turns) == 0 {
		return nil
	}
	pick := -1
	for d := 0; d < len(m.turns); d++ {
		i := (m.idx + d) % len(m.turns)
		if _, ok := m.best[i]; ok {
			continue
		}
		if _, ok := m.fails[i]; ok {
			continue
		}
		pick = i
		break
	}
	if pick < 0 {
		return nil
	}
	m.busy = true
	rules := m.opts.Record.Match.Rules
	start := m.turns[pick].Start
	obj, deadline := m.opts.Objective, m.opts.Deadline
	return func() tea.Msg {
		b, err := analysis.BestPlay(context.Background(), &rules, start, obj, deadline)
		return bestMsg{idx: pick, best: b, err: err}
	}
}

// Update handles keys, the terminal's size and the solver's answers.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		return m, nil
	case bestMsg:
		m.busy = false
		if msg.err != nil {
			m.fails[msg.idx] = msg.err.Error()
		} else {
			m.best[msg.idx] = msg.best
		}
		return m, m.solveNext()
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	return m, nil
}

func (m Model) quit() (tea.Model, tea.Cmd) {
	if m.opts.Embedded {
		return m, func() tea.Msg { return Done{} }
	}
	return m, tea.Quit
}

func (m Model) key(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	if m.prompt != "" {
		return m.promptKey(msg)
	}
	if len(m.turns) == 0 {
		if key.Matches(msg, keyQuit) {
			return m.quit()
		}
		return m, nil
	}
	m.status = ""
	switch {
	case key.Matches(msg, keyQuit):
		return m.quit()
	case key.Matches(msg, keyPrev):
		m.idx = max(0, m.idx-1)
	case key.Matches(msg, keyNext):
		m.idx = min(len(m.turns)-1, m.idx+1)
	case key.Matches(msg, keyFirst):
		m.idx = 0
	case key.Matches(msg, keyLast):
		m.idx = len(m.turns) - 1
	case key.Matches(msg, keyPrevGame):
		g := m.turns[m.idx].Game
		if m.turns[m.idx].Number > 1 {
			m.idx = m.gameStart(g)
		} else if g > 1 {
			m.idx = m.gameStart(g - 1)
		}
	case key.Matches(msg, keyNextGame):
		if i := m.gameStart(m.turns[m.idx].Game + 1); i >= 0 {
			m.idx = i
		} else {
			m.status = "This is the last game."
		}
	case key.Matches(msg, keyNextMiss):
		m.findMiss(1)
	case key.Matches(msg, keyPrevMiss):
		m.findMiss(-1)
	case key.Matches(msg, keyGame):
		m.prompt, m.input = "game", ""
	case key.Matches(msg, keyTurn):
		m.prompt, m.input = "turn", ""
	case key.Matches(msg, keyBest):
		m.showBest = !m.showBest
	}
	return m, m.solveNext()
}

// gameStart is the index of the first turn of game g, or -1.
func (m Model) gameStart(g int) int {
	for i, t := range m.turns {
		if t.Game == g {
			return i
		}
	}
	return -1
}

// findMiss moves to the next (dir 1) or previous (-1) turn with a better
// play among the turns solved so far.
func (m *Model) findMiss(dir int) {
	for i := m.idx + dir; i >= 0 && i < len(m.turns); i += dir {
		b, ok := m.best[i]
		if ok && m.missed(i, b) {
			m.idx = i
			return
		}
	}
	if m.busy {
		m.status = "No further miss found yet: the solver is still looking at the other turns."
		return
	}
	m.status = "No further turn with a better play."
}

func (m Model) missed(i int, b analysis.Best) bool {
	return analysis.Compare(&m.turns[i], b, m.opts.Objective).Missed
}

func (m Model) promptKey(msg tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch {
	case msg.Code == tea.KeyEsc:
		m.prompt = ""
		return m, nil
	case msg.Code == tea.KeyBackspace:
		if m.input != "" {
			m.input = m.input[:len(m.input)-1]
		}
		return m, nil
	case msg.Code == tea.KeyEnter:
		m.jump()
		m.prompt = ""
		return m, m.solveNext()
	case msg.Text != "":
		for _, r := range msg.Text {
			if r >= '0' && r <= '9' && len(m.input) < 4 {
				m.input += string(r)
			}
		}
	}
	return m, nil
}

// jump goes to the game or the turn (of the game shown) typed.
func (m *Model) jump() {
	n, err := strconv.Atoi(m.input)
	if err != nil {
		m.status = "Type a number, then enter."
		return
	}
	if m.prompt == "game" {
		if i := m.gameStart(n); i >= 0 {
			m.idx = i
			return
		}
		m.status = "There is no game " + m.input + " in this match."
		return
	}
	g := m.turns[m.idx].Game
	for i, t := range m.turns {
		if t.Game == g && t.Number == n {
			m.idx = i
			return
		}
	}
	m.status = "Game " + strconv.Itoa(g) + " has no turn " + m.input + "."
}

// View is the screen as a Bubble Tea view on the alternate screen, for a program of its own.
func (m Model) View() tea.View {
	return frame.Full(m.Render())
}

// View draws the screen.
func (m Model) Render() string {
	body := m.view()
	body = lipgloss.NewStyle().MaxWidth(m.width).MaxHeight(m.height).Render(body)
	return m.st.Paint(body, m.width, m.height)
}

func (m Model) helpLine() string {
	if m.prompt != "" {
		return m.help.View(promptKeys{})
	}
	return m.help.View(browseKeys{})
}

// Package statsview is the statistics screen: every kept match summed up
// per player and rules preset (analysis.Collect), read and analysed in a
// command so the screen stays live, then shown in a scrolling view.
package statsview

import (
	"context"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/analysis"
	"rummikub/internal/tui/frame"
	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// Options opens the screen.
type Options struct {
	// Load reads the kept matches, oldest first (analysis.LoadAll of the
	// matches folder); it runs in a command.
	Load   func() ([]*analysis.Record, []string, error)
	Styles *style.Styles
	// Analyse runs the solver on every turn for the analysis figures.
	Analyse bool
	// Embedded makes q and esc send Done instead of quitting.
	Embedded bool
}

// Done is sent when an embedded screen is closed.
type Done struct{}

// Model is the statistics screen.
type Model struct {
	opts          Options
	st            *style.Styles
	loaded        bool
	err           string
	stats         analysis.Stats
	vp            viewport.Model
	help          help.Model
	width, height int
}

type loadedMsg struct {
	stats analysis.Stats
	err   error
}

func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

var (
	keyScroll = bind([]string{"up", "down", "k", "j", "pgup", "pgdown"}, "↑/↓", "scroll")
	keyQuit   = bind([]string{"q", "esc", "ctrl+c"}, "q", "quit")
)

type keys struct{}

func (keys) ShortHelp() []key.Binding    { return []key.Binding{keyScroll, keyQuit} }
func (k keys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// New makes the screen; Init starts reading.
func New(o Options) Model {
	st := o.Styles
	if st == nil {
		th, err := themes.Builtin(themes.Mono)
		if err != nil {
			th = themes.Theme{Name: themes.Mono, Mono: true}
		}
		st = style.New(colorprofile.Ascii, true, th)
	}
	m := Model{opts: o, st: st, vp: viewport.New(viewport.WithWidth(80), viewport.WithHeight(20)), help: help.New(), width: 80, height: 24}
	m.help.Styles = st.HelpStyles()
	return m
}

// Init reads and sums the matches.
func (m Model) Init() tea.Cmd {
	load, analyse := m.opts.Load, m.opts.Analyse
	return func() tea.Msg {
		if load == nil {
			return loadedMsg{err: errNoLoader}
		}
		recs, skipped, err := load()
		if err != nil {
			return loadedMsg{err: err}
		}
		st, err := analysis.Collect(context.Background(), recs, analysis.StatsOptions{Analyse: analyse})
		st.Skipped = skipped
		return loadedMsg{stats: st, err: err}
	}
}

type loaderError string

func (e loaderError) Error() string { return string(e) }

const errNoLoader = loaderError("no place to read matches from")

// Update handles the loaded statistics, keys and the terminal's size.
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width, m.height = msg.Width, msg.Height
		m.help.SetWidth(msg.Width)
		m.vp.SetWidth(msg.Width)
		m.vp.SetHeight(max(1, msg.Height-3))
		return m, nil
	case loadedMsg:
		m.loaded = true
		if msg.err != nil {
			m.err = "The statistics cannot be read: " + msg.err.Error()
			return m, nil
		}
		m.stats = msg.stats
		var b strings.Builder
		_ = m.stats.WriteText(&b)
		m.vp.SetContent(wrap(m.st, b.String(), m.width))
		return m, nil
	case tea.KeyPressMsg:
		if key.Matches(msg, keyQuit) {
			if m.opts.Embedded {
				return m, func() tea.Msg { return Done{} }
			}
			return m, tea.Quit
		}
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return m, cmd
	case tea.MouseWheelMsg: // the wheel scrolls (where the program reports the mouse)
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(msg)
		return m, cmd
	}
	return m, nil
}

// wrap fits the note's long line to the width and styles the headings.
func wrap(st *style.Styles, text string, width int) string {
	var out []string
	for _, l := range strings.Split(strings.TrimRight(text, "\n"), "\n") {
		switch {
		case strings.HasPrefix(l, "Rules: "), strings.HasPrefix(l, "All rules"):
			out = append(out, st.Title.Render(l))
		case strings.HasPrefix(l, "player "):
			out = append(out, st.Dim.Render(l))
		default:
			out = append(out, st.Text.Render(lipgloss.NewStyle().Width(width).Render(l)))
		}
	}
	return strings.Join(out, "\n")
}

// View is the screen as a Bubble Tea view on the alternate screen, for a program of its own.
func (m Model) View() tea.View {
	return frame.WithMouse(m.Render())
}

// View draws the screen.
func (m Model) Render() string {
	title := m.st.Title.Render("Statistics of the kept matches")
	var body string
	switch {
	case !m.loaded && m.opts.Analyse:
		body = m.st.Hint.Render("Reading and analysing the kept matches (the solver looks at every turn)…")
	case !m.loaded:
		body = m.st.Hint.Render("Reading the kept matches…")
	case m.err != "":
		body = m.st.Error.Render(m.err)
	case m.stats.Matches == 0:
		body = m.st.Text.Render("No match has been kept yet: finished matches appear here.")
	default:
		body = m.vp.View()
	}
	v := title + "\n" + body + "\n" + m.help.View(keys{})
	v = lipgloss.NewStyle().MaxWidth(m.width).MaxHeight(m.height).Render(v)
	return m.st.Paint(v, m.width, m.height)
}

package keeper

import (
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/table"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/scorebook"
	"rummikub/internal/tui/frame"
	"rummikub/internal/tui/style"
)

// Options configure a keeper.
type Options struct {
	// Store is where named sessions live; the zero Store means
	// scorebook.DefaultStore() (the data directory's scores folder).
	Store scorebook.Store
	// Session opens this named session at once, or starts setting it up
	// when no session of that name exists. Empty: start at the picker.
	Session string
	// Embedded makes leaving the keeper send CloseMsg instead of quitting
	// the program (see the package documentation).
	Embedded bool
	// Styles are the caller's theme drawn for its terminal
	// (style.New(profile, dark, theme)); every colour of the keeper comes
	// from them, never from bubbles' defaults. The theme decides the
	// colours and NO_COLOR (the mono theme, a colourless profile) removes
	// them. Nil draws plain text and never touches a terminal (tests).
	Styles *style.Styles
	// Now gives the date for a new session's suggested name (time.Now if nil).
	Now func() time.Time
}

// CloseMsg is what an embedded keeper sends when the player leaves it.
type CloseMsg struct{}

type screen int

const (
	pickScreen  screen = iota // choose, create or delete a session
	setupScreen               // players and options
	boardScreen               // the scoreboard of one session
	gameScreen                // entering or editing one game
)

// Model is the keeper's Bubble Tea model.
type Model struct {
	opts   Options
	store  scorebook.Store
	st     styles
	help   help.Model
	width  int
	height int
	screen screen

	picker        list.Model
	confirmRemove string // a session name awaiting y/n

	name  string          // the open session's name
	book  *scorebook.Book // the open session and its undo list
	res   scorebook.Result
	table table.Model
	sel   int // the selected game
	top   int // the first game shown

	confirmDelete int // a game index awaiting y/n, or -1

	setup setupForm
	entry entryForm

	status    string
	statusErr bool

	// entries are the saved sessions as last listed.
	entries []scorebook.Entry
	// disk orders the file commands; out are the commands this Update
	// asks for (disk.go).
	disk *disk
	out  []tea.Cmd
}

// Default size until the terminal reports its own.
const (
	defaultWidth  = 80
	defaultHeight = 24
)

// New builds a keeper. Problems (an unreadable data directory, a session
// that cannot be opened) are shown on the screen, never returned.
func New(opts Options) Model {
	if opts.Now == nil {
		opts.Now = time.Now
	}
	m := Model{opts: opts, store: opts.Store, st: newStyles(opts.Styles), width: defaultWidth, height: defaultHeight, confirmDelete: -1, disk: &disk{}}
	m.help = m.st.helpModel()
	m.picker = newPicker(m.st)
	m.table = newTable(m.st)
	m.setEntries(nil)
	m.resize()
	return m
}

// Init reads the saved sessions (and opens Options.Session) in commands:
// the keeper does no file work before the program runs it.
func (m Model) Init() tea.Cmd {
	if m.store.Dir == "" {
		m.loadStore()
	} else {
		m.refreshPicker()
		if m.opts.Session != "" {
			m.openOrCreate(m.opts.Session)
		}
	}
	return tea.Batch(append(m.out, m.focusCmd())...)
}

// SetSize fits the keeper to a width and height (an embedding parent may
// call it instead of forwarding tea.WindowSizeMsg).
func (m *Model) SetSize(width, height int) {
	m.width, m.height = max(width, 20), max(height, 8)
	m.resize()
}

// Update handles a message. It returns a keeper.Model (as a tea.Model);
// an embedding parent asserts it back: m.keeper = km.(keeper.Model).
func (m Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m.out = nil
	m, cmd := m.update(msg)
	if len(m.out) == 0 {
		return m, cmd
	}
	cmds := append(m.out, cmd)
	m.out = nil
	return m, tea.Batch(cmds...)
}

// Compile-time proof that the keeper is a Bubble Tea model.
var _ tea.Model = Model{}

func (m Model) update(msg tea.Msg) (Model, tea.Cmd) {
	// Keys typed quickly can arrive as one message of several runes; take
	// them one at a time so "a1" is the add key, then the player key.
	if k, ok := msg.(tea.KeyPressMsg); ok && utf8.RuneCountInString(k.Text) > 1 {
		var cmds []tea.Cmd
		for _, r := range k.Text {
			var cmd tea.Cmd
			m, cmd = m.update(tea.KeyPressMsg{Code: r, Text: string(r), Mod: k.Mod})
			cmds = append(cmds, cmd)
		}
		return m, tea.Batch(cmds...)
	}
	if fileMsg(msg) {
		return m, m.onFile(msg)
	}
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.SetSize(msg.Width, msg.Height)
		return m, nil
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return m, m.close()
		}
		if msg.String() == "?" && (m.screen == boardScreen || m.screen == pickScreen) {
			m.help.ShowAll = !m.help.ShowAll
			m.resize()
			return m, nil
		}
	}
	switch m.screen {
	case pickScreen:
		return m.updatePicker(msg)
	case setupScreen:
		return m.updateSetup(msg)
	case boardScreen:
		return m.updateBoard(msg)
	case gameScreen:
		return m.updateGame(msg)
	}
	return m, nil
}

// View is the screen as a Bubble Tea view on the alternate screen, for a program of its own.
func (m Model) View() tea.View {
	return frame.Full(m.Render())
}

// View draws the current screen.
func (m Model) Render() string {
	var body string
	switch m.screen {
	case pickScreen:
		body = m.viewPicker()
	case setupScreen:
		body = m.viewSetup()
	case boardScreen:
		body = m.viewBoard()
	case gameScreen:
		body = m.viewGame()
	}
	body = m.st.plain().MaxWidth(m.width).MaxHeight(m.height).Render(body)
	return m.st.paint(body, m.width, m.height)
}

// close leaves the keeper, once the saves asked for are on disk: quit,
// or tell the parent.
func (m Model) close() tea.Cmd {
	if m.opts.Embedded {
		return m.flush(func() tea.Msg { return CloseMsg{} })
	}
	return m.flush(tea.Quit)
}

// say shows a message; fail shows an error.
func (m *Model) say(s string) { m.status, m.statusErr = s, false }

func (m *Model) fail(err error) {
	m.status, m.statusErr = sentence(err.Error()), true
}

// sentence starts a message with a capital letter.
func sentence(s string) string {
	r := []rune(s)
	if len(r) > 0 {
		r[0] = unicode.ToUpper(r[0])
	}
	return string(r)
}

func (m Model) statusView() string {
	if m.status == "" {
		return ""
	}
	if m.statusErr {
		return m.st.err.Render(wrap("Error: "+m.status, m.width))
	}
	return m.st.info.Render(wrap(m.status, m.width))
}

// wrap breaks text into lines of at most width characters at spaces.
func wrap(s string, width int) string {
	if width < 10 {
		return s
	}
	var lines []string
	line := ""
	for _, w := range strings.Fields(s) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > width {
			lines = append(lines, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	return strings.Join(append(lines, line), "\n")
}

// rescore recomputes the result after a change.
func (m *Model) rescore() {
	res, err := m.book.Session.Score()
	if err != nil {
		// The book only accepts sessions that score; this is a safeguard.
		m.fail(err)
		return
	}
	m.res = res
	m.resizeTable()
}

// open shows the board of a session.
func (m *Model) open(name string, s *scorebook.Session) {
	m.name = name
	m.book = scorebook.NewBook(*s)
	m.screen = boardScreen
	m.confirmDelete = -1
	m.help.ShowAll = false
	m.rescore()
	m.sel = len(s.Games) - 1
	m.resize()
}

// focusCmd starts the cursor blinking in the focused text field.
func (m Model) focusCmd() tea.Cmd {
	switch m.screen {
	case setupScreen:
		return m.setup.focusCmd()
	case gameScreen:
		return m.entry.focusCmd()
	}
	return nil
}

// resize lays out the current screen for the terminal size.
func (m *Model) resize() {
	m.help.SetWidth(m.width)
	m.picker.SetSize(m.width, max(3, m.height-4-lipgloss.Height(m.statusView())))
	m.resizeTable()
}

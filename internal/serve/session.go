package serve

import (
	"fmt"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/tui"
	"rummikub/internal/tui/frame"
	"rummikub/internal/tui/style"
)

// screen is what a session shows.
type screen int

const (
	screenName    screen = iota // the first visit: choose a name
	screenLobby                 // the open tables
	screenCreate                // a new table's choices
	screenWaiting               // a table waiting for its players
	screenTable                 // the match, from a seat or as a spectator
	screenBye                   // the server is closing
	screenLadder                // the ratings of the server's players
)

// screens are each screen's update and view, by screen: Update and
// View pick from here.
var screens = [...]struct {
	update func(*session, tea.Msg) tea.Cmd // nil: the screen takes no input
	view   func(*session) string
}{
	screenName:    {(*session).updateName, (*session).viewName},
	screenLobby:   {(*session).updateLobby, (*session).viewLobby},
	screenCreate:  {(*session).updateCreate, (*session).viewCreate},
	screenWaiting: {(*session).updateWaiting, (*session).viewWaiting},
	screenTable:   {(*session).updateTable, (*session).viewTable},
	screenBye:     {nil, (*session).viewBye},
	screenLadder:  {(*session).updateLadder, (*session).viewLadder},
}

// Messages of a session.
type (
	changedMsg struct{ gen int } // the lobby or the table changed
	closingMsg struct{}          // the server is closing
	secondMsg  struct{}          // once a second: idle time, chat fading
	// sizeMsg asks for the size the session draws for and the size of
	// its frame (tests of hostile window sizes).
	sizeMsg chan<- [4]int
)

// session is one SSH session's program: one player's key, one terminal.
type session struct {
	srv  *Server
	key  string
	name string
	code string // the table asked for on the command line
	prog *tea.Program
	st   *style.Styles
	addr string // the server's address as the client reached it
	// ended closes when the SSH session ends: commands that wait (for a
	// change to show) stop then, so the program they belong to is freed
	// (Bubble Tea v2 keeps a program until its batch's commands return).
	ended <-chan struct{}

	width, height int
	screen        screen
	status        string
	bad           bool
	lastKey       time.Time
	waitGen       int

	input textinput.Model // the name, or a chat line
	sel   int             // the lobby's chosen table
	form  *createForm

	table    *Table
	seat     int // -1: a spectator
	play     *tui.TablePlay
	chatting bool
	handing  bool // the creator chooses a seat to give a computer

	ladderFam int // the ladder screen's family
}

func (s *session) init(st *style.Styles, w, h int, addr string) {
	s.st, s.width, s.height, s.addr = st, w, h, addr
	s.lastKey = time.Now()
	s.input = textinput.New()
	s.input.Prompt = "> "
	s.input.CharLimit = MaxName
	s.input.SetWidth(30)
	if s.name == "" {
		s.screen = screenName
		s.input.Placeholder = "your name"
		s.input.Focus()
	} else {
		s.screen = screenLobby
	}
}

// Init waits for changes, and goes straight to the table of the code the
// client asked for once the player has a name.
func (s *session) Init() tea.Cmd {
	cmds := []tea.Cmd{s.watch(), s.second(), tea.RequestBackgroundColor}
	if s.screen == screenName {
		cmds = append(cmds, textinput.Blink)
	} else if s.code != "" {
		cmds = append(cmds, s.goTo(s.code))
	}
	return tea.Batch(cmds...)
}

// second is secondMsg a second from now, or nothing once the session
// has ended (see ended).
func (s *session) second() tea.Cmd {
	ended := s.ended
	return func() tea.Msg {
		t := time.NewTimer(time.Second)
		defer t.Stop()
		select {
		case <-t.C:
			return secondMsg{}
		case <-ended:
			return nil
		}
	}
}

// watch waits for the next change of what the screen shows: the table's
// at a table, the server's in the lobby.
func (s *session) watch() tea.Cmd {
	s.waitGen++
	gen := s.waitGen
	var ch <-chan struct{}
	if s.table != nil {
		ch = s.table.changed()
	} else {
		ch = s.srv.changed()
	}
	ended := s.ended
	return func() tea.Msg {
		select {
		case <-ch:
			return changedMsg{gen}
		case <-ended:
			return nil
		}
	}
}

func (s *session) setStatus(msg string, bad bool) { s.status, s.bad = msg, bad }

// Update handles a message.
func (s *session) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		s.width, s.height = msg.Width, msg.Height
		if s.play != nil {
			s.play.SetSize(msg.Width, s.boardHeight())
		}
		return s, nil
	case sizeMsg:
		v := s.Render()
		msg <- [4]int{s.width, s.height, lipgloss.Width(v), lipgloss.Height(v)}
		return s, nil
	case closingMsg:
		s.screen = screenBye
		return s, tea.Quit
	case writeFailedMsg:
		s.setStatus(sentence(msg.err.Error()), true)
		return s, nil
	case changedMsg:
		if msg.gen != s.waitGen {
			return s, nil
		}
		return s, tea.Batch(s.onChange(), s.watch())
	case secondMsg:
		if time.Since(s.lastKey) > s.srv.opt.IdleTimeout {
			s.srv.log.Info("idle session closed", "key", s.key)
			return s, tea.Quit
		}
		return s, s.second()
	case tea.KeyPressMsg:
		if utf8.RuneCountInString(msg.Text) > 1 {
			// Keys that came in one read (a fast typist, a script) are
			// taken one by one, as the board's keys are single letters.
			var cmds []tea.Cmd
			for _, r := range msg.Text {
				_, cmd := s.Update(tea.KeyPressMsg{Code: r, Text: string(r), Mod: msg.Mod})
				cmds = append(cmds, cmd)
			}
			return s, tea.Batch(cmds...)
		}
		s.lastKey = time.Now()
		if msg.String() == "ctrl+c" {
			return s, tea.Quit
		}
	case tea.BackgroundColorMsg:
		// The client's terminal told its background: the theme's light or
		// dark colours (a terminal that does not answer keeps the dark).
		st, err := s.srv.styles.get(s.st.Profile(), s.st.Theme.Mono, msg.IsDark())
		if err != nil || st == s.st {
			return s, nil
		}
		s.st = st
		if s.play != nil {
			s.play.Restyle(s.st)
		}
		return s, nil
	case tea.MouseMsg:
		s.lastKey = time.Now()
	case tui.QuitMsg:
		if s.screen == screenTable {
			s.leaveTable()
			s.screen = screenLobby
			return s, s.watch()
		}
		return s, nil
	}
	if update := screens[s.screen].update; update != nil {
		return s, update(s, msg)
	}
	return s, nil
}

// onChange follows a change of the table: a waiting table that has
// begun opens the board.
func (s *session) onChange() tea.Cmd {
	if s.screen == screenWaiting && s.table != nil {
		if t := s.table; t.isExpired() {
			s.leaveTable()
			s.screen = screenLobby
			s.setStatus(s.srv.expiredSentence(t), true)
			return nil
		}
		if s.table.Host() != nil {
			return s.openBoard()
		}
	}
	return nil
}

// View is the session's view: on the alternate screen, with the mouse
// reported (the board takes clicks, drags and the wheel).
func (s *session) View() tea.View {
	return frame.WithMouse(s.Render())
}

// Render draws the screen.
func (s *session) Render() string {
	if s.st == nil {
		return ""
	}
	if s.screen == screenTable && (s.width < tui.MinWidth || s.height < tui.MinHeight) {
		// The board needs 80x24; the match goes on meanwhile (the clock
		// of a shared table never waits for one terminal).
		msg := s.st.Title.Render("Rummikub") + "\n\n" +
			s.st.Text.Render(fmt.Sprintf("Make the terminal at least %dx%d", tui.MinWidth, tui.MinHeight)) + "\n" +
			s.st.Dim.Render(fmt.Sprintf("(it is %dx%d now; the match goes on, and so does the clock)", s.width, s.height))
		return s.st.Paint(msg, s.width, s.height)
	}
	v := screens[s.screen].view(s)
	if s.screen == screenTable {
		return v // the board fills the terminal itself
	}
	return s.st.Paint(v, s.width, s.height)
}

// viewBye says the server is closing.
func (s *session) viewBye() string {
	return s.st.Title.Render("Rummikub") + "\n\n" + s.st.Text.Render(closingWords)
}

// updateName takes the name of a first visit.
func (s *session) updateName(msg tea.Msg) tea.Cmd {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.Code {
		case tea.KeyEnter:
			name, err := ParseName(s.input.Value())
			var save func() error
			if err == nil {
				save, err = s.srv.claimName(s.key, name)
			}
			if err != nil {
				s.setStatus(sentence(err.Error()), true)
				return nil
			}
			s.name = name
			s.input.Reset()
			s.input.Blur()
			s.screen = screenLobby
			s.setStatus("Welcome, "+name+". Your key keeps your name and your seats.", false)
			if s.code != "" {
				return tea.Batch(writeCmd(save), s.goTo(s.code))
			}
			return writeCmd(save)
		case tea.KeyEsc:
			return tea.Quit
		}
	}
	var cmd tea.Cmd
	s.input, cmd = s.input.Update(msg)
	return cmd
}

func (s *session) viewName() string {
	out := s.st.Title.Render("Rummikub") + "\n\n" +
		s.st.Text.Render("Welcome. Choose the name the other players will see (up to 12 letters);") + "\n" +
		s.st.Text.Render("your SSH key will keep it for your next visits.") + "\n\n" +
		s.input.View() + "\n\n" + s.statusLine() + "\n" +
		s.st.Dim.Render("enter: done · esc: leave")
	return out
}

func (s *session) statusLine() string {
	if s.bad {
		return s.st.Error.Render(s.status)
	}
	return s.st.Status.Render(s.status)
}

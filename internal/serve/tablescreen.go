package serve

import (
	"fmt"
	"strings"
	"time"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/tui"
)

// chatShown is how long a chat line stays over the help bar of a
// terminal with no line to spare.
const chatShown = 15 * time.Second

// enter puts the session at a table's seat (-1: as a spectator).
func (s *session) enter(t *Table, seat int) {
	s.leaveTable()
	s.table, s.seat = t, seat
	t.arrive(seat)
}

// leaveTable takes the session from its table: the seat stays the
// player's, the match goes on.
func (s *session) leaveTable() {
	if s.play != nil {
		s.play.Leave()
		s.play = nil
	}
	if s.table != nil {
		s.table.depart(s.seat)
	}
	s.table, s.seat, s.chatting, s.handing = nil, -1, false, false
}

// watchTable opens a table's board as a spectator.
func (s *session) watchTable(t *Table) tea.Cmd {
	s.enter(t, -1)
	s.setStatus("", false)
	return s.openBoard()
}

// openBoard shows the table's match from the session's seat.
func (s *session) openBoard() tea.Cmd {
	t := s.table
	h := t.Host()
	if h == nil {
		return nil
	}
	t.mu.Lock()
	cfg := t.configLocked()
	t.mu.Unlock()
	if s.seat < 0 {
		s.play = tui.NewWatchPlay(cfg, h, s.st)
	} else {
		s.play = tui.NewTablePlay(cfg, h, s.seat, s.srv.opt.Hints, s.st)
	}
	s.play.SetSize(s.width, s.boardHeight())
	s.screen = screenTable
	return tea.Batch(s.play.Init(), s.watch())
}

// boardHeight is the board's share of the terminal: all of it but the
// chat line, when the terminal has a line to spare.
func (s *session) boardHeight() int {
	if s.height > tui.MinHeight {
		return s.height - 1
	}
	return s.height
}

func (s *session) updateTable(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		_, cmd := s.play.Update(msg)
		return cmd
	}
	switch {
	case s.chatting:
		switch k.Code {
		case tea.KeyEnter:
			s.table.say(s.name, s.input.Value())
			fallthrough
		case tea.KeyEsc:
			s.chatting = false
			s.input.Reset()
			s.input.Blur()
			return nil
		}
		var cmd tea.Cmd
		s.input, cmd = s.input.Update(msg)
		return cmd
	case s.handing:
		s.handing = false
		if n := int(k.String()[0] - '1'); len(k.String()) == 1 && n >= 0 && n < 9 {
			w, err := s.table.handToComputer(s.key, n)
			if err != nil {
				s.setStatus(sentence(err.Error()), true)
				return nil
			}
			s.setStatus(fmt.Sprintf("Seat %d is a computer's now.", n+1), false)
			return writeCmd(w.write)
		}
		return nil
	case k.String() == "/":
		s.chatting = true
		s.input.Reset()
		s.input.Prompt = "say: "
		s.input.Placeholder = ""
		s.input.CharLimit = MaxChat
		s.input.SetWidth(max(10, s.width-8))
		s.input.Focus()
		return textinput.Blink
	case k.String() == "!" && s.table.Creator == s.key && s.seat >= 0:
		absent := s.table.absent()
		if len(absent) == 0 {
			s.setStatus("Every player is at the table: no seat to give to a computer.", false)
			return nil
		}
		s.handing = true
		return nil
	}
	_, cmd := s.play.Update(msg)
	return cmd
}

// viewTable draws the board and the chat line under it (or over its
// help bar, for a while, on a terminal of 24 lines).
func (s *session) viewTable() string {
	board := s.play.Render()
	line, fresh := s.chatText()
	if s.height > tui.MinHeight {
		return board + "\n" + s.st.Paint(line, s.width, 1)
	}
	if !fresh || s.width < tui.MinWidth || s.height < tui.MinHeight {
		return board
	}
	lines := strings.Split(board, "\n")
	lines[len(lines)-1] = s.st.Paint(line, s.width, 1)
	return strings.Join(lines, "\n")
}

// chatText is the chat line: what is being typed, a question, the newest
// message; fresh says it is worth covering the help bar for.
func (s *session) chatText() (string, bool) {
	st := s.st
	switch {
	case s.chatting:
		return s.input.View(), true
	case s.handing:
		var seats []string
		for _, i := range s.table.absent() {
			seats = append(seats, fmt.Sprintf("%d", i+1))
		}
		return st.Warning.Render("Give which absent player's seat to a computer? " + strings.Join(seats, ", ") + " (any other key: none)"), true
	case s.status != "":
		fresh := time.Since(s.lastKey) < chatShown
		if s.bad {
			return st.Error.Render(s.status), fresh
		}
		return st.Status.Render(s.status), fresh
	}
	help := "/ chat"
	if s.table.Creator == s.key && s.seat >= 0 {
		help += " · ! give an absent seat to a computer"
	}
	if c, ok := s.table.lastChat(); ok {
		text := ansi.Truncate(c.Who+": "+c.Text, max(10, s.width-len(help)-4), "…")
		return st.Text.Render(text) + st.Dim.Render("  ("+help+")"), time.Since(c.At) < chatShown
	}
	return st.Dim.Render(help + " · table " + s.table.Code), false
}

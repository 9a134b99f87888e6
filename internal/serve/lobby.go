package serve

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/game"
)

// errNameNotSaved: the name is the player's for now, but its file was
// not written; it is gone at the server's restart.
var errNameNotSaved = errors.New("the server could not save your name: it is yours until the server restarts")

// claimName gives key its name, unless another key has it. The name is
// taken in memory under the lock; it returns the write of the players'
// file, to run after (off Update: see writeCmd), which fails with
// errNameNotSaved.
func (s *Server) claimName(key, name string) (func() error, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.players.taken(name, key) {
		return nil, fmt.Errorf("another player is called %s; choose another name", name)
	}
	data, seq, err := s.players.set(key, name)
	save := func() error {
		if err == nil {
			err = s.players.save(data, seq)
		}
		if err != nil {
			s.log.Error("the players' names are not saved", "err", err)
			return errNameNotSaved
		}
		return nil
	}
	return save, nil
}

// openTable opens a table made by key: the creator sits at seat 0. It
// returns the table's file to write.
func (s *Server) openTable(key, creator, name string, rules game.Rules, seats []seatInfo, unrated ...bool) (*Table, tableWrite, error) {
	cfgSeats := append([]seatInfo{{Name: creator, Key: key}}, seats...)
	taken := map[string]bool{creator: true}
	for i := range cfgSeats {
		switch {
		case cfgSeats[i].Computer && cfgSeats[i].Name != "":
			// A bot, named by the server: numbered when it sits twice.
			cfgSeats[i].Name = numbered(cfgSeats[i].Name, taken)
		case cfgSeats[i].Computer:
			cfgSeats[i].Name = computerName(cfgSeats[i].Level, taken)
		}
	}
	if len(cfgSeats) < 2 || len(cfgSeats) > rules.MaxPlayers {
		return nil, tableWrite{}, fmt.Errorf("a table has 2 to %d seats under these rules", rules.MaxPlayers)
	}
	if err := rules.Validate(); err != nil {
		return nil, tableWrite{}, err
	}
	if err := s.checkWaitingCap(key); err != nil {
		return nil, tableWrite{}, err
	}
	t, w, err := s.addTable(func(code string) *Table {
		t := newTable(s, code, name, key, rules, rand.Uint64(), cfgSeats)
		t.unrated = len(unrated) > 0 && unrated[0]
		return t
	})
	if err != nil {
		return nil, tableWrite{}, err
	}
	s.log.Info("table opened", "code", t.Code, "name", name, "by", creator, "seats", len(cfgSeats))
	s.bump()
	return t, w, nil
}

// addTable puts the table made under a new code in the server's tables
// and starts its match if its seats are full already. It returns the
// table's file to write.
func (s *Server) addTable(make func(code string) *Table) (*Table, tableWrite, error) {
	s.mu.Lock()
	if s.closing {
		s.mu.Unlock()
		return nil, tableWrite{}, fmt.Errorf("the server is closing")
	}
	code := newCode()
	for s.tables[code] != nil {
		code = newCode()
	}
	t := make(code)
	s.tables[code] = t
	s.mu.Unlock()
	t.mu.Lock()
	w, err := t.fileLocked()
	if err == nil {
		var started tableWrite
		if started, err = t.startIfFullLocked(false); started.t != nil {
			w = started
		}
	}
	t.mu.Unlock()
	if err != nil {
		s.mu.Lock()
		delete(s.tables, code)
		s.mu.Unlock()
		return nil, tableWrite{}, err
	}
	return t, w, nil
}

// lobbyTables is what the lobby lists: every table not over, and the
// finished ones the player sat at.
func (s *session) lobbyTables() []summary {
	var out []summary
	for _, t := range s.srv.list() {
		sm := t.summary(s.key)
		if sm.Over && sm.Mine < 0 {
			continue
		}
		out = append(out, sm)
	}
	return out
}

// goTo opens the table with a code: the player's own seat, a free seat
// of a table that waits, or else a spectator's place.
func (s *session) goTo(code string) tea.Cmd {
	t := s.srv.table(code)
	if t == nil {
		s.setStatus(fmt.Sprintf("There is no table %s on this server (it may be over).", code), true)
		return nil
	}
	seat, back, sat, err := t.sit(s.key, s.name)
	if err != nil {
		if t.Host() == nil {
			s.setStatus(sentence(err.Error()), true)
			return nil
		}
		cmd := s.watchTable(t)
		if t.summary(s.key).Mine >= 0 {
			// The player's own seat, which cannot be theirs again: why.
			s.setStatus(sentence(err.Error()), true)
		}
		return cmd
	}
	s.enter(t, seat)
	s.setStatus(back, false)
	started, err := t.startIfFull(false)
	if err != nil {
		s.setStatus(sentence(err.Error()), true)
	}
	save := writeCmd(sat.write, started.write)
	if t.Host() == nil {
		s.screen = screenWaiting
		return tea.Batch(save, s.watch())
	}
	return tea.Batch(save, s.openBoard())
}

func (s *session) updateLobby(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	list := s.lobbyTables()
	if s.sel >= len(list) {
		s.sel = max(0, len(list)-1)
	}
	switch k.String() {
	case "up", "k":
		s.sel = max(0, s.sel-1)
	case "down", "j":
		s.sel = min(max(0, len(list)-1), s.sel+1)
	case "n":
		kinds := s.srv.seatKinds()
		s.form = newCreateForm(s.name, kinds)
		s.form.labels = s.srv.kindLabels(kinds)
		s.screen = screenCreate
		s.setStatus("", false)
	case "enter":
		if len(list) > 0 {
			return s.goTo(list[s.sel].Code)
		}
	case "w":
		if len(list) > 0 {
			t := s.srv.table(list[s.sel].Code)
			if t == nil || t.Host() == nil {
				s.setStatus("That table's match has not begun; there is nothing to watch yet.", true)
				return nil
			}
			return s.watchTable(t)
		}
	case "r":
		s.openLadder()
	case "q", "esc":
		return tea.Quit
	}
	return nil
}

func (s *session) viewLobby() string {
	st := s.st
	var b strings.Builder
	b.WriteString(st.Title.Render("Rummikub tables") + st.Dim.Render(" · you are "+s.name) + "\n\n")
	list := s.lobbyTables()
	if len(list) == 0 {
		b.WriteString(st.Text.Render("No table is open. Press n to open one and invite your friends.") + "\n")
	} else {
		b.WriteString(st.Dim.Render(fmt.Sprintf("  %-6s  %-18s %-10s %-5s %-5s %s", "code", "table", "rules", "seats", "watch", "turn")) + "\n")
	}
	// Rows the screen has room for: title, header, help and status.
	room := max(1, s.height-8)
	first := 0
	if s.sel >= room {
		first = s.sel - room + 1
	}
	for i := first; i < len(list) && i < first+room; i++ {
		t := list[i]
		turn := t.Turn
		if t.Mine >= 0 {
			turn += " · your seat"
		}
		line := fmt.Sprintf("%-6s  %-18s %-10s %-5s %-5d %s", t.Code, ansi.Truncate(t.Name, 18, "…"), ansi.Truncate(t.Rules, 10, "…"),
			fmt.Sprintf("%d/%d", t.Taken, t.Seats), t.Watchers, turn)
		line = ansi.Truncate(line, max(10, s.width-3), "…")
		if i == s.sel {
			b.WriteString(st.Selected.Render("> "+line) + "\n")
		} else {
			b.WriteString(st.Text.Render("  "+line) + "\n")
		}
	}
	if bots := s.srv.bots.available(); len(bots) > 0 {
		var names []string
		for _, bt := range bots {
			names = append(names, bt.Name)
		}
		b.WriteString("\n" + st.Dim.Render(ansi.Truncate("Bots online (seat one at a new table): "+strings.Join(names, ", "), max(10, s.width-1), "…")) + "\n")
	}
	b.WriteString("\n" + s.statusLine() + "\n")
	b.WriteString(st.Dim.Render("↑/↓ choose · enter sit · w watch · n new table · r ratings · q leave"))
	return b.String()
}

// viewWaiting shows a table waiting for its players, with its invitation.
func (s *session) viewWaiting() string {
	st := s.st
	t := s.table
	seats, present, _ := t.seatsView()
	var b strings.Builder
	b.WriteString(st.Title.Render(t.Name) + st.Dim.Render(" · table "+t.Code) + "\n\n")
	b.WriteString(st.Text.Render("Waiting for players. Invite them with this line:") + "\n\n")
	b.WriteString("  " + st.Success.Render(s.invitation(t.Code)) + "\n\n")
	for i, seat := range seats {
		who := "free"
		switch {
		case seat.Computer:
			who = seat.Name + " (computer)"
		case seat.Key != "":
			who = seat.Name
			if present[i] == 0 {
				who += " (away)"
			}
		}
		b.WriteString(st.Text.Render(fmt.Sprintf("  seat %d: %s", i+1, who)) + "\n")
	}
	b.WriteString("\n" + s.statusLine() + "\n")
	help := "The match begins when every seat is taken. q: back to the lobby (your seat is kept)"
	if t.Creator == s.key {
		help += " · s: begin now, computers in the free seats"
	}
	b.WriteString(st.Dim.Render(ansi.Wordwrap(help, max(20, s.width-2), " ")))
	return b.String()
}

// invitation is the command that brings a friend to the table.
func (s *session) invitation(code string) string {
	host, port := s.addr, "22"
	if i := strings.LastIndex(s.addr, ":"); i >= 0 {
		host, port = s.addr[:i], s.addr[i+1:]
	}
	host = strings.Trim(host, "[]")
	if port == "22" {
		return fmt.Sprintf("ssh -t %s %s", host, code)
	}
	return fmt.Sprintf("ssh -p %s -t %s %s", port, host, code)
}

func (s *session) updateWaiting(msg tea.Msg) tea.Cmd {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch k.String() {
	case "q", "esc":
		s.leaveTable()
		s.screen = screenLobby
		return s.watch()
	case "s":
		if s.table.Creator != s.key {
			return nil
		}
		started, err := s.table.startIfFull(true)
		if err != nil {
			s.setStatus(sentence(err.Error()), true)
			if s.table.Host() == nil {
				return nil
			}
		}
		return tea.Batch(writeCmd(started.write), s.openBoard())
	}
	return nil
}

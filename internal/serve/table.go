package serve

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"time"

	"rummikub/internal/bot"
	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui"
)

// seatInfo is one seat of a table: the player's key and name, or a
// computer's level.
type seatInfo struct {
	Name     string `json:"name,omitempty"`
	Key      string `json:"key,omitempty"` // the player's key fingerprint; "" for a free seat
	Computer bool   `json:"computer,omitempty"`
	Level    string `json:"level,omitempty"`
	// Was is the key of the player whose seat was handed to the
	// computer: theirs to take back when they come.
	Was string `json:"was,omitempty"`
}

// chatLine is one line of a table's chat.
type chatLine struct {
	Who, Text string
	At        time.Time
}

// Table is one table: its seats, and once every seat is taken its match
// host, which every session at the table shares.
type Table struct {
	srv     *Server
	Code    string
	Name    string
	Creator string // the creator's key fingerprint
	Created time.Time

	mu       sync.Mutex
	rules    game.Rules
	seed     uint64
	seats    []seatInfo
	h        *host.Host // nil while the table waits for players
	present  map[int]int
	watchers int
	chat     []chatLine
	// What the lobby shows of the match, kept by the table's own
	// spectator subscription.
	turn   int
	over   bool
	closed bool
	// joined is when a player last sat down at the waiting table (its
	// opening first); expired says it waited too long and is closed.
	joined  time.Time
	expired bool
	// unrated: the creator chose a match that changes no rating;
	// ratedDone: the match's result is recorded (or was not to be);
	// ratingKept: it is in the ladder's file, and the table's file says
	// so (tableFile.Rating).
	unrated, ratedDone, ratingKept bool
	// arena: a table the server opened for bots (Options.BotTables);
	// reserved are its SSH bots' connections, by seat, taken when the
	// table opened.
	arena    bool
	reserved map[int]*bot.Link
	// handed are the players whose seats went to a computer (by seat):
	// the match is rated as theirs, so that leaving never dodges a loss.
	handed map[int]seatInfo
	change chan struct{} // closed and replaced when anything changes
	// fileSeq numbers the versions of the table's file (under mu).
	fileSeq int
	file    versionedFile
}

func newTable(srv *Server, code, name, creator string, rules game.Rules, seed uint64, seats []seatInfo) *Table {
	now := time.Now()
	return &Table{
		srv: srv, Code: code, Name: name, Creator: creator, Created: now, joined: now,
		rules: rules, seed: seed, seats: seats, present: map[int]int{}, change: make(chan struct{}),
		file: versionedFile{path: srv.tablePath(code)},
	}
}

// changed is the channel closed at the table's next change.
func (t *Table) changed() <-chan struct{} {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.change
}

// bumpLocked tells the table's sessions (and the lobby) of a change.
func (t *Table) bumpLocked() {
	close(t.change)
	t.change = make(chan struct{})
	t.srv.bump()
}

// isExpired reports whether the table waited too long and is closed.
func (t *Table) isExpired() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.expired
}

// Host is the table's match host; nil while it waits for players.
func (t *Table) Host() *host.Host {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.h
}

// summary is a table as the lobby lists it.
type summary struct {
	Code, Name, Rules string
	Seats, Taken      int
	Watchers          int
	Turn              string // whose turn, or what the table waits for
	Started, Over     bool
	Mine              int // the seat of the asking key, -1 for none
	Free              int // a free seat, -1 for none
}

func (t *Table) summary(key string) summary {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := summary{Code: t.Code, Name: t.Name, Rules: t.rules.Preset, Seats: len(t.seats), Watchers: t.watchers,
		Started: t.h != nil, Over: t.over, Mine: -1, Free: -1}
	for i, seat := range t.seats {
		switch {
		case seat.Computer || seat.Key != "":
			s.Taken++
		case s.Free < 0:
			s.Free = i
		}
		if (seat.Key == key || seat.Computer && seat.Was == key) && key != "" {
			s.Mine = i
		}
	}
	switch {
	case t.over:
		s.Turn = "the match is over"
	case t.h == nil:
		s.Turn = fmt.Sprintf("waiting for %d", len(t.seats)-s.Taken)
	default:
		s.Turn = t.seats[t.turn].Name
		if t.seats[t.turn].Key != "" && t.present[t.turn] == 0 {
			s.Turn += " (away)"
		}
	}
	return s
}

// config is the table's match configuration, for its screens.
func (t *Table) configLocked() tui.Config {
	cfg := tui.Config{Rules: t.rules, Seed: t.seed, AIDelay: t.srv.opt.ComputerPause, SaveName: t.Code}
	for _, s := range t.seats {
		cfg.Seats = append(cfg.Seats, tui.SeatConfig{Name: s.Name, Computer: s.Computer, Level: s.Level})
	}
	return cfg
}

// sit gives key (named name) a seat: its own if it has one (taken back
// from the computer it was handed to), else the first free one of a
// table still waiting. It returns the seat and, for a seat taken back,
// a sentence saying so, with the table's file to write; or -1 with the
// reason.
func (t *Table) sit(key, name string) (int, string, tableWrite, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.sitLocked(key, name)
}

func (t *Table) sitLocked(key, name string) (int, string, tableWrite, error) {
	for i, s := range t.seats {
		if s.Key == key {
			return i, "", tableWrite{}, nil
		}
	}
	for i, s := range t.seats {
		if s.Computer && s.Was == key {
			level, w, err := t.takeBackLocked(i)
			if err != nil {
				return -1, "", tableWrite{}, fmt.Errorf("your seat at %s was given to a computer while you were away, and it cannot be yours again: %v; you can watch", t.Name, err)
			}
			return i, fmt.Sprintf("Welcome back: your seat is yours again (a computer, %s, played it meanwhile).", level), w, nil
		}
	}
	if t.h != nil || t.closed {
		return -1, "", tableWrite{}, fmt.Errorf("the match at %s has begun and every seat is taken; you can watch it", t.Name)
	}
	for _, s := range t.seats {
		if !s.Computer && s.Key != "" && s.Name == name {
			return -1, "", tableWrite{}, fmt.Errorf("a player called %s already sits at %s", name, t.Name)
		}
	}
	for i, s := range t.seats {
		if !s.Computer && s.Key == "" {
			t.seats[i].Key, t.seats[i].Name = key, name
			t.joined = time.Now()
			// The last seat taken starts the match under the same lock,
			// so nobody finds the table full and not begun (and is
			// turned away) while this seat's file is written. A start
			// that fails is tried again, and said, by the session's
			// startIfFull.
			w, err := t.startIfFullLocked(false)
			if err != nil || w.t == nil {
				w, err = t.fileLocked()
			}
			t.bumpLocked()
			return i, "", w, err
		}
	}
	return -1, "", tableWrite{}, fmt.Errorf("every seat at %s is taken; you can watch", t.Name)
}

// takeBackLocked gives seat, handed to a computer, back to its player;
// it returns the computer's level and the table's file to write (if
// that write fails, the match's save has the seat as a human's: a
// restart reads the player back from Was, restoreTable).
func (t *Table) takeBackLocked(seat int) (string, tableWrite, error) {
	if t.h == nil || t.over || t.closed {
		return "", tableWrite{}, fmt.Errorf("the match is over")
	}
	if err := t.h.HandBack(seat); err != nil {
		return "", tableWrite{}, err
	}
	was := t.seats[seat]
	t.seats[seat] = seatInfo{Name: was.Name, Key: was.Was}
	w, err := t.fileLocked()
	if err != nil {
		t.srv.log.Error("a table's seats are not saved", "code", t.Code, "err", err)
	}
	t.bumpLocked()
	return was.Level, w, nil
}

// full reports whether every seat has a player or a computer.
func (t *Table) fullLocked() bool {
	for _, s := range t.seats {
		if !s.Computer && s.Key == "" {
			return false
		}
	}
	return true
}

// startIfFull starts the match once every seat is taken; with fill, the
// free seats get computer players first (the creator's "start now").
// It returns the table's file to write.
func (t *Table) startIfFull(fill bool) (tableWrite, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.startIfFullLocked(fill)
}

func (t *Table) startIfFullLocked(fill bool) (tableWrite, error) {
	if t.h != nil || t.closed {
		return tableWrite{}, nil
	}
	if fill {
		names := map[string]bool{}
		for _, s := range t.seats {
			names[s.Name] = true
		}
		for i := range t.seats {
			if !t.seats[i].Computer && t.seats[i].Key == "" {
				t.seats[i] = seatInfo{Computer: true, Level: "medium", Name: computerName("medium", names)}
			}
		}
	}
	if !t.fullLocked() {
		return tableWrite{}, nil
	}
	names := make([]string, len(t.seats))
	for i, s := range t.seats {
		names[i] = s.Name
	}
	m, err := game.NewMatch(t.rules, names, t.seed)
	if err != nil {
		return tableWrite{}, err
	}
	cfg := t.configLocked()
	if err := t.startLocked(m, cfg.Settings(), 0, time.Time{}); err != nil {
		return tableWrite{}, err
	}
	return t.fileLocked()
}

// computerName names a computer seat after its level, numbered when the
// name is taken.
func computerName(level string, taken map[string]bool) string {
	return numbered("CPU "+level, taken)
}

// numbered is name, or name followed by the first number from 2 that
// taken does not hold yet; it marks the result taken.
func numbered(name string, taken map[string]bool) string {
	n := name
	for k := 2; taken[n]; k++ {
		n = fmt.Sprintf("%s %d", name, k)
	}
	taken[n] = true
	return n
}

// startLocked makes the table's host over m and starts it, with the
// table's own spectator subscription keeping the lobby's line.
func (t *Table) startLocked(m *game.Match, st host.Settings, left time.Duration, created time.Time) error {
	computers := map[int]host.Computer{}
	for i, s := range st.Seats {
		if !s.Computer {
			continue
		}
		if key, ok := strings.CutPrefix(s.Level, sshBotPrefix); ok {
			computers[i] = t.srv.linkSeat(key, s.Name, t.seed+uint64(i), t.reserved[i])
			continue
		}
		c, err := t.srv.opt.NewComputer(s.Level, i, t.seed+uint64(i))
		if err != nil {
			return err
		}
		computers[i] = c
	}
	st.ComputerPause = t.srv.opt.ComputerPause
	if t.arena {
		st.ComputerPause = 0 // nobody watches a move there but spectators
	}
	h, err := host.New(host.Config{
		Match: m, Settings: st, Computers: computers, Store: t.srv.store,
		Name: t.Code, Created: created, TurnLeft: left, CPU: t.srv.opt.CPU,
	})
	if err != nil {
		return err
	}
	t.h = h
	t.turn = m.Game.Turn
	t.over = m.Over()
	sub := h.Subscribe()
	go t.follow(sub)
	h.Start()
	t.bumpLocked()
	return nil
}

// follow keeps the lobby's view of the match: whose turn, and its end.
func (t *Table) follow(sub *host.Subscription) {
	for {
		e, err := sub.Next(context.Background())
		if err != nil {
			return
		}
		t.mu.Lock()
		t.turn = e.State.View.Turn
		was := t.over
		t.over = e.State.Phase == host.PhaseMatchOver
		t.bumpLocked()
		t.mu.Unlock()
		if t.over && !was {
			go t.srv.matchOver(t, e.State.View)
		}
		if e.State.Phase == host.PhaseGameOver && t.arena {
			// Nobody at an arena table deals the next game: the table does.
			go t.nextGame()
		}
	}
}

// arrive and depart count the sessions at a seat (seat -1: a spectator).
func (t *Table) arrive(seat int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 {
		t.watchers++
	} else {
		t.present[seat]++
	}
	t.bumpLocked()
}

func (t *Table) depart(seat int) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if seat < 0 {
		t.watchers--
	} else if t.present[seat]--; t.present[seat] <= 0 {
		delete(t.present, seat)
	}
	t.bumpLocked()
}

// absent lists the seats of players with no session at the table.
func (t *Table) absent() []int {
	t.mu.Lock()
	defer t.mu.Unlock()
	var out []int
	for i, s := range t.seats {
		if !s.Computer && s.Key != "" && t.present[i] == 0 {
			out = append(out, i)
		}
	}
	return out
}

// handToComputer gives an absent player's seat to a computer; only the
// table's creator may. It returns the table's file to write.
func (t *Table) handToComputer(by string, seat int) (tableWrite, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.handToComputerLocked(by, seat)
}

func (t *Table) handToComputerLocked(by string, seat int) (tableWrite, error) {
	if by != t.Creator {
		return tableWrite{}, fmt.Errorf("only the player who made the table can give a seat to a computer")
	}
	if seat < 0 || seat >= len(t.seats) || t.seats[seat].Computer || t.seats[seat].Key == "" {
		return tableWrite{}, fmt.Errorf("seat %d has no player to replace", seat+1)
	}
	if t.present[seat] > 0 {
		return tableWrite{}, fmt.Errorf("%s is at the table; only an absent player's seat can go to a computer", t.seats[seat].Name)
	}
	if t.h == nil {
		return tableWrite{}, fmt.Errorf("the match has not begun")
	}
	c, err := t.srv.opt.NewComputer("medium", seat, t.seed+uint64(seat))
	if err != nil {
		return tableWrite{}, err
	}
	if err := t.h.HandToComputer(seat, "medium", c); err != nil {
		return tableWrite{}, err
	}
	if t.handed == nil {
		t.handed = map[int]seatInfo{}
	}
	if _, ok := t.handed[seat]; !ok {
		t.handed[seat] = t.seats[seat]
	}
	t.seats[seat].Computer, t.seats[seat].Level, t.seats[seat].Key, t.seats[seat].Was = true, "medium", "", t.seats[seat].Key
	t.bumpLocked()
	return t.fileLocked()
}

// say adds a chat line.
func (t *Table) say(who, text string) {
	text = ChatLine(text)
	if text == "" {
		return
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	t.chat = append(t.chat, chatLine{Who: who, Text: text, At: time.Now()})
	if len(t.chat) > chatKept {
		t.chat = append([]chatLine(nil), t.chat[len(t.chat)-chatKept:]...)
	}
	t.bumpLocked()
}

// lastChat is the newest chat line (ok false when none).
func (t *Table) lastChat() (chatLine, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.chat) == 0 {
		return chatLine{}, false
	}
	return t.chat[len(t.chat)-1], true
}

// seatsView is a copy of the seats and who is present, for a screen.
func (t *Table) seatsView() ([]seatInfo, map[int]int, bool) {
	t.mu.Lock()
	defer t.mu.Unlock()
	p := map[int]int{}
	for k, v := range t.present {
		p[k] = v
	}
	return append([]seatInfo(nil), t.seats...), p, t.h != nil
}

// close saves and closes the table's host.
func (t *Table) close() error {
	t.mu.Lock()
	h := t.h
	t.closed = true
	t.mu.Unlock()
	if h == nil {
		return nil
	}
	return h.Close()
}

package serve

import (
	"fmt"
	"math/rand/v2"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/bot"
	"rummikub/internal/game"
)

// The arena (Options.BotTables): the server keeps that many tables of
// bots over SSH playing rated matches on its own, two seats each, under
// the standard rules: two bots with different keys when two are free,
// and every other match (or when only one bot is free) a bot against a
// computer level, the levels in turn, so that the bots' ratings are
// anchored to the levels'. An arena table closes when its match is over;
// the match stays in the server's store (replay CODE).

const arenaCreator = "arena"

// arena runs until the server closes.
func (s *Server) arena() {
	tick := time.NewTicker(200 * time.Millisecond)
	defer tick.Stop()
	n := 0
	for {
		select {
		case <-s.stopSweep:
			return
		case <-tick.C:
		}
		for s.arenaTables() < s.opt.BotTables {
			if !s.openArenaTable(n) {
				break
			}
			n++
		}
	}
}

// arenaTables counts the arena's tables still playing.
// (Server.mu is not held while a table's is taken: the order is
// Table.mu, then Server.mu.)
func (s *Server) arenaTables() int {
	k := 0
	for _, t := range s.list() {
		if t.arena && !t.isOver() {
			k++
		}
	}
	return k
}

func (t *Table) isOver() bool {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.over || t.closed
}

// openArenaTable seats the next arena match, if the free bots allow one.
func (s *Server) openArenaTable(n int) bool {
	free := s.bots.available()
	if len(free) == 0 {
		return false
	}
	// The bot that waited longest is not known; take them in turn from
	// a random start so that no bot is always first.
	start := rand.IntN(len(free))
	a := free[start]
	la, err := s.bots.take(a.Key, 0)
	if err != nil {
		return false
	}
	seats := []seatInfo{{Computer: true, Level: sshBotPrefix + a.Key, Name: a.Name}}
	links := map[int]*bot.Link{0: la}
	if len(free) >= 2 && n%2 == 0 {
		b := free[(start+1)%len(free)]
		lb, err := s.bots.take(b.Key, 0)
		if err == nil {
			seats = append(seats, seatInfo{Computer: true, Level: sshBotPrefix + b.Key, Name: b.Name})
			links[1] = lb
		}
	}
	if len(seats) < 2 {
		levels := ai.Levels()
		lv := levels[(n/2)%len(levels)]
		seats = append(seats, seatInfo{Computer: true, Level: lv})
	}
	if _, err := s.arenaTable(seats, links); err != nil {
		s.log.Warn("an arena table did not open", "err", err)
		for _, l := range links {
			l.Hangup()
		}
		return false
	}
	return true
}

// arenaTable opens and starts a table of computer seats (bots and
// levels), rated, under the standard rules; links are the SSH bots'
// connections reserved for their seats.
func (s *Server) arenaTable(seats []seatInfo, links map[int]*bot.Link) (*Table, error) {
	rules := game.Standard()
	taken := map[string]bool{}
	for i := range seats {
		if seats[i].Name == "" {
			seats[i].Name = computerName(seats[i].Level, taken)
			continue
		}
		seats[i].Name = numbered(seats[i].Name, taken)
	}
	t, w, err := s.addTable(func(code string) *Table {
		t := newTable(s, code, "Arena", arenaCreator, rules, rand.Uint64(), seats)
		t.arena = true
		t.reserved = links
		return t
	})
	if err != nil {
		return nil, err
	}
	if err := w.write(); err != nil {
		s.log.Error("an arena table's file is not written", "code", t.Code, "err", err)
	}
	s.log.Info("arena table opened", "code", t.Code, "seats", fmt.Sprint(seatNames(seats)))
	s.bump()
	return t, nil
}

// nextGame deals an arena table's next game.
func (t *Table) nextGame() {
	if h := t.Host(); h != nil {
		_ = h.NextGame() // refused when it was dealt already, or the table closed
	}
}

func seatNames(seats []seatInfo) []string {
	var out []string
	for _, s := range seats {
		out = append(out, s.Name)
	}
	return out
}

// matchOver is called once a table's match is over, from its follower
// with no lock held: the match is rated, and a table with bots over SSH
// closes its host so that their connections go back to the pool (an
// arena table also leaves the lobby; its match stays in the store).
func (s *Server) matchOver(t *Table, v game.SeatView) {
	s.rateMatch(t, v)
	t.mu.Lock()
	links := false
	for _, st := range t.seats {
		if st.Computer && len(st.Level) > len(sshBotPrefix) && st.Level[:len(sshBotPrefix)] == sshBotPrefix {
			links = true
		}
	}
	arena := t.arena
	t.mu.Unlock()
	if !links && !arena {
		return
	}
	if err := t.close(); err != nil {
		s.log.Warn("a finished table did not close cleanly", "code", t.Code, "err", err)
	}
	if arena {
		s.mu.Lock()
		delete(s.tables, t.Code)
		s.mu.Unlock()
		s.bump()
	}
}

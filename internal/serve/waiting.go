package serve

import (
	"fmt"
	"time"
)

// A table waiting for players costs a file, a line in every lobby and a
// code: one key may keep Options.MaxWaiting of them, and a table no
// player has sat down at for Options.WaitingExpiry closes.

// waitingOf counts the tables key opened that still wait for players.
func (s *Server) waitingOf(key string) int {
	n := 0
	for _, t := range s.list() {
		t.mu.Lock()
		if t.Creator == key && t.h == nil && !t.closed {
			n++
		}
		t.mu.Unlock()
	}
	return n
}

// checkWaitingCap refuses a new table to a key at its cap.
func (s *Server) checkWaitingCap(key string) error {
	if n := s.waitingOf(key); n >= s.opt.MaxWaiting {
		return fmt.Errorf("you have %d tables waiting for players already (the most one player may open): "+
			"begin one with s, or wait for them to fill", n)
	}
	return nil
}

// sweepEvery is how often waiting tables are checked for their expiry:
// a table closes at most this long after its time.
const sweepEvery = time.Minute

// sweep closes expired waiting tables until the server stops.
func (s *Server) sweep() {
	every := min(sweepEvery, s.opt.WaitingExpiry/2)
	tick := time.NewTicker(every)
	defer tick.Stop()
	for {
		select {
		case <-s.stopSweep:
			return
		case now := <-tick.C:
			s.expireWaiting(now)
		}
	}
}

func (s *Server) endSweep() { s.sweepOnce.Do(func() { close(s.stopSweep) }) }

// expireWaiting closes every waiting table no player has sat down at
// since now less WaitingExpiry: it leaves the lobby, its file is
// removed, and the sessions at it go back to the lobby, told why. It
// returns the codes closed.
func (s *Server) expireWaiting(now time.Time) []string {
	var closed []string
	for _, t := range s.list() {
		var w tableWrite
		t.mu.Lock()
		due := t.h == nil && !t.closed && !now.Before(t.joined.Add(s.opt.WaitingExpiry))
		if due {
			t.closed, t.expired = true, true
			w = t.removeLocked()
			s.mu.Lock()
			delete(s.tables, t.Code)
			s.mu.Unlock()
			t.bumpLocked()
			closed = append(closed, t.Code)
			s.log.Info("a waiting table expired", "code", t.Code, "name", t.Name, "waited", s.opt.WaitingExpiry)
		}
		t.mu.Unlock()
		if err := w.write(); err != nil {
			s.log.Warn("an expired table's file is not removed", "code", t.Code, "err", err)
		}
	}
	return closed
}

// expiredSentence tells the players at a table that expired.
func (s *Server) expiredSentence(t *Table) string {
	return fmt.Sprintf("%s waited %s without a new player and is closed; open a new table when your friends are ready.",
		t.Name, s.opt.WaitingExpiry)
}

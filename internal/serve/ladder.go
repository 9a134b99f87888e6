package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"
	"time"

	"charm.land/log/v2"

	"rummikub/internal/bot"
	"rummikub/internal/game"
	"rummikub/internal/rating"
)

// ladder is the server's ratings: every finished match at a rated table
// rates its seats (rating.Ladder), and a result is kept only once the
// ladder's file holding it is written (atomically, off every lock but the
// moment its JSON is taken): a rated table's file says its match is rated
// only then, so a match whose rating a crash lost is rated when the
// server starts again (restoreTable).
type ladder struct {
	file versionedFile
	log  *log.Logger

	mu  sync.Mutex
	l   *rating.Ladder
	seq int // versions of the ladder taken to write
}

func openLadder(path string, lg *log.Logger) (*ladder, error) {
	l, err := rating.Load(path, rating.Default())
	if err != nil {
		return nil, fmt.Errorf("cannot read the ladder %s: %w", path, err)
	}
	return &ladder{file: versionedFile{path: path}, log: lg, l: l}, nil
}

// errLadderUnsaved wraps a failure to write the ladder: the result is
// rated, in memory, but not kept yet.
var errLadderUnsaved = errors.New("the ladder is not saved")

// record rates a match and writes the ladder. An error wrapping
// errLadderUnsaved says the result is rated but not on disk; any other
// error, that the match is not rated.
func (ld *ladder) record(family, id string, when time.Time, seats []rating.Seat) (rating.Result, error) {
	ld.mu.Lock()
	res, err := ld.l.Record(family, id, when, seats)
	if err != nil {
		ld.mu.Unlock()
		return res, err
	}
	data, err := json.Marshal(ld.l)
	ld.seq++
	seq := ld.seq
	ld.mu.Unlock()
	if err == nil {
		err = ld.file.write(seq, data)
	}
	if err != nil {
		return res, fmt.Errorf("%w: %w", errLadderUnsaved, err)
	}
	return res, nil
}

// recorded reports whether the ladder holds a result of the match id.
func (ld *ladder) recorded(id string) bool {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	return ld.l.Recorded(id)
}

// botNames are the names the bots over SSH on the ladder last played
// under, by key.
func (ld *ladder) botNames() map[string]string {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	names := map[string]string{}
	for _, fam := range rating.Families() {
		for _, e := range ld.l.Standings(fam) {
			if e.Kind == "bot" && !strings.HasPrefix(e.Key, botKeyPrefix) && e.Name != "" {
				names[e.Key] = e.Name
			}
		}
	}
	return names
}

func (ld *ladder) board(family, key string, top, recent int) rating.Board {
	ld.mu.Lock()
	defer ld.mu.Unlock()
	return ld.l.Board(family, key, top, recent)
}

// Prefixes of the ladder's keys for seats that are not a player's key.
const (
	levelKeyPrefix = "level:"
	botKeyPrefix   = "bot:" // a bot the server runs (--bot NAME=COMMAND), by name
)

// ratedSeat is the ladder's identity of a table's seat: a player's key,
// an SSH bot's key, a level, or a server bot by name.
// A bot over SSH is named by its last ready.
func (srv *Server) ratedSeat(s seatInfo) rating.Seat {
	switch {
	case !s.Computer:
		return rating.Seat{Key: s.Key, Name: s.Name, Kind: "player"}
	case strings.HasPrefix(s.Level, sshBotPrefix):
		key := strings.TrimPrefix(s.Level, sshBotPrefix)
		return rating.Seat{Key: key, Name: srv.bots.name(key), Kind: "bot"}
	case bot.IsCommand(s.Level):
		return rating.Seat{Key: botKeyPrefix + s.Name, Name: s.Name, Kind: "bot"}
	}
	return rating.Seat{Key: levelKeyPrefix + s.Level, Name: s.Level, Kind: "level"}
}

// rateMatch records a finished match at a rated table: the seats ranked
// by the match-winner rule (game.Standings), equal games won and totals
// a tie. It is called once, from the table's own follower, with no lock
// held.
func (s *Server) rateMatch(t *Table, v game.SeatView) {
	t.mu.Lock()
	if t.unrated || t.ratedDone || s.ladder == nil {
		t.mu.Unlock()
		return
	}
	t.ratedDone = true
	seats := append([]seatInfo(nil), t.seats...)
	for i, s := range t.handed {
		if i >= 0 && i < len(seats) {
			seats[i] = s // the player who left is rated for the match
		}
	}
	rules := t.rules
	t.mu.Unlock()
	if len(v.Totals) != len(seats) || len(v.Won) != len(seats) {
		return
	}
	st := game.Standings(&rules, v.Totals, v.Won)
	rs := make([]rating.Seat, len(seats))
	for place, x := range st {
		rank := place + 1
		if place > 0 {
			prev := st[place-1]
			if prev.Score == x.Score && prev.GamesWon == x.GamesWon {
				rank = rs[prev.Seat].Rank
			}
		}
		rs[x.Seat] = s.ratedSeat(seats[x.Seat])
		rs[x.Seat].Score = x.Score
		rs[x.Seat].Rank = rank
	}
	res, err := s.ladder.record(rating.Family(rules), t.Code, time.Now(), rs)
	switch {
	case errors.Is(err, errLadderUnsaved):
		s.log.Error("a match is rated but the ladder is not saved; it is rated again when the server restarts", "code", t.Code, "err", err)
		return
	case err != nil:
		s.log.Warn("a match is not rated", "code", t.Code, "err", err)
		return
	}
	t.mu.Lock()
	t.ratingKept = true
	w, err := t.fileLocked()
	t.mu.Unlock()
	if err == nil {
		err = w.write()
	}
	if err != nil {
		s.log.Error("a rated match's table is not saved; the ladder has its result", "code", t.Code, "err", err)
	}
	var line []string
	for _, p := range res.Players {
		line = append(line, fmt.Sprintf("%d. %s %s", p.Rank, p.Name, p.After))
	}
	s.log.Info("match rated", "code", t.Code, "family", res.Family, "result", strings.Join(line, ", "))
}

package serve

import (
	tea "charm.land/bubbletea/v2"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// A table's file keeps what the match's own save does not: the table's
// code, name and creator, and which key sits at which seat. The match is
// the host's save, in the store under the table's code.
const tableFormat = "rummikub-served-table-1"

type tableFile struct {
	Format  string     `json:"format"`
	Code    string     `json:"code"`
	Name    string     `json:"name"`
	Creator string     `json:"creator"`
	Created time.Time  `json:"created"`
	Rules   game.Rules `json:"rules"`
	Seed    uint64     `json:"seed"`
	Seats   []seatInfo `json:"seats"`
	Started bool       `json:"started,omitempty"`
	// Joined is when a player last sat down at the waiting table; files
	// of earlier versions have none (the opening counts).
	Joined time.Time `json:"joined,omitzero"`
	// Unrated: the match changes no rating; Arena: a bots' table the
	// server opened.
	Unrated bool `json:"unrated,omitempty"`
	Arena   bool `json:"arena,omitempty"`
	// Handed are the players whose seats went to a computer, by seat:
	// the match is rated as theirs.
	Handed map[int]seatInfo `json:"handed,omitempty"`
	// Rating is where a rated table's match stands with the ladder:
	// "pending" until its result is in the ladder's file, then "done".
	// A finished match still pending (a crash came between its end and
	// the ladder's save) is rated when the server starts again. Files of
	// earlier versions have none: their matches are never rated again.
	Rating string `json:"rating,omitempty"`
}

const (
	ratingPending = "pending"
	ratingDone    = "done"
)

// ratingLocked is the table's tableFile.Rating.
func (t *Table) ratingLocked() string {
	switch {
	case t.unrated:
		return ""
	case t.ratingKept:
		return ratingDone
	}
	return ratingPending
}

func (s *Server) tablePath(code string) string {
	return filepath.Join(s.tablesDir, code+".json")
}

// tableWrite is one version of a table's file (or its removal), made
// under Table.mu and written by write once the lock is let go: no
// session waits on Table.mu for a disk.
type tableWrite struct {
	t      *Table
	data   []byte
	seq    int
	remove bool
}

// fileLocked is the table's file as it stands, to write.
func (t *Table) fileLocked() (tableWrite, error) {
	f := tableFile{Format: tableFormat, Code: t.Code, Name: t.Name, Creator: t.Creator, Created: t.Created,
		Rules: t.rules, Seed: t.seed, Seats: t.seats, Started: t.h != nil, Joined: t.joined,
		Unrated: t.unrated, Arena: t.arena, Handed: t.handed, Rating: t.ratingLocked()}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return tableWrite{}, err
	}
	t.fileSeq++
	return tableWrite{t: t, data: data, seq: t.fileSeq}, nil
}

// removeLocked is the removal of the table's file, to do.
func (t *Table) removeLocked() tableWrite {
	t.fileSeq++
	return tableWrite{t: t, seq: t.fileSeq, remove: true}
}

// write writes the file atomically (or removes it), unless a later
// version is written already; called without Table.mu.
func (w tableWrite) write() error {
	t := w.t
	if t == nil {
		return nil
	}
	if w.remove {
		return t.file.remove(w.seq)
	}
	if err := t.file.write(w.seq, w.data); err != nil {
		t.srv.log.Error("a table is not saved", "code", t.Code, "err", err)
		return fmt.Errorf("the server could not save the table (%v); it goes on, kept until the server restarts", err)
	}
	return nil
}

// restore brings back every table saved in the data directory that is
// not over: a waiting table as it was, a match from its last save.
func (s *Server) restore() error {
	files, err := filepath.Glob(filepath.Join(s.tablesDir, "*.json"))
	if err != nil {
		return err
	}
	for _, path := range files {
		t, err := s.restoreTable(path)
		if err != nil {
			s.log.Warn("a table is not restored", "file", path, "err", err)
			continue
		}
		if t != nil {
			s.mu.Lock()
			s.tables[t.Code] = t
			s.mu.Unlock()
			s.log.Info("table restored", "code", t.Code, "name", t.Name, "started", t.Host() != nil)
		}
	}
	return nil
}

func (s *Server) restoreTable(path string) (*Table, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var f tableFile
	if err := json.Unmarshal(data, &f); err != nil || f.Format != tableFormat {
		return nil, fmt.Errorf("it is not a table of this server")
	}
	if _, err := ParseCode(f.Code); err != nil || strings.TrimSuffix(filepath.Base(path), ".json") != f.Code {
		return nil, fmt.Errorf("its code %q is not its file's name", f.Code)
	}
	if len(f.Seats) < 2 || len(f.Seats) > f.Rules.MaxPlayers {
		return nil, fmt.Errorf("it has %d seats", len(f.Seats))
	}
	t := newTable(s, f.Code, f.Name, f.Creator, f.Rules, f.Seed, f.Seats)
	t.Created, t.joined = f.Created, f.Joined
	t.unrated, t.arena, t.handed = f.Unrated, f.Arena, f.Handed
	t.ratingKept = f.Rating == ratingDone
	if t.joined.IsZero() {
		t.joined = f.Created
	}
	if !f.Started {
		return t, f.Rules.Validate()
	}
	sv, err := s.store.Load(f.Code)
	if err != nil {
		return nil, err
	}
	if sv.Finished() {
		if f.Rating == ratingPending {
			s.rateLost(t, sv)
		}
		return nil, nil
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	// The match's save knows the seats handed to computers, and handed
	// back, since the table's file was written.
	for i, seat := range sv.Settings.Seats {
		switch {
		case i >= len(t.seats):
		case seat.Computer && !t.seats[i].Computer:
			t.seats[i] = seatInfo{Name: seat.Name, Computer: true, Level: seat.Level, Was: t.seats[i].Key}
		case !seat.Computer && t.seats[i].Computer && t.seats[i].Was != "":
			t.seats[i] = seatInfo{Name: t.seats[i].Name, Key: t.seats[i].Was}
		}
	}
	if err := t.startLocked(sv.Match, sv.Settings, sv.TurnLeft, sv.Created); err != nil {
		return nil, err
	}
	return t, nil
}

// rateLost rates the finished match of a table whose rating a crash lost
// (its file still says pending), unless the ladder has it already (the
// crash came between the ladder's save and the table's); either way the
// table's file then says it is done.
func (s *Server) rateLost(t *Table, sv *host.Saved) {
	if s.ladder == nil {
		return
	}
	if !s.ladder.recorded(t.Code) {
		s.log.Info("a finished match's rating was lost; rating it now", "code", t.Code)
		s.rateMatch(t, sv.Match.ViewFor(0))
		return
	}
	t.mu.Lock()
	t.ratedDone, t.ratingKept = true, true
	w, err := t.fileLocked()
	t.mu.Unlock()
	if err == nil {
		err = w.write()
	}
	if err != nil {
		s.log.Warn("a rated match's table is not saved", "code", t.Code, "err", err)
	}
}

// writeFailedMsg is a file's write that failed: the change it kept is in
// memory only, and the player is told so.
type writeFailedMsg struct{ err error }

// writeCmd runs the writes of files a session's key changed (a table's,
// the players' names) in a command, in order, off Update; the first
// failure comes back as a writeFailedMsg. Nil writes are skipped.
func writeCmd(writes ...func() error) tea.Cmd {
	return func() tea.Msg {
		for _, w := range writes {
			if w == nil {
				continue
			}
			if err := w(); err != nil {
				return writeFailedMsg{err}
			}
		}
		return nil
	}
}

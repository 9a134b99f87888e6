package scorebook

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/paths"
)

// Store keeps named sessions as NAME.json files in one directory.
type Store struct {
	Dir string
}

// DefaultStore is paths.DataDir()/scores, created on demand.
func DefaultStore() (Store, error) {
	d, err := paths.DataDir()
	if err != nil {
		return Store{}, err
	}
	dir := filepath.Join(d, "scores")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return Store{}, fmt.Errorf("cannot make the score directory %s: %v", dir, err)
	}
	return Store{Dir: dir}, nil
}

// MaxSessionName is the longest session name.
const MaxSessionName = 40

// CheckSessionName accepts names made of letters, digits, '-', '_' and
// '.', not starting with '.' or '-', so a name is always one plain file.
func CheckSessionName(name string) error {
	if name == "" {
		return fmt.Errorf("a session needs a name, such as friday or 2026-11-29")
	}
	if len(name) > MaxSessionName {
		return fmt.Errorf("the session name %q is longer than %d characters", name, MaxSessionName)
	}
	for i, r := range name {
		ok := r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '_' ||
			(i > 0 && (r == '-' || r == '.'))
		if !ok {
			return fmt.Errorf("the session name %q may only hold letters, digits, - _ and . (not first)", name)
		}
	}
	return nil
}

// Path is the file of a named session.
func (st Store) Path(name string) string { return filepath.Join(st.Dir, name+".json") }

// Exists reports whether a named session is saved.
func (st Store) Exists(name string) bool {
	_, err := os.Stat(st.Path(name))
	return err == nil
}

// Load reads a named session. A missing session is fs.ErrNotExist.
func (st Store) Load(name string) (*Session, error) {
	if err := CheckSessionName(name); err != nil {
		return nil, err
	}
	data, err := os.ReadFile(st.Path(name))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("there is no session called %q: %w", name, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read session %q: %v", name, err)
	}
	s, err := Parse(data)
	if err != nil {
		return nil, fmt.Errorf("session %q cannot be used: %v", name, err)
	}
	return s, nil
}

// Save writes a named session atomically (game.WriteFileAtomic), after
// checking it, so a saved session always loads.
func (st Store) Save(name string, s *Session) error {
	if err := CheckSessionName(name); err != nil {
		return err
	}
	if err := s.Check(); err != nil {
		return err
	}
	data, err := s.Marshal()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(st.Dir, 0o755); err != nil {
		return fmt.Errorf("cannot make the score directory %s: %v", st.Dir, err)
	}
	return game.WriteFileAtomic(st.Path(name), data)
}

// Delete removes a named session.
func (st Store) Delete(name string) error {
	if err := CheckSessionName(name); err != nil {
		return err
	}
	if err := os.Remove(st.Path(name)); err != nil {
		return fmt.Errorf("cannot delete session %q: %v", name, err)
	}
	return nil
}

// Entry describes one saved session for a list.
type Entry struct {
	Name     string
	Modified time.Time // the file's modification time
	Players  []string
	Games    int
	Finished bool
	Leader   string // the winner once finished, else the leader; "" before any game
	Err      error  // the file could not be read or checked
}

// Summary is one line about the session: players, games, leader or winner.
func (e Entry) Summary() string {
	if e.Err != nil {
		return "cannot be opened: " + e.Err.Error()
	}
	s := strings.Join(e.Players, ", ")
	switch {
	case e.Games == 0:
		s += " - no games yet"
	case e.Games == 1:
		s += " - 1 game"
	default:
		s += fmt.Sprintf(" - %d games", e.Games)
	}
	switch {
	case e.Finished:
		s += ", " + e.Leader + " won"
	case e.Leader != "":
		s += ", " + e.Leader + " leads"
	}
	return s
}

// List describes every saved session, most recently changed first.
func (st Store) List() ([]Entry, error) {
	files, err := os.ReadDir(st.Dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list sessions in %s: %v", st.Dir, err)
	}
	var out []Entry
	for _, f := range files {
		name, ok := strings.CutSuffix(f.Name(), ".json")
		if !ok || f.IsDir() || CheckSessionName(name) != nil {
			continue
		}
		e := Entry{Name: name}
		if info, err := f.Info(); err == nil {
			e.Modified = info.ModTime()
		}
		s, err := st.Load(name)
		if err != nil {
			e.Err = err
			out = append(out, e)
			continue
		}
		e.Players = s.Players
		e.Games = len(s.Games)
		if res, err := s.Score(); err == nil {
			e.Finished = res.Finished
			if seat := res.Leader(); seat >= 0 {
				e.Leader = s.Players[seat]
			}
		}
		out = append(out, e)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Modified.Equal(out[j].Modified) {
			return out[i].Modified.After(out[j].Modified)
		}
		return out[i].Name < out[j].Name
	})
	return out, nil
}

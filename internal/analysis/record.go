package analysis

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/paths"
)

// This file is the one place that reads and lists the kept matches. Every
// match lives in the data directory's matches/ folder as NAME.json, in
// the match host's save format (host.LoadFile reads it, and the single
// save of earlier versions too).

// MatchesFolder is the folder of the data directory holding kept matches.
const MatchesFolder = "matches"

// Seat is who sat at a seat: a name, and for a computer its level.
type Seat = host.Seat

// Record is one kept match, read from its file.
type Record struct {
	Name     string    // the file's name without .json
	Path     string    // where it was read from
	Modified time.Time // the file's modification time
	Seats    []Seat
	Match    *game.Match
}

// Kind is "human" or "computer LEVEL" for seat i.
func (r *Record) Kind(i int) string {
	if i < 0 || i >= len(r.Seats) || !r.Seats[i].Computer {
		return "human"
	}
	return "computer " + r.Seats[i].Level
}

// MatchesDir is the folder of kept matches in the data directory.
func MatchesDir() (string, error) {
	dir, err := paths.DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, MatchesFolder), nil
}

// LoadMatchFile reads one kept match: its seats and the match.
func LoadMatchFile(path string) (*Record, error) {
	sv, err := host.LoadFile(path)
	if err != nil {
		return nil, err
	}
	rec := &Record{Name: sv.Name, Path: path, Seats: sv.Settings.Seats, Match: sv.Match}
	if st, err := os.Stat(path); err == nil {
		rec.Modified = st.ModTime()
	}
	return rec, nil
}

// WriteMatchFile writes a match and its seats to path in the kept-match
// format (tests and tools make kept matches with it).
func WriteMatchFile(path string, seats []Seat, m *game.Match) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return host.WriteFile(path, host.Settings{Seats: seats}, m)
}

// Entry is a kept match file, listed without reading it.
type Entry struct {
	Name     string
	Path     string
	Modified time.Time
}

// ListMatches lists the match files of dir, oldest first (ties by name).
// A missing folder is an empty list.
func ListMatches(dir string) ([]Entry, error) {
	des, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot list the kept matches in %s: %v", dir, err)
	}
	var out []Entry
	for _, de := range des {
		if de.IsDir() || !strings.HasSuffix(de.Name(), ".json") {
			continue
		}
		info, err := de.Info()
		if err != nil {
			continue
		}
		out = append(out, Entry{Name: strings.TrimSuffix(de.Name(), ".json"), Path: filepath.Join(dir, de.Name()), Modified: info.ModTime()})
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := a.Modified.Compare(b.Modified); c != 0 {
			return c
		}
		return strings.Compare(a.Name, b.Name)
	})
	return out, nil
}

// Find resolves what a command was given: a path to a file (anything
// with a slash or ending in .json that exists), else the name of a kept
// match in dir; last picks the newest kept match instead.
func Find(dir, name string, last bool) (*Record, error) {
	if last {
		list, err := ListMatches(dir)
		if err != nil {
			return nil, err
		}
		if len(list) == 0 {
			return nil, fmt.Errorf("no match has been kept yet (matches are kept in %s)", dir)
		}
		return LoadMatchFile(list[len(list)-1].Path)
	}
	if name == "" {
		return nil, errors.New("name a kept match, or give --last for the newest one")
	}
	if strings.ContainsRune(name, os.PathSeparator) || strings.HasSuffix(name, ".json") {
		if _, err := os.Stat(name); err == nil {
			return LoadMatchFile(name)
		}
	}
	path := filepath.Join(dir, name+".json")
	if _, err := os.Stat(path); err != nil {
		return nil, fmt.Errorf("there is no kept match named %q in %s", name, dir)
	}
	return LoadMatchFile(path)
}

// LoadAll reads every kept match of dir, oldest first. A file that cannot
// be read is skipped and named, with the reason, in skipped.
func LoadAll(dir string) (recs []*Record, skipped []string, err error) {
	list, err := ListMatches(dir)
	if err != nil {
		return nil, nil, err
	}
	for _, e := range list {
		rec, err := LoadMatchFile(e.Path)
		if err != nil {
			skipped = append(skipped, err.Error())
			continue
		}
		recs = append(recs, rec)
	}
	return recs, skipped, nil
}

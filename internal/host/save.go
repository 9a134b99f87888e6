package host

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"
	"unicode"

	"rummikub/internal/game"
)

// Seat is one seat at the table: a name, and for a computer seat its
// level (or, for a bot, the command that runs it).
type Seat struct {
	Name     string `json:"name"`
	Computer bool   `json:"computer,omitempty"`
	Level    string `json:"level,omitempty"`
}

// Settings are the choices a match was started with besides its rules:
// who sits where, and how the table plays. They are saved with the match.
type Settings struct {
	Seats    []Seat
	Practice bool // one human against computers: hints, no clock, take-back
	Hints    bool // hints allowed (always in practice)
	// ComputerPause is how long a computer's move stays on view before
	// play goes on (Continue skips it).
	ComputerPause time.Duration
	// Theme is the screen's colour theme, kept with the match for the
	// screen that resumes it; the host does not use it.
	Theme string
}

// Humans counts the human seats.
func (s *Settings) Humans() int {
	n := 0
	for _, seat := range s.Seats {
		if !seat.Computer {
			n++
		}
	}
	return n
}

// The save file of a hosted match: the settings, the clock's time left,
// and the engine's own save of the match inside. Format 1 (the single
// match.json of earlier versions) is read too.
const (
	saveFormat       = "rummikub-table-2"
	legacySaveFormat = "rummikub-table-1"
)

type saveFile struct {
	Format   string    `json:"format"`
	Created  time.Time `json:"created,omitzero"`
	Saved    time.Time `json:"saved,omitzero"`
	Seats    []Seat    `json:"seats"`
	Practice bool      `json:"practice,omitempty"`
	Hints    bool      `json:"hints,omitempty"`
	AIDelay  string    `json:"ai_delay,omitempty"`
	Theme    string    `json:"theme,omitempty"`
	Finished bool      `json:"finished,omitempty"`
	// TurnLeftMS is the time left of the current turn when it was saved;
	// absent when the turn had its full time or no clock runs.
	TurnLeftMS *int64          `json:"turn_left_ms,omitempty"`
	Match      json.RawMessage `json:"match"`
}

// Saved is a match read back from its file.
type Saved struct {
	Name     string // the file's name in the store, without .json
	Path     string
	Settings Settings
	Match    *game.Match
	// TurnLeft is the time the player whose turn it is had left; 0 for
	// the full time.
	TurnLeft time.Duration
	Created  time.Time
	SavedAt  time.Time
}

// Finished reports whether the saved match is over.
func (s *Saved) Finished() bool { return s.Match.Over() }

func marshalSave(st Settings, m *game.Match, left time.Duration, created, now time.Time) ([]byte, error) {
	data, err := m.MarshalSave()
	if err != nil {
		return nil, err
	}
	f := saveFile{
		Format: saveFormat, Created: created, Saved: now,
		Seats: st.Seats, Practice: st.Practice, Hints: st.Hints, Theme: st.Theme,
		Finished: m.Over(), Match: data,
	}
	if st.ComputerPause > 0 {
		f.AIDelay = st.ComputerPause.String()
	}
	if left > 0 {
		ms := left.Milliseconds()
		f.TurnLeftMS = &ms
	}
	return json.MarshalIndent(f, "", "  ")
}

// WriteFile writes a match with its settings to path atomically, in the
// format Store keeps (tools and tests make kept matches with it).
func WriteFile(path string, st Settings, m *game.Match) error {
	data, err := marshalSave(st, m, 0, time.Time{}, time.Time{})
	if err != nil {
		return err
	}
	return game.WriteFileAtomic(path, append(data, '\n'))
}

// UnmarshalSaved reads a save file's contents (either format).
func UnmarshalSaved(data []byte) (*Saved, error) {
	var f saveFile
	if err := json.Unmarshal(data, &f); err != nil || (f.Format != saveFormat && f.Format != legacySaveFormat) {
		return nil, errors.New("it is not a saved match of this game")
	}
	m, err := game.UnmarshalSave(f.Match)
	if err != nil {
		return nil, err
	}
	if len(f.Seats) != len(m.Names) {
		return nil, fmt.Errorf("it is damaged: %d seats for %d players", len(f.Seats), len(m.Names))
	}
	s := &Saved{Match: m, Created: f.Created, SavedAt: f.Saved}
	s.Settings = Settings{Seats: f.Seats, Practice: f.Practice, Hints: f.Hints, Theme: f.Theme}
	for i := range s.Settings.Seats {
		s.Settings.Seats[i].Name = m.Names[i]
	}
	if f.AIDelay != "" {
		if d, err := time.ParseDuration(f.AIDelay); err == nil && d >= 0 {
			s.Settings.ComputerPause = d
		}
	}
	if f.TurnLeftMS != nil && *f.TurnLeftMS > 0 {
		s.TurnLeft = time.Duration(*f.TurnLeftMS) * time.Millisecond
		if limit := time.Duration(m.Rules.TurnSeconds) * time.Second; s.TurnLeft > limit {
			s.TurnLeft = limit
		}
	}
	return s, nil
}

// Store is the folder that keeps one file per match, unfinished and
// finished alike: a new match never replaces another, and finished
// matches stay as the history that replay, analysis and stats read.
type Store struct {
	Dir string
	// beforeWrite, when set, runs before each write (tests: a slow disk).
	beforeWrite func()
}

// LegacyName is the single save file of earlier versions, in the data
// directory beside the store's folder.
const LegacyName = "match.json"

// NewStore is the store in dir, created on demand.
func NewStore(dir string) (*Store, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("cannot make the folder for saved matches: %w", err)
	}
	return &Store{Dir: dir}, nil
}

// Path is the file of the match called name.
func (s *Store) Path(name string) string { return filepath.Join(s.Dir, name+".json") }

// NewName gives a new match a file name of its own: the date and time
// and the players ("2026-12-01-2045-ana-ben"), numbered when taken.
func (s *Store) NewName(names []string, now time.Time) string {
	var who []string
	for _, n := range names {
		who = append(who, slug(n))
	}
	base := now.Format("2006-01-02-1504") + "-" + strings.Join(who, "-")
	if len(base) > 80 {
		base = base[:80]
	}
	name := base
	for i := 2; ; i++ {
		if _, err := os.Stat(s.Path(name)); errors.Is(err, os.ErrNotExist) {
			return name
		}
		name = fmt.Sprintf("%s-%d", base, i)
	}
}

// slug is a name reduced to letters and digits for a file name.
func slug(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "player"
	}
	return b.String()
}

// Write saves data as the match called name, atomically.
func (s *Store) Write(name string, data []byte) error {
	if s.beforeWrite != nil {
		s.beforeWrite()
	}
	return game.WriteFileAtomic(s.Path(name), data)
}

// Load reads the match called name.
func (s *Store) Load(name string) (*Saved, error) {
	return LoadFile(s.Path(name))
}

// LoadFile reads a saved match from a file of either format.
func LoadFile(path string) (*Saved, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, fmt.Errorf("there is no saved match %s", strings.TrimSuffix(filepath.Base(path), ".json"))
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the saved match: %w", err)
	}
	sv, err := UnmarshalSaved(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	sv.Path = path
	sv.Name = strings.TrimSuffix(filepath.Base(path), ".json")
	if sv.SavedAt.IsZero() {
		if fi, err := os.Stat(path); err == nil {
			sv.SavedAt = fi.ModTime()
		}
	}
	return sv, nil
}

// Entry is one saved match in a listing.
type Entry struct {
	Name     string
	Players  []string
	Game     int // the game being played (or the last one)
	Games    int // games agreed (0: until a target)
	Finished bool
	Saved    time.Time
	Rules    string
}

// List is every saved match, the most recently saved first. Files that
// cannot be read are left out.
func (s *Store) List() ([]Entry, error) {
	files, err := filepath.Glob(filepath.Join(s.Dir, "*.json"))
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, f := range files {
		sv, err := LoadFile(f)
		if err != nil {
			continue
		}
		out = append(out, Entry{
			Name: sv.Name, Players: sv.Match.Names, Game: sv.Match.Game.Number,
			Games: sv.Match.Length(), Finished: sv.Finished(), Saved: sv.SavedAt,
			Rules: sv.Match.Rules.Preset,
		})
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Saved.Equal(out[j].Saved) {
			return out[i].Saved.After(out[j].Saved)
		}
		return out[i].Name > out[j].Name
	})
	return out, nil
}

// Unfinished is the saved matches still to be played, newest first.
func (s *Store) Unfinished() ([]Entry, error) {
	all, err := s.List()
	var out []Entry
	for _, e := range all {
		if !e.Finished {
			out = append(out, e)
		}
	}
	return out, err
}

// ImportLegacy moves the single save file of earlier versions (legacy,
// usually DATA/match.json) into the store as a match of its own, so it
// is listed and resumed like any other. It does nothing when there is no
// such file, and leaves a file it cannot read where it is.
func (s *Store) ImportLegacy(legacy string) error {
	data, err := os.ReadFile(legacy)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	sv, err := UnmarshalSaved(data)
	if err != nil {
		return nil
	}
	when := time.Now()
	if fi, err := os.Stat(legacy); err == nil {
		when = fi.ModTime()
	}
	name := s.NewName(sv.Match.Names, when)
	if err := s.Write(name, data); err != nil {
		return err
	}
	return os.Remove(legacy)
}

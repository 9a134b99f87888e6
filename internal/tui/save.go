package tui

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/paths"
)

// SaveName is the file in the data directory that holds the match in
// progress.
const SaveName = "match.json"

// savedTable is the terminal game's save: the seats (who is a computer,
// at which level), the match options, and the engine's own save of the
// match inside.
type savedTable struct {
	Format   string          `json:"format"`
	Seats    []SeatConfig    `json:"seats"`
	Practice bool            `json:"practice,omitempty"`
	Hints    bool            `json:"hints,omitempty"`
	AIDelay  string          `json:"ai_delay,omitempty"`
	Theme    string          `json:"theme,omitempty"`
	Match    json.RawMessage `json:"match"`
}

const saveFormat = "rummikub-table-1"

// DefaultSavePath is the save file in the user's data directory.
func DefaultSavePath() (string, error) {
	dir, err := paths.DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, SaveName), nil
}

// SaveTable writes the match and its seats to path atomically.
func SaveTable(path string, cfg Config, m *game.Match) error {
	data, err := m.MarshalSave()
	if err != nil {
		return err
	}
	st := savedTable{
		Format:   saveFormat,
		Seats:    cfg.Seats,
		Practice: cfg.Practice,
		Hints:    cfg.Hints,
		Theme:    cfg.Theme,
		Match:    data,
	}
	if cfg.AIDelay > 0 {
		st.AIDelay = cfg.AIDelay.String()
	}
	out, err := json.MarshalIndent(st, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return game.WriteFileAtomic(path, out)
}

// ErrNoSave says there is no saved match to resume.
var ErrNoSave = errors.New("there is no saved match to resume")

// LoadTable reads a saved match: the configuration (rules, seats) and the
// match itself.
func LoadTable(path string) (Config, *game.Match, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return Config{}, nil, ErrNoSave
	}
	if err != nil {
		return Config{}, nil, fmt.Errorf("cannot read the saved match: %w", err)
	}
	var st savedTable
	if err := json.Unmarshal(data, &st); err != nil || st.Format != saveFormat {
		return Config{}, nil, fmt.Errorf("%s is not a saved match of this game", path)
	}
	m, err := game.UnmarshalSave(st.Match)
	if err != nil {
		return Config{}, nil, err
	}
	if len(st.Seats) != len(m.Names) {
		return Config{}, nil, fmt.Errorf("%s is damaged: %d seats for %d players", path, len(st.Seats), len(m.Names))
	}
	cfg := Config{Rules: m.Rules, Seats: st.Seats, Seed: m.Seed, Practice: st.Practice, Hints: st.Hints, Theme: st.Theme, SavePath: path}
	for i := range cfg.Seats {
		cfg.Seats[i].Name = m.Names[i]
	}
	if st.AIDelay != "" {
		if d, err := time.ParseDuration(st.AIDelay); err == nil {
			cfg.AIDelay = d
		}
	}
	return cfg, m, nil
}

// HasSave reports whether a saved match waits at path.
func HasSave(path string) bool {
	_, err := os.Stat(path)
	return err == nil
}

// save writes the match after a turn. A failure is shown, never fatal.
func (p *Play) save() {
	if p.cfg.SavePath == "" {
		return
	}
	if p.match.Over() {
		// A finished match is not resumed.
		os.Remove(p.cfg.SavePath)
		return
	}
	if err := SaveTable(p.cfg.SavePath, p.cfg, p.match); err != nil {
		p.saveErr = "The match could not be saved: " + err.Error()
		return
	}
	p.saveErr = ""
}

package puzzle

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/paths"
)

// ProgressName is the file in the data directory that remembers solved
// puzzles.
const ProgressName = "puzzles.json"

// Progress is which puzzles a player solved, and when (a date, UTC).
type Progress struct {
	Format string         `json:"format"`
	Solved map[int]string `json:"solved"`
}

const progressFormat = "rummikub-puzzle-progress-1"

// DefaultProgressPath is the progress file in the data directory.
func DefaultProgressPath() (string, error) {
	dir, err := paths.DataDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(dir, ProgressName), nil
}

// LoadProgress reads the progress file; a missing file is no progress.
func LoadProgress(path string) (Progress, error) {
	p := Progress{Format: progressFormat, Solved: map[int]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("cannot read the puzzle progress: %v", err)
	}
	if err := json.Unmarshal(data, &p); err != nil || p.Format != progressFormat {
		return Progress{Format: progressFormat, Solved: map[int]string{}}, fmt.Errorf("%s is not a puzzle progress file", path)
	}
	if p.Solved == nil {
		p.Solved = map[int]string{}
	}
	return p, nil
}

// MarkSolved records puzzle id as solved at now (the first time counts).
func (p *Progress) MarkSolved(id int, now time.Time) {
	if p.Solved == nil {
		p.Solved = map[int]string{}
	}
	if _, ok := p.Solved[id]; !ok {
		p.Solved[id] = now.UTC().Format("2006-01-02")
	}
}

// IsSolved reports whether puzzle id was solved.
func (p *Progress) IsSolved(id int) bool {
	_, ok := p.Solved[id]
	return ok
}

// Save writes the progress atomically.
func (p *Progress) Save(path string) error {
	p.Format = progressFormat
	data, err := json.MarshalIndent(p, "", "  ")
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return game.WriteFileAtomic(path, append(data, '\n'))
}

// SolvedIDs lists the solved puzzles in order.
func (p *Progress) SolvedIDs() []int {
	var ids []int
	for id := range p.Solved {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	return ids
}

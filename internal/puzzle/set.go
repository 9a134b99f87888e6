package puzzle

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"
	"time"
)

// File is the shipped puzzle file (data/puzzles.json), as the generator
// writes it.
type File struct {
	Format  string   `json:"format"`
	Seed    uint64   `json:"seed"`
	Command string   `json:"command"`
	Grading string   `json:"grading"`
	Puzzles []Puzzle `json:"puzzles"`
}

// FileFormat tags a puzzle file.
const FileFormat = "rummikub-puzzles-1"

// GradingText states how puzzles are graded.
const GradingText = "effort = table tiles the solution moves away from their set + tiles placed beyond the plain play (new sets from the rack, tiles added to table sets) + 2 when a table joker changes what it stands for; easy up to 4, medium 5 to 8, hard 9 and more"

// NewFile wraps generated puzzles for writing.
func NewFile(seed uint64, ps []Puzzle) File {
	return File{
		Format:  FileFormat,
		Seed:    seed,
		Command: fmt.Sprintf("rummikub puzzle --generate --seed %d --count %d", seed, len(ps)),
		Grading: GradingText,
		Puzzles: ps,
	}
}

//go:embed data/puzzles.json
var shipped []byte

var (
	loadOnce sync.Once
	all      []Puzzle
	loadErr  error
)

// All is the shipped puzzles, by id from 1.
func All() ([]Puzzle, error) {
	loadOnce.Do(func() {
		var f File
		if err := json.Unmarshal(shipped, &f); err != nil || f.Format != FileFormat {
			loadErr = fmt.Errorf("the shipped puzzles cannot be read: %v", err)
			return
		}
		all = f.Puzzles
	})
	return all, loadErr
}

// ByID is the puzzle with id n.
func ByID(n int) (Puzzle, error) {
	ps, err := All()
	if err != nil {
		return Puzzle{}, err
	}
	if n < 1 || n > len(ps) {
		return Puzzle{}, fmt.Errorf("there is no puzzle %d; they are numbered 1 to %d", n, len(ps))
	}
	return ps[n-1], nil
}

// dailyEpoch is the day of puzzle 1.
var dailyEpoch = time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)

// Daily is the puzzle of the day of now, the same everywhere: the days
// are counted in UTC from 2026-01-01 and run through the puzzles in turn.
func Daily(now time.Time) (Puzzle, error) {
	ps, err := All()
	if err != nil {
		return Puzzle{}, err
	}
	if len(ps) == 0 {
		return Puzzle{}, fmt.Errorf("no puzzles are shipped")
	}
	y, m, d := now.UTC().Date()
	days := int(time.Date(y, m, d, 0, 0, 0, 0, time.UTC).Sub(dailyEpoch).Hours() / 24)
	i := days % len(ps)
	if i < 0 {
		i += len(ps)
	}
	return ps[i], nil
}

package bot

import (
	"io"
	"strings"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

// Prefix marks a bot seat in a players list: cmd:COMMAND.
const Prefix = "cmd:"

// DefaultTime is the time a bot's move gets when neither the caller nor
// the turn timer says otherwise.
const DefaultTime = time.Second

// IsCommand reports whether a players-list entry is a bot seat.
func IsCommand(entry string) bool {
	return len(entry) >= len(Prefix) && strings.EqualFold(entry[:len(Prefix)], Prefix)
}

// Maker makes bot seats from cmd:COMMAND entries, for sim (a
// sim.SeatMaker) and the game.
type Maker struct {
	// Log receives every bot's stderr and the referee's notes.
	Log io.Writer
	// Time is a bot's time per move; 0 means the caller's thinking budget,
	// else DefaultTime. A shorter turn timer cuts it.
	Time time.Duration
	// Startup is the time a bot has to answer the hello (0: 10 s).
	Startup time.Duration
}

// Owns reports whether entry is a bot seat.
func (m *Maker) Owns(entry string) bool { return IsCommand(entry) }

// Check says whether a bot seat's command can be run.
func (m *Maker) Check(entry string) error {
	_, err := ParseCommand(entry[len(Prefix):])
	return err
}

// Budget is a bot's time per move under rules r.
func (m *Maker) Budget(entry string, think time.Duration, r *game.Rules) time.Duration {
	t := m.Time
	if t <= 0 {
		t = think
	}
	if t <= 0 {
		t = DefaultTime
	}
	if r != nil && r.TurnSeconds > 0 {
		if limit := time.Duration(r.TurnSeconds) * time.Second; limit < t {
			t = limit
		}
	}
	return t
}

// New makes the seat of a bot entry; its process starts at its first
// turn.
func (m *Maker) New(entry string, seed uint64, _ time.Duration) (ai.Player, error) {
	argv, err := ParseCommand(entry[len(Prefix):])
	if err != nil {
		return nil, err
	}
	return NewSeat(argv, Options{Log: m.Log, Startup: m.Startup, Seed: seed}), nil
}

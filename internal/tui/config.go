package tui

import (
	"fmt"
	"strings"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// SeatConfig is one seat at the table: a name, and for a computer seat
// its level (host.Seat).
type SeatConfig = host.Seat

// Config is everything a match is started with, from the setup screen or
// the flags of `rummikub play`.
type Config struct {
	Rules    game.Rules
	Seats    []SeatConfig
	Seed     uint64
	Practice bool          // one human against computers: hints, no timer, take-back
	Hints    bool          // hints allowed (always in practice)
	AIDelay  time.Duration // pause after a computer turn that a key skips
	Theme    string        // theme name; "" for the default
	// SaveName is the match's name in the store of saved matches, for a
	// resumed match ("" gives a new match a name of its own).
	SaveName string
	// TurnLeft is the time left of the turn in play, for a resumed match.
	TurnLeft time.Duration
}

// Settings are the host's settings for the configuration.
func (c *Config) Settings() host.Settings {
	return host.Settings{Seats: append([]SeatConfig(nil), c.Seats...), Practice: c.Practice, Hints: c.Hints, ComputerPause: c.AIDelay, Theme: c.Theme}
}

// ConfigFromSaved is the configuration of a saved match.
func ConfigFromSaved(sv *host.Saved) Config {
	st := sv.Settings
	return Config{
		Rules: sv.Match.Rules, Seats: st.Seats, Seed: sv.Match.Seed, Practice: st.Practice, Hints: st.Hints,
		AIDelay: st.ComputerPause, Theme: st.Theme, SaveName: sv.Name, TurnLeft: sv.TurnLeft,
	}
}

// ComputerLevels are the computer levels offered, weakest first.
var ComputerLevels = ai.Levels()

// ParseSeats reads a --players list: names separated by commas, a
// computer seat written cpu or cpu:LEVEL (optionally NAME=cpu:LEVEL).
// Computer seats without a name are named after their level.
func ParseSeats(s string) ([]SeatConfig, error) {
	var seats []SeatConfig
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			return nil, fmt.Errorf("the players list %q has an empty name", s)
		}
		name, spec := part, part
		if i := strings.Index(part, "="); i >= 0 {
			name, spec = strings.TrimSpace(part[:i]), strings.TrimSpace(part[i+1:])
		}
		lower := strings.ToLower(spec)
		if lower == "cpu" || strings.HasPrefix(lower, "cpu:") {
			level := "medium"
			if strings.HasPrefix(lower, "cpu:") {
				level = strings.TrimPrefix(lower, "cpu:")
			}
			if !validLevel(level) {
				return nil, fmt.Errorf("unknown computer level %q; the levels are %s", level, strings.Join(ComputerLevels, ", "))
			}
			if name == spec {
				name = ""
			}
			seats = append(seats, SeatConfig{Name: name, Computer: true, Level: level})
			continue
		}
		if len([]rune(name)) > 12 {
			return nil, fmt.Errorf("the name %q is longer than 12 letters", name)
		}
		seats = append(seats, SeatConfig{Name: name})
	}
	nameComputers(seats)
	return seats, nil
}

// nameComputers gives unnamed computer seats a name from their level,
// numbered when the same level sits twice.
func nameComputers(seats []SeatConfig) {
	count := map[string]int{}
	for _, s := range seats {
		if s.Computer && s.Name == "" {
			count[s.Level]++
		}
	}
	seen := map[string]int{}
	for i := range seats {
		s := &seats[i]
		if !s.Computer || s.Name != "" {
			continue
		}
		base := "CPU " + s.Level
		if count[s.Level] > 1 {
			seen[s.Level]++
			base = fmt.Sprintf("%s %d", base, seen[s.Level])
		}
		s.Name = base
	}
}

func validLevel(l string) bool {
	for _, v := range ComputerLevels {
		if v == l {
			return true
		}
	}
	return false
}

// Validate checks a configuration against its rules: seat count, names,
// practice mode.
func (c *Config) Validate() error {
	n := len(c.Seats)
	if n < 2 || n > c.Rules.MaxPlayers {
		return fmt.Errorf("a match needs 2 to %d players under these rules, not %d", c.Rules.MaxPlayers, n)
	}
	seen := map[string]bool{}
	humans := 0
	for _, s := range c.Seats {
		key := strings.ToLower(s.Name)
		if seen[key] {
			return fmt.Errorf("two players are called %q; give every player a different name", s.Name)
		}
		seen[key] = true
		if !s.Computer {
			humans++
		}
	}
	if c.Practice && humans != 1 {
		return fmt.Errorf("practice is one human against computer players; this table has %d humans", humans)
	}
	return c.Rules.Validate()
}

// Names lists the seats' names in seat order.
func (c *Config) Names() []string {
	out := make([]string, len(c.Seats))
	for i, s := range c.Seats {
		out[i] = s.Name
	}
	return out
}

// Humans counts the human seats.
func (c *Config) Humans() int {
	st := c.Settings()
	return st.Humans()
}

package sim

import (
	"errors"
	"io"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// SeatMaker makes the players of entries that are not levels, such as
// bot processes (cmd:COMMAND): the command line gives internal/seats'
// Entries, which owns every kind of seat; internal/bot's tests give
// bot.Maker. sim knows them only as
// ai.Players; a player may also implement the host's optional hooks
// (host.Beginner, host.RefusalListener, host.Finisher) and io.Closer.
type SeatMaker interface {
	// Owns reports whether entry is one of the maker's players.
	Owns(entry string) bool
	// Check says whether entry can be played, before any game.
	Check(entry string) error
	// Budget is the time a move of entry gets.
	Budget(entry string, think time.Duration, r *game.Rules) time.Duration
	// New makes entry's player for one game, its random choices from seed.
	New(entry string, seed uint64, think time.Duration) (ai.Player, error)
}

// The faults of a turn counted per entry: the engine refused the move or
// it could not be read (invalid), no answer came by the deadline (late),
// the player's process died (crashed), or the player had been retired
// and its turn was drawn or passed without asking it (retired).
const (
	faultInvalid = iota
	faultLate
	faultCrashed
	faultRetired
	numFaults
)

// faultOf classifies a Move error: a player's error that names its kind
// (a bot's Fault), otherwise invalid.
func faultOf(err error) int {
	var f interface{ FaultKind() string }
	if errors.As(err, &f) {
		switch f.FaultKind() {
		case "late":
			return faultLate
		case "crashed":
			return faultCrashed
		case "retired":
			return faultRetired
		}
	}
	return faultInvalid
}

// begin lets every player that wants to prepare for the game (start its
// process) do so before the first turn's clock runs.
func begin(m *game.Match, seats []ai.Player) {
	for s, p := range seats {
		if b, ok := p.(host.Beginner); ok {
			b.Begin(m.ViewFor(s))
		}
	}
}

// finish tells every player the game is over and lets it go.
func finish(m *game.Match, seats []ai.Player) {
	for s, p := range seats {
		if f, ok := p.(host.Finisher); ok && m.Game.Over {
			f.Finish(m.ViewFor(s))
		}
		if c, ok := p.(io.Closer); ok {
			_ = c.Close()
		}
	}
}

// checkEntry says whether an entry of the players list can play.
func (c *Config) checkEntry(entry string) error {
	if c.Seats != nil && c.Seats.Owns(entry) {
		return c.Seats.Check(entry)
	}
	_, err := ai.New(entry, 0)
	return err
}

// newPlayer makes an entry's player for one game.
func (c *Config) newPlayer(entry string, seed uint64) (ai.Player, error) {
	if c.Seats != nil && c.Seats.Owns(entry) {
		return c.Seats.New(entry, seed, c.Think)
	}
	return ai.NewWithOptions(entry, seed, ai.Options{Think: c.Think})
}

// budget is the time a move of entry gets.
func (c *Config) budget(entry string) time.Duration {
	if c.Seats != nil && c.Seats.Owns(entry) {
		return c.Seats.Budget(entry, c.Think, &c.Rules)
	}
	return ai.Budget(entry, c.Think, &c.Rules)
}

// ByWorker is a SeatMaker that says which of its entries think by their
// work budget alone when the configuration is Deterministic (its levels,
// not its bots); the entries of a SeatMaker without it keep their
// deadline.
type ByWorker interface {
	ByWork(entry string) bool
}

// byWork reports whether a move of entry gets no deadline: a level when
// Deterministic.
func (c *Config) byWork(entry string) bool {
	if !c.Deterministic {
		return false
	}
	if c.Seats != nil && c.Seats.Owns(entry) {
		b, ok := c.Seats.(ByWorker)
		return ok && b.ByWork(entry)
	}
	return true
}

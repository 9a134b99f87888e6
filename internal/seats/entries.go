package seats

import (
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

// Entries is a Maker read by entry, as internal/sim takes it (a
// sim.SeatMaker that owns every entry Parse reads). The thinking budget
// each call gives replaces the options' Think. sim does not import this
// package: internal/bot's tests play through sim, and this package
// makes bots.
type Entries struct {
	Maker
}

// Owns reports whether entry is a seat of this package: any bot entry
// (Check says what is wrong with a bad one), and every other entry
// Parse reads.
func (e *Entries) Owns(entry string) bool {
	if IsBot(entry) {
		return true
	}
	_, err := Parse(entry)
	return err == nil
}

// Check says whether entry can be played.
func (e *Entries) Check(entry string) error {
	_, err := Parse(entry)
	return err
}

// Budget is the time a move of entry gets under rules r.
func (e *Entries) Budget(entry string, think time.Duration, r *game.Rules) time.Duration {
	s, err := Parse(entry)
	if err != nil {
		return 0
	}
	return e.with(think).Budget(s, r)
}

// New makes entry's player for one game.
func (e *Entries) New(entry string, seed uint64, think time.Duration) (ai.Player, error) {
	s, err := Parse(entry)
	if err != nil {
		return nil, err
	}
	return e.with(think).Player(s, seed)
}

// ByWork reports whether entry's moves get no deadline.
func (e *Entries) ByWork(entry string) bool {
	s, err := Parse(entry)
	return err == nil && e.Maker.ByWork(s)
}

func (e *Entries) with(think time.Duration) Maker {
	m := e.Maker
	m.Think = think
	return m
}

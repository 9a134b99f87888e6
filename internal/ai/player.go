package ai

import (
	"context"
	"fmt"
	"strings"
	"time"

	"rummikub/internal/game"
)

// Player is a computer seat. Move returns the next action for the seat of
// v, which must be that seat's turn. It returns within ctx's deadline
// (keeping a margin for the caller), and the action is always one the
// engine accepts, or else a bug. An error means the view is not one a
// player can act on (not its turn, the game is over).
type Player interface {
	Move(ctx context.Context, v game.SeatView) (game.Action, error)
}

// The level names, weakest first.
const (
	Easy   = "easy"
	Medium = "medium"
	Hard   = "hard"
	Expert = "expert"
)

// Levels lists the level names, weakest first.
func Levels() []string { return []string{Easy, Medium, Hard, Expert} }

// DefaultThink is the thinking budget per move a level uses when none is
// given: one second for expert, less for the others. A turn timer shorter
// than this wins (see Budget).
func DefaultThink(level string) time.Duration {
	switch strings.ToLower(level) {
	case Expert:
		return time.Second
	case Hard:
		return 300 * time.Millisecond
	case Medium:
		return 200 * time.Millisecond
	}
	return 100 * time.Millisecond
}

// Budget is the time a computer seat may take for a turn under rules r
// with a thinking budget think (0 = the level's default): the think
// budget, cut to the turn timer when one is set and shorter.
func Budget(level string, think time.Duration, r *game.Rules) time.Duration {
	if think <= 0 {
		think = DefaultThink(level)
	}
	if r != nil && r.TurnSeconds > 0 {
		if limit := time.Duration(r.TurnSeconds) * time.Second; limit < think {
			think = limit
		}
	}
	return think
}

// Options tunes a player beyond its level.
type Options struct {
	// Think is the time per turn the player expects from its caller; 0
	// means DefaultThink. It only sizes the margin the player keeps before
	// its context's deadline: what the player does is sized by Work.
	Think time.Duration
	// Work is the work budget of a move (solver.Work units); 0 means the
	// level's own (WorkBudget).
	Work int64
}

// New returns a player of the named level (case-insensitive), its random
// choices drawn from seed.
func New(level string, seed uint64) (Player, error) {
	return NewWithOptions(level, seed, Options{})
}

// NewWithOptions is New with a thinking budget and other options.
func NewWithOptions(level string, seed uint64, o Options) (Player, error) {
	lv := strings.ToLower(strings.TrimSpace(level))
	if o.Think <= 0 {
		o.Think = DefaultThink(lv)
	}
	if o.Work <= 0 {
		o.Work = WorkBudget(lv)
	}

	b := base{level: lv, think: o.Think, work: o.Work, seed: seed}
	switch lv {
	case Easy:
		return &easy{base: b}, nil
	case Medium:
		return &medium{base: b}, nil
	case Hard:
		return &hard{base: b}, nil
	case Expert:
		return &expert{hard: hard{base: b}, cache: newEndCache()}, nil
	}
	if strings.HasPrefix(lv, PanelPrefix) {
		return newPanel(b)
	}
	return nil, fmt.Errorf("unknown computer level %q; the levels are %s", level, strings.Join(Levels(), ", "))
}

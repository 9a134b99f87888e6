package seats

import (
	"context"
	"errors"
	"io"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/bot"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// Options say how a Maker's players think and where bots write.
type Options struct {
	// Deterministic: a level's moves get no deadline (Computer) and think
	// by their work budget alone, so the same seed plays the same moves on
	// any machine. A bot keeps its own time per move.
	Deterministic bool
	// Think is a level's thinking budget per move; 0 means its own
	// (ai.DefaultThink).
	Think time.Duration
	// Work is a level's work budget per move; 0 means its own.
	Work int64
	// BotTime is a bot's time per move; 0 means Think, else
	// bot.DefaultTime. A shorter turn timer cuts it.
	BotTime time.Duration
	// BotLog receives every bot's stderr and the referee's notes about it.
	BotLog io.Writer
	// OpenBotLog, when BotLog is nil, opens the log for each bot made.
	OpenBotLog func() (io.WriteCloser, error)
	// Startup is the time a bot has to answer the hello (0: bot's own).
	Startup time.Duration
}

// Maker makes the players of seat entries.
type Maker struct {
	Options
}

// Player makes spec's player for one game, its random choices drawn from
// seed: it moves within whatever deadline its caller's context carries
// (sim, the bot command, self-play). A bot's process starts at its first
// turn and may implement the host's optional hooks and io.Closer.
func (m Maker) Player(s Spec, seed uint64) (ai.Player, error) {
	switch s.Kind {
	case Level, Panel:
		return ai.NewWithOptions(s.Entry, seed, ai.Options{Think: m.Think, Work: m.Work})
	case Command:
		log := m.BotLog
		if log == nil && m.OpenBotLog != nil {
			f, err := m.OpenBotLog()
			if err != nil {
				return nil, err
			}
			log = f
		}
		return m.bots(log).New(s.Entry, seed, m.Think)
	}
	return nil, errors.New("seats: a seat of no kind")
}

// Budget is the time a move of spec gets under rules r: the thinking
// budget (a bot's BotTime), cut to the turn timer when that is shorter.
func (m Maker) Budget(s Spec, r *game.Rules) time.Duration {
	if s.Kind == Command {
		return m.bots(nil).Budget(s.Entry, m.Think, r)
	}
	return ai.Budget(s.Entry, m.Think, r)
}

// bots is the maker of bot seats under these options.
func (m Maker) bots(log io.Writer) *bot.Maker {
	return &bot.Maker{Log: log, Time: m.BotTime, Startup: m.Startup}
}

// ByWork reports whether spec's moves get no deadline under these
// options: a level or panel player when Deterministic.
func (m Maker) ByWork(s Spec) bool {
	return m.Deterministic && (s.Kind == Level || s.Kind == Panel)
}

// Computer makes spec's seat for a host: a level thinks within its own
// budget inside the turn's deadline, or, ByWork, without a deadline; a
// bot keeps its own time, within the turn's.
func (m Maker) Computer(s Spec, seed uint64) (host.Computer, error) {
	p, err := m.Player(s, seed)
	if err != nil || s.Kind == Command {
		return p, err
	}
	return levelSeat{p: p, level: s.Entry, think: m.Think, byWork: m.ByWork(s)}, nil
}

// levelSeat gives a level its thinking budget for each move, within the
// turn's own deadline; or, byWork, no deadline at all, so that its work
// budget alone decides where it stops.
type levelSeat struct {
	p      ai.Player
	level  string
	think  time.Duration
	byWork bool
}

// Move asks the player for its action within its level's budget.
func (s levelSeat) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	var cancel context.CancelFunc
	if s.byWork {
		ctx, cancel = WithoutDeadline(ctx)
	} else {
		ctx, cancel = context.WithTimeout(ctx, ai.Budget(s.level, s.think, &v.Rules))
	}
	defer cancel()
	return s.p.Move(ctx, v)
}

// WithoutDeadline is ctx without its deadline: cancelled when ctx is
// cancelled (the host closed, the turn taken back), not when its deadline
// passes. An answer after the turn's deadline is still dropped by the
// host (host.ErrLate); a level's work budget ends a move in milliseconds.
func WithoutDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return c, func() { stop(); cancel() }
}

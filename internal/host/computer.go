package host

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rummikub/internal/game"
)

// Computer is a computer seat: given what its seat may know, it returns
// its next action within the context's deadline. internal/ai's players and
// bot processes are Computers.
type Computer interface {
	Move(ctx context.Context, v game.SeatView) (game.Action, error)
}

// Referee is what a computer turn is played against: a *game.Match itself
// (sim), or the host's own locked view of its match.
type Referee interface {
	ViewFor(seat int) game.SeatView
	Apply(a game.Action) (game.Outcome, error)
}

// maxActionsPerTurn bounds the actions of one computer turn (a pull, a
// play; a draw, a keep; a refused move and its replacement).
const maxActionsPerTurn = 6

// TurnReport is what one computer turn did.
type TurnReport struct {
	// Spent is the time the computer spent deciding (its Move calls).
	Spent time.Duration
	// Refused describes the first move of the computer's that the engine
	// refused or that it failed to give; it was replaced by the fallback.
	// Empty for a turn played as the computer chose.
	Refused string
	// Outcomes are the applied actions' outcomes, in order.
	Outcomes []game.Outcome
	// Stale says the referee stopped taking actions for this turn (the
	// host moved on: closed, rewound); the turn did not end here.
	Stale bool
	// Faults are the computer's failures this turn, in order: an action
	// the engine refused, or an error in place of a move (a bot's late
	// answer, crash, ...). Each was replaced by the fallback.
	Faults []Fault
}

// Fault is one failure of a computer's turn.
type Fault struct {
	Err error
	// Refused says the engine refused the computer's action (Err is the
	// engine's); otherwise Err is what Move returned.
	Refused bool
}

// RefusalListener is a Computer that wants to be told when the engine
// refuses its action (a bot process is told so in its protocol).
type RefusalListener interface {
	Refused(err error)
}

// ErrLate is the fault of a computer whose answer came after its turn's
// deadline: the answer is dropped and the fallback played, the same for a
// built-in level and a bot. It is counted as late (FaultKind).
var ErrLate error = lateError{}

type lateError struct{}

func (lateError) Error() string     { return "the answer came after the turn's deadline" }
func (lateError) FaultKind() string { return "late" }

// A StartupExcuser is a computer that may start inside a turn (a bot
// process started again after a crash): the start-up of its last Move,
// up to its ready, is not the turn's, so its deadline moves by it.
type StartupExcuser interface {
	StartupExcused() time.Duration
}

// pastDeadline says whether an answer of c given now comes after ctx's
// deadline, moved by c's excused start-up.
func pastDeadline(ctx context.Context, c Computer) bool {
	dl, ok := ctx.Deadline()
	if !ok {
		return false
	}
	if e, ok := c.(StartupExcuser); ok {
		dl = dl.Add(e.StartupExcused())
	}
	return !time.Now().Before(dl)
}

// ErrStale is what a Referee's Apply returns once the turn a computer was
// asked for is no longer the current one.
var ErrStale = errors.New("the turn is over")

// ComputerTurn asks c for actions for seat until its turn ends, all under
// ctx's deadline, and applies them through r. A move the engine refuses,
// or an error from c, is replaced by the one fallback (Fallback): the
// game always goes on. This is the one code path of a computer's turn,
// in a match hosted for people and in sim.
//
// A computer's time is the wall clock's, not the host's Clock: it thinks
// on a real CPU, or in a bot's process that no test clock can hold still,
// so its deadline is ctx's (a real one) and its time spent and lateness
// are measured against it. The host's Clock decides how much of the
// turn's time is left (thinkLocked turns that into the computer's
// budget); a computer's moves are the same under any clock, since the
// levels think by a budget of work (solver.Work).
func ComputerTurn(ctx context.Context, r Referee, seat int, c Computer) TurnReport {
	var rep TurnReport
	for i := 0; i < maxActionsPerTurn; i++ {
		v := r.ViewFor(seat)
		if v.GameOver || v.Turn != seat {
			return rep
		}
		t0 := time.Now()
		a, err := c.Move(ctx, v)
		rep.Spent += time.Since(t0)
		if err == nil && pastDeadline(ctx, c) {
			// One rule for every computer seat, level or bot: an answer
			// after the deadline is not played (see docs/protocol.md).
			err = ErrLate
		}
		if err == nil {
			a.Seat = seat
			var out game.Outcome
			out, err = r.Apply(a)
			if errors.Is(err, ErrStale) {
				rep.Stale = true
				return rep
			}
			if err == nil {
				rep.Outcomes = append(rep.Outcomes, out)
				if out.TurnEnded || out.GameOver {
					return rep
				}
				continue
			}
			rep.Faults = append(rep.Faults, Fault{Err: err, Refused: true})
			if l, ok := c.(RefusalListener); ok {
				l.Refused(err)
			}
			if rep.Refused == "" {
				rep.Refused = fmt.Sprintf("%s by seat %d refused: %v", a.Kind, seat, err)
			}
		} else {
			rep.Faults = append(rep.Faults, Fault{Err: err})
			if rep.Refused == "" {
				rep.Refused = fmt.Sprintf("seat %d gave no move: %v", seat, err)
			}
		}
		return fallback(r, seat, rep)
	}
	// A player that keeps the turn going without ending it is a bug too.
	if rep.Refused == "" {
		rep.Refused = fmt.Sprintf("seat %d did not end its turn in %d actions", seat, maxActionsPerTurn)
	}
	return fallback(r, seat, rep)
}

// fallback ends the turn with Fallback's actions, adding their outcomes.
func fallback(r Referee, seat int, rep TurnReport) TurnReport {
	for i := 0; i < 4; i++ {
		v := r.ViewFor(seat)
		if v.GameOver || v.Turn != seat {
			return rep
		}
		out, err := r.Apply(Fallback(v))
		if errors.Is(err, ErrStale) {
			rep.Stale = true
			return rep
		}
		if err != nil {
			panic("host: the engine refused a plain " + string(Fallback(v).Kind) + ": " + err.Error())
		}
		rep.Outcomes = append(rep.Outcomes, out)
		if out.TurnEnded || out.GameOver {
			return rep
		}
	}
	panic("host: the fallback did not end the turn")
}

// Fallback is the plain action that moves a turn on when a seat's own
// move cannot be used: a pending River choice keeps the first tile, a
// pending pull is put back, then the seat draws, or passes with an empty
// pool. v is the acting seat's view.
func Fallback(v game.SeatView) game.Action {
	a := game.Action{Seat: v.Seat}
	switch {
	case len(v.Reveal) > 0:
		a.Kind, a.Index = game.ActKeep, 0
	case v.PullPending:
		a.Kind = game.ActCancelPull
	case v.Pool > 0:
		a.Kind = game.ActDraw
	default:
		a.Kind = game.ActPass
	}
	return a
}

package host

import (
	"context"
	"errors"
	"sync"
	"time"

	"rummikub/internal/game"
)

// Phase is where the current turn stands.
type Phase int

const (
	// PhaseWaiting: a human's turn in hot-seat play waits for the player
	// to sit down (Begin); the clock does not run.
	PhaseWaiting Phase = iota
	// PhasePlaying: a human plays; the clock runs (unless paused).
	PhasePlaying
	// PhaseThinking: a computer seat is deciding.
	PhaseThinking
	// PhaseShowing: a computer's turn is over and stays on view for
	// Options.ComputerPause before the next turn starts (Continue skips).
	PhaseShowing
	// PhaseGameOver: the game is scored; NextGame deals the next one.
	PhaseGameOver
	// PhaseMatchOver: the match is finished.
	PhaseMatchOver
	// PhaseClosed: the host is closed.
	PhaseClosed
)

// EventKind says what an Event reports.
type EventKind int

const (
	// EvTurnStarted: a turn begins (State says whose and in which phase).
	EvTurnStarted EventKind = iota
	// EvClock: the clock started (Begin), paused or resumed.
	EvClock
	// EvApplied: an action was applied (Public is its account).
	EvApplied
	// EvTimedOut: a turn's time ran out and its penalty was applied
	// (Public is the time-out's account: tiles drawn, unfinished).
	EvTimedOut
	// EvGameOver: the game is over and scored.
	EvGameOver
	// EvMatchOver: the match is over.
	EvMatchOver
	// EvRewound: a practice take-back rewound the match.
	EvRewound
	// EvSaveFailed: the match could not be saved (Err says why); the
	// match goes on and the next change tries again.
	EvSaveFailed
	// EvSaved: the match was saved again after a failure.
	EvSaved
	// EvClosed: the host closed; no event follows.
	EvClosed
	// EvQueued: the computer whose turn it is waits for a worker of the
	// CPU pool, or has got one (State.Queued says which).
	EvQueued
)

// State is the match as one subscriber may see it now.
type State struct {
	View  game.SeatView // ViewFor the subscriber's seat (see Subscribe)
	Phase Phase
	// Deadline is when the running turn's time runs out (zero when no
	// clock runs); Left is the time left when the clock is stopped
	// (waiting, paused) and the turn has a limit.
	Deadline time.Time
	Left     time.Duration
	Paused   bool
	// Computer says the seat whose turn it is is a computer.
	Computer []bool
	// Queued says the computer whose turn it is waits for a worker of
	// the server's CPU pool (Config.CPU) before it thinks.
	Queued bool
}

// Event is one thing that happened, as one subscriber may know it.
type Event struct {
	Kind EventKind
	Seat int // the seat the event concerns (-1 for none)
	// Public is the public account of an applied action (EvApplied,
	// EvTimedOut).
	Public game.Event
	// Before is the table before the action (EvApplied, EvTimedOut).
	Before game.Layout
	// Drawn and Revealed are the tiles the action put on the acting
	// seat's rack or showed it: set only for a subscriber holding that
	// seat.
	Drawn    []game.Tile
	Revealed []game.Tile
	// Fallback says why a computer's own move was refused or missing;
	// the draw or pass that replaced it is the action of this event.
	Fallback string
	Err      error
	State    State
}

// ErrClosed is what Next returns once the subscription or the host is
// closed and every event has been read.
var ErrClosed = errors.New("the table is closed")

// Subscription is one subscriber's queue of events. Its queue never
// blocks the host: events are appended under the subscription's own lock.
// An event is read only once the save holding what it tells is written
// (a match with no store: at once), so no screen shows a move a crash
// could take back.
type Subscription struct {
	h     *Host
	seats []int  // the seats whose private view it may receive
	gate  *saver // nil: the match is not saved
	mu    sync.Mutex
	queue []queued
	wake  chan struct{}
	done  bool
}

// queued is an event and the save (the saver's number) it waits for.
type queued struct {
	e    Event
	need int
}

func newSubscription(h *Host, seats []int) *Subscription {
	return &Subscription{h: h, seats: append([]int(nil), seats...), gate: h.saver, wake: make(chan struct{}, 1)}
}

// holds reports whether the subscription may see seat's private view.
func (s *Subscription) holds(seat int) bool {
	for _, x := range s.seats {
		if x == seat {
			return true
		}
	}
	return false
}

// Seats are the seats the subscription holds.
func (s *Subscription) Seats() []int { return append([]int(nil), s.seats...) }

// push queues e, to be read once save need is written.
func (s *Subscription) push(e Event, need int) {
	s.mu.Lock()
	if s.done {
		s.mu.Unlock()
		return
	}
	s.queue = append(s.queue, queued{e, need})
	if e.Kind == EvClosed {
		s.done = true
	}
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// Next returns the next event, waiting for one (and for the save that
// holds it) until ctx is done. After the EvClosed event (or Close) it
// returns ErrClosed.
func (s *Subscription) Next(ctx context.Context) (Event, error) {
	for {
		s.mu.Lock()
		var saved <-chan struct{}
		if len(s.queue) > 0 {
			q := s.queue[0]
			if s.gate != nil {
				saved = s.gate.until(q.need)
			}
			if saved == nil {
				s.queue[0] = queued{}
				s.queue = s.queue[1:]
				s.mu.Unlock()
				return q.e, nil
			}
		}
		done := s.done && len(s.queue) == 0
		s.mu.Unlock()
		if done {
			return Event{}, ErrClosed
		}
		select {
		case <-s.wake:
		case <-saved: // nil (blocks) unless the head waits for a save
		case <-ctx.Done():
			return Event{}, ctx.Err()
		}
	}
}

// Pending is the number of events waiting to be read (some perhaps still
// waiting for their save).
func (s *Subscription) Pending() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.queue)
}

// Close ends the subscription: the host sends it nothing more.
func (s *Subscription) Close() {
	s.h.unsubscribe(s)
	s.mu.Lock()
	s.done = true
	s.queue = nil
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

package host

import (
	"context"
	"io"
	"sync"
	"time"

	"rummikub/internal/game"
)

// A computer's time: what is left of its turn less a margin, or at most
// noLimitThink when the turn has no limit.
const (
	computerMargin = time.Second
	minThink       = 200 * time.Millisecond
	noLimitThink   = 10 * time.Second
)

// thinkLocked starts the computer of seat on its turn, on a goroutine of
// its own that holds no lock while the computer thinks.
func (h *Host) thinkLocked(seat int) {
	gen := h.gen
	c := h.computers[seat]
	budget := noLimitThink
	if !h.deadline.IsZero() {
		budget = h.deadline.Sub(h.clock.Now()) - computerMargin
		if budget < minThink {
			budget = minThink
		}
	}
	ctx, cancel := context.WithTimeout(h.ctx, budget)
	h.stopThinking = cancel
	h.busy++
	lane := h.lane(seat)
	go func() {
		defer cancel()
		lane.Lock()
		defer lane.Unlock()
		if h.cpu != nil {
			release, _ := h.cpu.Acquire(ctx, func() { h.setQueued(gen, seat, true) })
			h.setQueued(gen, seat, false)
			defer release()
		}
		ComputerTurn(ctx, &referee{h: h, gen: gen}, seat, c)
		h.mu.Lock()
		h.busy--
		h.idle.Broadcast()
		h.mu.Unlock()
	}()
}

// setQueued records whether the computer of seat, on turn gen, waits for
// a worker of the CPU pool, and tells the subscribers when that changes.
func (h *Host) setQueued(gen, seat int, q bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	was := h.queued == gen+1
	if h.closed || h.gen != gen || was == q {
		return
	}
	h.queued = 0
	if q {
		h.queued = gen + 1
	}
	h.publish(Event{Kind: EvQueued, Seat: seat})
}

// referee is a computer turn's view of the host: its actions are applied
// only while the turn it was asked for is the current one.
type referee struct {
	h   *Host
	gen int
}

func (r *referee) ViewFor(seat int) game.SeatView {
	r.h.mu.Lock()
	defer r.h.mu.Unlock()
	return r.h.m.ViewFor(seat)
}

func (r *referee) Apply(a game.Action) (game.Outcome, error) {
	h := r.h
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed || h.gen != r.gen || h.phase != PhaseThinking {
		return game.Outcome{}, ErrStale
	}
	out, err := h.applyLocked(a)
	if err != nil {
		h.refusal = err.Error()
	}
	return out, err
}

// Finisher is a Computer that wants to be told the end of each game (a
// bot process is told the scores in its protocol). Finish gets the seat's
// view of the finished game.
type Finisher interface {
	Finish(v game.SeatView)
}

// Beginner is a Computer that wants to be told a game starts before its
// first turn, so that what it does then (a bot process starting) is not
// taken from a turn's time. sim tells it; a hosted match does not, and a
// bot started inside its first turn has its deadline moved by its
// start-up instead (StartupExcuser).
type Beginner interface {
	Begin(v game.SeatView)
}

// lane is seat's lock: a computer is asked one thing at a time (its
// turns, the end of a game), never two at once.
func (h *Host) lane(seat int) *sync.Mutex {
	if h.lanes == nil {
		h.lanes = map[int]*sync.Mutex{}
	}
	if h.lanes[seat] == nil {
		h.lanes[seat] = &sync.Mutex{}
	}
	return h.lanes[seat]
}

// finishLocked tells every computer that wants to know that the game is
// over, each on a goroutine of its own in its lane.
func (h *Host) finishLocked() {
	for seat, c := range h.computers {
		f, ok := c.(Finisher)
		if !ok {
			continue
		}
		v := h.m.ViewFor(seat)
		lane := h.lane(seat)
		h.busy++
		go func() {
			lane.Lock()
			f.Finish(v)
			lane.Unlock()
			h.mu.Lock()
			h.busy--
			h.idle.Broadcast()
			h.mu.Unlock()
		}()
	}
}

// closeComputers closes the computers that hold something open (a bot's
// process). It is called without the lock, once no computer is busy.
func (h *Host) closeComputers() {
	for _, c := range h.computers {
		if cl, ok := c.(io.Closer); ok {
			cl.Close()
		}
	}
}

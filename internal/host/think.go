package host

import (
	"context"
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
	h.busy++
	go func() {
		defer cancel()
		ComputerTurn(ctx, &referee{h: h, gen: gen}, seat, c)
		h.mu.Lock()
		h.busy--
		h.idle.Broadcast()
		h.mu.Unlock()
	}()
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

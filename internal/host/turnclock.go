package host

import (
	"time"

	"rummikub/internal/game"
)

// runClockLocked starts a human's clock with left to go (none when left
// is 0); while paused it only keeps the time left.
func (h *Host) runClockLocked(left time.Duration) {
	h.stopTimerLocked()
	h.deadline, h.left = time.Time{}, 0
	if left <= 0 {
		return
	}
	if h.paused {
		h.left = left
		return
	}
	h.deadline = h.clock.Now().Add(left)
	gen := h.gen
	h.stop = h.clock.AfterFunc(left, func() { h.onTimeout(gen) })
	h.saveClockLocked(gen)
}

// ClockSaveEvery is how often a running clock's time left is saved: a
// crash gives the player on turn at most this much time back.
const ClockSaveEvery = 5 * time.Second

// saveClockLocked saves the running clock's time left every
// ClockSaveEvery while the turn of generation gen is played.
func (h *Host) saveClockLocked(gen int) {
	if h.saver == nil {
		return
	}
	h.clockSave = h.clock.AfterFunc(ClockSaveEvery, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if gen != h.gen || h.closed || h.phase != PhasePlaying || h.paused || h.deadline.IsZero() {
			return
		}
		h.saveLocked()
		h.saveClockLocked(gen)
	})
}

// timeLeftLocked is the time left of the current human turn, whether its
// clock runs or is stopped; 0 when the turn has no limit.
func (h *Host) timeLeftLocked() time.Duration {
	if !h.deadline.IsZero() {
		if d := h.deadline.Sub(h.clock.Now()); d > 0 {
			return d
		}
		return time.Millisecond
	}
	return h.left
}

// Begin starts the clock of seat's turn waiting in PhaseWaiting: the
// player has sat down at the shared screen.
func (h *Host) Begin(seat int) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return refuse(CodeClosed, "the table is closed")
	}
	if h.phase != PhaseWaiting || h.m.Game.Turn != seat {
		return refuse(CodeNotPlaying, "it is not %s's turn to begin", h.name(seat))
	}
	h.phase = PhasePlaying
	h.runClockLocked(h.left)
	h.publish(Event{Kind: EvClock, Seat: seat})
	return nil
}

// PauseClock stops the clock of the human turn being played (a screen
// that cannot show the board); ResumeClock gives the time left back.
// Both are for a table with one screen: a table that several terminals
// share runs its clock whatever one terminal shows.
func (h *Host) PauseClock() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.paused || h.closed {
		return
	}
	h.paused = true
	if h.phase == PhasePlaying && !h.deadline.IsZero() {
		h.left = h.timeLeftLocked()
		h.deadline = time.Time{}
		h.stopTimerLocked()
		h.saveLocked()
	}
	h.publish(Event{Kind: EvClock, Seat: h.m.Game.Turn})
}

// ResumeClock restarts a paused clock with the time it had left.
func (h *Host) ResumeClock() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.paused || h.closed {
		return
	}
	h.paused = false
	if h.phase == PhasePlaying && h.left > 0 {
		h.runClockLocked(h.left)
	}
	h.publish(Event{Kind: EvClock, Seat: h.m.Game.Turn})
}

// Draft tells the host the working arrangement of seat's turn, in the
// shape the rules play on, and whether tiles are still carried (in hand,
// off the table), so a time-out knows whether it caught an unfinished
// rearrangement (game.Unfinished). A screen calls it whenever the
// arrangement changes.
func (h *Host) Draft(seat int, l game.Layout, holding bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.phase != PhasePlaying || h.m.Game.Turn != seat || l == nil {
		return
	}
	h.draft, h.draftHeld = game.CloneLayout(l), holding
}

// unfinishedLocked reports whether the draft of the current turn is an
// unfinished rearrangement, the one the time-out penalty is for.
func (h *Host) unfinishedLocked() bool {
	g := h.m.Game
	return game.Unfinished(&h.m.Rules, g.Table, h.draft, h.draftHeld)
}

// onTimeout applies the time-out of the turn of generation gen.
func (h *Host) onTimeout(gen int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if gen != h.gen || h.closed || h.phase != PhasePlaying || h.paused {
		return
	}
	a := game.Action{Seat: h.m.Game.Turn, Kind: game.ActTimeout, Unfinished: h.unfinishedLocked()}
	if _, err := h.applyAsLocked(a, EvTimedOut); err != nil {
		h.deadline = time.Time{}
	}
}

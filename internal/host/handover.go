package host

import (
	"io"
	"time"
)

// Code of a hand-over the host refuses.
const CodeAlreadyComputer = "already_computer"

// HandToComputer gives seat to the computer player c (of level) for the
// rest of the match: a table's way of going on without a player who has
// left. When it is that seat's turn the computer takes it over at once,
// with the time the turn has left. The change is saved with the match.
func (h *Host) HandToComputer(seat int, level string, c Computer) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return refuse(CodeClosed, "the table is closed")
	}
	if seat < 0 || seat >= len(h.st.Seats) {
		return refuse(CodeNotHuman, "there is no seat %d", seat+1)
	}
	if h.st.Seats[seat].Computer {
		return refuse(CodeAlreadyComputer, "%s is already a computer seat", h.name(seat))
	}
	if c == nil {
		return refuse(CodeNotHuman, "no computer player to give %s's seat to", h.name(seat))
	}
	seats := append([]Seat(nil), h.st.Seats...)
	seats[seat].Computer, seats[seat].Level = true, level
	h.st.Seats = seats
	computers := make(map[int]Computer, len(h.computers)+1)
	for i, x := range h.computers {
		computers[i] = x
	}
	computers[seat] = c
	h.computers = computers
	h.dirty = true
	if !h.m.Game.Over && h.m.Game.Turn == seat && (h.phase == PhasePlaying || h.phase == PhaseWaiting) {
		left := h.timeLeftLocked()
		h.gen++
		h.stopTimerLocked()
		h.draft, h.draftHeld = nil, false
		h.phase = PhaseThinking
		h.deadline, h.left = fromNow(h, left), 0
		h.publish(Event{Kind: EvTurnStarted, Seat: seat})
		h.thinkLocked(seat)
	} else {
		// Nothing else changes: the seats' screens learn of the new
		// computer seat from the state (State.Computer).
		h.publish(Event{Kind: EvClock, Seat: h.m.Game.Turn})
	}
	h.saveLocked()
	return nil
}

// Computers says which seats are computer seats now.
func (h *Host) Computers() []bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]bool, len(h.st.Seats))
	for i, s := range h.st.Seats {
		out[i] = s.Computer
	}
	return out
}

// fromNow is the deadline left from now; zero for no limit.
func fromNow(h *Host, left time.Duration) (t time.Time) {
	if left <= 0 {
		return t
	}
	return h.clock.Now().Add(left)
}

// Code of a hand-back the host refuses.
const CodeNotComputer = "not_computer"

// HandBack gives a seat handed to a computer back to its player: from
// now on the seat is a human's again. On that seat's turn the computer's
// thinking is dropped (whatever it answers is stale) and the player
// plays the turn with the time it has left. The change is saved with the
// match.
func (h *Host) HandBack(seat int) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return refuse(CodeClosed, "the table is closed")
	}
	if seat < 0 || seat >= len(h.st.Seats) {
		return refuse(CodeNotComputer, "there is no seat %d", seat+1)
	}
	if !h.st.Seats[seat].Computer {
		return refuse(CodeNotComputer, "%s is not a computer seat", h.name(seat))
	}
	seats := append([]Seat(nil), h.st.Seats...)
	seats[seat].Computer, seats[seat].Level = false, ""
	h.st.Seats = seats
	computers := make(map[int]Computer, len(h.computers))
	for i, x := range h.computers {
		if i != seat {
			computers[i] = x
		}
	}
	if cl, ok := h.computers[seat].(io.Closer); ok {
		// A bot's process ends once its turn in flight (if any) is over.
		lane := h.lane(seat)
		go func() { lane.Lock(); cl.Close(); lane.Unlock() }()
	}
	h.computers = computers
	h.dirty = true
	if !h.m.Game.Over && h.m.Game.Turn == seat && h.phase == PhaseThinking {
		left := time.Duration(0)
		if !h.deadline.IsZero() {
			left = max(h.deadline.Sub(h.clock.Now()), time.Millisecond)
		}
		h.gen++
		h.stopTimerLocked()
		if h.stopThinking != nil {
			h.stopThinking()
		}
		h.draft, h.draftHeld = nil, false
		if h.hotSeat && h.st.Humans() > 1 {
			h.phase, h.deadline, h.left = PhaseWaiting, time.Time{}, left
		} else {
			h.phase = PhasePlaying
			h.runClockLocked(left)
		}
		h.publish(Event{Kind: EvTurnStarted, Seat: seat})
	} else {
		h.publish(Event{Kind: EvClock, Seat: h.m.Game.Turn})
	}
	h.saveLocked()
	return nil
}

package host_test

import (
	"context"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// stuck is a computer that thinks until its time is up, then draws.
type stuck struct{ asked chan struct{} }

func (s stuck) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	s.asked <- struct{}{}
	<-ctx.Done()
	return host.Fallback(v), nil
}

// TestHandBackGivesTheSeatToItsPlayer: a seat handed to a computer goes
// back to its player; on the seat's own turn the computer's thinking is
// dropped and the player plays the turn with the time it had left.
func TestHandBackGivesTheSeatToItsPlayer(t *testing.T) {
	r := game.Standard()
	r.TurnSeconds = 60
	h, clk := newHost(t, r, humansAnd(3), nil, nil)
	sub := h.Subscribe(0, 1, 2)
	h.Start()
	turn := h.Snapshot().Game.Turn
	away := (turn + 1) % 3
	if err := h.HandBack(away); err == nil {
		t.Fatal("a player's seat is handed back")
	}
	c := stuck{asked: make(chan struct{}, 1)}
	if err := h.HandToComputer(away, "medium", c); err != nil {
		t.Fatal(err)
	}
	if _, err := h.Act(turn, game.Action{Kind: game.ActDraw}); err != nil {
		t.Fatal(err)
	}
	<-c.asked // the computer thinks on the away seat's turn
	clk.Advance(20 * time.Second)
	if err := h.HandBack(away); err != nil {
		t.Fatal(err)
	}
	if h.Phase() != host.PhasePlaying || h.Computers()[away] {
		t.Fatalf("the seat is its player's: phase %v, computers %v", h.Phase(), h.Computers())
	}
	evs := drain(sub)
	last := evs[len(evs)-1]
	if last.Kind != host.EvTurnStarted || last.Seat != away {
		t.Fatalf("the last event is %v of seat %d, want the away seat's turn starting", last.Kind, last.Seat)
	}
	if left := last.State.Deadline.Sub(clk.Now()); left > 40*time.Second || left < 39*time.Second {
		t.Fatalf("the player has %v of the turn, want the 40 s left", left)
	}
	if _, err := h.Act(away, game.Action{Kind: game.ActDraw}); err != nil {
		t.Fatalf("the player plays the seat's turn: %v", err)
	}
	h.WaitIdle()
	if m := h.Snapshot(); m.Game.Turns != 2 {
		t.Fatalf("%d turns: the dropped computer played too", m.Game.Turns)
	}
}

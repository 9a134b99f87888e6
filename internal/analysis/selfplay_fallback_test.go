package analysis

import (
	"context"
	"testing"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// refuser always plays a table the engine refuses (its own rack as one
// set).
type refuser struct{}

func (refuser) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	return game.Action{Seat: v.Seat, Kind: game.ActPlay, After: append(game.SetsOf(v.Table).Clone(), game.Set(v.Rack))}, nil
}

// TestSelfPlayFallsBack: self-play plays its turns through the host's
// code, so a computer whose move the engine refuses gets the fallback (a
// draw, or a pass) and the match still ends, as in a hosted match and in
// sim.
func TestSelfPlayFallsBack(t *testing.T) {
	m, err := game.NewMatch(game.Standard(), []string{"refuser", "medium"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	med, err := ai.New(ai.Medium, 3)
	if err != nil {
		t.Fatal(err)
	}
	if err := playOut(context.Background(), m, []host.Computer{refuser{}, med}, 3); err != nil {
		t.Fatalf("self-play stopped: %v", err)
	}
	if !m.Over() {
		t.Fatal("the match did not end")
	}
}

package bot

import (
	"testing"
	"time"

	"rummikub/internal/game"
)

// A level served through the protocol plays French games (the grid in
// the turn, the grid in its plays) to their end with no fault, and plays
// them as the built-in level does for the same seed.
func TestServedLevelPlaysFrench(t *testing.T) {
	const think = 2 * time.Second
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	m := &Maker{Log: &lockedBuffer{}, Time: 60 * time.Second, Startup: 30 * time.Second}
	served := runWithBotsUnder(t, m, r, []string{"medium", helperEntry("serve:hard:" + think.String())}, 2, think)
	builtin := runWithBotsUnder(t, m, r, []string{"medium", "hard"}, 2, think)
	for i := range served.Seats {
		if a, b := served.Seats[i], builtin.Seats[i]; a.Wins != b.Wins || a.Score != b.Score || a.AvgTilesLeft != b.AvgTilesLeft {
			t.Errorf("seat %d: served %+v\nbuilt-in %+v", i, a, b)
		}
		if f := faults(served.Seats[i]); f != [4]int{} {
			t.Errorf("seat %d: faults %v", i, f)
		}
	}
	if served.InvalidMoves != 0 {
		t.Errorf("invalid moves: %v", served.Invalid)
	}
}

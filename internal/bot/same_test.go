package bot

import (
	"os"
	"testing"
	"time"
)

// A level played through the protocol (the referee's Seat against protocol.Serve
// in a child process) gives the same games as the built-in level for a
// seed: the same wins, scores and tiles left, the same number of turns.
// Both sides think for the same budget, and the deadlines are far beyond
// it, so no move is cut short however busy the machine is.
func TestServedLevelPlaysAsBuiltIn(t *testing.T) {
	const think = 2 * time.Second
	levels := [][2]string{{"medium", "hard"}, {"hard", "medium"}}
	if os.Getenv("RUMMIKUB_BOT_EXPERT") != "" {
		// Expert's look-ahead makes this slow under -race: on request.
		levels = append(levels, [2]string{"expert", "hard"})
	}
	for _, c := range levels {
		level, other := c[0], c[1]
		t.Run(level, func(t *testing.T) {
			m := &Maker{Log: &lockedBuffer{}, Time: 60 * time.Second, Startup: 30 * time.Second}
			served := runWithBots(t, m, []string{other, helperEntry("serve:" + level + ":" + think.String())}, 4, think)
			builtin := runWithBots(t, m, []string{other, level}, 4, think)
			if served.AvgTurns != builtin.AvgTurns || served.Blocked != builtin.Blocked {
				t.Errorf("turns %.2f vs %.2f, blocked %d vs %d", served.AvgTurns, builtin.AvgTurns, served.Blocked, builtin.Blocked)
			}
			for i := range served.Seats {
				a, b := served.Seats[i], builtin.Seats[i]
				if a.Wins != b.Wins || a.Score != b.Score || a.AvgTilesLeft != b.AvgTilesLeft || a.AvgRackLeft != b.AvgRackLeft {
					t.Errorf("seat %d: served %+v\nbuilt-in %+v", i, a, b)
				}
				if f := faults(a); f != [4]int{} {
					t.Errorf("seat %d: faults %v", i, f)
				}
			}
			if served.InvalidMoves != 0 {
				t.Errorf("invalid moves: %v", served.Invalid)
			}
		})
	}
}

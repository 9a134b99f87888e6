package ai

import (
	"context"
	"testing"
	"time"

	"rummikub/internal/game"
)

// hardPosition is a crowded mid-game position: a long table full of
// manipulation chances, jokers on it and on the rack, and a big rack.
const (
	hardTable = "R1 R2 R3 R4 R5 R6 | B3 B4 B5 B6 B7 | O7 O8 O9 O10 | K9 K10 K11 K12 K13 | " +
		"R9 B9 O9 | R11 B11 K11 | J R13 K13 | B12 O12 R12 K12 | O1 O2 O3 | R8 K8 B8"
	hardRack = "R7 R7 B2 B8 B10 B13 O3 O4 O5 O6 O11 O13 K1 K2 K3 K5 K6 K7 R10 J"
)

// slack is what a loaded machine may add to a deadline before a test
// calls it missed: on the shared 2-core machine this was built on, at a
// load of 13, waking a goroutine took up to 100 ms. A player that waited
// for its search would miss by seconds on this position.
const slack = 150 * time.Millisecond

func TestEveryLevelAnswersInsideATinyDeadline(t *testing.T) {
	r := game.Standard()
	for _, deadline := range []time.Duration{10 * time.Millisecond, 50 * time.Millisecond} {
		for _, l := range Levels() {
			for _, opened := range []bool{true, false} {
				v := position(t, r, hardTable, hardRack, opened, 14, 0)
				p, err := NewWithOptions(l, 7, Options{Think: deadline})
				if err != nil {
					t.Fatal(err)
				}
				ctx, cancel := context.WithTimeout(context.Background(), deadline)
				start := time.Now()
				a, err := p.Move(ctx, v)
				took := time.Since(start)
				cancel()
				if err != nil {
					t.Fatalf("%s: %v", l, err)
				}
				// The player answers a quarter of the budget early; the
				// slack is for a loaded test machine's scheduler only.
				if took > deadline+slack {
					t.Errorf("%s (opened %v) took %v with a %v deadline", l, opened, took, deadline)
				}
				if a.Kind == game.ActPlay {
					judge(t, v, a)
				} else if a.Kind != game.ActDraw {
					t.Errorf("%s answered %s; want a play or a draw", l, a.Kind)
				}
			}
		}
	}
}

package main

import (
	"context"
	"reflect"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/seats"
)

// TestPlayDeterministicComputers: play --deterministic's computer seats
// think by their work budget alone, so a turn whose deadline has already
// passed gets the move the level makes with no deadline at all; without
// it the same seat answers with the fallback. A cancelled turn (the host
// closed) still stops a deterministic seat.
func TestPlayDeterministicComputers(t *testing.T) {
	for _, level := range []string{ai.Hard, ai.Expert} {
		t.Run(level, func(t *testing.T) {
			plays, differs := 0, 0
			for seed := uint64(1); seed <= 12; seed++ {
				m, err := game.NewMatch(game.Standard(), []string{"a", "b"}, seed)
				if err != nil {
					t.Fatal(err)
				}
				v := m.ViewFor(m.Game.Turn)
				ref, err := ai.New(level, seed)
				if err != nil {
					t.Fatal(err)
				}
				want, err := ref.Move(context.Background(), v)
				if err != nil {
					t.Fatal(err)
				}
				if want.Kind == game.ActPlay {
					plays++
				}
				expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
				det, err := computerMaker(true)(level, 1, seed)
				if err != nil {
					t.Fatal(err)
				}
				got, err := det.Move(expired, v)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("seed %d: deterministic seat played %+v (%v), want %+v", seed, got, err, want)
				}
				timed, _ := computerMaker(false)(level, 1, seed)
				if a, _ := timed.Move(expired, v); !reflect.DeepEqual(a, want) {
					differs++
				}
				cancel()
			}
			if plays == 0 || differs == 0 {
				t.Fatalf("no deal tells the modes apart: %d plays, %d timed answers differ", plays, differs)
			}
		})
	}
	t.Run("cancelled turn stops it", func(t *testing.T) {
		ctx, cancel := context.WithCancel(context.Background())
		c, _ := seats.WithoutDeadline(ctx)
		cancel()
		select {
		case <-c.Done():
		case <-time.After(10 * time.Second):
			t.Fatal("a cancelled turn did not cancel the deterministic seat's context")
		}
	})
}

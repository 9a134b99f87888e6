package host

import (
	"context"
	"errors"
	"testing"
	"time"

	"rummikub/internal/game"
)

// slowDisk is a store whose writes wait until the test lets them go.
type slowDisk struct {
	store *Store
	hold  chan struct{} // receives one value per write let through
}

func newSlowDisk(t *testing.T) *slowDisk {
	t.Helper()
	store, err := NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d := &slowDisk{store: store, hold: make(chan struct{})}
	store.beforeWrite = func() { <-d.hold }
	return d
}

// twoPlayers is a host of two human seats over d's store, on a manual
// clock, with a subscription holding seat 0 and seat 1.
func twoPlayers(t *testing.T, store *Store, clk Clock) (*Host, *Subscription) {
	t.Helper()
	m, err := game.NewMatch(game.Standard(), []string{"Ana", "Ben"}, 7)
	if err != nil {
		t.Fatal(err)
	}
	h, err := New(Config{Match: m, Settings: Settings{Seats: []Seat{{Name: "Ana"}, {Name: "Ben"}}}, Clock: clk, Store: store})
	if err != nil {
		t.Fatal(err)
	}
	return h, h.Subscribe(0, 1)
}

// A move reaches no subscriber before the save that holds it is written:
// a crash after a screen showed a draw cannot take the draw back.
func TestEventIsReadOnlyOnceItsSaveIsWritten(t *testing.T) {
	d := newSlowDisk(t)
	clk := NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, sub := twoPlayers(t, d.store, clk)
	defer func() {
		close(d.hold)
		h.Close()
	}()
	h.Start()
	d.hold <- struct{}{} // the deal's save
	if err := h.Flush(); err != nil {
		t.Fatal(err)
	}
	for sub.Pending() > 0 {
		if _, err := sub.Next(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	seat := h.Snapshot().Game.Turn
	if _, err := h.Act(seat, game.Action{Kind: game.ActDraw}); err != nil {
		t.Fatal(err)
	}
	done, cancel := context.WithCancel(context.Background())
	cancel()
	if e, err := sub.Next(done); !errors.Is(err, context.Canceled) {
		t.Fatalf("event %v read before its save was written", e.Kind)
	}
	d.hold <- struct{}{} // the draw's save
	e, err := sub.Next(context.Background())
	if err != nil || e.Kind != EvApplied || len(e.Drawn) != 1 {
		t.Fatalf("after the save: %+v, %v", e.Kind, err)
	}
	sv, err := d.store.Load(h.Name())
	if err != nil {
		t.Fatal(err)
	}
	if !holds(sv.Match.Game.Racks[seat], e.Drawn[0].ID) {
		t.Fatalf("the drawn %v is not in the saved rack", e.Drawn[0])
	}
}

// The time a running turn has left is saved every ClockSaveEvery: a crash
// gives the player on turn at most that much back.
func TestRunningClockIsSavedEveryFewSeconds(t *testing.T) {
	store, err := NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	clk := NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, _ := twoPlayers(t, store, clk)
	defer h.Close()
	h.Start()
	for _, used := range []time.Duration{7 * time.Second, 23 * time.Second, 41 * time.Second} {
		t.Run(used.String(), func(t *testing.T) {
			clk.Advance(used - (clk.Now().Sub(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))))
			if err := h.Flush(); err != nil {
				t.Fatal(err)
			}
			sv, err := store.Load(h.Name()) // as a restart after kill -9 reads it
			if err != nil {
				t.Fatal(err)
			}
			trueLeft := 60*time.Second - used
			if sv.TurnLeft <= 0 || sv.TurnLeft-trueLeft > ClockSaveEvery {
				t.Fatalf("after %v of 60s the save gives the player %v (0: the full time), not about %v", used, sv.TurnLeft, trueLeft)
			}
		})
	}
}

func holds(rack []game.Tile, id game.TileID) bool {
	for _, t := range rack {
		if t.ID == id {
			return true
		}
	}
	return false
}

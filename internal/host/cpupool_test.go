package host_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

func TestCPUPool(t *testing.T) {
	t.Run("never more turns at once than workers", func(t *testing.T) {
		p := host.NewCPUPool(2)
		var now, most atomic.Int32
		var wg sync.WaitGroup
		for i := 0; i < 16; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				release, ok := p.Acquire(context.Background(), nil)
				if !ok {
					t.Error("no worker without a deadline")
					return
				}
				n := now.Add(1)
				for {
					m := most.Load()
					if n <= m || most.CompareAndSwap(m, n) {
						break
					}
				}
				time.Sleep(time.Millisecond)
				now.Add(-1)
				release()
			}()
		}
		wg.Wait()
		if most.Load() > 2 {
			t.Errorf("%d turns held a worker at once with 2 workers", most.Load())
		}
		if st := p.Stats(); st.Turns != 16 || st.Workers != 2 {
			t.Errorf("stats %+v", st)
		}
	})
	t.Run("a wait ends with the turn's deadline", func(t *testing.T) {
		p := host.NewCPUPool(1)
		release, _ := p.Acquire(context.Background(), nil)
		defer release()
		ctx, cancel := context.WithCancel(context.Background())
		queued := make(chan struct{})
		done := make(chan bool)
		go func() {
			_, ok := p.Acquire(ctx, func() { close(queued) })
			done <- ok
		}()
		<-queued
		cancel()
		if <-done {
			t.Error("got a worker that was never free")
		}
	})
	t.Run("fewer than one worker is one", func(t *testing.T) {
		if n := host.NewCPUPool(0).Workers(); n != 1 {
			t.Errorf("%d workers", n)
		}
	})
}

// blocker is a computer seat that waits for its release before drawing.
type blocker struct{ release chan struct{} }

func (b blocker) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	<-b.release
	return host.Fallback(v), nil
}

// Two tables sharing a pool of one worker: while one table's computer
// holds the worker, the other's turn waits in line, and its subscribers
// are told so (State.Queued) until it gets the worker.
func TestComputerTurnsQueueForTheCPU(t *testing.T) {
	pool := host.NewCPUPool(1)
	seats := []host.Seat{{Name: "cpu 1", Computer: true, Level: "medium"}, {Name: "cpu 2", Computer: true, Level: "medium"}}
	hold := blocker{release: make(chan struct{})}
	a, _ := newHost(t, game.Standard(), seats, map[int]host.Computer{0: hold, 1: hold}, func(c *host.Config) { c.CPU = pool })
	b, _ := newHost(t, game.Standard(), seats, map[int]host.Computer{0: drawer{}, 1: drawer{}}, func(c *host.Config) { c.CPU = pool })
	a.Start()
	waitFor(t, func() bool { return pool.Stats().Turns == 1 })
	sub := b.Subscribe()
	b.Start()
	var e host.Event
	for !e.State.Queued {
		var err error
		if e, err = sub.Next(context.Background()); err != nil {
			t.Fatal(err)
		}
		if e.Kind == host.EvApplied {
			t.Fatal("the second table played while the only worker was busy")
		}
	}
	if e.Kind != host.EvQueued || e.Seat != e.State.View.Turn {
		t.Errorf("event %v for seat %d; want EvQueued for seat %d, whose turn it is", e.Kind, e.Seat, e.State.View.Turn)
	}
	close(hold.release)
	for {
		e, err := sub.Next(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind == host.EvQueued {
			if e.State.Queued {
				t.Error("still queued once the worker is free")
			}
			break
		}
	}
	if st := pool.Stats(); st.Queued == 0 || st.Max <= 0 {
		t.Errorf("the wait was not counted: %+v", st)
	}
}

func waitFor(t *testing.T, cond func() bool) {
	t.Helper()
	for i := 0; i < 1000; i++ {
		if cond() {
			return
		}
		time.Sleep(time.Millisecond)
	}
	t.Fatal("the condition never held")
}

package main

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// BenchmarkServeTables is the load `rummikub serve` sees from many tables
// of computers: tables of four computer seats each (expert, hard, medium,
// easy; no humans) each play one game at once on one CPU pool of as many
// workers as cores, with the serve's computers (newComputer) and the
// standard rules' turn timer. It reports every computer turn's time from
// its start to its end (waiting for a worker included) against the
// timer, the turns that ran out of time or fell back to a draw, and the
// pool's waits:
//
//	go test -run '^$' -bench ServeTables -benchtime 1x ./cmd/rummikub
func BenchmarkServeTables(b *testing.B) {
	const tables = 40
	for i := 0; i < b.N; i++ {
		pool := host.NewCPUPool(runtime.NumCPU())
		r := game.Standard()
		levels := []string{"expert", "hard", "medium", "easy"}
		var mu sync.Mutex
		var turns []time.Duration
		timedOut, fallbacks := 0, 0
		var wg sync.WaitGroup
		start := time.Now()
		for tb := 0; tb < tables; tb++ {
			names := make([]string, len(levels))
			seats := make([]host.Seat, len(levels))
			computers := map[int]host.Computer{}
			for s, lv := range levels {
				names[s] = fmt.Sprintf("CPU %s", lv)
				seats[s] = host.Seat{Name: names[s], Computer: true, Level: lv}
				c, err := newComputer(lv, s, uint64(tb*10+s))
				if err != nil {
					b.Fatal(err)
				}
				computers[s] = c
			}
			m, err := game.NewMatch(r, names, uint64(tb)+1)
			if err != nil {
				b.Fatal(err)
			}
			h, err := host.New(host.Config{Match: m, Settings: host.Settings{Seats: seats}, Computers: computers, CPU: pool})
			if err != nil {
				b.Fatal(err)
			}
			sub := h.Subscribe()
			wg.Add(1)
			go func() {
				defer wg.Done()
				defer h.Close()
				// A turn runs from its EvTurnStarted to the next one (no
				// pause to show a move here) or to the end of the game.
				var began time.Time
				end := func() {
					if !began.IsZero() {
						mu.Lock()
						turns = append(turns, time.Since(began))
						mu.Unlock()
					}
				}
				for {
					e, err := sub.Next(context.Background())
					if err != nil {
						return
					}
					switch e.Kind {
					case host.EvTurnStarted:
						end()
						began = time.Now()
					case host.EvApplied, host.EvTimedOut:
						mu.Lock()
						if e.Kind == host.EvTimedOut {
							timedOut++
						}
						if e.Fallback != "" {
							fallbacks++
						}
						mu.Unlock()
					case host.EvGameOver, host.EvMatchOver:
						end()
						return
					}
				}
			}()
			h.Start()
		}
		wg.Wait()
		took := time.Since(start)
		slices.Sort(turns)
		limit := time.Duration(r.TurnSeconds) * time.Second
		over := 0
		for _, d := range turns {
			if d > limit {
				over++
			}
		}
		st := pool.Stats()
		q := func(f float64) time.Duration { return turns[int(f*float64(len(turns)-1))] }
		b.Logf("%d tables x 4 computers, %d workers, %.1f s: %d turns, turn time p50 %v p99 %v max %v (timer %v, %d over it), %d timed out, %d fell back",
			tables, st.Workers, took.Seconds(), len(turns), q(0.5).Round(time.Microsecond), q(0.99).Round(time.Microsecond), turns[len(turns)-1].Round(time.Microsecond), limit, over, timedOut, fallbacks)
		b.Logf("pool: %d turns asked for a worker, %d waited; wait p50 %v p99 %v max %v",
			st.Turns, st.Queued, st.P50.Round(time.Microsecond), st.P99.Round(time.Microsecond), st.Max.Round(time.Microsecond))
	}
}

package main

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"

	"charm.land/log/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/seats"
)

// Computer tables: tables of computer seats only, which a server runs on
// its own (serve --computer-tables) on the same CPU pool as its players'
// tables, to show what its computers do under load; BenchmarkServeTables
// runs them in a test. Each table is a host of its own that plays one
// game under the rules' turn timer, unsaved; its seats are given by a
// list of levels (issue 26's bot tables will add bot seats here).

// computerTables says which computer tables to run.
type computerTables struct {
	Tables int
	Levels []string // a level per seat, 2 to 4
	Rules  game.Rules
	Seed   uint64 // table t deals with Seed+t; its seat s thinks with seed (Seed+t)*10+s
}

// parseComputerLevels reads --computer-levels: 2 to 4 levels, by comma.
func parseComputerLevels(list string) ([]string, error) {
	var out []string
	for _, lv := range strings.Split(list, ",") {
		lv = strings.ToLower(strings.TrimSpace(lv))
		if _, err := seats.ParseLevel(lv); err != nil {
			return nil, badInput("--computer-levels %q: %q is not a level; the levels are %s", list, lv, strings.Join(seats.Levels(), ", "))
		}
		out = append(out, lv)
	}
	if len(out) < 2 || len(out) > 4 {
		return nil, badInput("--computer-levels %q: a table has 2 to 4 seats, not %d", list, len(out))
	}
	return out, nil
}

// computerTablesReport is what the computer tables did: every computer
// turn's time from its start to its end (waiting for a worker included)
// against the turn timer, and the turns that ran out of time, fell back
// to a draw or came after their deadline.
type computerTablesReport struct {
	Tables, Turns         int
	Timer                 time.Duration
	OverTimer             int // turns longer than the timer
	TimedOut, Fallbacks   int
	TurnP50, TurnP99, Max time.Duration
	Took                  time.Duration
	Pool                  host.PoolStats
}

func (r computerTablesReport) String() string {
	return fmt.Sprintf("%d tables, %.1f s: %d computer turns, turn time p50 %v p99 %v max %v (timer %v: %d over it), %d timed out, %d fell back; waits for a worker (%d workers): %d of %d turns waited, p50 %v p99 %v max %v",
		r.Tables, r.Took.Seconds(), r.Turns, r.TurnP50.Round(time.Microsecond), r.TurnP99.Round(time.Microsecond), r.Max.Round(time.Microsecond),
		r.Timer, r.OverTimer, r.TimedOut, r.Fallbacks,
		r.Pool.Workers, r.Pool.Queued, r.Pool.Turns, r.Pool.P50.Round(time.Microsecond), r.Pool.P99.Round(time.Microsecond), r.Pool.Max.Round(time.Microsecond))
}

// run plays the tables at once on pool, each one game, and reports. A
// cancelled ctx closes the tables still playing.
func (ct computerTables) run(ctx context.Context, pool *host.CPUPool) (computerTablesReport, error) {
	var mu sync.Mutex
	var turns []time.Duration
	rep := computerTablesReport{Tables: ct.Tables, Timer: time.Duration(ct.Rules.TurnSeconds) * time.Second}
	var wg sync.WaitGroup
	start := time.Now()
	var err error
	for tb := 0; tb < ct.Tables && err == nil; tb++ {
		var h *host.Host
		if h, err = ct.table(tb, pool); err != nil {
			break
		}
		sub := h.Subscribe()
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer h.Close()
			// A turn runs from its EvTurnStarted to the next one (no
			// pause to show a move) or to the end of the game.
			var began time.Time
			end := func() {
				if !began.IsZero() {
					mu.Lock()
					turns = append(turns, time.Since(began))
					mu.Unlock()
				}
			}
			for {
				e, err := sub.Next(ctx)
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
						rep.TimedOut++
					}
					if e.Fallback != "" {
						rep.Fallbacks++
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
	rep.Took = time.Since(start)
	rep.Pool = pool.Stats()
	slices.Sort(turns)
	rep.Turns = len(turns)
	for _, d := range turns {
		if rep.Timer > 0 && d > rep.Timer {
			rep.OverTimer++
		}
	}
	if len(turns) > 0 {
		q := func(f float64) time.Duration { return turns[int(f*float64(len(turns)-1))] }
		rep.TurnP50, rep.TurnP99, rep.Max = q(0.5), q(0.99), turns[len(turns)-1]
	}
	if err != nil {
		return rep, err
	}
	return rep, ctx.Err()
}

// table makes the host of computer table tb.
func (ct computerTables) table(tb int, pool *host.CPUPool) (*host.Host, error) {
	names := make([]string, len(ct.Levels))
	seats := make([]host.Seat, len(ct.Levels))
	computers := map[int]host.Computer{}
	seed := ct.Seed + uint64(tb)
	for s, lv := range ct.Levels {
		names[s] = fmt.Sprintf("CPU %d %s", s+1, lv)
		seats[s] = host.Seat{Name: names[s], Computer: true, Level: lv}
		c, err := newComputer(lv, s, seed*10+uint64(s))
		if err != nil {
			return nil, err
		}
		computers[s] = c
	}
	m, err := game.NewMatch(ct.Rules, names, seed)
	if err != nil {
		return nil, err
	}
	return host.New(host.Config{Match: m, Settings: host.Settings{Seats: seats}, Computers: computers, CPU: pool})
}

// computerTablesToRun reads serve's --computer-tables and
// --computer-levels; no tables when --computer-tables is 0.
func (f *serveFlags) computerTablesToRun() (computerTables, error) {
	switch {
	case f.computerTables < 0 || f.computerTables > maxComputerTables:
		return computerTables{}, badInput("--computer-tables %d: give 0 to %d", f.computerTables, maxComputerTables)
	case f.computerTables == 0:
		return computerTables{}, nil
	}
	levels, err := parseComputerLevels(f.computerLevels)
	if err != nil {
		return computerTables{}, err
	}
	return computerTables{Tables: f.computerTables, Levels: levels, Rules: game.Standard(), Seed: 1}, nil
}

// maxComputerTables bounds --computer-tables.
const maxComputerTables = 1000

// startComputerTables runs ct's tables on a goroutine and logs what they
// did once they are done (or closed by ctx); the channel closes then.
func startComputerTables(ctx context.Context, ct computerTables, pool *host.CPUPool, logger *log.Logger) <-chan struct{} {
	done := make(chan struct{})
	if ct.Tables == 0 {
		close(done)
		return done
	}
	logger.Info("computer tables started", "tables", ct.Tables, "seats", strings.Join(ct.Levels, ","))
	go func() {
		defer close(done)
		rep, err := ct.run(ctx, pool)
		if err != nil && ctx.Err() == nil {
			logger.Warn("computer tables could not start", "err", err)
			return
		}
		logger.Info("computer tables done", "tables", rep.Tables, "turns", rep.Turns, "timer", rep.Timer,
			"over_timer", rep.OverTimer, "timed_out", rep.TimedOut, "fell_back", rep.Fallbacks,
			"turn_p50", rep.TurnP50.Round(time.Microsecond), "turn_p99", rep.TurnP99.Round(time.Microsecond), "turn_max", rep.Max.Round(time.Microsecond),
			"workers", rep.Pool.Workers, "waited", rep.Pool.Queued, "wait_p50", rep.Pool.P50.Round(time.Microsecond),
			"wait_p99", rep.Pool.P99.Round(time.Microsecond), "wait_max", rep.Pool.Max.Round(time.Microsecond), "closed_early", ctx.Err() != nil)
	}()
	return done
}

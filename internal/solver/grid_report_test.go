package solver

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"rummikub/internal/game"
)

// gridPosition is a position recorded from a French game.
type gridPosition struct {
	grid   game.Grid
	rack   []game.Tile
	opened bool
}

// frenchPositions plays French games of four seats through the engine,
// every seat playing the most tiles SolveGrid finds (or drawing), and
// records every position before a turn whose grid holds 20-80 tiles and
// whose rack 8-20, with fixed seeds. With hoard, seats 2 and 4 play only
// one turn in three and draw otherwise, so racks grow large.
func frenchPositions(t testing.TB, games int, hoard ...bool) []gridPosition {
	r := frenchRules(t)
	var out []gridPosition
	for seed := 1; seed <= games; seed++ {
		m, err := game.NewMatch(*r, []string{"a", "b", "c", "d"}, uint64(seed))
		if err != nil {
			t.Fatal(err)
		}
		for turn := 0; turn < 400 && !m.Game.Over; turn++ {
			v := m.ViewFor(m.Game.Turn)
			opened := v.Melded[v.Seat]
			if n, k := game.GridOf(v.Table).Len(), len(v.Rack); n >= 20 && n <= 80 && k >= 8 && k <= 20 {
				out = append(out, gridPosition{game.GridOf(v.Table).Clone(), append([]game.Tile(nil), v.Rack...), opened})
			}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			res, err := SolveGrid(ctx, GridRequest{Rules: &v.Rules, Grid: game.GridOf(v.Table), Rack: v.Rack, Opened: opened})
			cancel()
			a := game.Action{Seat: v.Seat, Kind: game.ActDraw}
			hold := len(hoard) > 0 && hoard[0] && v.Seat%2 == 1 && turn%3 != 0 && v.Pool > 0
			if err == nil && res.Play && !hold {
				a = game.Action{Seat: v.Seat, Kind: game.ActPlay, After: res.Grid}
			} else if v.Pool == 0 {
				a.Kind = game.ActPass
			}
			if _, err := m.Apply(a); err != nil {
				t.Fatalf("game %d turn %d: %v", seed, turn, err)
			}
		}
	}
	return out
}

// TestGridSolverReport measures SolveGrid on positions of real French
// games: for each objective, the time to finish (deadline 10 s), its
// median, 99th percentile and maximum, and the share proven optimal with
// the computer players' deadline of 100 ms. It runs only when
// RUMMIKUB_SOLVER_REPORT is set:
//
//	RUMMIKUB_SOLVER_REPORT=1 go test -run GridSolverReport -v ./internal/solver/
//
// RUMMIKUB_GRID_GAMES sets the number of games (default 20).
func TestGridSolverReport(t *testing.T) {
	if os.Getenv("RUMMIKUB_SOLVER_REPORT") == "" {
		t.Skip("set RUMMIKUB_SOLVER_REPORT=1 to measure the grid solver")
	}
	games := 20
	if s := os.Getenv("RUMMIKUB_GRID_GAMES"); s != "" {
		fmt.Sscan(s, &games)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for _, hoard := range []bool{false, true} {
		gridReport(t, games, hoard)
	}
}

func gridReport(t *testing.T, games int, hoard bool) {
	pos := frenchPositions(t, games, hoard)
	r := frenchRules(t)
	opened, big := 0, 0
	for _, p := range pos {
		if p.opened {
			opened++
		}
		if len(p.rack) >= 16 {
			big++
		}
	}
	how := "every seat playing the most tiles"
	if hoard {
		how = "two seats of four playing one turn in three"
	}
	t.Logf("%d positions from %d games of four seats, %s (%d opened, %d with racks of 16-20): grids of 20-80 tiles, racks of 8-20", len(pos), games, how, opened, big)
	for _, obj := range []Objective{MostTiles, MostPoints} {
		var times []time.Duration
		proven, proven100 := 0, 0
		var slow []string
		nodes := int64(0)
		for _, p := range pos {
			req := GridRequest{Rules: r, Grid: p.grid, Rack: p.rack, Opened: p.opened, Objective: obj}
			ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			n0, c0, w0 := gridNodes.Load(), threadCPU(), time.Now()
			res, err := SolveGrid(ctx, req)
			el := time.Since(w0)
			nodes += gridNodes.Load() - n0
			if c := threadCPU() - c0; c > 0 && c < el {
				el = c
			}
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			times = append(times, el)
			if res.Optimal {
				proven++
			}
			if el > 50*time.Millisecond {
				slow = append(slow, fmt.Sprintf("%.0f ms: grid %d tiles, rack %d (%s), opened %v, optimal %v", ms(el), p.grid.Len(), len(p.rack), game.FormatTiles(p.rack), p.opened, res.Optimal))
			}
			ctx, cancel = context.WithTimeout(context.Background(), 100*time.Millisecond)
			res100, err := SolveGrid(ctx, req)
			cancel()
			if err == nil && res100.Optimal {
				proven100++
			}
			if res.Play {
				if _, err := game.JudgeGridTurn(r, game.TurnStart{Table: p.grid, Rack: p.rack, Opened: p.opened}, res.Grid); err != nil {
					t.Errorf("an answer fails the judge: %v", err)
				}
			}
		}
		p50, p99, top := percentiles(times)
		name := map[Objective]string{MostTiles: "most tiles", MostPoints: "most points"}[obj]
		t.Logf("%s: median %.2f ms, p99 %.2f ms, max %.2f ms; proven optimal %d/%d within 10 s, %d/%d within 100 ms; search nodes %d",
			name, ms(p50), ms(p99), ms(top), proven, len(pos), proven100, len(pos), nodes)
		sort.Strings(slow)
		for _, s := range slow {
			t.Logf("  slow: %s", s)
		}
	}
}

// BenchmarkGridPositions solves, for the most tiles, every position
// recorded from four French games (frenchPositions, fixed seeds):
//
//	go test -run '^$' -bench GridPositions ./internal/solver/
func BenchmarkGridPositions(b *testing.B) {
	pos := frenchPositions(b, 4)
	r := frenchRules(b)
	for b.Loop() {
		for _, p := range pos {
			if _, err := SolveGrid(context.Background(), GridRequest{Rules: r, Grid: p.grid, Rack: p.rack, Opened: p.opened}); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(len(pos)), "positions")
}

package solver

import (
	"context"
	"testing"
	"time"
	"rummikub/internal/game"
)

func TestDbgSlow(t *testing.T) {
	pos := frenchPositions(t, 8)
	r := frenchRules(t)
	for _, mode := range []int{0, 1, 0, 1} {
		tot, unfinished := 0, 0
		var worst time.Duration
		wn := 0
		t0 := time.Now()
		for _, p := range pos {
			s := &gridSearch{req: GridRequest{Rules: r, Grid: p.grid, Rack: p.rack, Opened: p.opened}, r: r, playable: p.rack, start: game.TurnStart{Grid: p.grid, Rack: p.rack, Opened: p.opened}}
			s.plain = mode == 1
			s.noSeeds = mode == 2
			s.noBound = mode == 3
			ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
			t1 := time.Now()
			s.solve(ctx)
			if d := time.Since(t1); d > worst { worst = d; wn = s.nodes }
			cancel()
			tot += s.nodes
			if s.stopped { unfinished++ }
		}
		t.Logf("mode %d: nodes %d unfinished %d in %v worst %v (%d nodes)", mode, tot, unfinished, time.Since(t0), worst, wn)
	}
}

package solver

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"rummikub/internal/game"
)

func TestSlowest(t *testing.T) {
	if os.Getenv("SLOW") == "" {
		t.Skip()
	}
	set := midGameSet(t)
	for i, req := range set.reqs {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		start := time.Now()
		res, _ := Solve(ctx, req)
		el := time.Since(start)
		cancel()
		if el > 20*time.Millisecond {
			nj := 0
			for _, s := range req.Table {
				for _, x := range s {
					if x.IsJoker() {
						nj++
					}
				}
			}
			rj := 0
			for _, x := range req.Rack {
				if x.IsJoker() {
					rj++
				}
			}
			fmt.Printf("%d: %v tableJ=%d rackJ=%d table=%d rack=%d opt=%v\n  %s\n  %s\n", i, el, nj, rj, tableSize(req.Table), len(req.Rack), res.Optimal, game.FormatTable(req.Table), game.FormatTiles(req.Rack))
		}
	}
}

package solver

import (
	"context"
	"fmt"
	"math/rand/v2"
	"testing"

	"rummikub/internal/game"
)

func rulesOf(t testing.TB, preset string, opts ...string) *game.Rules {
	r, err := game.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatal(err)
		}
	}
	return &r
}

// checkResult checks a result's own consistency: every set valid, every
// table tile still there, the placed tiles from the rack, counts right.
func checkResult(t testing.TB, req Request, res Result) {
	t.Helper()
	if !res.Play {
		return
	}
	var end, start game.FaceCounts
	for _, s := range res.Sets {
		if _, err := game.AnalyzeSet(s, req.Rules); err != nil {
			t.Fatalf("invalid set in result: %v", err)
		}
		for _, x := range s {
			end[x.Face.Index()]++
		}
	}
	for _, s := range req.Table {
		for _, x := range s {
			start[x.Face.Index()]++
		}
	}
	for _, x := range res.Placed {
		start[x.Face.Index()]++
	}
	if start != end {
		t.Fatalf("tiles not conserved: table+placed %v, after %v", start, end)
	}
	pts := 0
	for _, x := range res.Placed {
		pts += req.Rules.Penalty(x.Face)
	}
	if pts != res.PointsPlaced || len(res.Placed) != res.TilesPlaced {
		t.Fatalf("counts wrong: %+v", res)
	}
}

func describe(req Request) string {
	return fmt.Sprintf("rules %s opened=%v obj=%v\ntable: %s\nrack: %s\nkeep: %s must: %s",
		req.Rules.Summary(), req.Opened, req.Objective, game.FormatTable(req.Table), game.FormatTiles(req.Rack),
		game.FormatTiles(req.Keep), game.FormatTiles(req.Must))
}

func TestAgainstBrute(t *testing.T) {
	presets := [][]string{{"standard"}, {"standard", "free-jokers=true"}, {"forty"}, {"wrap"}, {"six"},
		{"standard", "joker-from-rack=true"}, {"standard", "joker-two-rack-tiles=true"}, {"wrap", "joker-two-rack-tiles=false"}}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 3000; i++ {
		pr := presets[i%len(presets)]
		r := rulesOf(t, pr[0], pr[1:]...)
		lo := 1 + rng.IntN(10)
		hi := lo + 2 + rng.IntN(3)
		if hi > 13 {
			hi = 13
		}
		if r.Wrap && rng.IntN(2) == 0 {
			lo, hi = 11, 14
		}
		sp := posSpec{rules: r, tableTiles: rng.IntN(10), rackTiles: 2 + rng.IntN(5), lo: lo, hi: hi, jokers: rng.IntN(3), tableJ: rng.IntN(2) == 0}
		pos := deal(rng, sp)
		req := Request{Rules: r, Table: pos.table, Rack: pos.rack, Opened: rng.IntN(4) != 0, Objective: Objective(rng.IntN(2))}
		if !req.Opened {
			r2 := *r
			r2.InitialMeld = rng.IntN(25)
			req.Rules = &r2
		}
		res, err := Solve(context.Background(), req)
		if i < 12 {
			t.Logf("%s\n=> %d %s", describe(req), res.TilesPlaced, game.FormatTable(res.Sets))
		}
		if err != nil {
			t.Fatalf("%s: %v", describe(req), err)
		}
		checkResult(t, req, res)
		p, _ := newProblem(req)
		bsol, _ := p.bruteSearch(context.Background())
		bres := p.result(bsol, true)
		if bres.TilesPlaced != res.TilesPlaced || bres.PointsPlaced != res.PointsPlaced {
			t.Fatalf("case %d: %s\nsolver %d tiles %d points: %s\nbrute %d tiles %d points: %s", i, describe(req),
				res.TilesPlaced, res.PointsPlaced, game.FormatTable(res.Sets),
				bres.TilesPlaced, bres.PointsPlaced, game.FormatTable(bres.Sets))
		}
	}
}

package solver

import (
	"fmt"

	"rummikub/internal/game"
)

// fataler is what the helpers need of a test: a testing.TB or a *rapid.T.
type fataler interface {
	Helper()
	Fatalf(format string, args ...any)
}

func rulesOf(t fataler, preset string, opts ...string) *game.Rules {
	r, err := game.Preset(preset)
	if err != nil {
		t.Fatalf("%v", err)
	}
	for _, o := range opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatalf("%v", err)
		}
	}
	return &r
}

// checkResult checks a result: the engine's turn judge accepts it, and
// its own counts are right (every set valid, every table tile still there,
// the placed tiles from the rack).
func checkResult(t fataler, req Request, res Result) {
	t.Helper()
	if !res.Play {
		if res.TilesPlaced != 0 || len(res.Placed) != 0 {
			t.Fatalf("no play but tiles placed: %+v", res)
		}
		return
	}
	start := game.TurnStart{Table: req.Table, Rack: req.Rack, Opened: req.Opened, Locked: req.Keep, Must: req.Must}
	tr, err := game.JudgeTurn(req.Rules, start, res.Sets)
	if err != nil {
		t.Fatalf("the engine refuses the solver's play: %v\n%s\nplay: %s", err, describe(req), game.FormatTable(res.Sets))
	}
	if len(tr.Placed) != res.TilesPlaced {
		t.Fatalf("the engine counts %d tiles placed, the solver %d", len(tr.Placed), res.TilesPlaced)
	}
	var end, begin game.FaceCounts
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
			begin[x.Face.Index()]++
		}
	}
	for _, x := range res.Placed {
		begin[x.Face.Index()]++
	}
	if begin != end {
		t.Fatalf("tiles not conserved: table+placed %v, after %v", begin, end)
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

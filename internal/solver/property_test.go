package solver

import (
	"context"
	"flag"
	"math/rand/v2"
	"os"
	"testing"
	"time"

	"pgregory.net/rapid"

	"rummikub/internal/game"
)

// TestMain runs the property tests on a couple of thousand positions
// unless -rapid.checks says otherwise.
func TestMain(m *testing.M) {
	flag.Parse()
	set := false
	flag.Visit(func(f *flag.Flag) {
		if f.Name == "rapid.checks" {
			set = true
		}
	})
	if !set {
		_ = flag.Set("rapid.checks", "2000")
	}
	checksGiven = set
	os.Exit(m.Run())
}

// The rule variants the property test draws from: every option the solver
// must handle, alone and in the presets that combine them.
var propertyRules = [][]string{
	{"standard"}, {"standard", "free-jokers=true"}, {"forty"}, {"wrap"}, {"six"},
	{"standard", "joker-from-rack=true"}, {"standard", "joker-two-rack-tiles=true"},
	{"wrap", "joker-two-rack-tiles=false"}, {"standard", "meld-then-extend=true"},
	{"forty", "joker-meld-value=0", "initial-meld=20"}, {"six", "wrap=true", "joker-two-rack-tiles=true"},
}

// smallRequest draws a small realistic position: few numbers so tiles
// interact, a table of random valid sets (jokers among them), a rack, and
// sometimes tiles to keep or to play.
func smallRequest(t *rapid.T, rules [][]string) (Request, bool) {
	pr := rules[rapid.IntRange(0, len(rules)-1).Draw(t, "rules")]
	r := rulesOf(t, pr[0], pr[1:]...)
	lo := rapid.IntRange(1, 11).Draw(t, "lo")
	hi := min(lo+rapid.IntRange(2, 4).Draw(t, "width"), 13)
	long := false
	if r.Wrap {
		switch rapid.IntRange(0, 3).Draw(t, "wrapWindow") {
		case 1, 2:
			lo, hi = 11, 14
		case 3:
			// every place 1..14: whole colours and long runs, where a run
			// from 1 must not also take the high 1
			lo, hi, long = 1, 14, true
		}
	}
	sp := posSpec{rules: r, tableTiles: rapid.IntRange(0, 9).Draw(t, "table"),
		rackTiles: rapid.IntRange(1, 6).Draw(t, "rack"), lo: lo, hi: hi,
		jokers: rapid.IntRange(0, min(r.Jokers, 4)).Draw(t, "jokers"), tableJ: rapid.Bool().Draw(t, "tableJokers")}
	if long {
		// small enough for the reference search, mostly
		sp.tableTiles = rapid.IntRange(3, 13).Draw(t, "longTable")
		sp.rackTiles = rapid.IntRange(1, 3).Draw(t, "longRack")
		sp.jokers = rapid.IntRange(0, 1).Draw(t, "longJokers")
		sp.colors = rapid.IntRange(1, 2).Draw(t, "colors")
		sp.long = true
		sp.spareOne = rapid.IntRange(0, 3).Draw(t, "spareOne") != 0
	}
	seed := rapid.Uint64().Draw(t, "seed")
	pos := deal(rand.New(rand.NewPCG(seed, 7)), sp)
	req := Request{Rules: r, Table: pos.table, Rack: pos.rack,
		Opened: rapid.IntRange(0, 3).Draw(t, "opened") != 0, Objective: Objective(rapid.IntRange(0, 1).Draw(t, "objective"))}
	if !req.Opened {
		r2 := *r
		r2.InitialMeld = rapid.IntRange(0, 30).Draw(t, "threshold")
		req.Rules = &r2
	}
	if len(req.Rack) > 1 {
		switch rapid.IntRange(0, 5).Draw(t, "extra") {
		case 0:
			req.Keep = []game.Tile{req.Rack[rapid.IntRange(0, len(req.Rack)-1).Draw(t, "keep")]}
		case 1:
			req.Must = []game.Tile{req.Rack[rapid.IntRange(0, len(req.Rack)-1).Draw(t, "must")]}
		}
	}
	return req, long
}

// better reports whether a places more than b by the objective.
func better(a, b Result, obj Objective) bool {
	x, y := [2]int{a.TilesPlaced, a.PointsPlaced}, [2]int{b.TilesPlaced, b.PointsPlaced}
	if obj == MostPoints {
		x[0], x[1], y[0], y[1] = x[1], x[0], y[1], y[0]
	}
	return x[0] > y[0] || x[0] == y[0] && x[1] > y[1]
}

// TestSolverMatchesBruteForce: on small random positions the solver finds
// the same optimum as the exhaustive search, and the engine accepts its
// play.
func TestSolverMatchesBruteForce(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) { solverMatchesBruteForce(t, propertyRules) })
}

// wrapSixRules are the variants of the wrap rule and of the 160-tile set
// (three copies, four jokers), which TestSolverMatchesBruteForceWrapSix
// draws from alone, so that every run checks them on a share of its own.
var wrapSixRules = [][]string{
	{"wrap"}, {"wrap", "joker-two-rack-tiles=false"}, {"wrap", "free-jokers=true"},
	{"six"}, {"six", "joker-two-rack-tiles=true"}, {"six", "wrap=true"},
	{"six", "wrap=true", "joker-two-rack-tiles=true"}, {"six", "joker-from-rack=true"},
}

// checksGiven reports that -rapid.checks was given.
var checksGiven bool

// TestSolverMatchesBruteForceWrapSix is TestSolverMatchesBruteForce on wrap
// and the 160-tile set only (up to four jokers in a position). Unless
// -rapid.checks says otherwise it makes 600 checks: its positions cost the
// reference more (TestSolverMatchesBruteForce draws these rules too).
func TestSolverMatchesBruteForceWrapSix(t *testing.T) {
	if !checksGiven {
		_ = flag.Set("rapid.checks", "600")
		defer flag.Set("rapid.checks", "2000")
	}
	rapid.Check(t, func(t *rapid.T) { solverMatchesBruteForce(t, wrapSixRules) })
}

// TestSolverMatchesBruteForceTail is the property tests with every state
// checked against the tail bound (see tailCut), which the small positions
// would otherwise rarely reach: 600 checks unless -rapid.checks says
// otherwise.
func TestSolverMatchesBruteForceTail(t *testing.T) {
	if !checksGiven {
		_ = flag.Set("rapid.checks", "600")
		defer flag.Set("rapid.checks", "2000")
	}
	defer func(n int) { tailAfter = n }(tailAfter)
	tailAfter = 0
	rules := append(append([][]string(nil), propertyRules...), wrapSixRules...)
	rapid.Check(t, func(t *rapid.T) { solverMatchesBruteForce(t, rules) })
}

// solverMatchesBruteForce is one check of the property tests, on a position
// under one of rules.
func solverMatchesBruteForce(t *rapid.T, rules [][]string) {
	req, long := smallRequest(t, rules)
	res, err := Solve(context.Background(), req)
	if err != nil {
		t.Fatalf("%s: %v", describe(req), err)
	}
	if !res.Optimal {
		t.Fatalf("not proven optimal without a deadline")
	}
	checkResult(t, req, res)
	p, _ := newProblem(req)
	ctx := context.Background()
	if long {
		// a few positions over all of 1..14 are too big for the
		// reference: then it must at least not beat the solver
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, 150*time.Millisecond)
		defer cancel()
	}
	bsol, done := p.bruteSearch(ctx)
	bres := p.result(bsol, true)
	if bres.Play {
		checkResult(t, req, bres) // the reference itself plays by the rules
	}
	if !done {
		if better(bres, res, req.Objective) {
			t.Fatalf("%s\nthe cut reference beats the solver: %s against %s", describe(req),
				game.FormatTable(bres.Sets), game.FormatTable(res.Sets))
		}
		return
	}
	if bres.Play != res.Play || bres.TilesPlaced != res.TilesPlaced || bres.PointsPlaced != res.PointsPlaced {
		t.Fatalf("%s\nsolver %d tiles %d points: %s\nbrute %d tiles %d points: %s", describe(req),
			res.TilesPlaced, res.PointsPlaced, game.FormatTable(res.Sets),
			bres.TilesPlaced, bres.PointsPlaced, game.FormatTable(bres.Sets))
	}
}

package solver

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
)

// handCase is a position worked out by hand: the rules, the table and rack
// in notation, and what the best play places.
type handCase struct {
	name    string
	rules   []string // preset, then options
	table   string
	rack    string
	opened  bool
	obj     Objective
	keep    string
	must    string
	tiles   int    // tiles the best play places (0: no play)
	points  int    // points it places, when not -1
	has     string // a set the answer must hold (canonical notation), if any
	keptAll bool   // every table set must come back untouched
}

func (c handCase) request(t *testing.T) Request {
	t.Helper()
	r := rulesOf(t, c.rules[0], c.rules[1:]...)
	table, err := game.ParseTable(c.table)
	if err != nil {
		t.Fatal(err)
	}
	parse := func(s string) []game.Tile {
		tiles, err := game.ParseTiles(s)
		if err != nil {
			t.Fatal(err)
		}
		return tiles
	}
	return Request{Rules: r, Table: table, Rack: parse(c.rack), Opened: c.opened, Objective: c.obj,
		Keep: parse(c.keep), Must: parse(c.must)}
}

func runHandCases(t *testing.T, cases []handCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req := c.request(t)
			res, err := Solve(context.Background(), req)
			if err != nil {
				t.Fatal(err)
			}
			checkResult(t, req, res)
			if !res.Optimal || res.TilesPlaced != c.tiles || res.Play != (c.tiles > 0) ||
				(c.points >= 0 && res.PointsPlaced != c.points) {
				t.Fatalf("got %d tiles, %d points, play %v, optimal %v: %s; want %d tiles, %d points",
					res.TilesPlaced, res.PointsPlaced, res.Play, res.Optimal, game.FormatTable(res.Sets), c.tiles, c.points)
			}
			if c.has != "" {
				found := false
				for _, s := range res.Sets {
					if game.FormatTiles(s) == c.has {
						found = true
					}
				}
				if !found {
					t.Errorf("want the set %s in %s", c.has, game.FormatTable(res.Sets))
				}
			}
			if c.keptAll {
				for i, s := range req.Table {
					m, _ := game.AnalyzeSet(s, req.Rules)
					if game.FormatTiles(res.Sets[i]) != game.FormatTiles(m.Tiles) {
						t.Errorf("table set %d changed: %s", i+1, game.FormatTable(res.Sets))
					}
				}
			}
		})
	}
}

// The manipulations of source 001 ("Manipulating existing tiles"), each as
// the only way to place the rack.
func TestManipulationExamples(t *testing.T) {
	std := []string{"standard"}
	runHandCases(t, []handCase{
		{name: "substituting in a group: K6 frees R6 for a run", rules: std, opened: true,
			table: "B6 R6 O6", rack: "K6 R7 R8", tiles: 3, points: 21, has: "R6 R7 R8"},
		{name: "shifting a run: R6 harvests R3", rules: std, opened: true,
			table: "R3 R4 R5", rack: "R6 B3 K3", tiles: 3, points: 12, has: "R4 R5 R6"},
		{name: "splitting a run: B8 into the middle", rules: std, opened: true,
			table: "B6 B7 B8 B9 B10", rack: "B8", tiles: 1, points: 8, has: "B8 B9 B10"},
		{name: "removing a tile from a group of four", rules: std, opened: true,
			table: "R9 B9 O9 K9", rack: "K8 K10", tiles: 2, points: 18, has: "K8 K9 K10"},
		{name: "removing the end of a run", rules: std, opened: true,
			table: "R3 R4 R5 R6", rack: "B6 O6", tiles: 2, points: 12, has: "R6 B6 O6"},
		{name: "a harvested tile must be replayed", rules: std, opened: true,
			table: "R3 R4 R5", rack: "R6", tiles: 1, points: 6, has: "R3 R4 R5 R6"},
		{name: "no play without a fitting tile", rules: std, opened: true,
			table: "R3 R4 R5 | B7 O7 K7", rack: "B9 K1", tiles: 0, points: 0, keptAll: true},
	})
}

func TestInitialMelds(t *testing.T) {
	runHandCases(t, []handCase{
		{name: "found", rules: []string{"standard"}, table: "B10 O10 K10", rack: "R10 R11 R12 K1",
			tiles: 3, points: 33, has: "R10 R11 R12", keptAll: true},
		{name: "table may not be used", rules: []string{"standard"}, table: "R7 R8 R9", rack: "R10 R11 R12 R13 B2",
			tiles: 4, points: 46, keptAll: true},
		{name: "impossible: too low", rules: []string{"standard"}, rack: "R1 R2 R3 K4 K5 K6", tiles: 0, points: 0},
		{name: "impossible: needs the table", rules: []string{"standard"}, table: "R7 R8 R9", rack: "R10 R11 B2",
			tiles: 0, points: 0, keptAll: true},
		{name: "joker at the high end counts 11", rules: []string{"standard"}, rack: "R9 R10 J B1",
			tiles: 3, points: 49, has: "R9 R10 J:R11"},
		{name: "joker at the low end counts 11", rules: []string{"standard"}, rack: "J R12 R13",
			tiles: 3, points: 55, has: "J:R11 R12 R13"},
		{name: "wrap: a low joker counts 11, not a high 1", rules: []string{"wrap", "initial-meld=27"}, rack: "K12 K13 J R11",
			keep: "R11", tiles: 3, points: 55, has: "J:K11 K12 K13"},
		{name: "forty: a joker counts 25", rules: []string{"forty"}, rack: "R10 R11 J K1",
			tiles: 3, points: 46},
		{name: "forty: 28 is not enough", rules: []string{"forty"}, rack: "R1 R2 J B1", tiles: 0, points: 0},
		{name: "meld then extend", rules: []string{"forty"}, table: "K5 K6 K7", rack: "R13 B13 O13 K13 K8",
			tiles: 5, points: 60, has: "K5 K6 K7 K8"},
		{name: "meld then extend: 39 is not enough", rules: []string{"forty"}, table: "K5 K6 K7", rack: "R13 B13 O13 K8",
			tiles: 0, points: 0, keptAll: true},
		{name: "meld then extend frees a joker", rules: []string{"standard", "meld-then-extend=true"},
			table: "B4 B5 J", rack: "R10 R11 R12 B6 O9 K9", tiles: 6, points: 57},
		{name: "the initial meld may not free a joker", rules: []string{"standard"},
			table: "B4 B5 J", rack: "R10 R11 R12 B6 O9 K9", tiles: 3, points: 33, keptAll: true},
	})
}

func TestJokerRule(t *testing.T) {
	const table = "R5 R6 R7 J | R8 B8 O8 K8"
	runHandCases(t, []handCase{
		{name: "freed by a rack tile", rules: []string{"standard"}, opened: true,
			table: "R5 J R7", rack: "R6 B9 O9", tiles: 3, points: 24, has: "R5 R6 R7"},
		{name: "not freeable without its tile", rules: []string{"standard"}, opened: true,
			table: "R5 R6 R7 J", rack: "B9 O9", tiles: 0, points: 0},
		{name: "free-jokers: wild", rules: []string{"standard", "free-jokers=true"}, opened: true,
			table: "R5 R6 R7 J", rack: "B9 O9", tiles: 2, points: 18, has: "R5 R6 R7"},
		{name: "freed by a table tile", rules: []string{"standard"}, opened: true,
			table: table, rack: "B9 O9", tiles: 2, points: 18, has: "R5 R6 R7 R8"},
		{name: "joker-from-rack: a table tile cannot free it", rules: []string{"standard", "joker-from-rack=true"}, opened: true,
			table: table, rack: "B9 O9", tiles: 0, points: 0},
		{name: "joker-two-rack-tiles: two rack tiles beside it", rules: []string{"standard", "joker-two-rack-tiles=true"}, opened: true,
			table: "R5 R6 R7 J", rack: "R8 B9 O9", tiles: 3, points: 26},
		{name: "joker-two-rack-tiles: one is not enough", rules: []string{"standard", "joker-two-rack-tiles=true"}, opened: true,
			table: "R5 R6 R7 J | R9 O9 K9", rack: "R8 B9", tiles: 1, points: 9},
		{name: "default: one rack tile is enough", rules: []string{"standard"}, opened: true,
			table: "R5 R6 R7 J | R9 O9 K9", rack: "R8 B9", tiles: 2, points: 17},
		{name: "a group joker stays for the missing colour", rules: []string{"standard"}, opened: true,
			table: "R7 B7 J", rack: "O7 K7", tiles: 1, points: 7},
		{name: "a group joker freed by either missing colour", rules: []string{"standard"}, opened: true,
			table: "R7 B7 J", rack: "O7 K7 R8 R9", tiles: 4, points: 31},
		{name: "a rack joker is placed", rules: []string{"standard"}, opened: true,
			table: "K1 K2 K3", rack: "J", tiles: 1, points: 30},
		{name: "keep the joker", rules: []string{"standard"}, opened: true,
			table: "K1 K2 K3", rack: "J K4", keep: "J", tiles: 1, points: 4, has: "K1 K2 K3 K4"},
	})
}

func TestVariants(t *testing.T) {
	runHandCases(t, []handCase{
		{name: "wrap: 12-13-1", rules: []string{"wrap"}, opened: true, rack: "R12 R13 R1", tiles: 3, points: 26, has: "R12 R13 R1"},
		{name: "standard: 1 is low", rules: []string{"standard"}, opened: true, rack: "R12 R13 R1", tiles: 0, points: 0},
		{name: "wrap: 13-1-2 is not a run", rules: []string{"wrap"}, opened: true, rack: "R13 R1 R2", tiles: 0, points: 0},
		{name: "wrap: a joker as the high 1", rules: []string{"wrap"}, opened: true, table: "B11 B12 B13", rack: "J",
			tiles: 1, points: 30},
		{name: "wrap: 1 low and high in two runs", rules: []string{"wrap"}, opened: true,
			table: "R1 R2 R3 | R11 R12 R13", rack: "R1", tiles: 1, points: 1},
		{name: "six: three copies and four jokers", rules: []string{"six"}, opened: true,
			table: "R5 R6 R7 | R5 R6 R7", rack: "R5 R6 R7 J J J J", tiles: 7, points: 138},
		{name: "six: a group of one number in three copies", rules: []string{"six"}, opened: true,
			table: "R9 B9 O9 | R9 B9 K9", rack: "R9 O9 K9 B9", tiles: 4, points: 36},
		{name: "empty rack", rules: []string{"standard"}, opened: true, table: "R1 R2 R3", rack: "", tiles: 0, points: 0},
		{name: "out only by rearranging the whole table", rules: []string{"standard"}, opened: true,
			table: "R1 B1 O1 | R2 B2 O2 | R3 B3 O3", rack: "R4 B4", tiles: 2, points: 8},
		{name: "points objective prefers the joker", rules: []string{"standard"}, opened: true, obj: MostPoints,
			table: "K1 K2 K3", rack: "J B5 B6 B7 B8", keep: "", tiles: 5, points: 56},
		{name: "must: the key tile is played", rules: []string{"river"}, opened: true,
			table: "B8 B9 B10", rack: "R1 R2 R3 B7", must: "B7", tiles: 4, points: 13},
		{name: "must: no play when it cannot go", rules: []string{"river"}, opened: true,
			table: "B8 B9 B10", rack: "R1 R2 R3 K13", must: "K13", tiles: 0, points: 0},
	})
}

// The solver keeps the table sets a play does not need, and says so by
// laying them first, as they were.
func TestUntouchedSetsStay(t *testing.T) {
	r := rulesOf(t, "standard")
	table, _ := game.ParseTable("K9 K10 K11 | R1 B1 O1 | R5 R6 R7 | B12 O12 K12")
	rack, _ := game.ParseTiles("R8 R4 O13")
	res, err := Solve(context.Background(), Request{Rules: r, Table: table, Rack: rack, Opened: true})
	if err != nil {
		t.Fatal(err)
	}
	got := game.FormatTable(res.Sets)
	if res.TilesPlaced != 2 || !strings.HasPrefix(got, "K9 K10 K11 | R1 B1 O1 | B12 O12 K12 | ") {
		t.Fatalf("got %s", got)
	}
}

func TestDeterministic(t *testing.T) {
	set := midGameSet(t)
	for i := 0; i < 20; i++ {
		req := set.reqs[i*7]
		a, _ := Solve(context.Background(), req)
		b, _ := Solve(context.Background(), req)
		if !reflect.DeepEqual(a, b) {
			t.Fatalf("position %d: two answers\n%s\n%s", i*7, game.FormatTable(a.Sets), game.FormatTable(b.Sets))
		}
	}
}

// A deadline far too short for a hard position: Solve returns promptly,
// with the best play found so far (not proven) or a proven one.
func TestDeadlineHonoured(t *testing.T) {
	set := sixSet(t)
	for i, req := range set.reqs[:8] {
		for _, budget := range []time.Duration{time.Microsecond, 200 * time.Microsecond, 2 * time.Millisecond} {
			ctx, cancel := context.WithTimeout(context.Background(), budget)
			start := time.Now()
			res, err := Solve(ctx, req)
			el := time.Since(start)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			// generous: the machine is shared; the search checks the
			// deadline every few hundred states
			if el > budget+50*time.Millisecond {
				t.Errorf("position %d, deadline %v: returned after %v", i, budget, el)
			}
			checkResult(t, req, res)
		}
	}
	// an expired deadline gives no proof
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	res, err := Solve(ctx, set.reqs[0])
	if err != nil || res.Optimal {
		t.Errorf("canceled context: optimal=%v err=%v", res.Optimal, err)
	}
}

func TestBadRequests(t *testing.T) {
	r := rulesOf(t, "standard")
	bad := game.Tile{ID: game.NoID, Face: game.Face{Color: game.Red, Num: 14}}
	cases := []Request{
		{},
		{Rules: r, Table: game.Table{{game.T(game.F(game.Red, 1))}}},
		{Rules: r, Rack: []game.Tile{bad}},
		{Rules: r, Rack: []game.Tile{game.T(game.F(game.Red, 1))}, Keep: []game.Tile{game.T(game.F(game.Red, 2))}},
		{Rules: r, Rack: []game.Tile{game.T(game.F(game.Red, 1))}, Objective: 7},
		{Rules: r, Rack: []game.Tile{game.T(game.F(game.Red, 1)), game.T(game.F(game.Red, 1)), game.T(game.F(game.Red, 1))}},
		{Rules: r, Rack: []game.Tile{game.T(game.JokerFace), game.T(game.JokerFace), game.T(game.JokerFace)}},
	}
	for i, req := range cases {
		if _, err := Solve(context.Background(), req); err == nil {
			t.Errorf("case %d: no error", i)
		}
	}
}

// Under wrap a run covers 1..13 or 2..14, never both 1 and 14 (at most 13
// tiles): a spare 1 meeting a whole colour on the table, whole or split
// across runs, used to make the solver build a 14-tile run. Each case is
// also solved by the reference search, which must agree.
func TestWrapRunFromOne(t *testing.T) {
	wrap := []string{"wrap"}
	cases := []handCase{
		{name: "1..13 and a spare 1", rules: wrap, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", rack: "R1", tiles: 1, points: 1},
		{name: "1..12, a joker and a 1", rules: wrap, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12", rack: "J R1", tiles: 2, points: 31},
		// the reported position: the 1 goes down only by cutting 12-13 off
		// to end on it as a high 1; the B5 cannot be played
		{name: "1..13 split in two runs and a spare 1", rules: wrap, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 | R8 R9 R10 R11 R12 R13", rack: "R1 B5", tiles: 1, points: 1},
		{name: "1..13 in three runs and a spare 1", rules: wrap, opened: true,
			table: "R1 R2 R3 | R4 R5 R6 R7 R8 | R9 R10 R11 R12 R13", rack: "R1", tiles: 1, points: 1},
		{name: "2..13 and both ones", rules: wrap, opened: true,
			table: "R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", rack: "R1 R1", tiles: 2, points: 2},
		{name: "a whole colour and a second 1 from the rack", rules: wrap, opened: true,
			rack: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 R1", tiles: 14, points: 92},
		{name: "1..12 and a joker as 13, a spare 1", rules: wrap, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 J:R13", rack: "R1", tiles: 1, points: 1},
		{name: "1..13 and 2..14 in two colours, a 1 of each", rules: wrap, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13 | B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 B13 B1",
			rack:  "R1 B1", tiles: 2, points: 2},
		{name: "without two-rack-tiles, a joker and a spare 1", rules: []string{"wrap", "joker-two-rack-tiles=false"}, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 | R8 R9 R10 R11 R12 R13", rack: "J R1", tiles: 2, points: 31},
		// three copies: the table's 1 stays low, one more can be high, the
		// third has no 2 and 3 to go with
		{name: "six with wrap, three ones", rules: []string{"six", "wrap=true"}, opened: true,
			table: "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 R13", rack: "R1 R1", tiles: 1, points: 1},
	}
	runHandCases(t, cases)
	for _, c := range cases {
		req := c.request(t)
		p, err := newProblem(req)
		if err != nil {
			t.Fatal(err)
		}
		bsol, done := p.bruteSearch(context.Background())
		b := p.result(bsol, done)
		if b.Play {
			checkResult(t, req, b)
		}
		if b.TilesPlaced != c.tiles || b.PointsPlaced != c.points {
			t.Errorf("%s: the reference places %d tiles, %d points (%s); the case says %d, %d",
				c.name, b.TilesPlaced, b.PointsPlaced, game.FormatTable(b.Sets), c.tiles, c.points)
		}
	}
}

// Computer seats may ask in parallel: answers do not depend on it.
func TestConcurrentSolves(t *testing.T) {
	set := midGameSet(t)
	reqs := set.reqs[:16]
	want := make([]Result, len(reqs))
	for i, req := range reqs {
		want[i], _ = Solve(context.Background(), req)
	}
	errs := make(chan string, len(reqs))
	for i, req := range reqs {
		go func() {
			got, err := Solve(context.Background(), req)
			if err != nil || !reflect.DeepEqual(got, want[i]) {
				errs <- fmt.Sprintf("position %d: a parallel solve differs (%v)", i, err)
				return
			}
			errs <- ""
		}()
	}
	for range reqs {
		if msg := <-errs; msg != "" {
			t.Error(msg)
		}
	}
}

package solver

import (
	"context"
	"flag"
	"fmt"
	"testing"
	"time"

	"pgregory.net/rapid"

	"rummikub/internal/game"
)

// smallGridPosition draws a small French position: a grid of up to two
// lines (a run, a group, a run with a group through it, or nothing, now
// and then with a joker), a rack of three to five tiles of faces near the
// grid's (jokers among them), opened or not.
func smallGridPosition(t *rapid.T) (*game.Rules, game.TurnStart) {
	opts := []string{}
	if rapid.IntRange(0, 5).Draw(t, "wrap") == 0 {
		opts = append(opts, "wrap=true")
	}
	if rapid.Bool().Draw(t, "lowMeld") {
		opts = append(opts, "initial-meld=12")
	}
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatal(err)
		}
	}
	col := game.Colors[rapid.IntRange(0, 3).Draw(t, "colour")]
	s := rapid.IntRange(1, 11).Draw(t, "start")
	var g game.Grid
	shape := rapid.IntRange(0, 4).Draw(t, "shape")
	switch shape {
	case 1, 2, 3: // a run, sometimes with a group through it
		k := rapid.IntRange(0, 2).Draw(t, "cross")
		for i := 0; i < 3; i++ {
			g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Col: i}, Tile: game.T(game.F(col, s+i))})
		}
		if shape == 3 {
			n := 0
			for _, c := range game.Colors {
				if c != col && n < 2 {
					n++
					g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Row: []int{-1, 1}[n-1], Col: k}, Tile: game.T(game.F(c, s+k))})
				}
			}
		}
		if rapid.IntRange(0, 5).Draw(t, "gridJoker") == 0 {
			g.Tiles[rapid.IntRange(0, 2).Draw(t, "jokerAt")].Tile = game.Tile{ID: game.NoID, Face: game.JokerFace}
		}
	case 4: // a group
		n := 0
		for _, c := range game.Colors {
			if c != col && n < 3 {
				g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Row: n}, Tile: game.T(game.F(c, s))})
				n++
			}
		}
	}
	g.Sort()
	for i := range g.Tiles {
		g.Tiles[i].Tile.ID = game.TileID(100 + i)
	}
	nRack := rapid.IntRange(3, 5).Draw(t, "rackSize")
	jokers := 0
	var rack []game.Tile
	counts := map[game.Face]int{}
	for _, gt := range g.Tiles {
		counts[gt.Tile.Face]++
	}
	for len(rack) < nRack {
		var f game.Face
		switch rapid.IntRange(0, 7).Draw(t, "kind") {
		case 0, 1: // the run's colour, near it
			f = game.F(col, min(13, max(1, s-2+rapid.IntRange(0, 6).Draw(t, "near"))))
		case 2, 3, 4: // a number of the grid, any colour
			f = game.F(game.Colors[rapid.IntRange(0, 3).Draw(t, "c")], s+rapid.IntRange(0, 2).Draw(t, "n"))
		case 5:
			if jokers < 2 {
				f = game.JokerFace
				jokers++
				break
			}
			fallthrough
		default:
			f = game.F(game.Colors[rapid.IntRange(0, 3).Draw(t, "c2")], rapid.IntRange(1, 13).Draw(t, "n2"))
		}
		limit := r.Copies
		if f.IsJoker() {
			limit = r.Jokers
		}
		if counts[f] >= limit {
			continue
		}
		counts[f]++
		rack = append(rack, game.Tile{ID: game.TileID(300 + len(rack)), Face: f})
	}
	return &r, game.TurnStart{Table: g, Rack: rack, Opened: rapid.IntRange(0, 3).Draw(t, "opened") > 0}
}

// gridStats counts what the brute force's best plays showed.
type gridStats struct {
	cases, plays, crossing, jokerCrossing, notOpened, judged int
	rowGap, colGap, wrap                                     int
}

// checkGridAgainstBrute solves the position for both objectives and
// compares each with every placement judged.
func checkGridAgainstBrute(t fataler, r *game.Rules, start game.TurnStart, st *gridStats) {
	want := bruteGrid(r, start)
	st.cases++
	st.judged += want.judged
	if !start.Opened {
		st.notOpened++
	}
	if want.tiles[MostTiles][0] > 0 {
		st.plays++
	}
	if want.crossing {
		st.crossing++
	}
	if want.jokerCrossing {
		st.jokerCrossing++
	}
	if want.rowGap {
		st.rowGap++
	}
	if want.colGap {
		st.colGap++
	}
	if r.Wrap {
		st.wrap++
	}
	for _, obj := range []Objective{MostTiles, MostPoints} {
		res, err := SolveGrid(context.Background(), GridRequest{Rules: r, Grid: game.GridOf(start.Table), Rack: start.Rack, Opened: start.Opened, Objective: obj})
		if err != nil {
			t.Fatalf("%v", err)
		}
		w := want.tiles[obj]
		what := fmt.Sprintf("grid %v, rack %s, opened %v, objective %d, rules %s", game.GridOf(start.Table), game.FormatTiles(start.Rack), start.Opened, obj, r.Summary())
		if res.TilesPlaced != w[0] || res.PointsPlaced != w[1] {
			t.Fatalf("%s: the solver places %d tiles %d points (%v), every placement allows %d tiles %d points", what, res.TilesPlaced, res.PointsPlaced, res.Grid, w[0], w[1])
		}
		if !res.Optimal {
			t.Fatalf("%s: not proven optimal without a deadline", what)
		}
		if res.Play {
			if _, err := game.JudgeGridTurn(r, start, res.Grid); err != nil {
				t.Fatalf("%s: the answer %v does not pass the judge: %v", what, res.Grid, err)
			}
		}
	}
}

// TestSolveGridMatchesBruteForce: on small grids with racks of three to
// five tiles (jokers among them), opened or not, the grid solver's play
// is worth exactly the best of every placement judged one by one, for
// both objectives, and is proven optimal. 300 checks unless -rapid.checks
// says otherwise (60 with -race or -short: about 10 s under -race).
func TestSolveGridMatchesBruteForce(t *testing.T) {
	if !checksGiven {
		n := "300"
		if testing.Short() || raceOn {
			n = "60"
		}
		_ = flag.Set("rapid.checks", n)
		defer flag.Set("rapid.checks", "2000")
	}
	var st gridStats
	rapid.Check(t, func(t *rapid.T) {
		r, start := smallGridPosition(t)
		checkGridAgainstBrute(t, r, start, &st)
	})
	t.Logf("%d checks: %d with a play, %d not opened; best plays with a new tile at a crossing in %d, a joker there in %d; %d placements judged",
		st.cases, st.plays, st.notOpened, st.crossing, st.jokerCrossing, st.judged)
}

// TestSolveGridBruteCases are positions whose best play the brute force
// finds only by crossing new sets or laying a joker at a crossing.
func TestSolveGridBruteCases(t *testing.T) {
	cases := []struct {
		name, grid, rack string
		opened           bool
		cross, joker     bool
	}{
		{"initial meld of a run and a group crossing", "K1 K2 K3", "R10 R11 R12 B11 O11", false, true, false},
		{"new run and group crossing beside a grid", "K1 K2 K3", "R5 R6 R7 B6 O6", true, true, false},
		{"joker at a crossing of new lines", "", "R3 R5 J B4 K4", true, true, true},
		{"a group through a new run tile extending the grid", "R3 R4 R5", "R6 B6 K6", true, true, false},
		{"initial meld: a group through a joker of its run (wrap)", "O11 O12 O13", "B12 O13 O11 J K12", false, true, true},
	}
	for _, c := range cases {
		r := frenchRules(t)
		if c.rack == "B12 O13 O11 J K12" {
			r = frenchRules(t, "wrap=true")
		}
		start := game.TurnStart{Table: mustGridT(t, c.grid), Rack: rackT(t, c.rack), Opened: c.opened}
		want := bruteGrid(r, start)
		if want.crossing != c.cross || want.jokerCrossing != c.joker {
			t.Errorf("%s: the brute force's best plays cross %v, joker %v", c.name, want.crossing, want.jokerCrossing)
		}
		checkGridAgainstBrute(t, r, start, &gridStats{})
	}
}

// TestSolveGridCutsLoseNothing: on grids of real French games (20-80
// tiles) with racks cut to ten tiles, the search with its cuts (the seed
// order, the bound of the tiles left) finds plays worth exactly what the
// search without them finds, for both objectives, opened or not. A plain
// search cut short by its (generous) deadline is skipped, not compared.
func TestSolveGridCutsLoseNothing(t *testing.T) {
	games, n := 3, 40
	if testing.Short() || raceOn {
		games, n = 1, 12
	}
	pos := frenchPositions(t, games)
	r := frenchRules(t)
	compared := 0
	for i, p := range pos {
		if i >= n {
			break
		}
		rack := p.rack[:min(len(p.rack), 14)]
		for _, obj := range []Objective{MostTiles, MostPoints} {
			for _, opened := range []bool{true, false} {
				req := GridRequest{Rules: r, Grid: p.grid, Rack: rack, Opened: opened, Objective: obj}
				res, err := SolveGrid(context.Background(), req)
				if err != nil || !res.Optimal {
					t.Fatalf("grid %v rack %s: %v, optimal %v", p.grid, game.FormatTiles(rack), err, res.Optimal)
				}
				ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
				playable, _ := withoutTiles(rack, nil)
				s := &gridSearch{req: req, r: r, start: game.TurnStart{Table: p.grid, Rack: rack, Opened: opened}, playable: playable, plain: true}
				plain, err := s.solve(ctx)
				cancel()
				if err != nil || !plain.Complete {
					continue
				}
				compared++
				if plain.TilesPlaced != res.TilesPlaced || plain.PointsPlaced != res.PointsPlaced {
					t.Fatalf("grid %v rack %s opened %v objective %d: with cuts %d tiles %d points (%v), without %d tiles %d points (%v)",
						p.grid, game.FormatTiles(rack), opened, obj, res.TilesPlaced, res.PointsPlaced, res.Grid, plain.TilesPlaced, plain.PointsPlaced, plain.Grid)
				}
			}
		}
	}
	t.Logf("%d searches compared", compared)
}

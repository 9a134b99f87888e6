package game

import (
	"errors"
	"testing"
)

// gridCase is one turn on the French grid, written in the grid notation.
type gridCase struct {
	name   string
	opts   []string // name=value on top of the french preset
	opened bool
	grid   string
	rack   string
	after  string
	code   string // "" when the turn is valid
	placed string // expected placed tiles, in rack order (valid turns)
	points int    // expected points (valid turns)
	result string // expected canonical grid after (valid turns; "" = don't care)
}

func runGridCase(t *testing.T, c gridCase) {
	t.Helper()
	r, err := Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range c.opts {
		if err := r.SetAssignment(o); err != nil {
			t.Fatal(err)
		}
	}
	start := TurnStart{Table: mustGrid(t, c.grid), Rack: mustTiles(t, c.rack), Opened: c.opened}
	res, err := JudgeGridTurn(&r, start, mustGrid(t, c.after))
	if c.code == "" {
		if err != nil {
			t.Fatalf("%s: refused: %v", c.name, err)
		}
		if got := FormatTiles(res.Placed); got != c.placed {
			t.Errorf("%s: placed %s, want %s", c.name, got, c.placed)
		}
		if res.Points != c.points {
			t.Errorf("%s: points %d, want %d", c.name, res.Points, c.points)
		}
		if c.result != "" && GridOf(res.After).String() != c.result {
			t.Errorf("%s: grid %s, want %s", c.name, GridOf(res.After), c.result)
		}
		if len(res.Placed)+len(res.Rack) != len(start.Rack) || GridOf(res.After).Len() != GridOf(start.Table).Len()+len(res.Placed) {
			t.Errorf("%s: tiles not conserved: %d placed, %d left, grid %d", c.name, len(res.Placed), len(res.Rack), GridOf(res.After).Len())
		}
		return
	}
	var te *TurnError
	if !errors.As(err, &te) {
		t.Fatalf("%s: got %v, want a *TurnError %s", c.name, err, c.code)
	}
	if te.Code != c.code {
		t.Errorf("%s: code %s (%s), want %s", c.name, te.Code, te.Message, c.code)
	}
	if te.Message == "" || te.Set != -1 {
		t.Errorf("%s: error %+v has no sentence or names a set", c.name, te)
	}
}

func mustGrid(t *testing.T, s string) Grid {
	t.Helper()
	g, err := ParseGrid(s)
	if err != nil {
		t.Fatalf("parse grid %q: %v", s, err)
	}
	return g
}

// srcExample is the source's example after the play: the run R2-R5 and,
// through its R4, the group B4 R4 K4.
const srcExample = "@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 ."

func TestJudgeGridTurn(t *testing.T) {
	cases := []gridCase{
		// The source's example: 3-4-5 on the table, 2, 4 and 4 on the rack.
		{name: "source example", opened: true, grid: "R3 R4 R5", rack: "R2 B4 K4", after: srcExample,
			placed: "R2 B4 K4", points: 10, result: srcExample},
		{name: "run extended at the right", opened: true, grid: "R3 R4 R5", rack: "R6 K1", after: "R3 R4 R5 R6",
			placed: "R6", points: 6},
		{name: "group of four through a run", opened: true, grid: "@-1,0 . B4 / R3 R4 R5 / . K4", rack: "O4", after: "@-1,0 . B4 / R3 R4 R5 / . K4 / . O4",
			placed: "O4", points: 4},
		{name: "line of two", opened: true, grid: "R3 R4 R5", rack: "B4", after: "@0,0 R3 R4 R5 / . B4", code: CodeLineOfTwo},
		{name: "row of one number is not a run", opened: true, rack: "R5 B5 K5", after: "R5 B5 K5", code: CodeInvalidSet},
		{name: "column of one colour is not a group", opened: true, rack: "R5 R6 R7", after: "R5 / R6 / R7", code: CodeInvalidSet},
		{name: "run read right to left", opened: true, rack: "R7 R6 R5", after: "R7 R6 R5", code: CodeInvalidSet},
		{name: "run past 13", opened: true, rack: "R12 R13 R1", after: "R12 R13 R1", code: CodeInvalidSet},
		{name: "wrap run", opts: []string{"wrap=true"}, opened: true, rack: "R12 R13 R1", after: "R12 R13 R1",
			placed: "R12 R13 R1", points: 26},
		{name: "loose tile", opened: true, grid: "R3 R4 R5", rack: "B9", after: "@0,0 R3 R4 R5 . B9", code: CodeLooseTile},
		{name: "two sets side by side", opened: true, grid: "R3 R4 R5", rack: "B6 B7 B8", after: "R3 R4 R5 B6 B7 B8", code: CodeInvalidSet},
		{name: "two sets one cell apart", opened: true, grid: "R3 R4 R5", rack: "B6 B7 B8", after: "R3 R4 R5 . B6 B7 B8",
			placed: "B6 B7 B8", points: 21},
		{name: "a run beside a run makes columns of two", opened: true, grid: "R3 R4 R5", rack: "B3 B4 B5", after: "R3 R4 R5 / B3 B4 B5", code: CodeLineOfTwo},
		{name: "a run beside a run with groups between", opened: true, grid: "R3 R4 R5", rack: "B3 B4 B5 K3 K4 K5",
			after: "R3 R4 R5 / B3 B4 B5 / K3 K4 K5", placed: "B3 B4 B5 K3 K4 K5", points: 24},
		{name: "nothing played", opened: true, grid: "R3 R4 R5", rack: "B9", after: "R3 R4 R5", code: CodeNothingPlayed},
		{name: "table tile missing", opened: true, grid: "R3 R4 R5 R6", rack: "B9", after: "R3 R4 R5", code: CodeTableTileMissing},
		{name: "not in rack", opened: true, grid: "R3 R4 R5", rack: "B9", after: "R3 R4 R5 R6", code: CodeNotInRack},
		{name: "tiles moved after the meld", opened: true, grid: "R3 R4 R5 R6", rack: "R7",
			after: "@0,0 R3 R4 R5 / . . . . R6 R7 R8", code: CodeNotInRack},
		{name: "run split and moved after the meld", opened: true, grid: "R3 R4 R5 R6 R7 R8", rack: "R9",
			after: "@0,0 R3 R4 R5 / . . . . R6 R7 R8 R9", placed: "R9", points: 9},
		// The initial meld.
		{name: "initial meld apart", grid: "R3 R4 R5", rack: "K10 K11 K12", after: "@0,0 R3 R4 R5 / . / K10 K11 K12",
			placed: "K10 K11 K12", points: 33},
		{name: "initial meld too low", grid: "R3 R4 R5", rack: "K1 K2 K3", after: "@0,0 R3 R4 R5 / . / K1 K2 K3", code: CodeInitialMeldTooLow},
		{name: "initial meld touches the table", grid: "R3 R4 R5", rack: "K10 K11 K12", after: "@0,0 R3 R4 R5 / K10 K11 K12", code: CodeLineOfTwo},
		{name: "initial meld diagonal to the table is apart", grid: "R3 R4 R5", rack: "K10 K11 K12", after: "@0,0 R3 R4 R5 . . . / . . . K10 K11 K12",
			placed: "K10 K11 K12", points: 33},
		{name: "initial meld through a table tile", grid: "R10 R11 R12", rack: "B12 K12 O12", after: "@0,0 R10 R11 R12 / . . B12 / . . K12 / . . O12",
			code: CodeInitialMeldTouches},
		{name: "initial meld extends the table", grid: "R10 R11 R12", rack: "R13 R9 B10 K10", after: "R9 R10 R11 R12 R13", code: CodeInitialMeldTouches},
		{name: "initial meld crossing itself", rack: "R9 R10 R11 B10 K10", after: "@-1,0 . B10 / R9 R10 R11 / . K10",
			placed: "R9 R10 R11 B10 K10", points: 50},
		{name: "initial meld crossing itself counts a tile once", rack: "R8 R9 R10 B8 K8", after: "@-1,0 B8 / R8 R9 R10 / K8",
			placed: "R8 R9 R10 B8 K8", points: 43},
		{name: "initial meld crossing too low once counted once", rack: "R5 R6 R7 B5 K5", after: "@-1,0 B5 / R5 R6 R7 / K5", code: CodeInitialMeldTooLow},
		{name: "meld-then-extend uses the grid", opts: []string{"meld-then-extend=true"}, grid: "R3 R4 R5", rack: "K10 K11 K12 R6",
			after: "@0,0 R3 R4 R5 R6 / . / K10 K11 K12", placed: "K10 K11 K12 R6", points: 39},
		{name: "meld-then-extend too low", opts: []string{"meld-then-extend=true"}, grid: "R3 R4 R5", rack: "K1 K2 K3 R6",
			after: "@0,0 R3 R4 R5 R6 / . / K1 K2 K3", code: CodeInitialMeldTooLow},
		// Jokers.
		{name: "joker at a crossing", opened: true, grid: "R3 J R5", rack: "B4 K4", after: "@-1,0 . B4 / R3 J R5 / . K4",
			placed: "B4 K4", points: 8, result: "@-1,0 . B4 . / R3 J:R4 R5 / . K4 ."},
		{name: "joker at a crossing that fits no group", opened: true, grid: "R3 J R5", rack: "B5 K5", after: "@-1,0 . B5 / R3 J R5 / . K5",
			code: CodeInvalidSet},
		{name: "joker in a lone group of three", opened: true, rack: "J B7 K7", after: "J / B7 / K7", placed: "J B7 K7", points: 21},
		{name: "freed joker on the grid", opened: true, grid: "R3 J R5", rack: "R4 K8 K9",
			after: "@0,0 R3 R4 R5 / . . . / K8 K9 J", placed: "R4 K8 K9", points: 21, result: "@0,0 R3 R4 R5 / . . . / K8 K9 J:K10"},
		{name: "joker freed without its tile", opened: true, grid: "J R4 R5 R6", rack: "K8 K9",
			after: "@0,1 R4 R5 R6 / . . . / K8 K9 J", code: CodeJokerRule},
		{name: "joker slid to the other end", opened: true, grid: "J R4 R5", rack: "R6",
			after: "@0,1 R4 R5 R6 J", code: CodeJokerRule},
		{name: "joker freed by a tile from the grid", opened: true, grid: "@0,0 R3 J R5 . R4 / . . . . B4 / . . . . K4 / . . . . O4", rack: "K8 K9",
			after: "@0,0 R3 R4 R5 . . / . . . . B4 / . . . . K4 / . . . . O4 / . / K8 K9 J", placed: "K8 K9", points: 17},
		{name: "joker-from-rack refuses a tile from the grid", opts: []string{"joker-from-rack=true"}, opened: true, grid: "@0,0 R3 J R5 . R4 / . . . . B4 / . . . . K4 / . . . . O4", rack: "K8 K9",
			after: "@0,0 R3 R4 R5 . . / . . . . B4 / . . . . K4 / . . . . O4 / . / K8 K9 J", code: CodeJokerRule},
		{name: "joker two rack tiles", opts: []string{"joker-two-rack-tiles=true"}, opened: true, grid: "R3 J R5", rack: "R4 K8 K9",
			after: "@0,0 R3 R4 R5 / . . . / K8 K9 J", placed: "R4 K8 K9", points: 21},
		{name: "joker two rack tiles refused", opts: []string{"joker-two-rack-tiles=true"}, opened: true, grid: "@0,0 R3 J R5 / . / R6 R7 R8", rack: "R4 R9",
			after: "@0,0 R3 R4 R5 / . / R6 R7 R8 R9 J", code: CodeJokerRule},
		// One rack K9 and one rack K10 cannot give two lines two rack tiles
		// each, as on a table of sets (TestJokerTwoRackTilesShared).
		{name: "joker two rack tiles shared between two lines", opts: []string{"joker-two-rack-tiles=true"}, opened: true,
			grid: "@0,0 R3 J R5 / . / B3 J B5 / . / K9 K10 K11", rack: "R4 B4 K9 K10",
			after: "@0,0 R3 R4 R5 . / . / B3 B4 B5 . / . / J K9 K10 K11 / . / J K9 K10", code: CodeJokerRule},
		{name: "joker two rack tiles for two lines", opts: []string{"joker-two-rack-tiles=true"}, opened: true,
			grid: "@0,0 R3 J R5 / . / B3 J B5", rack: "R4 B4 K9 K10 O9 O10",
			after: "@0,0 R3 R4 R5 / . / B3 B4 B5 / . / J K9 K10 / . / J O9 O10", placed: "R4 B4 K9 K10 O9 O10", points: 46},
		{name: "free-jokers frees anything", opts: []string{"free-jokers=true"}, opened: true, grid: "J R4 R5 R6", rack: "K8 K9",
			after: "@0,1 R4 R5 R6 / . . . / K8 K9 J", placed: "K8 K9", points: 17},
		{name: "joker moved before the meld", grid: "R3 J R5", rack: "K10 K11 K12", after: "@0,0 R3 J R5 / . / . K10 K11 K12", placed: "K10 K11 K12", points: 33},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runGridCase(t, c) })
	}
}

func TestJudgeGridOffGrid(t *testing.T) {
	r, _ := Preset("french")
	start := TurnStart{Table: mustGrid(t, "R3 R4 R5"), Rack: mustTiles(t, "B7 K7 O7"), Opened: true}
	after := mustGrid(t, "R3 R4 R5")
	for _, f := range []string{"B7", "K7", "O7"} {
		after.Tiles = append(after.Tiles, GridTile{Cell: Cell{0, 70 + len(after.Tiles)}, Tile: T(mustTiles(t, f)[0].Face)})
	}
	_, err := JudgeGridTurn(&r, start, after)
	var te *TurnError
	if !errors.As(err, &te) || te.Code != CodeOffGrid {
		t.Fatalf("got %v, want off_grid", err)
	}
	after.Tiles = append(after.Tiles, GridTile{Cell: Cell{0, 0}, Tile: T(F(Blue, 1))})
	_, err = JudgeGridTurn(&r, start, after)
	if !errors.As(err, &te) || te.Code != CodeCellTaken {
		t.Fatalf("got %v, want cell_taken", err)
	}
}

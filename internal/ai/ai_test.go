package ai

import (
	"context"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// position builds a view for seat 0 of a two-player game from notation,
// giving every tile the id of a distinct physical tile, as a real match
// does.
func position(t *testing.T, r game.Rules, table, rack string, opened bool, oppTiles, pool int) game.SeatView {
	t.Helper()
	tb, err := game.ParseTable(table)
	if table == "" {
		tb, err = nil, nil
	}
	if err != nil {
		t.Fatalf("table %q: %v", table, err)
	}
	rk, err := game.ParseTiles(rack)
	if err != nil {
		t.Fatalf("rack %q: %v", rack, err)
	}
	free := map[game.Face][]game.TileID{}
	for _, tl := range game.TileSet(r.Copies, r.Jokers) {
		free[tl.Face] = append(free[tl.Face], tl.ID)
	}
	give := func(tl *game.Tile) {
		ids := free[tl.Face]
		if len(ids) == 0 {
			t.Fatalf("more copies of %v than the set holds", tl.Face)
		}
		tl.ID, free[tl.Face] = ids[0], ids[1:]
	}
	for i := range tb {
		for j := range tb[i] {
			give(&tb[i][j])
		}
	}
	for i := range rk {
		give(&rk[i])
	}
	hidden := 0
	for _, ids := range free {
		hidden += len(ids)
	}
	if oppTiles+pool != hidden {
		pool = hidden - oppTiles
	}
	return game.SeatView{
		Rules: r, Names: []string{"me", "you"}, Seat: 0, Turn: 0, Game: 1,
		Table: tb, Rack: rk, RackCounts: []int{len(rk), oppTiles},
		Melded: []bool{opened, true}, Pool: pool,
	}
}

// judge checks a play action with the engine's judge and returns the
// tiles it placed.
func judge(t *testing.T, v game.SeatView, a game.Action) game.TurnResult {
	t.Helper()
	if a.Kind != game.ActPlay {
		t.Fatalf("expected a play, got %s", a.Kind)
	}
	res, err := game.JudgeTurn(&v.Rules, v.TurnStart(), game.SetsOf(a.After))
	if err != nil {
		t.Fatalf("the engine refuses the play %s: %v", game.FormatTable(game.SetsOf(a.After)), err)
	}
	return res
}

func newPlayer(t *testing.T, level string, seed uint64) Player {
	t.Helper()
	p, err := NewWithOptions(level, seed, Options{Think: 200 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func move(t *testing.T, p Player, v game.SeatView) game.Action {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	a, err := p.Move(ctx, v)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

func TestNewLevels(t *testing.T) {
	for _, l := range Levels() {
		if _, err := New(l, 1); err != nil {
			t.Errorf("New(%q): %v", l, err)
		}
	}
	if _, err := New("Medium", 1); err != nil {
		t.Errorf("level names are case-insensitive: %v", err)
	}
	if _, err := New("grandmaster", 1); err == nil {
		t.Error("an unknown level must be refused")
	}
}

func TestEveryLevelGoesOut(t *testing.T) {
	r := game.Standard()
	cases := []struct{ name, table, rack string }{
		{"extend the table", "R1 R2 R3 | B9 O9 K9", "R4 B7 K7 O7"},
		{"rearrange", "R5 R6 R7 R8", "R9 B5 K5"},
		{"with a joker", "B1 B2 B3", "K10 K11 J"},
	}
	for _, c := range cases {
		for _, l := range Levels() {
			if l == Easy {
				continue // a beginner never uses the table; see TestEasyGoesOutWithItsOwnSets
			}
			for seed := uint64(0); seed < 5; seed++ {
				v := position(t, r, c.table, c.rack, true, 10, 30)
				a := move(t, newPlayer(t, l, seed), v)
				res := judge(t, v, a)
				if len(res.Rack) != 0 {
					t.Errorf("%s, %s (seed %d): kept %s instead of going out", c.name, l, seed, game.FormatTiles(res.Rack))
				}
			}
		}
	}
}

func TestEasyGoesOutWithItsOwnSets(t *testing.T) {
	r := game.Standard()
	for seed := uint64(0); seed < 10; seed++ {
		v := position(t, r, "R1 R2 R3", "K4 K5 K6 B9 O9 R9", true, 10, 30)
		res := judge(t, v, move(t, newPlayer(t, Easy, seed), v))
		if len(res.Rack) != 0 {
			t.Errorf("seed %d: easy kept %s instead of going out", seed, game.FormatTiles(res.Rack))
		}
	}
}

func TestHardHoldsTableTilesForOneBigTurn(t *testing.T) {
	r := game.Standard()
	// R6 could go on the table's run now; hard lays only its own set and
	// keeps R6 for the turn it goes out.
	v := position(t, r, "R3 R4 R5", "R6 K11 K12 K13 B2 O9", true, 12, 40)
	res := judge(t, v, move(t, newPlayer(t, Hard, 1), v))
	if len(res.Placed) != 3 || res.Placed[0].Face.Color != game.Black {
		t.Errorf("hard placed %s, want K11 K12 K13 alone", game.FormatTiles(res.Placed))
	}
	res = judge(t, v, move(t, newPlayer(t, Medium, 1), v))
	if len(res.Placed) != 4 {
		t.Errorf("medium places the most tiles (4), placed %s", game.FormatTiles(res.Placed))
	}
}

func TestExpertHoldsItsOwnSetsUntilItCanGoOut(t *testing.T) {
	r := game.Standard()
	// Opened, no danger: hard lays K11 K12 K13 (see above); expert keeps
	// the set in hand and draws, so the opponent cannot build on it.
	v := position(t, r, "R3 R4 R5", "R6 K11 K12 K13 B2 O9", true, 12, 40)
	for seed := uint64(0); seed < 3; seed++ {
		if a := move(t, newPlayer(t, Expert, seed), v); a.Kind != game.ActDraw {
			t.Errorf("seed %d: expert should hold its set and draw, got %s", seed, a.Kind)
		}
	}
	// Near the end it weighs its plays by playing them out; whatever it
	// picks must be legal.
	for _, opp := range []int{2, 5} {
		v.RackCounts[1] = opp
		v.Pool = 40 + 12 - opp
		if a := move(t, newPlayer(t, Expert, 1), v); a.Kind == game.ActPlay {
			judge(t, v, a)
		}
	}
}

func TestPlayOutScoresTheRace(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "R3 R4 R5", "R6 K11 K12 K13 B2 O9", true, 2, 0)
	hold := candidate{name: "hold", draw: true}
	sets := game.Table{game.SetsOf(v.Table)[0], nil}
	sets[0] = append(append([]game.Tile(nil), game.SetsOf(v.Table)[0]...), v.Rack[0])
	sets[1] = v.Rack[1:4]
	shed := candidate{name: "points", sets: sets, placed: v.Rack[:4]}
	opp, err := game.ParseTiles("B10 O10")
	if err != nil {
		t.Fatal(err)
	}
	// An empty pool: the race is judged on points, as a blocked game.
	// Holding keeps 53 points against the opponent's 20; shedding R6 and
	// K11-K13 leaves 11.
	w := world{racks: [][]game.Tile{v.Rack, opp}}
	ctx := context.Background()
	if got, ok := playOut(ctx, &v, w, &hold); !ok || got != playoutLost {
		t.Errorf("holding 53 points against 20 on an empty pool: got %d, want %d (lost)", got, playoutLost)
	}
	if got, ok := playOut(ctx, &v, w, &shed); !ok || got != playoutWon {
		t.Errorf("shedding down to 11 points against 20: got %d, want %d (won)", got, playoutWon)
	}
	// An opponent who can go out on the table it is left does so.
	opp2, _ := game.ParseTiles("R1 R2")
	w = world{racks: [][]game.Tile{v.Rack, opp2}, pool: v.Rack[4:5]}
	if got, ok := playOut(ctx, &v, w, &hold); !ok || got != playoutLost {
		t.Errorf("R1 R2 go out on R3 R4 R5: got %d, want %d (lost)", got, playoutLost)
	}
	// The default stands unless another play beats it by the margin.
	if k := pick([]int{10, 10 + switchMargin - 1}); k != 0 {
		t.Errorf("a lead below the margin must not switch, picked %d", k)
	}
	if k := pick([]int{10, 10 + switchMargin}); k != 1 {
		t.Errorf("a lead of the margin switches, picked %d", k)
	}
}

func TestExpertOpensWithTheSmallestMeld(t *testing.T) {
	r := game.Standard()
	// R10 R11 R12 (33) is worth the 30 alone; K1 K2 K3 and O5 O6 O7 stay in
	// hand. hard opens with all three sets.
	v := position(t, r, "B4 B5 B6", "R10 R11 R12 K1 K2 K3 O5 O6 O7 B9", false, 14, 60)
	res := judge(t, v, move(t, newPlayer(t, Expert, 1), v))
	if !res.Melded || len(res.Placed) != 3 || res.Placed[0].Face != game.F(game.Red, 10) {
		t.Errorf("expert should open with R10 R11 R12 alone, placed %s", game.FormatTiles(res.Placed))
	}
	res = judge(t, v, move(t, newPlayer(t, Hard, 1), v))
	if !res.Melded || len(res.Placed) != 9 {
		t.Errorf("hard opens with every set of its own (9 tiles), placed %s", game.FormatTiles(res.Placed))
	}
	// Two sets are needed when no single one is worth 30: the fewest
	// tiles, then the fewest points (R8 R9 R10 with K1 K2 K3 is 33).
	v = position(t, r, "", "R8 R9 R10 K1 K2 K3 O5 O6 O7 B9", false, 14, 60)
	res = judge(t, v, move(t, newPlayer(t, Expert, 1), v))
	if !res.Melded || len(res.Placed) != 6 {
		t.Errorf("expert should open with R8 R9 R10 and K1 K2 K3, placed %s", game.FormatTiles(res.Placed))
	}
	for _, tl := range res.Placed {
		if tl.Face.Color == game.Orange {
			t.Errorf("O5 O6 O7 is worth more than the meld needs, placed %s", game.FormatTiles(res.Placed))
		}
	}
}

func TestMediumPlaysMostTilesAndOpensAtOnce(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "B4 B5 B6", "R10 R11 R12 K1 K2 K3 O8", false, 14, 60)
	res := judge(t, v, move(t, newPlayer(t, Medium, 1), v))
	if !res.Melded || len(res.Placed) != 6 {
		t.Errorf("medium should open with both sets (6 tiles), placed %s", game.FormatTiles(res.Placed))
	}
}

func TestHardKeepsAJokerItDoesNotNeed(t *testing.T) {
	r := game.Standard()
	// The joker could stretch K11-K13 or sit anywhere; nothing needs it.
	v := position(t, r, "R3 R4 R5 | B7 K7 O7", "J K11 K12 K13 B2 O10 R9", true, 12, 40)
	for _, l := range []string{Hard, Expert} {
		a := move(t, newPlayer(t, l, 1), v)
		if a.Kind == game.ActDraw {
			continue // its look-ahead may wait to lay K11-K13 with more; the joker stays either way
		}
		res := judge(t, v, a)
		for _, tl := range res.Placed {
			if tl.IsJoker() {
				t.Errorf("%s played the joker (%s) while it was safe to keep", l, game.FormatTiles(res.Placed))
			}
		}
	}
	// medium, the baseline, spends it: the test can tell the difference.
	res := judge(t, v, move(t, newPlayer(t, Medium, 1), v))
	joker := false
	for _, tl := range res.Placed {
		joker = joker || tl.IsJoker()
	}
	if !joker {
		t.Errorf("medium places the most tiles, the joker among them; placed %s", game.FormatTiles(res.Placed))
	}
}

func TestHardShedsPointsWhenAnOpponentIsNearlyOut(t *testing.T) {
	r := game.Standard()
	// With an opponent on 2 tiles a joker is no longer worth keeping:
	// the 30 points it costs on the rack are likely to be caught. The rule
	// of thumb hard falls back on (when its look-ahead has no time) sheds it.
	v := position(t, r, "R3 R4 R5 | B7 K7 O7", "J K11 K12 K13 B2 O10 R9", true, 2, 40)
	p := &hard{base: base{level: Hard, think: time.Second}}
	full, ok := solve(context.Background(), request(&v, solver.MostTiles, nil, nil))
	if !ok {
		t.Fatal("the solver finds no play")
	}
	sets, ok := p.chooseFrom(context.Background(), &v, full)
	if !ok {
		t.Fatal("hard should play")
	}
	res := judge(t, v, game.Action{Seat: 0, Kind: game.ActPlay, After: sets})
	if len(jokersOf(res.Placed)) != 1 {
		t.Errorf("hard should shed its joker now, placed %s", game.FormatTiles(res.Placed))
	}
	v.RackCounts[1] = 12
	sets, _ = p.chooseFrom(context.Background(), &v, full)
	res = judge(t, v, game.Action{Seat: 0, Kind: game.ActPlay, After: sets})
	if len(jokersOf(res.Placed)) != 0 {
		t.Errorf("with no danger the rule of thumb keeps the spare joker, placed %s", game.FormatTiles(res.Placed))
	}
	v.RackCounts[1] = 2
	if !danger(&v) {
		t.Error("an opponent on 2 tiles is danger")
	}
	v.RackCounts[1] = 12
	if danger(&v) {
		t.Error("an opponent on 12 tiles with a full pool is no danger")
	}
	v.Pool = 3
	if !danger(&v) {
		t.Error("a pool of 3 with two players is danger")
	}
}

func TestEasyOnlyLaysNewSets(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "R3 R4 R5", "R6 K11 K12 K13 B2 O9", true, 12, 40)
	played := 0
	for seed := uint64(0); seed < 20; seed++ {
		a := move(t, newPlayer(t, Easy, seed), v)
		if a.Kind != game.ActPlay {
			continue
		}
		played++
		res := judge(t, v, a)
		for _, tl := range res.Placed {
			if tl.Face == game.F(game.Red, 6) {
				t.Fatalf("easy added R6 to the table's run")
			}
		}
	}
	if played == 0 || played == 20 {
		t.Errorf("easy should play its set most of the time and miss it sometimes: played %d of 20", played)
	}
}

func TestEasyIsDeterministic(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "", "K11 K12 K13 B2 O9", true, 12, 40)
	for seed := uint64(0); seed < 10; seed++ {
		a := move(t, newPlayer(t, Easy, seed), v)
		b := move(t, newPlayer(t, Easy, seed), v)
		if a.Kind != b.Kind {
			t.Errorf("seed %d gave %s then %s", seed, a.Kind, b.Kind)
		}
	}
}

func TestDrawOrPassWithoutAPlay(t *testing.T) {
	r := game.Standard()
	for _, l := range Levels() {
		v := position(t, r, "R3 R4 R5", "B1 K9 O13", true, 12, 40)
		if a := move(t, newPlayer(t, l, 1), v); a.Kind != game.ActDraw {
			t.Errorf("%s: got %s, want draw", l, a.Kind)
		}
		v.Pool = 0
		if a := move(t, newPlayer(t, l, 1), v); a.Kind != game.ActPass {
			t.Errorf("%s with an empty pool: got %s, want pass", l, a.Kind)
		}
	}
}

func TestRiverKeepAndPull(t *testing.T) {
	r, _ := game.Preset("river")
	v := position(t, r, "R3 R4 R5", "B1 K9 O13 J", true, 12, 40)
	j, o2 := v.Rack[3], game.Tile{ID: 200, Face: game.F(game.Orange, 2)}
	v.Rack = v.Rack[:3]
	v.Reveal = []game.Tile{o2, j}
	for _, l := range Levels() {
		a := move(t, newPlayer(t, l, 1), v)
		if a.Kind != game.ActKeep || a.Index != 1 {
			t.Errorf("%s: got %s %d, want to keep the joker (1)", l, a.Kind, a.Index)
		}
	}
	// The newest River tile R6 plays on the table's run: worth a pull.
	v = position(t, r, "R3 R4 R5", "B1 K9 O13 R6", true, 12, 40)
	v.River = []game.Tile{v.Rack[3]}
	v.Rack = v.Rack[:3]
	for _, l := range Levels() {
		p := newPlayer(t, l, 1)
		a := move(t, p, v)
		if a.Kind != game.ActPull || a.Index != 0 {
			t.Errorf("%s: got %s, want a pull of R6", l, a.Kind)
			continue
		}
		// The engine moves the tile to the rack and asks for its play.
		w := v
		w.Rack = append(append([]game.Tile(nil), v.Rack...), v.River[0])
		w.River = nil
		w.Must = []game.Tile{v.River[0]}
		w.PullPending = true
		res := judge(t, w, move(t, p, w))
		if len(res.Placed) != 1 || res.Placed[0].Face != game.F(game.Red, 6) {
			t.Errorf("%s played %s after pulling R6", l, game.FormatTiles(res.Placed))
		}
	}
}

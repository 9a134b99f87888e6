package ai

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

// A depth-0 leaf where the player to move can pass and block the game is
// worth at least the blocked game to it: behind on points, passing here
// loses, and the search must see it without looking further.
func TestEndgameLeafSeesABlockingPass(t *testing.T) {
	r, p := endPos(t, "R3 R4 R5", "K10 K11 K12 K13 O2", "B5 O5")
	p.passes = 1 // the opponent just passed: a pass of ours blocks the game
	s := newSearch(context.Background(), r, 0)
	c, blocked := apply(&p, 0, &smove{})
	if !blocked {
		t.Fatal("two passes in a row with two players should block the game")
	}
	if v := s.blocked(&c); v > -winValue {
		t.Errorf("passing with 48 points against 10 should lose the blocked game, valued %d", v)
	}
	// The opponent to move at a leaf, after one pass of ours: it may pass
	// too and win, so the leaf is a lost game for us.
	c, _ = apply(&p, 0, &smove{})
	c.passes = 1
	v, ok := s.value(&c, 1, 0, -4*winValue, 4*winValue)
	if !ok || v > -winValue/2 {
		t.Errorf("a leaf where the opponent can block the game while ahead valued %d (ok %v)", v, ok)
	}
}

// emptyPoolView is a view with an empty pool and an empty table in which
// the opponent holds theirs and every other tile has been seen (put in
// the River, which the solver does not look at).
func emptyPoolView(t *testing.T, mine, theirs string) game.SeatView {
	t.Helper()
	r := game.Standard()
	v := position(t, r, "", mine+" "+theirs, true, 0, 0)
	n, m := len(parse(t, mine)), len(parse(t, theirs))
	held := map[game.TileID]bool{}
	for _, tl := range v.Rack {
		held[tl.ID] = true
	}
	var pile game.Set
	for _, tl := range game.TileSet(r.Copies, r.Jokers) {
		if !held[tl.ID] {
			pile = append(pile, tl)
		}
	}
	v.Rack = v.Rack[:n:n]
	v.River = pile
	v.RackCounts = []int{n, m}
	v.Pool = 0
	return v
}

// With nothing found in time on an empty pool, expert does not pass while
// behind on points: it lays its own set worth the most.
func TestExpertShedsWhenBehindWithoutASearch(t *testing.T) {
	v := emptyPoolView(t, "K10 K11 K12 K13 B1 O1 K1 O2", "B5 O5")
	if !behindOnPoints(&v) {
		t.Fatal("51 points against 10 is behind")
	}
	p := newPlayer(t, Expert, 1).(*expert)
	sets, ok := p.shedWhenBehind(context.Background(), &v)
	if !ok {
		t.Fatal("behind on points with sets in hand, expert passed")
	}
	if len(sets) != 1 || game.FormatTiles(sets[0]) != "K10 K11 K12 K13" {
		t.Errorf("should lay K10-K13, laid %s", game.FormatTable(sets))
	}
	// Ahead, it sheds a safe set too rather than invite a blocked game.
	v = emptyPoolView(t, "K1 K2 K3", "B5 O5 K9")
	if behindOnPoints(&v) {
		t.Error("6 points against 19 is ahead")
	}
	if sets, ok := p.shedWhenBehind(context.Background(), &v); !ok || game.FormatTiles(sets[len(sets)-1]) != "K1 K2 K3" {
		t.Error("ahead with a safe set, it should lay it")
	}
	// A set the opponent would go out on stays in hand.
	v = emptyPoolView(t, "K1 K2 K3", "K4 K5")
	if _, ok := p.shedWhenBehind(context.Background(), &v); ok {
		t.Error("laid K1-K3, on which K4 K5 go out")
	}
}

// The endgame cache keeps what it learnt within a game and forgets it
// when the next game starts.
func TestEndCacheLastsOneGame(t *testing.T) {
	c := newEndCache()
	c.forGame(1)
	k := ekey{rack: 1, table: 2, melded: true}
	c.setOut(k, true)
	c.setResidual(7, 12)
	c.forGame(1)
	if o, hit := c.out(k); !hit || !o {
		t.Error("the same game lost what the search learnt")
	}
	if v, hit := c.residual(7); !hit || v != 12 {
		t.Error("the same game lost a residual")
	}
	c.forGame(2)
	if _, hit := c.out(k); hit {
		t.Error("a new game kept the last game's positions")
	}
}

// An opponent that has only laid sets of its own is read as a set-layer;
// one play that needed the table (a tile added to a run) ends that.
func TestReadingSetLayers(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "R3 R4 R5", "K1 K2", true, 20, 0)
	v.Log = []game.Event{
		{Game: 1, Seat: 1, Kind: game.ActPlay, Placed: parse(t, "B10 B11 B12 O10 K10 R10")},
		{Game: 1, Seat: 1, Kind: game.ActDraw, Drew: 1},
	}
	c := newEndCache()
	if got := setLayers(context.Background(), &v, c); !got[1] || got[0] {
		t.Errorf("own sets only: read %v, want [false true]", got)
	}
	v.Log = append(v.Log, game.Event{Game: 1, Seat: 1, Kind: game.ActPlay, Placed: parse(t, "R6")})
	if got := setLayers(context.Background(), &v, newEndCache()); got[1] {
		t.Error("an opponent that added R6 to a run uses the table")
	}
	// A set-layer is searched with its own moves only.
	moves := []smove{{}, {sets: game.Table{}, placed: parse(t, "R6"), own: false}, {sets: game.Table{}, placed: parse(t, "B1 O1 K1"), own: true}}
	if got := ownMoves(moves); len(got) != 2 || !got[0].draw() || !got[1].own {
		t.Errorf("ownMoves kept %d moves", len(got))
	}
}

// The residual of a rack smaller than the root's is read from the root's
// partition: a set still whole counts nothing, a broken one counts all.
func TestPartitionResidualFollowsTheRootSets(t *testing.T) {
	r, p := endPos(t, "R3 R4 R5", "K10 K11 K12 O2", "B5 O5")
	s := newSearch(context.Background(), r, 0)
	pt, ok := s.partitionOf(p.racks[0])
	if !ok {
		t.Fatal("timed out without a deadline")
	}
	rack := p.racks[0]
	if got := pt.residual(r, rack); got != 2 {
		t.Errorf("whole rack: residual %d, want 2 (O2)", got)
	}
	if got := pt.residual(r, rack[:3]); got != 0 {
		t.Errorf("K10-K12 alone: residual %d, want 0", got)
	}
	if got := pt.residual(r, rack[1:]); got != 25 {
		t.Errorf("K10 laid: residual %d, want 25 (K11 K12 O2)", got)
	}
}

// Behind on points, expert sheds the most points among the plays the
// search does not find lost, whatever small edge the search gave another.
func TestShedWhileBehindPrefersTheMostPointsSafe(t *testing.T) {
	r, p := endPos(t, "R3 R4 R5", "K11 K12 K13 O1 B1 K1 O5", "B5 O5")
	moves := []smove{{}, {sets: game.Table{}, placed: parse(t, "O1 B1 K1")}, {sets: game.Table{}, placed: parse(t, "K11 K12 K13")}, {sets: game.Table{}, placed: parse(t, "K11 K12 K13 O1 B1 K1")}}
	vals := []int{-winValue - 40, 12, 10, -winValue - 5}
	if k := shedWhileBehind(r, &p, 0, moves, vals, 1); k != 2 {
		t.Errorf("chose move %d, want 2 (K11-K13, the most points not lost)", k)
	}
	// Ahead, the search's choice stands.
	_, ahead := endPos(t, "R3 R4 R5", "O1 B1 K1", "B5 O5 K9")
	if k := shedWhileBehind(r, &ahead, 0, moves, vals, 1); k != 1 {
		t.Errorf("ahead: chose move %d, want the search's 1", k)
	}
}

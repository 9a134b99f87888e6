package ai

import (
	"context"
	"testing"

	"rummikub/internal/game"
)

// endPos builds a two-player endgame position with an empty pool, both
// seats melded, seat 0 to move, from notation; tile ids are distinct
// physical tiles as in a match.
func endPos(t *testing.T, table, mine, theirs string) (*game.Rules, spos) {
	t.Helper()
	r := game.Standard()
	v := position(t, r, table, mine+" "+theirs, true, 0, 0)
	n := len(parse(t, mine))
	p := spos{table: game.SetsOf(v.Table), racks: [][]game.Tile{v.Rack[:n:n], v.Rack[n:]}, melded: []bool{true, true}}
	return &r, p
}

func parse(t *testing.T, s string) []game.Tile {
	t.Helper()
	ts, err := game.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// searchEnd runs the root of the endgame search at depth and returns the
// moves, their values and the one chosen.
func searchEnd(t *testing.T, r *game.Rules, p spos, depth int) ([]smove, []int, int) {
	t.Helper()
	ctx := context.Background()
	moves, ok := genMoves(ctx, r, p.table, p.racks[0], true)
	if !ok || len(moves) < 2 || !moves[0].draw() {
		t.Fatalf("moves: %v %d", ok, len(moves))
	}
	s := newSearch(ctx, r, 0)
	vals, ok := s.rootValues(&p, moves, depth)
	if !ok {
		t.Fatal("the search ran out of time without a deadline")
	}
	return moves, vals, bestMove(r, moves, vals)
}

// Behind on points with an empty pool, passing loses the blocked game;
// laying K10-K13 safely wins it, and the search must find that.
func TestEndgameNeverPassesWhileBehindWhenASafePlayExists(t *testing.T) {
	r, p := endPos(t, "R3 R4 R5", "K10 K11 K12 K13 O2", "B5 O5")
	for depth := 0; depth <= 3; depth++ {
		moves, vals, k := searchEnd(t, r, p, depth)
		if vals[0] > -winValue/2 && depth > 0 {
			t.Errorf("depth %d: passing 48 points against 10 should be a lost blocked game, valued %d", depth, vals[0])
		}
		if moves[k].draw() {
			t.Fatalf("depth %d: passed while behind, values %v", depth, vals)
		}
		if got := game.FormatTiles(moves[k].placed); len(moves[k].placed) != 4 || r.RackValue(moves[k].placed) != 46 {
			t.Errorf("depth %d: should lay K10-K13, placed %s", depth, got)
		}
		// From depth 2 the search sees the opponent pass and itself
		// pass after: a blocked game won on points.
		if depth >= 2 && vals[k] < winValue {
			t.Errorf("depth %d: laying K10-K13 wins the blocked game, valued %d", depth, vals[k])
		}
		if vals[k] <= 0 {
			t.Errorf("depth %d: laying K10-K13 leaves it ahead, valued %d", depth, vals[k])
		}
	}
}

// Laying K1-K4 lets the opponent go out (K5 extends the run, K1 goes to
// B1 O1): the search values it as a lost game and prefers the safe set.
func TestEndgameAvoidsAPlayThatLetsTheOpponentOut(t *testing.T) {
	r, p := endPos(t, "R7 R8 R9", "K1 K2 K3 K4 R13 B13 O13 O3", "B1 O1 K5")
	moves, vals, k := searchEnd(t, r, p, 0)
	for i, m := range moves {
		if m.draw() {
			continue
		}
		runDown := false
		for _, tl := range m.placed {
			if tl.Face == game.F(game.Black, 1) {
				runDown = true
			}
		}
		if runDown && vals[i] > -winValue {
			t.Errorf("laying K1 (placed %s) lets B1 O1 K5 go out, valued %d", game.FormatTiles(m.placed), vals[i])
		}
	}
	for _, tl := range moves[k].placed {
		if tl.Face == game.F(game.Black, 1) {
			t.Errorf("chose the play letting the opponent out: %s (values %v)", game.FormatTiles(moves[k].placed), vals)
		}
	}
}

// On a tie the most points go down, and a pass comes last.
func TestBestMoveBreaksTiesTowardsShedding(t *testing.T) {
	r := game.Standard()
	moves := []smove{{}, {sets: game.Table{}, placed: parse(t, "K1 K2 K3")}, {sets: game.Table{}, placed: parse(t, "K11 K12 K13")}}
	if k := bestMove(&r, moves, []int{5, 5, 5}); k != 2 {
		t.Errorf("tie: chose %d, want 2 (the most points)", k)
	}
	if k := bestMove(&r, moves, []int{6, 5, 5}); k != 0 {
		t.Errorf("a better pass: chose %d, want 0", k)
	}
}

// The residual of a rack leaves out the sets it makes on its own.
func TestResidualCountsWhatNoOwnSetHolds(t *testing.T) {
	r := game.Standard()
	s := newSearch(context.Background(), &r, 0)
	_, p := endPos(t, "R3 R4 R5", "K10 K11 K12 O2", "B5 O5")
	if v, ok := s.residual(p.racks[0]); !ok || v != 2 {
		t.Errorf("residual of K10 K11 K12 O2 = %d, want 2", v)
	}
	if v, ok := s.residual(p.racks[1]); !ok || v != 10 {
		t.Errorf("residual of B5 O5 = %d, want 10", v)
	}
}

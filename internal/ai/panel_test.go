package ai

import (
	"context"
	"slices"
	"testing"

	"rummikub/internal/game"
)

// The panel players are made by name but are not levels.
func TestPanelIsNotALevel(t *testing.T) {
	for _, name := range PanelNames() {
		if slices.Contains(Levels(), name) {
			t.Errorf("%s is listed as a level", name)
		}
		if _, err := New(name, 1); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := New(PanelPrefix+"wizard", 1); err == nil {
		t.Error("an unknown panel player was accepted")
	}
}

// holderView is an endgame position for the holder: an empty pool, the
// opponent's rack given.
func holderView(t *testing.T, table, mine, theirs string) (game.SeatView, []world) {
	t.Helper()
	r := game.Standard()
	v := position(t, r, table, mine+" "+theirs, true, 0, 0)
	n := len(parse(t, mine))
	opp := v.Rack[n:]
	v.Rack = v.Rack[:n:n]
	v.RackCounts = []int{n, len(opp)}
	v.Pool = 0
	return v, []world{{racks: [][]game.Tile{v.Rack, opp}}}
}

func TestHolderShedsASafeSetOnlyWhenBehind(t *testing.T) {
	ctx := context.Background()
	// Behind (55 against 10): it sheds, the most points first, but never
	// K1-K4, on which B1 O1 K5 would go out.
	v, deals := holderView(t, "R7 R8 R9", "K1 K2 K3 K4 R13 B13 O13 O3", "B1 O1 K5")
	sets, ok := holderEndgame(ctx, &v, deals)
	if !ok {
		t.Fatal("behind on points with a safe set, the holder passed")
	}
	res, err := game.JudgeTurn(&v.Rules, v.TurnStart(), sets)
	if err != nil {
		t.Fatal(err)
	}
	if got := game.FormatTiles(res.Placed); len(res.Placed) != 3 || v.Rules.RackValue(res.Placed) != 39 {
		t.Errorf("the holder should shed R13 B13 O13, placed %s", got)
	}
	// Ahead (3 against 10): it passes.
	v, deals = holderView(t, "R7 R8 R9", "O3", "B5 O5")
	if _, ok := holderEndgame(ctx, &v, deals); ok {
		t.Error("ahead on points, the holder should pass")
	}
}

// The mirror lays its sets only after the opponent before it laid tiles.
func TestMirrorAnswersFeedingWithFeeding(t *testing.T) {
	r := game.Standard()
	v := position(t, r, "R3 R4 R5", "K11 K12 K13 B2 O9", true, 12, 40)
	v.Log = []game.Event{{Game: 1, Seat: 1, Kind: game.ActDraw, Drew: 1}}
	if _, ok := mirrorChoose(context.Background(), &v, nil); ok {
		t.Error("the opponent drew: the mirror should hold")
	}
	v.Log = []game.Event{{Game: 1, Seat: 1, Kind: game.ActPlay, Placed: parse(t, "R5")}}
	if _, ok := mirrorChoose(context.Background(), &v, nil); !ok {
		t.Error("the opponent laid tiles: the mirror should lay its set")
	}
}

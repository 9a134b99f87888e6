package tui

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// goldenGrid is a fixed French position: Ana's run R10 R11 R12 lies on
// the grid; at her next turn she has put B11 under R11 (a column of two,
// marked not valid, its reason on the status line).
func goldenGrid(t *testing.T, w, h int) *testPlay {
	t.Helper()
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Rules: frenchRules(t)}
	tp := newTestPlay(t, cfg, w, h, map[int]Computer{1: &drawer{}})
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, meldRack)
	g, err := game.ParseGrid("@0,0 R10 R11 R12")
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: g})
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActDraw})
	tp.start()
	tp.press("tab down b 1 1 space")
	return tp
}

func TestGoldenGrid80x24(t *testing.T) {
	tp := goldenGrid(t, 80, 24)
	v := tp.View()
	for _, want := range []string{"!R11", "!B11", "(0,1)-(1,1)", "line of two", "cursor (2,1)", "goes on ↓"} {
		if !strings.Contains(v, want) {
			t.Errorf("the board lacks %q", want)
		}
	}
	golden(t, "grid-80x24.golden", v)
}

func TestGoldenGrid160x48(t *testing.T) {
	tp := goldenGrid(t, 160, 48)
	golden(t, "grid-160x48.golden", tp.View())
}

// The window follows the cursor across a grid wider than the screen and
// says what lies beyond it.
func TestGridScrollsWithTheCursor(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Rules: frenchRules(t)}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &drawer{}})
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, meldRack)
	g, err := game.ParseGrid("@0,0 R10 R11 R12" + strings.Repeat(" .", 22) + " K3 K4 K5 K6")
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: g})
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActDraw})
	tp.start()
	v := tp.View()
	if !strings.Contains(v, "→") || strings.Contains(v, "K6") {
		t.Fatalf("the window should show the left of the grid and mark more to the right:\n%s", v)
	}
	tp.press("tab end")
	v = tp.View()
	if c := tp.garr().Cursor().Cell; c != (game.Cell{Row: 0, Col: 28}) || !strings.Contains(v, "cursor (0,28) on K6") {
		t.Fatalf("end should go to the row's last tile, K6: %v\n%s", c, v)
	}
	if !strings.Contains(v, ">K6") || !strings.Contains(v, "←") || strings.Contains(v, "R10") {
		t.Fatalf("the window should have followed the cursor to K6:\n%s", v)
	}
	tp.press("home")
	if v := tp.View(); !strings.Contains(v, ">R10") || !strings.Contains(v, "→") {
		t.Fatalf("home should bring the window back to R10:\n%s", v)
	}
}

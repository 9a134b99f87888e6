package tui

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// Issue 25 defect 5: the hint row lists every set the play changes, the
// rebuilt table sets without rack tiles included, so it can be followed
// by hand; the sets it leaves as they are are counted.
func TestHintRowListsEverySetOfThePlay(t *testing.T) {
	tp := jokerTurn(t, "R2 R3 R4 R5 R6 R7 K9 K10 K11 R4 B1 O13 K2 B5 O6 B8 K13", "R2 R3 R4 R5 R6 R7 | K9 K10 K11")
	sets := game.SetsOf(tp.v.Table)
	var run, group []game.Tile
	for _, s := range sets {
		if len(s) == 6 {
			run = s
		} else {
			group = s
		}
	}
	var r4 game.Tile
	for _, x := range tp.arr().Rack() {
		if x.Face.String() == "R4" {
			r4 = x
		}
	}
	// R2 R3 R4 | R4 R5 R6 R7: the rack's R4 goes to the second set.
	left := append([]game.Tile(nil), run[:3]...)
	right := append([]game.Tile{r4}, run[3:]...)
	tp.hint = &Hint{After: game.Table{group, left, right}, Placed: 1, Points: 4, Tiles: map[game.TileID]bool{r4.ID: true}}
	row := tp.hintRow()
	for _, want := range []string{"R2 ][R3 ][R4", "R5 ][R6 ][R7", "(and 1 set as it is)"} {
		if !strings.Contains(row, want) {
			t.Errorf("the hint row lacks %q:\n%s", want, row)
		}
	}
	if strings.Contains(row, "K9") {
		t.Errorf("the hint row repeats a set the play leaves as it is:\n%s", row)
	}
}

package tui

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// A summary names what moved: a joker taken from the table and the sets
// the turn changed.
func TestSummaryNamesTheJokerTakenAndTheSetsChanged(t *testing.T) {
	r3, j, r5 := game.Tile{ID: 0, Face: game.F(game.Red, 3)}, game.Tile{ID: 1, Face: game.JokerFace}, game.Tile{ID: 2, Face: game.F(game.Red, 5)}
	k7, k8, k9 := game.Tile{ID: 3, Face: game.F(game.Black, 7)}, game.Tile{ID: 4, Face: game.F(game.Black, 8)}, game.Tile{ID: 5, Face: game.F(game.Black, 9)}
	r4 := game.Tile{ID: 100, Face: game.F(game.Red, 4)}
	before := game.Table{{r3, j, r5}, {k7, k8, k9}}
	after := game.Table{{r3, r4, r5}, {k7, k8, k9, j}}
	v := &game.SeatView{Names: []string{"Robo", "Ana"}, Table: after, Rules: game.Standard()}
	ev := game.Event{Kind: game.ActPlay, Seat: 0, Placed: []game.Tile{r4}}
	s := summarize(v, ev, before, surfaceFor(&v.Rules))
	for _, want := range []string{"Robo", "took the joker from R3 J R5", "R4", "K7 K8 K9 J"} {
		if !strings.Contains(s, want) {
			t.Errorf("summary %q lacks %q", s, want)
		}
	}
}

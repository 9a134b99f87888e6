package analysis

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// Issue 25 defect 10: an initial meld with a joker is told with the
// game's worth (the joker as the tile it stands for: 33), not the rack
// penalty (the joker as 30: 51).
func TestDescribeInitialMeldWithJokerUsesTheGamesWorth(t *testing.T) {
	placed, err := game.ParseTiles("R10 J R12")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name   string
		melded bool
		want   string
	}{
		{"initial meld", true, "played R10 J R12 (3 tiles) as the initial meld, worth 33 points"},
		{"later play", false, "played R10 J R12 (3 tiles, 52 points)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tr := Turn{Placed: placed, Points: 52, Events: []game.Event{{Kind: game.ActPlay, Placed: placed, Points: 33, Melded: tc.melded}}}
			if got := tr.Describe(); !strings.Contains(got, tc.want) {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
}

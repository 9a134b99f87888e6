package game

import "testing"

// TestJokerPenalty checks joker-penalty: a joker left on a rack costs 30 by
// default and 25 under the forty preset or the option alone, and the game's
// score follows (source 000's Cai: a joker and a 4).
func TestJokerPenalty(t *testing.T) {
	forty, _ := Preset("forty")
	alone := Standard()
	if err := alone.Set("joker-penalty", "25"); err != nil {
		t.Fatal(err)
	}
	std := Standard()
	rack, err := ParseTiles("J O4")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		name  string
		rules *Rules
		want  int
	}{
		{"standard", &std, 34},
		{"forty", &forty, 29},
		{"joker-penalty=25", &alone, 29},
	} {
		if got := c.rules.RackValue(rack); got != c.want {
			t.Errorf("%s: rack value %d, want %d", c.name, got, c.want)
		}
		g, err := ScoreGame(c.rules, []RackTally{{}, Tally(c.rules, rack, true)}, 0)
		if err != nil {
			t.Fatal(err)
		}
		if g.Scores[0] != c.want || g.Scores[1] != -c.want {
			t.Errorf("%s: scores %v, want +%d -%d", c.name, g.Scores, c.want, c.want)
		}
	}
}

package protocol

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// Under the French rules a play on sets is refused with a sentence that
// names the grid, and a grid under the rules of sets names the table.
func TestPlayMustMatchTheTable(t *testing.T) {
	french, _ := game.Preset("french")
	std := game.Standard()
	sets := &Answer{Type: TypePlay, Table: [][]string{{"R1", "R2", "R3"}}}
	grid := &Answer{Type: TypePlay, Grid: &game.GridJSON{Rows: [][]string{{"R1", "R2", "R3"}}}}
	for _, c := range []struct {
		name string
		r    *game.Rules
		a    *Answer
		want string
	}{
		{"sets under the French rules", &french, sets, `in "grid"`},
		{"a grid under the rules of sets", &std, grid, `in "table"`},
		{"a grid under the French rules", &french, grid, ""},
		{"sets under the rules of sets", &std, sets, ""},
		{"a draw under the French rules", &french, &Answer{Type: TypeDraw}, ""},
		{"sets and a grid under the French rules", &french, &Answer{Type: TypePlay, Table: sets.Table, Grid: grid.Grid}, `in "grid"`},
		{"a play with no table", &std, &Answer{Type: TypePlay}, "must give the whole table"},
		{"a play with an empty grid", &french, &Answer{Type: TypePlay, Grid: &game.GridJSON{}}, "must give the whole table"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := ActionOf(c.a, c.r, 0)
			switch {
			case c.want == "" && err != nil:
				t.Errorf("refused: %v", err)
			case c.want != "" && (err == nil || !strings.Contains(err.Error(), c.want)):
				t.Errorf("%v, want a sentence with %s", err, c.want)
			}
		})
	}
}

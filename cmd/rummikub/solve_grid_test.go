package main

import (
	"encoding/json"
	"strings"
	"testing"

	"rummikub/internal/game"
)

// TestSolveGridFillsHoles: tiles that fill a hole of one cell in a
// column between two tiles of the grid are found and proven optimal
// (issue 23: before its fix the solver answered no play, optimal).
func TestSolveGridFillsHoles(t *testing.T) {
	cases := []struct {
		name, rack, after string
		tiles             int
	}{
		{"one tile between R4 and B4", "K4", "@0,0 R3 R4 R5 / . K4 . / B3 B4 B5", 1},
		{"two tiles in two holes", "K3 K5", "@0,0 R3 R4 R5 / K3 . K5 / B3 B4 B5", 2},
		{"a hole filled beside tiles the rack cannot use", "K4 O9", "@0,0 R3 R4 R5 / . K4 . / B3 B4 B5", 1},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runSolveCmd(t, "", "--rules", "french", "--table", "@0,0 R3 R4 R5 / . . . / B3 B4 B5", "--rack", c.rack, "--json")
			if code != 0 || errOut != "" {
				t.Fatalf("exit %d, stderr %q, out %s", code, errOut, out)
			}
			var a struct {
				Play        bool          `json:"play"`
				Grid        game.GridJSON `json:"grid"`
				TilesPlaced int           `json:"tiles_placed"`
				Optimal     bool          `json:"optimal"`
			}
			if err := json.Unmarshal([]byte(out), &a); err != nil {
				t.Fatalf("answer %q: %v", out, err)
			}
			g, err := game.ParseGridJSON(a.Grid)
			if err != nil {
				t.Fatal(err)
			}
			if !a.Play || !a.Optimal || a.TilesPlaced != c.tiles || game.FormatGrid(g) != c.after {
				t.Fatalf("got play %v optimal %v, %d tiles, grid %s; want %d tiles, grid %s", a.Play, a.Optimal, a.TilesPlaced, game.FormatGrid(g), c.tiles, c.after)
			}
		})
	}
}

// TestSolveHelpSaysWhatGridOptimalCovers: solve --help says that on the
// grid "optimal" covers placements only, not moves of grid tiles.
func TestSolveHelpSaysWhatGridOptimalCovers(t *testing.T) {
	_, out, _ := runCmd(t, "", "solve", "--help")
	out = strings.Join(strings.Fields(out), " ")
	for _, want := range []string{"placements of rack tiles on empty cells", "moves of grid tiles"} {
		if !strings.Contains(out, want) {
			t.Errorf("solve --help does not say %q", want)
		}
	}
}

package replay

import (
	"context"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/analysis"
	"rummikub/internal/game"
)

// A French match replays on its grid: every turn's screen fits, draws
// the grid with the tiles played on their cells, and b shows the best
// play's grid.
func TestReplayFrenchGrid(t *testing.T) {
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	r.Games = 1
	match, seats, err := analysis.SelfPlay(context.Background(), r, []string{"hard", "medium"}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		m := New(Options{Record: analysis.FromMatch("french", seats, match)})
		m = run(m, tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		if cmd := m.Init(); cmd != nil {
			m = run(m, cmd())
		}
		best, cuts := 0, 0
		for i := range m.turns {
			v := plain(m.View())
			checkFits(t, m, size[0], size[1])
			if !strings.Contains(v, "Grid after the move") {
				t.Fatalf("turn %d at %dx%d: no grid:\n%s", i, size[0], size[1], v)
			}
			tn := m.turns[i]
			cut := strings.Contains(v, " shown")
			if cut {
				cuts++
			}
			if lo, _, ok := game.GridOf(tn.After).Bounds(); ok && !cut && !strings.Contains(v, game.GridOf(tn.After).Tiles[0].Tile.Face.String()) {
				t.Errorf("turn %d: the grid's first tile (%v at %v) is not drawn:\n%s", i, game.GridOf(tn.After).Tiles[0].Tile, lo, v)
			}
			if b := m.best[i]; b.Play {
				m = keys(m, "b")
				if !strings.Contains(plain(m.View()), "Grid after the best play") {
					t.Errorf("turn %d: b does not show the best play's grid", i)
				}
				checkFits(t, m, size[0], size[1])
				m = keys(m, "b")
				best++
			}
			m = keys(m, "right")
		}
		if size[0] == 120 && cuts > len(m.turns)/2 {
			t.Errorf("at 120x40 the grid is cut on %d of %d turns", cuts, len(m.turns))
		}
		if best == 0 {
			t.Errorf("no turn had a best play to show")
		}
	}
}

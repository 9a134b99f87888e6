package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/game"
)

// cellOf finds the screen cell of the text s in a drawn view.
func cellOf(t *testing.T, view, s string) (x, y int) {
	t.Helper()
	for y, line := range strings.Split(view, "\n") {
		if i := strings.Index(line, s); i >= 0 {
			return len([]rune(line[:i])), y
		}
	}
	t.Fatalf("%q is not on the screen:\n%s", s, view)
	return 0, 0
}

func click(tp *testPlay, x, y int, action tea.MouseAction) {
	tp.Update(tea.MouseMsg{X: x, Y: y, Action: action, Button: tea.MouseButtonLeft})
}

func TestMouseDragAndClick(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	// Drag R10 to the new set slot.
	v := tp.View()
	x, y := cellOf(t, v, "R10")
	click(tp, x, y, tea.MouseActionPress)
	if !tp.arr().Holding() {
		t.Fatal("pressing on a tile should pick it up")
	}
	v = tp.View()
	sx, sy := cellOf(t, v, "( + )")
	tp.Update(tea.MouseMsg{X: sx + 2, Y: sy, Action: tea.MouseActionMotion, Button: tea.MouseButtonLeft})
	click(tp, sx+2, sy, tea.MouseActionRelease)
	if got := game.FormatTable(tp.arr().Sets()); got != "R10" {
		t.Fatalf("after the drag the table is %q", got)
	}
	// Click R11, then click after R10 (the set's end slot): R10 R11.
	v = tp.View()
	x, y = cellOf(t, v, "R11")
	click(tp, x, y, tea.MouseActionPress)
	click(tp, x, y, tea.MouseActionRelease)
	if !tp.arr().Holding() {
		t.Fatal("a click should leave the tile lifted")
	}
	v = tp.View()
	x, y = cellOf(t, v, "R10")
	click(tp, x+5, y, tea.MouseActionPress)
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11" || tp.arr().Holding() {
		t.Fatalf("after the click the table is %q\n%s", got, tp.View())
	}
}

package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

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

// The synthetic mouse messages: a press, a release and a drag of the
// left button, as Bubble Tea v2 sends them.
const (
	press = iota
	release
	motion
)

func click(tp *testPlay, x, y int, action int) {
	m := tea.Mouse{X: x, Y: y, Button: tea.MouseLeft}
	switch action {
	case press:
		tp.Update(tea.MouseClickMsg(m))
	case release:
		tp.Update(tea.MouseReleaseMsg(m))
	case motion:
		tp.Update(tea.MouseMotionMsg(m))
	}
}

func TestMouseDragAndClick(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	// Drag R10 to the new set slot.
	v := tp.View()
	x, y := cellOf(t, v, "R10")
	click(tp, x, y, press)
	if !tp.arr.Holding() {
		t.Fatal("pressing on a tile should pick it up")
	}
	v = tp.View()
	sx, sy := cellOf(t, v, "( + )")
	click(tp, sx+2, sy, motion)
	click(tp, sx+2, sy, release)
	if got := game.FormatTable(tp.arr.Sets()); got != "R10" {
		t.Fatalf("after the drag the table is %q", got)
	}
	// Click R11, then click after R10 (the set's end slot): R10 R11.
	v = tp.View()
	x, y = cellOf(t, v, "R11")
	click(tp, x, y, press)
	click(tp, x, y, release)
	if !tp.arr.Holding() {
		t.Fatal("a click should leave the tile lifted")
	}
	v = tp.View()
	x, y = cellOf(t, v, "R10")
	click(tp, x+5, y, press)
	if got := game.FormatTable(tp.arr.Sets()); got != "R10 R11" || tp.arr.Holding() {
		t.Fatalf("after the click the table is %q\n%s", got, tp.View())
	}
}

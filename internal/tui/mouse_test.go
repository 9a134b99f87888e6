package tui

import (
	"fmt"
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
	if !tp.arr().Holding() {
		t.Fatal("pressing on a tile should pick it up")
	}
	v = tp.View()
	sx, sy := cellOf(t, v, "( + )")
	click(tp, sx+2, sy, motion)
	click(tp, sx+2, sy, release)
	if got := game.FormatTable(tp.arr().Sets()); got != "R10" {
		t.Fatalf("after the drag the table is %q", got)
	}
	// Click R11, then click after R10 (the set's end slot): R10 R11.
	v = tp.View()
	x, y = cellOf(t, v, "R11")
	click(tp, x, y, press)
	click(tp, x, y, release)
	if !tp.arr().Holding() {
		t.Fatal("a click should leave the tile lifted")
	}
	v = tp.View()
	x, y = cellOf(t, v, "R10")
	click(tp, x+5, y, press)
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11" || tp.arr().Holding() {
		t.Fatalf("after the click the table is %q\n%s", got, tp.View())
	}
}

func wheel(tp *testPlay, up bool) {
	b := tea.MouseWheelDown
	if up {
		b = tea.MouseWheelUp
	}
	tp.Update(tea.MouseWheelMsg(tea.Mouse{X: 10, Y: 5, Button: b}))
}

// The wheel scrolls the move log while it is open (and nothing reaches
// the board then); on the board it moves the cursor between rows, on both
// board shapes.
func TestMouseWheelScrolls(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	for i := range 60 { // a log longer than the screen
		tp.addLog(i%2, fmt.Sprintf("Turn %d.", i))
	}
	tp.press("m")
	if !tp.logOpen {
		t.Fatal("m did not open the move log")
	}
	cur := tp.arr().Cursor()
	wheel(tp, true)
	if tp.logBack != logWheelStep || tp.arr().Cursor() != cur {
		t.Fatalf("a notch up: the log is %d lines back, the cursor %v (was %v)", tp.logBack, tp.arr().Cursor(), cur)
	}
	wheel(tp, false)
	wheel(tp, false)
	if tp.logBack != 0 {
		t.Fatalf("two notches down: the log is %d lines back", tp.logBack)
	}
	tp.press("m")
	wheel(tp, true) // from the rack up to the table
	if tp.arr().Cursor() == cur {
		t.Fatalf("the wheel on the sets board left the cursor at %v", cur)
	}

	g := gridPlay(t, 80, 24, meldRack, nil)
	g.View()
	before := g.garr().Cursor()
	wheel(g, true) // from the rack up to the grid
	if g.garr().Cursor() == before {
		t.Fatalf("the wheel on the grid left the cursor at %+v", before)
	}
}

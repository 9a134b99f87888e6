package tui

import (
	"testing"

	"rummikub/internal/game"
)

// What a refused turn named stays marked until a key works on the
// arrangement, on the sets table as on the grid: a key that does
// nothing (and the quit question) leaves the mark, a move takes it off,
// and so does a mouse click that picks a tile up.
func TestRefusedSetMarkStaysUntilAKeyWorks(t *testing.T) {
	refused := func(t *testing.T) *testPlay {
		tp := twoHumans(t, "R10 R11 K5 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
		tp.press("shift+right space n space tab space tab right right space")
		tp.press("enter")
		if tp.setsSurf().badSet != 0 {
			t.Fatalf("the refused set is not marked: badSet %d (status %q)", tp.setsSurf().badSet, tp.status)
		}
		return tp
	}
	for _, c := range []struct {
		name  string
		keys  string
		stays bool
	}{
		{"a key that does nothing", "z", true},
		{"the quit question, answered no", "q n", true},
		{"a cursor move", "left", false},
		{"an undo", "u", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			tp := refused(t)
			tp.press(c.keys)
			if got := tp.setsSurf().badSet == 0; got != c.stays {
				t.Fatalf("after %q the mark stays: %v, want %v", c.keys, got, c.stays)
			}
		})
	}
	t.Run("a mouse click that picks a tile up", func(t *testing.T) {
		tp := refused(t)
		sets := tp.arr().Sets()
		var x, y int
		for yy := 0; yy < tp.height && x == 0; yy++ {
			for xx := 0; xx < tp.width; xx++ {
				if c, ok := tp.hit(xx, yy); ok && c.Area == AreaTable && c.Set == 0 && c.Pos == 0 {
					x, y = xx, yy
					break
				}
			}
		}
		click(tp, x, y, press)
		if !tp.arr().Holding() || tp.setsSurf().badSet != -1 {
			t.Fatalf("the click should pick %s up and take the mark off: holding %v, badSet %d", game.FormatTable(sets), tp.arr().Holding(), tp.setsSurf().badSet)
		}
	})
}

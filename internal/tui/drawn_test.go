package tui

import (
	"strings"
	"testing"
	"time"
)

// A player is told what they drew, and the tile is marked on their rack;
// in hot-seat the news waits for their next turn and the others never
// see it.
func TestYouDrewInHotSeat(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.press("d")
	drawn := tp.match.Game.Racks[0][len(tp.match.Game.Racks[0])-1]
	face := drawn.Face.String()
	if v := tp.View(); strings.Contains(v, face+".") || strings.Contains(tp.status, face) {
		t.Fatalf("the privacy screen tells Ben what Ana drew:\n%s\n%s", v, tp.status)
	}
	tp.after(time.Second)
	tp.press("enter") // Ben
	if strings.Contains(tp.statusLine(), "drew "+face) {
		t.Fatalf("Ben is told what Ana drew: %q", tp.statusLine())
	}
	tp.press("d")
	tp.after(time.Second)
	tp.press("enter") // Ana again
	if line := tp.statusLine(); !strings.Contains(line, "You drew "+face) {
		t.Fatalf("Ana should be told what she drew: %q", line)
	}
	if m := tp.marksFor(drawn, false, -1); !m.Drawn {
		t.Fatal("the drawn tile should be marked on the rack")
	}
}

// The marks are distinct: from the rack this turn, moved this turn, and
// changed since your last turn; the ? page has their legend.
func TestDistinctMarksAndLegend(t *testing.T) {
	tp := jokerTurn(t, "R3 R4 R5 R6 B9 B10 B11 O1 O2 K5 K6 K7 K8 B2", "R3 R4 R5 R6 | K5 K6 K7 K8")
	// Ben drew: nothing of the table changed in the last turn, but Ana's
	// own opening is the turn before. Move R6 (a table tile) to a new set
	// and put B2 from the rack after it.
	tp.press("tab end space n space")
	if tp.arr().Sets()[2][0].Face.String() != "R6" {
		t.Fatalf("table %s", tableString(tp.arr()))
	}
	r6 := tp.arr().Sets()[2][0]
	tp.View() // the marks are worked out as the board is drawn
	if m := tp.marksFor(r6, true, 2); !m.Moved || m.Placed {
		t.Fatalf("R6 moved on the table: %+v", m)
	}
	tp.press("tab space tab end space")
	b := tp.arr().Sets()[2]
	placed := b[len(b)-1]
	tp.View()
	if m := tp.marksFor(placed, true, 2); !m.Placed || m.Moved {
		t.Fatalf("%s is from the rack: %+v", placed.Face, m)
	}
	if m := tp.marksFor(tp.arr().Sets()[0][0], true, 0); m.Moved || m.Placed {
		t.Fatalf("R3 stayed: %+v", m)
	}
	tp.press("?")
	h := strings.Join(strings.Fields(tp.helpView()), " ")
	for _, want := range []string{"from your rack this turn", "moved this turn", "changed since your last turn", "drawn last turn"} {
		if !strings.Contains(h, want) {
			t.Errorf("the legend lacks %q:\n%s", want, h)
		}
	}
	st := tp.st
	if st.DrawnMark == st.MovedMark || st.MovedMark == st.ChangedMark || st.Theme.Glyphs.Placed == st.MovedMark || st.Theme.Glyphs.Placed == st.ChangedMark {
		t.Fatal("two marks share a glyph")
	}
}

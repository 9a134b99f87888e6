package tui

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

// keyCount counts the keys of a press string ("right*3" is three).
func keyCount(keys string) int {
	n := 0
	for _, k := range strings.Fields(keys) {
		if i := strings.Index(k, "*"); i > 0 {
			n += atoi(k[i+1:])
			continue
		}
		n++
	}
	return n
}

// The common moves of a turn, by the cursor and by the direct moves: a
// table tile to the end of another set, a rack tile to the end of a set
// (twice). Both give the same table; the direct moves take a quarter of
// the keys.
func TestKeyCountsOfCommonMoves(t *testing.T) {
	const rack = "R1 R2 R3 B5 B6 B7 O9 O10 O11 K2 K3 K4 R8 B8 O8 K11 K12 K13 B1 B2 R5 O2 K6 O4 R10 B11 O12 K9 R13 B13 K8"
	const table = "R1 R2 R3 | B5 B6 B7 | O9 O10 O11 | K2 K3 K4 | R8 B8 O8 | K11 K12 K13"
	const want = "R1 R2 R3 | B5 B6 B7 B8 | O9 O10 O11 O12 | K2 K3 K4 | R8 O8 K8 | K11 K12 K13"
	moves := []struct{ name, cursor, direct string }{
		{"B8 from set 5 to the end of set 2",
			"tab ]*4 right space [*3 end space",
			"b 8 2"},
		{"K8 from the rack to the end of set 5",
			"tab right*11 space tab ]*3 end space",
			"k 8 5"},
		{"O12 from the rack to the end of set 3",
			"tab left*2 space tab [*2 end space",
			"o 1 2 3"},
	}
	var before, after int
	for _, way := range []string{"cursor", "direct"} {
		tp := jokerTurn(t, rack, table)
		if got := rackFaces(tp.arr()); got != "R5 R10 R13 B1 B2 B11 B13 O2 O4 O12 K6 K8 K9" {
			t.Fatalf("rack %s", got)
		}
		for _, m := range moves {
			keys := m.cursor
			if way == "direct" {
				keys = m.direct
			}
			tp.press(keys)
			if tp.statusBad {
				t.Fatalf("%s (%s): %s", m.name, way, tp.status)
			}
			if way == "cursor" {
				before += keyCount(keys)
			} else {
				after += keyCount(keys)
			}
		}
		if got := game.FormatTable(tp.arr().Sets()); got != want {
			t.Fatalf("%s: table %s", way, got)
		}
		endTurnAccepted(t, tp)
	}
	t.Logf("keys for the three moves: %d by the cursor, %d by the direct moves", before, after)
	if after*3 > before {
		t.Fatalf("the direct moves take %d keys against %d", after, before)
	}
}

func TestTypedTileNames(t *testing.T) {
	tp := twoHumans(t, "R1 R10 R11 B2 B3 B4 O5 O7 K3 K4 K6 K8 K9 J")
	tp.press("r 1")
	if tp.arr().Holding() || tp.typed != "r1" {
		t.Fatalf("r1 should wait for R10..R13 (typed %q)", tp.typed)
	}
	tp.press("0")
	if got := faces(tp.arr().Held()); got != "R10" {
		t.Fatalf("r10 carries %q", got)
	}
	tp.press("r 1 space")
	if got := faces(tp.arr().Held()); got != "R10 R1" {
		t.Fatalf("r1 space carries %q", got)
	}
	tp.press("esc j")
	if got := faces(tp.arr().Held()); got != "J" {
		t.Fatalf("j carries %q", got)
	}
	tp.press("esc o 6")
	if !tp.statusBad || !strings.Contains(tp.status, "no O6") || tp.arr().Holding() {
		t.Fatalf("o6 is nowhere: %q", tp.status)
	}
	// A typed name stops at a key that is not part of it, which then acts.
	pos := tp.arr().Cursor().Pos
	tp.press("k left")
	if tp.typed != "" || tp.arr().Cursor().Pos != pos-1 {
		t.Fatalf("k then right: typed %q cursor %+v", tp.typed, tp.arr().Cursor())
	}
	// e drops what is carried at the end of the line under the cursor.
	tp.press("b 2 e")
	if got := faces(tp.arr().Rack()); !strings.HasSuffix(got, "B2") || tp.arr().Holding() {
		t.Fatalf("e on the rack should put B2 at its end: %s", got)
	}
	// 9 with no ninth set says so and keeps the tile carried.
	tp.press("b 3 9")
	if !tp.statusBad || !tp.arr().Holding() {
		t.Fatalf("9 with no set 9: %q", tp.status)
	}
}

// A name typed quickly arrives as one message of several runes.
func TestTypedNameInOneMessage(t *testing.T) {
	tp := twoHumans(t, "R1 R10 R11 B2 B3 B4 O5 O7 K3 K4 K6 K8 K9 J")
	tp.run(tp.onKey(keyMsg("r11j")))
	if got := faces(tp.arr().Held()); got != "R11 J" {
		t.Fatalf("r11j carries %q", got)
	}
}

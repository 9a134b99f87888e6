package tui

import (
	"sort"
	"strings"
	"testing"

	"rummikub/internal/game"
)

// Issue 25 defect 4: the player empties set 1 tile by tile with typed
// names and set numbers; the emptied set keeps its number, so the last
// tile goes where the number read before said.
func TestTypedDropAfterEmptyingASetGoesToTheNumberRead(t *testing.T) {
	tp := jokerTurn(t, "B5 O5 K5 R11 R12 R13 K6 K7 K8 O1 O2 O3 R1 B9",
		"B5 O5 K5 | R11 R12 R13 | K6 K7 K8 | O1 O2 O3")
	tp.press("k 5 3 b 5 4 o 5 4")
	if tp.statusBad {
		t.Fatalf("refused: %s", tp.status)
	}
	got := game.FormatTable(tp.arr().Table())
	if got != "R11 R12 R13 | K5 K6 K7 K8 | O1 O2 O3 B5 O5" {
		t.Fatalf("the tiles went elsewhere than the sets numbered: %s", got)
	}
}

// Issue 25 defect 4: a set laid this turn stays last after the turn,
// though it holds a tile taken from an older set.
func TestNewSetStaysLastAfterTheTurn(t *testing.T) {
	tp := jokerTurn(t, "B5 O5 K5 R5 K7 K8 K9 O1 O2 O3 B6 B7 R1 K12",
		"B5 O5 K5 R5 | K7 K8 K9 | O1 O2 O3")
	tp.press("b 5 n space b 6 4 b 7 4")
	if tp.statusBad {
		t.Fatalf("refused: %s", tp.status)
	}
	endTurnAccepted(t, tp)
	if got, want := game.FormatTable(game.SetsOf(tp.v.Table)), "R5 O5 K5 | K7 K8 K9 | O1 O2 O3 | B5 B6 B7"; got != want {
		t.Fatalf("the table after the turn is %s, want %s", got, want)
	}
}

// Issue 25 defect 4: a set split by a move of the computer: the part
// keeping most of it stays, the other goes to the end, so no set after
// it changes its number.
func TestKeepPlacesSplitPartGoesLast(t *testing.T) {
	tl := func(id int, f string) game.Tile {
		x := mustTile(t, f)
		x.ID = game.TileID(id)
		return x
	}
	a := []game.Tile{tl(1, "R3"), tl(2, "R4"), tl(3, "R5")}
	b := []game.Tile{tl(4, "K1"), tl(5, "K2"), tl(6, "K3"), tl(7, "K4"), tl(8, "K5"), tl(9, "K6"), tl(10, "K7")}
	c := []game.Tile{tl(11, "O1"), tl(12, "O2"), tl(13, "O3")}
	b1, b2 := b[:4], append([]game.Tile{}, b[4:]...)
	got := keepPlaces(game.Table{a, b, c}, game.Table{b2, a, c, b1})
	if game.FormatTable(got) != game.FormatTable(game.Table{a, b1, c, b2}) {
		t.Fatalf("kept places: %s", game.FormatTable(got))
	}
}

// Issue 25 defect 6: two tiles of a group moved to a new set are the
// moved ones, not the tile that stayed.
func TestMovedMarksFollowTheTilesThatLeft(t *testing.T) {
	for _, tc := range []struct{ name, pick, want string }{
		{"two of three to a new set", "R7 B7", "B7 R7"},
		{"the first tile to another set", "R7", "R7"},
		{"the last tile to another set", "O7", "O7"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newArr(t, "R7 B7 O7 | K1 K2 K3", "")
			for _, f := range strings.Fields(tc.pick) {
				at, ok := a.Find(mustTile(t, f).Face)
				if !ok {
					t.Fatalf("no %s", f)
				}
				if err := a.PickUpAt(at); err != nil {
					t.Fatal(err)
				}
			}
			a.NewSetSlot()
			if err := a.Drop(); err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, set := range a.Sets() {
				for _, x := range set {
					if a.MovedTiles()[x.ID] {
						got = append(got, x.Face.String())
					}
				}
			}
			sort.Strings(got)
			if s := strings.Join(got, " "); s != tc.want {
				t.Fatalf("moved marks on %q, want %q (table %s)", s, tc.want, tableString(a))
			}
		})
	}
}

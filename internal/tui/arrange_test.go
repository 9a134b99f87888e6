package tui

import (
	"errors"
	"testing"

	"pgregory.net/rapid"

	"rummikub/internal/game"
)

// ids gives parsed tiles distinct ids, starting at base.
func ids(base int, tiles []game.Tile) []game.Tile {
	for i := range tiles {
		tiles[i].ID = game.TileID(base + i)
	}
	return tiles
}

func mustTiles(t *testing.T, s string) []game.Tile {
	t.Helper()
	ts, err := game.ParseTiles(s)
	if err != nil {
		t.Fatal(err)
	}
	return ts
}

// newArr builds an arrangement from notation: a table "a | b" and a rack.
func newArr(t *testing.T, table, rack string) *Arrangement {
	t.Helper()
	r := game.Standard()
	var sets game.Table
	n := 0
	if table != "" {
		parsed, err := game.ParseTable(table)
		if err != nil {
			t.Fatal(err)
		}
		for _, s := range parsed {
			sets = append(sets, ids(n, s))
			n += len(s)
		}
	}
	rk := ids(100, mustTiles(t, rack))
	return NewArrangement(&r, sets, rk, nil, nil)
}

func tableString(a *Arrangement) string { return game.FormatTable(a.Sets()) }
func rackString(a *Arrangement) string  { return game.FormatTiles(a.Rack()) }

func TestPickUpAndDropIntoSet(t *testing.T) {
	a := newArr(t, "R3 R4 R5", "R6 B9 K2")
	// rack cursor at R6: pick it up, go to the table's set end, drop.
	if err := a.PickUp(); err != nil {
		t.Fatal(err)
	}
	if got := game.FormatTiles(a.Held()); got != "R6" {
		t.Fatalf("held %q", got)
	}
	if got := rackString(a); got != "B9 K2" {
		t.Fatalf("rack %q", got)
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	if err := a.Drop(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != "R3 R4 R5 R6" {
		t.Fatalf("table %q", got)
	}
	if a.Holding() {
		t.Fatal("still holding after drop")
	}
	if !a.Placed(a.Sets()[0][3]) || a.Placed(a.Sets()[0][0]) {
		t.Fatal("placed marks wrong")
	}
	if a.PlacedCount() != 1 || !a.Changed() || !a.Valid() {
		t.Fatalf("count %d changed %v valid %v", a.PlacedCount(), a.Changed(), a.Valid())
	}
}

func TestDropBeforeTileAndNewSet(t *testing.T) {
	a := newArr(t, "R4 R5 R6", "R3 K7 O7 B7")
	a.PickUp() // R3
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 0})
	if err := a.Drop(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != "R3 R4 R5 R6" {
		t.Fatalf("table %q", got)
	}
	// select the three 7s on the rack and drop them as a new set.
	a.SetCursor(Cursor{Area: AreaRack, Pos: 0})
	a.Extend(1)
	a.Extend(1)
	lo, hi, ok := a.Selection()
	if !ok || lo != 0 || hi != 2 {
		t.Fatalf("selection %d %d %v", lo, hi, ok)
	}
	if err := a.PickUp(); err != nil {
		t.Fatal(err)
	}
	if got := game.FormatTiles(a.Held()); got != "K7 O7 B7" {
		t.Fatalf("held %q", got)
	}
	a.NewSetSlot()
	if err := a.Drop(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != "R3 R4 R5 R6 | K7 O7 B7" {
		t.Fatalf("table %q", got)
	}
	if c := a.Cursor(); c.Area != AreaTable || c.Set != 1 || c.Pos != 0 {
		t.Fatalf("cursor after new set %+v", c)
	}
	if !a.Valid() || len(a.Rack()) != 0 {
		t.Fatal("expected a valid table and an empty rack")
	}
}

// Issue 25 defect 4: picking a whole set up leaves its place empty, so
// no set number changes during the turn; the engine gets the table
// without it, and the set numbers of the next turn close the gap.
func TestPickWholeSetKeepsItsPlace(t *testing.T) {
	a := newArr(t, "R1 R2 R3 | B5 O5 K5 | K7 K8 K9", "")
	a.SetCursor(Cursor{Area: AreaTable, Set: 0})
	a.SelectSet()
	if err := a.PickUp(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != " | B5 O5 K5 | K7 K8 K9" {
		t.Fatalf("the emptied set does not keep its place: %q", got)
	}
	if err := a.DropAtEnd(2); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != " | B5 O5 K5 | K7 K8 K9 R1 R2 R3" {
		t.Fatalf("set 3 is not where it was: %q", got)
	}
	if got := game.FormatTable(a.Table()); got != "B5 O5 K5 | K7 K8 K9 R1 R2 R3" {
		t.Fatalf("the engine's table %q", got)
	}
	if bad := a.InvalidSets(); len(bad) != 1 || bad[0] != 2 {
		t.Fatalf("invalid sets %v, want set 3 only (an emptied set is no invalid set)", bad)
	}
	if a.SetIndex(1) != 2 || a.SetIndex(0) != 1 || a.SetIndex(2) != -1 {
		t.Fatalf("SetIndex: %d %d %d", a.SetIndex(0), a.SetIndex(1), a.SetIndex(2))
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: 2, Pos: 3})
	a.Extend(1)
	a.Extend(1)
	a.PickUp()
	a.DropAtEnd(0)
	if !a.Valid() || a.Changed() {
		t.Fatalf("put back into its empty place, the table is as at the start: %q", tableString(a))
	}
}

func TestSplitRun(t *testing.T) {
	a := newArr(t, "B3 B4 B5 B6 B7 B8", "B5")
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	if err := a.Split(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != "B3 B4 B5 | B6 B7 B8" {
		t.Fatalf("table %q", got)
	}
	if c := a.Cursor(); c.Set != 1 || c.Pos != 0 {
		t.Fatalf("cursor %+v", c)
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 0})
	if err := a.Split(); !errors.Is(err, ErrCannotSplit) {
		t.Fatalf("split at a set's start: %v", err)
	}
	a.SetCursor(Cursor{Area: AreaRack})
	if err := a.Split(); !errors.Is(err, ErrCannotSplit) {
		t.Fatalf("split on the rack: %v", err)
	}
}

func TestTableTilesCannotGoToRack(t *testing.T) {
	a := newArr(t, "R1 R2 R3 R4", "K9")
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaRack, Pos: 0})
	if err := a.Drop(); !errors.Is(err, ErrTableToRack) {
		t.Fatalf("drop table tile on rack: %v", err)
	}
	if !a.Holding() {
		t.Fatal("a refused drop lost the carried tile")
	}
	// A rack tile put on the table may go back.
	a.Return()
	if got := tableString(a); got != "R1 R2 R3 R4" {
		t.Fatalf("return: %q", got)
	}
	a.SetCursor(Cursor{Area: AreaRack})
	a.PickUp()
	a.NewSetSlot()
	a.Drop()
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaRack})
	if err := a.Drop(); err != nil {
		t.Fatalf("rack tile back to rack: %v", err)
	}
	if a.Changed() {
		t.Fatal("arrangement should be back to the start")
	}
}

func TestLockedTilesStayOnRack(t *testing.T) {
	r := game.Standard()
	rack := ids(10, mustTiles(t, "R5 R6 R7"))
	a := NewArrangement(&r, nil, rack, rack[1:2], rack[0:1])
	if !a.Locked(rack[1]) || !a.Must(rack[0]) || a.Locked(rack[0]) {
		t.Fatal("locked/must marks")
	}
	a.SetCursor(Cursor{Area: AreaRack, Pos: 1})
	a.PickUp()
	a.NewSetSlot()
	if err := a.Drop(); !errors.Is(err, ErrLockedToTable) {
		t.Fatalf("dropping the Plunder: %v", err)
	}
}

func TestUndoRedoEveryStep(t *testing.T) {
	a := newArr(t, "R3 R4 R5", "R6 B2 K1")
	type snap struct{ table, rack, held string }
	take := func() snap {
		return snap{tableString(a), rackString(a), game.FormatTiles(a.Held())}
	}
	var snaps []snap
	snaps = append(snaps, take())
	a.PickUp()
	snaps = append(snaps, take())
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.Drop()
	snaps = append(snaps, take())
	a.SortRack(false)
	snaps = append(snaps, take())
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 2})
	a.Split()
	snaps = append(snaps, take())
	a.Reset()
	snaps = append(snaps, take())
	if s := snaps[len(snaps)-1]; s != snaps[0] {
		t.Fatalf("reset: %+v want %+v", s, snaps[0])
	}
	for i := len(snaps) - 2; i >= 0; i-- {
		if err := a.Undo(); err != nil {
			t.Fatal(err)
		}
		if got := take(); got != snaps[i] {
			t.Fatalf("undo to step %d: %+v want %+v", i, got, snaps[i])
		}
	}
	if err := a.Undo(); !errors.Is(err, ErrNothingToUndo) {
		t.Fatalf("undo past start: %v", err)
	}
	for i := 1; i < len(snaps); i++ {
		if err := a.Redo(); err != nil {
			t.Fatal(err)
		}
		if got := take(); got != snaps[i] {
			t.Fatalf("redo to step %d: %+v want %+v", i, got, snaps[i])
		}
	}
	if err := a.Redo(); !errors.Is(err, ErrNothingToRedo) {
		t.Fatalf("redo past end: %v", err)
	}
}

func TestSortRack(t *testing.T) {
	a := newArr(t, "", "K7 R7 J B7 R1 O13 R9")
	a.SortRack(false)
	if got := rackString(a); got != "R1 R7 R9 B7 O13 K7 J" {
		t.Fatalf("789 sort %q", got)
	}
	a.SortRack(true)
	if got := rackString(a); got != "R1 R7 B7 K7 R9 O13 J" {
		t.Fatalf("777 sort %q", got)
	}
}

func TestSetStatusReasons(t *testing.T) {
	a := newArr(t, "R3 R4 R5 | B7 O7 K7", "R9 R7")
	a.PickUp() // R9
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.Drop()
	if _, err := a.SetStatus(0); err == nil {
		t.Fatal("R3 R4 R5 R9 should be invalid")
	} else if se := new(game.SetError); !errors.As(err, &se) || se.Reason == "" {
		t.Fatalf("want a SetError with a reason, got %v", err)
	}
	if a.Valid() {
		t.Fatal("Valid with an invalid set")
	}
	if got := a.InvalidSets(); len(got) != 1 || got[0] != 0 {
		t.Fatalf("invalid sets %v", got)
	}
	// Two tiles on their own are not a set either.
	a.Undo()
	a.Undo()
	a.SetCursor(Cursor{Area: AreaTable, Set: 1, Pos: 1})
	a.Split()
	if got := a.InvalidSets(); len(got) != 2 {
		t.Fatalf("after split of a group: invalid %v", got)
	}
}

func TestGroupJokerTakesOtherFreeColour(t *testing.T) {
	// A joker the engine laid as K7 in R7 B7 J stands for O7 or K7; adding
	// K7 must still read as valid.
	r := game.Standard()
	m, err := game.AnalyzeSet(ids(0, mustTiles(t, "R7 B7 J")), &r)
	if err != nil {
		t.Fatal(err)
	}
	rack := ids(50, mustTiles(t, "K7"))
	for _, f := range m.Tiles {
		if f.IsJoker() && f.As.IsZero() {
			t.Fatal("engine left the joker unstated")
		}
	}
	a := NewArrangement(&r, game.Table{m.Tiles}, rack, nil, nil)
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 2})
	a.Drop()
	if _, err := a.SetStatus(0); err != nil {
		t.Fatalf("R7 B7 K7 J: %v", err)
	}
}

func TestCursorNavigation(t *testing.T) {
	a := newArr(t, "R1 R2 R3 | B5 O5 K5", "K9 K10")
	a.Toggle()
	if c := a.Cursor(); c.Area != AreaTable || c.Set != 0 || c.Pos != 0 {
		t.Fatalf("toggle to table %+v", c)
	}
	a.Right()
	a.Right()
	a.Right() // past the end of set 0 (not carrying: no end slot)
	if c := a.Cursor(); c.Set != 1 || c.Pos != 0 {
		t.Fatalf("right across sets %+v", c)
	}
	a.Left()
	if c := a.Cursor(); c.Set != 0 || c.Pos != 2 {
		t.Fatalf("left across sets %+v", c)
	}
	a.NextSet()
	a.NextSet()
	if c := a.Cursor(); c.Set != 2 {
		t.Fatalf("next set to new slot %+v", c)
	}
	a.NextSet()
	if c := a.Cursor(); c.Set != 2 {
		t.Fatalf("next set past new slot %+v", c)
	}
	a.PrevSet()
	if c := a.Cursor(); c.Set != 1 || c.Pos != 0 {
		t.Fatalf("prev set %+v", c)
	}
	a.Toggle()
	a.Right()
	a.Toggle()
	if c := a.Cursor(); c.Set != 1 {
		t.Fatalf("tab returns to the table cursor %+v", c)
	}
	a.Toggle()
	if c := a.Cursor(); c.Area != AreaRack || c.Pos != 1 {
		t.Fatalf("tab returns to the rack cursor %+v", c)
	}
	// carrying opens the end slots.
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 2})
	a.Right()
	if c := a.Cursor(); c.Set != 0 || c.Pos != 3 {
		t.Fatalf("end slot while carrying %+v", c)
	}
}

func TestRefusalsChangeNothing(t *testing.T) {
	a := newArr(t, "R1 R2 R3", "")
	a.NewSetSlot()
	if err := a.PickUp(); !errors.Is(err, ErrNothingHere) {
		t.Fatalf("pick up at the new set slot: %v", err)
	}
	if err := a.Drop(); !errors.Is(err, ErrNotHolding) {
		t.Fatalf("drop with nothing: %v", err)
	}
	if a.CanUndo() || a.Changed() {
		t.Fatal("a refused step left a trace")
	}
}

// TestConservation drives random steps and checks that every tile stays in
// exactly one place, and that undoing everything gives the start back.
func TestConservation(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		r := game.Standard()
		all := game.TileSet(1, 2)
		n := rapid.IntRange(0, 12).Draw(rt, "table")
		var sets game.Table
		for i := 0; i < n; i += 3 {
			sets = append(sets, append([]game.Tile(nil), all[i:i+3]...))
		}
		rack := append([]game.Tile(nil), all[20:20+rapid.IntRange(0, 10).Draw(rt, "rack")]...)
		a := NewArrangement(&r, sets, rack, nil, nil)
		total := len(rack)
		for _, s := range sets {
			total += len(s)
		}
		startTable, startRack := tableString(a), rackString(a)
		steps := rapid.IntRange(0, 40).Draw(rt, "steps")
		for i := 0; i < steps; i++ {
			switch rapid.IntRange(0, 11).Draw(rt, "op") {
			case 0:
				a.Left()
			case 1:
				a.Right()
			case 2:
				a.Toggle()
			case 3:
				a.PickUp()
			case 4:
				a.Drop()
			case 5:
				a.Split()
			case 6:
				a.SortRack(rapid.Bool().Draw(rt, "by"))
			case 7:
				a.Undo()
			case 8:
				a.Extend(rapid.SampledFrom([]int{-1, 1}).Draw(rt, "dx"))
			case 9:
				a.NextSet()
			case 10:
				a.NewSetSlot()
			case 11:
				a.Reset()
			}
			seen := map[game.TileID]int{}
			count := 0
			for _, s := range a.Table() {
				if len(s) == 0 {
					rt.Fatal("an empty set is handed to the engine")
				}
				for _, t := range s {
					seen[t.ID]++
					count++
				}
			}
			for _, t := range append(append([]game.Tile(nil), a.Rack()...), a.Held()...) {
				seen[t.ID]++
				count++
			}
			if count != total || len(seen) != total {
				rt.Fatalf("tiles: %d places, %d distinct, want %d", count, len(seen), total)
			}
			for _, t := range a.Rack() {
				if !a.FromRack(t) {
					rt.Fatalf("table tile %v reached the rack", t)
				}
			}
		}
		for a.CanUndo() {
			a.Undo()
		}
		if tableString(a) != startTable || rackString(a) != startRack || a.Holding() {
			rt.Fatalf("undo all: %q / %q", tableString(a), rackString(a))
		}
	})
}

func TestLineStartAndEnd(t *testing.T) {
	a := newArr(t, "R3 R4 R5 | B7 O7 K7", "R6")
	a.PickUp() // carry R6
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 1})
	a.LineEnd()
	if c := a.Cursor(); c.Pos != 3 {
		t.Fatalf("end while carrying: %+v", c)
	}
	a.Drop()
	if got := tableString(a); got != "R3 R4 R5 R6 | B7 O7 K7" {
		t.Fatalf("table %q", got)
	}
	a.LineEnd()
	if c := a.Cursor(); c.Pos != 3 {
		t.Fatalf("end with empty hands is the last tile: %+v", c)
	}
	a.LineStart()
	if c := a.Cursor(); c.Pos != 0 || c.Set != 0 {
		t.Fatalf("start: %+v", c)
	}
}

// Issue 25 defect 12: a run without a joker is laid out in order while
// the player works, like a run with one.
func TestRunWithoutJokerLaidOutInOrder(t *testing.T) {
	for _, tc := range []struct{ name, table, rack, want string }{
		{"low end dropped at the end", "R6 R7 R8", "R5", "R5 R6 R7 R8"},
		{"a group keeps its order", "K7 B7 O7", "R7", "K7 B7 O7 R7"},
		{"an invalid set keeps its order", "R6 R7 R8", "B5", "R6 R7 R8 B5"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			a := newArr(t, tc.table, tc.rack)
			if err := a.PickUp(); err != nil {
				t.Fatal(err)
			}
			if err := a.DropAtEnd(0); err != nil {
				t.Fatal(err)
			}
			if got := tableString(a); got != tc.want {
				t.Fatalf("table %q, want %q", got, tc.want)
			}
		})
	}
}

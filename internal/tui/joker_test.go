package tui

import (
	"errors"
	"strings"
	"testing"
	"time"

	"pgregory.net/rapid"

	"rummikub/internal/game"
)

// jokerTurn is a hot-seat match where Ana opened with the sets of table
// (laid from her rigged rack, so the engine stores them canonically with
// its own joker meanings), Ben drew, and it is Ana's turn again at the
// board.
func jokerTurn(t *testing.T, rack, table string) *testPlay {
	t.Helper()
	tp := newTestPlay(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil)
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, rack)
	sets, err := game.ParseTable(table)
	if err != nil {
		t.Fatal(err)
	}
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: sets})
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActDraw})
	tp.start()
	tp.after(time.Second)
	tp.press("enter")
	if tp.phase != phaseTurn || tp.viewer != 0 {
		t.Fatalf("Ana's turn should be on the board: phase %d viewer %d", tp.phase, tp.viewer)
	}
	return tp
}

// rackKeys are the keys that move the rack cursor from its first tile to
// the first tile showing face.
func rackKeys(t *testing.T, a *Arrangement, face string) string {
	t.Helper()
	for i, x := range a.Rack() {
		if x.Face.String() == face {
			return "right*" + itoa(i)
		}
	}
	t.Fatalf("no %s on the rack %s", face, faces(a.Rack()))
	return ""
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}

// endTurnAccepted presses enter and fails unless the engine took the turn.
func endTurnAccepted(t *testing.T, tp *testPlay) {
	t.Helper()
	hist := len(tp.match.History)
	tp.press("enter")
	if len(tp.match.History) != hist+1 {
		t.Fatalf("the turn was refused: %q", tp.status)
	}
}

func TestGroupJokerTakesTheFourthColourByKeys(t *testing.T) {
	tp := jokerTurn(t, "R10 R11 R12 R7 B7 J O7 K1 K2 B3 B9 O11 O12 K5", "R10 R11 R12 | R7 B7 J")
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R10 R11 R12 | R7 B7 J:O7" {
		t.Fatalf("the engine should store the group with its joker as O7: %s", got)
	}
	// O7 from the rack to the end of the group.
	tp.press(rackKeys(t, tp.arr(), "O7") + " space tab ] end space")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12 | R7 B7 J O7" {
		t.Fatalf("working table %s", got)
	}
	m, err := tp.arr().SetStatus(1)
	if err != nil {
		t.Fatalf("the board should show R7 B7 J O7 valid: %v", err)
	}
	if got := game.FormatTiles(m.Tiles); got != "R7 B7 O7 J:K7" {
		t.Fatalf("the joker should now read K7: %s", got)
	}
	if !strings.Contains(tp.View(), "K7") {
		t.Fatalf("the board should show the joker's meaning K7:\n%s", tp.View())
	}
	endTurnAccepted(t, tp)
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R10 R11 R12 | R7 B7 O7 J:K7" {
		t.Fatalf("match table %s", got)
	}
}

func TestRunJokerFreedByTheRealTileByKeys(t *testing.T) {
	tp := jokerTurn(t, "R5 R6 J R7 R10 R11 R12 K1 K2 B3 B9 O11 O12 K5", "R5 R6 J | R10 R11 R12")
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R5 R6 J:R7 | R10 R11 R12" {
		t.Fatalf("the engine should store the run with its joker as R7: %s", got)
	}
	// R7 from the rack, dropped before the joker: the joker goes on to R8.
	tp.press(rackKeys(t, tp.arr(), "R7") + " space tab right right space")
	if got := game.FormatTable(tp.arr().Sets()); got != "R5 R6 R7 J | R10 R11 R12" {
		t.Fatalf("working table %s", got)
	}
	if !tp.arr().Valid() {
		t.Fatalf("the board should show every set valid: %v", tp.arr().InvalidSets())
	}
	endTurnAccepted(t, tp)
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R5 R6 R7 J:R8 | R10 R11 R12" {
		t.Fatalf("match table %s", got)
	}
}

func TestJokerMeaningKeyLaysAGroupOfTwoJokers(t *testing.T) {
	tp := twoHumans(t, "J J R10 K1 K2 B3 B9 O11 O12 K5 B1 O3 O5 K13")
	// Lay J J R10 as a new set: read as the run R8 R9 R10, 27 points.
	tp.press(rackKeys(t, tp.arr(), "J") + " shift+right space n space")
	tp.press("tab home space tab end space")
	if got := game.FormatTable(tp.arr().Sets()); got != "J J R10" {
		t.Fatalf("working table %s", got)
	}
	hist := len(tp.match.History)
	tp.press("enter")
	if len(tp.match.History) != hist || !strings.Contains(tp.status, "27") {
		t.Fatalf("J J R10 as a run is 27 and should be refused as an initial meld: %q", tp.status)
	}
	// = on a rack tile says where to press it.
	tp.press("tab =")
	if !tp.statusBad || !strings.Contains(tp.status, "joker on the table") {
		t.Fatalf("= on the rack: %q", tp.status)
	}
	// = on the first joker: R9 R10 R11, R10 R11 R12, then the group of 10s.
	tp.press("tab home =")
	want := []string{"J:R9 R10 J:R11", "R10 J:R11 J:R12", "R10 J:B10 J:O10"}
	for i, w := range want {
		if i > 0 {
			tp.press("=")
		}
		if got := game.FormatTable(tp.arr().Sets()); got != w {
			t.Fatalf("reading %d: %s, want %s (status %q)", i+2, got, w, tp.status)
		}
		if c := tp.arr().Cursor(); !tp.arr().Sets()[c.Set][c.Pos].IsJoker() {
			t.Fatalf("the cursor should stay on the joker: %+v", c)
		}
	}
	if !strings.Contains(tp.status, "B10: a group of 10s (reading 4 of 6") {
		t.Fatalf("status %q", tp.status)
	}
	// The full-size board writes each joker's meaning under it (compact
	// mono tiles have no room for a two-digit meaning's colour).
	tp.SetSize(120, 40)
	v := tp.View()
	if !strings.Contains(v, "B10") || !strings.Contains(v, "O10") {
		t.Fatalf("the board should show the jokers as B10 and O10:\n%s", v)
	}
	endTurnAccepted(t, tp)
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R10 J:B10 J:O10" {
		t.Fatalf("match table %s", got)
	}
	if !tp.match.Game.Melded[0] {
		t.Fatal("the group of 10s is worth 30 and should make the initial meld")
	}
}

func TestJokerMeaningCyclesAndUndoes(t *testing.T) {
	a := newArr(t, "", "J J R10")
	a.SelectSet()
	a.PickUp()
	a.NewSetSlot()
	a.Drop()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 0})
	var seen []string
	for i := 0; i < 7; i++ {
		jr, err := a.CycleJoker()
		if err != nil {
			t.Fatal(err)
		}
		if jr.Count != 6 {
			t.Fatalf("J J R10 has 6 readings (3 runs, 3 pairs of colours), got %d", jr.Count)
		}
		seen = append(seen, tableString(a))
		if !a.Valid() {
			t.Fatalf("a chosen reading must be valid: %s", tableString(a))
		}
	}
	want := "J:R9 R10 J:R11,R10 J:R11 J:R12,R10 J:B10 J:O10,R10 J:B10 J:K10,R10 J:O10 J:K10,J:R8 J:R9 R10,J:R9 R10 J:R11"
	if got := strings.Join(seen, ","); got != want {
		t.Fatalf("readings\n got %s\nwant %s", got, want)
	}
	// Undo takes the choices back one by one, to the set as laid.
	for a.CanUndo() {
		a.Undo()
		if tableString(a) == "J J R10" {
			break
		}
	}
	if tableString(a) != "J J R10" {
		t.Fatalf("undo: %s", tableString(a))
	}
}

func TestJokerMeaningClearedWhenTheSetChanges(t *testing.T) {
	a := newArr(t, "", "J J R10 K10 R11")
	a.SetCursor(Cursor{Area: AreaRack, Pos: 0})
	a.Extend(1)
	a.Extend(1)
	a.PickUp()
	a.NewSetSlot()
	a.Drop()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 0})
	for i := 0; i < 3; i++ {
		a.CycleJoker()
	}
	if tableString(a) != "R10 J:B10 J:O10" {
		t.Fatalf("group reading: %s", tableString(a))
	}
	// Adding K10 keeps a group, the jokers read afresh (first free colours).
	a.SetCursor(Cursor{Area: AreaRack, Pos: 0})
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.Drop()
	if got := tableString(a); got != "R10 J J K10" {
		t.Fatalf("the stated meanings should be cleared: %s", got)
	}
	if !a.Valid() {
		t.Fatal("R10 J J K10 is a group")
	}
	// Without a meaning chosen, nothing is left to contradict the tiles.
	a.Undo()
	a.Undo()
	a.SetCursor(Cursor{Area: AreaRack, Pos: 1})
	a.PickUp() // R11 onto the chosen group: the set changes, the choice goes
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.Drop()
	if got := tableString(a); got != "R10 R11 J J" { // laid out as the engine reads it
		t.Fatalf("after adding R11: %s", got)
	}
	if !a.Valid() {
		t.Fatal("R10 J J R11 is the run R10..R13")
	}
}

func TestJokerMeaningRefusals(t *testing.T) {
	a := newArr(t, "R1 R2 R3 | R7 B7 O7 K7", "J R9")
	if _, err := a.CycleJoker(); !errors.Is(err, ErrNotAJoker) {
		t.Fatalf("on the rack: %v", err)
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 1})
	if _, err := a.CycleJoker(); !errors.Is(err, ErrNotAJoker) {
		t.Fatalf("on a numbered tile: %v", err)
	}
	a.SetCursor(Cursor{Area: AreaRack, Pos: 0})
	a.PickUp()
	a.SetCursor(Cursor{Area: AreaTable, Set: 1, Pos: 4})
	if _, err := a.CycleJoker(); !errors.Is(err, ErrJokerCarrying) {
		t.Fatalf("while carrying: %v", err)
	}
	a.Drop() // R7 B7 O7 K7 J: five tiles, no reading
	a.SetCursor(Cursor{Area: AreaTable, Set: 1, Pos: 4})
	if _, err := a.CycleJoker(); !errors.Is(err, ErrNoJokerReading) {
		t.Fatalf("an impossible set: %v", err)
	}
	// A joker with one reading says so.
	a.Undo()
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	a.Drop() // R1 R2 R3 J: only R4
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 3})
	jr, err := a.CycleJoker()
	if err != nil || jr.Count != 1 {
		t.Fatalf("R1 R2 R3 J: %v %+v", err, jr)
	}
	if s := describeReading(jr, a.Sets()[0][3].ID); !strings.Contains(s, "can only stand for R4") {
		t.Fatalf("status %q", s)
	}
}

// TestUnchangedSetKeepsItsLayout: a set put back exactly as it lay at the
// turn's start takes back the engine's joker meanings, so the two-joker
// group of 10s is not read as a run the joker rule would refuse.
func TestUnchangedSetKeepsItsLayout(t *testing.T) {
	r := game.Standard()
	m, err := game.AnalyzeSet(ids(0, mustTiles(t, "R10 J:B10 J:O10")), &r)
	if err != nil {
		t.Fatal(err)
	}
	a := NewArrangement(&r, game.Table{m.Tiles}, ids(50, mustTiles(t, "K3 K4 K5")), nil, nil)
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 0})
	a.PickUp()
	if got := tableString(a); got != "J J" {
		t.Fatalf("after picking R10 up: %s", got)
	}
	a.Drop()
	if got := tableString(a); got != "R10 J:B10 J:O10" {
		t.Fatalf("put back: %s", got)
	}
	if a.Changed() {
		t.Fatal("the table is as it was")
	}
}

// TestLiveCheckAgreesWithTheEngine drives random arrangement steps
// (picking up, dropping, splitting, choosing joker meanings, undoing) over
// random tables holding jokers as the engine lays them, and checks after
// every step that the board's live check and JudgeTurn give the same
// verdict on the sets: every set valid exactly when the engine finds no
// invalid set, and the first invalid set is the one the engine blames.
func TestLiveCheckAgreesWithTheEngine(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		preset := rapid.SampledFrom([]string{"standard", "wrap"}).Draw(rt, "rules")
		r, _ := game.Preset(preset)
		bag := game.TileSet(r.Copies, r.Jokers)
		take := func(f game.Face) (game.Tile, bool) {
			for i, x := range bag {
				if x.Face == f {
					bag = append(bag[:i], bag[i+1:]...)
					return x, true
				}
			}
			return game.Tile{}, false
		}
		var table game.Table
		for s := rapid.IntRange(0, 4).Draw(rt, "sets"); s > 0; s-- {
			var faces []game.Face
			if rapid.Bool().Draw(rt, "group") {
				num := rapid.IntRange(1, 13).Draw(rt, "num")
				for _, c := range game.Colors[:rapid.IntRange(3, 4).Draw(rt, "len")] {
					faces = append(faces, game.F(c, num))
				}
			} else {
				c := game.Colors[rapid.IntRange(0, 3).Draw(rt, "color")]
				n := rapid.IntRange(3, 5).Draw(rt, "len")
				start := rapid.IntRange(1, 14-n).Draw(rt, "start")
				for k := 0; k < n; k++ {
					faces = append(faces, game.F(c, start+k))
				}
			}
			set := make([]game.Tile, 0, len(faces))
			ok := true
			for k, f := range faces {
				if rapid.IntRange(0, 3).Draw(rt, "joker") == 0 {
					f = game.JokerFace
				}
				x, found := take(f)
				if !found && f.IsJoker() {
					x, found = take(faces[k])
				}
				if !found {
					ok = false
					break
				}
				set = append(set, x)
			}
			m, err := game.AnalyzeSet(set, &r)
			if !ok || err != nil {
				bag = append(bag, set...)
				continue
			}
			table = append(table, m.Tiles)
		}
		var rack []game.Tile
		for n := rapid.IntRange(1, 6).Draw(rt, "rack"); n > 0 && len(bag) > 0; n-- {
			i := rapid.IntRange(0, len(bag)-1).Draw(rt, "tile")
			if rapid.IntRange(0, 5).Draw(rt, "rackjoker") == 0 {
				if x, ok := take(game.JokerFace); ok {
					rack = append(rack, x)
					continue
				}
			}
			rack = append(rack, bag[i])
			bag = append(bag[:i], bag[i+1:]...)
		}
		a := NewArrangement(&r, table, rack, nil, nil)
		start := game.TurnStart{Table: table, Rack: rack, Opened: true}
		for step := rapid.IntRange(1, 200).Draw(rt, "steps"); step > 0; step-- {
			switch rapid.IntRange(0, 6).Draw(rt, "op") {
			case 0:
				a.PickUp()
			case 1, 2:
				a.Drop()
			case 3:
				a.Split()
			case 4:
				a.CycleJoker()
			case 5:
				a.Undo()
			case 6:
				a.SelectSet()
			}
			area := rapid.IntRange(0, 2).Draw(rt, "area")
			if area == 0 {
				a.SetCursor(Cursor{Area: AreaRack, Pos: rapid.IntRange(0, 6).Draw(rt, "pos")})
			} else {
				a.SetCursor(Cursor{Area: AreaTable, Set: rapid.IntRange(0, 4).Draw(rt, "set"), Pos: rapid.IntRange(0, 5).Draw(rt, "pos")})
			}
			if a.Holding() {
				continue
			}
			bad := a.InvalidSets()
			_, err := game.JudgeTurn(&r, start, a.Table())
			var te *game.TurnError
			engineBad := errors.As(err, &te) && te.Code == game.CodeInvalidSet
			if err != nil && te == nil {
				rt.Fatalf("JudgeTurn: %v", err)
			}
			if engineBad != (len(bad) > 0) {
				rt.Fatalf("table %s: the board says invalid sets %v, the engine says %v", game.FormatTable(a.Table()), bad, err)
			}
			if engineBad && a.SetIndex(te.Set) != bad[0] {
				rt.Fatalf("table %s: the board marks set %d first, the engine blames set %d", game.FormatTable(a.Table()), bad[0], te.Set)
			}
		}
	})
}

package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
)

// The board stays where it is while the player acts: through the
// ordinary steps of a turn (a tile picked up, carried, put down, a drop
// refused, put back, undone, a hint) the rack, the table's first row and
// the grid's window of rows and columns keep their screen lines, so a
// player who aims at what they see with the mouse lands on it.

// stillPlay is a practice match (hints on) at Ana's second turn: she laid
// R10 R11 R12 R13 (the sets table) or R10 R11 R12 at (0,0) (the grid),
// Robo drew.
func stillPlay(t *testing.T, grid bool, w, h int) *testPlay {
	t.Helper()
	// The computer's move stays in view for a second (a key skips it).
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true, AIDelay: time.Second}
	var after game.Layout
	var err error
	if grid {
		cfg.Rules = frenchRules(t)
		after, err = game.ParseGrid("@0,0 R10 R11 R12")
	} else {
		after, err = game.ParseTable("R10 R11 R12 R13")
	}
	if err != nil {
		t.Fatal(err)
	}
	tp := newTestPlay(t, cfg, w, h, map[int]Computer{1: &drawer{}})
	tp.hinter = SolverHints
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, "R10 R11 R12 R13 B3 B4 O5 O7 K3 K4 K6 K8 K9 J")
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: after})
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActDraw})
	tp.start()
	if tp.phase != phaseTurn || tp.work() == nil {
		t.Fatalf("Ana's turn did not open: phase %d", tp.phase)
	}
	return tp
}

// gridRowRe is a line of the grid's cells: its row number first.
var gridRowRe = regexp.MustCompile(`^ {0,3}(-?\d+) `)

// landmarks are where the board's parts are on the screen, found by their
// text: the rack's heading and a tile that stays on the rack, the table's
// first row (a tile on it), and on the grid the rows and columns its
// window shows and their lines.
func landmarks(t *testing.T, view string, grid bool) map[string]string {
	t.Helper()
	lines := strings.Split(view, "\n")
	out := map[string]string{}
	find := func(name, s string, from int) {
		for y, l := range lines {
			if y >= from && strings.Contains(l, s) {
				out[name] = fmt.Sprintf("line %d", y)
				return
			}
		}
		t.Fatalf("%q is not on the screen:\n%s", s, view)
	}
	find("the rack's heading", "'s rack ·", 0)
	rack := 0
	fmt.Sscanf(out["the rack's heading"], "line %d", &rack)
	find("the rack's K9", "K9", rack)
	if !grid {
		find("the table's first row (R10)", "R10", 0)
		return out
	}
	find("the grid's heading", " grid ·", 0)
	ruler := -1
	for y, l := range lines {
		if strings.HasPrefix(l, " grid ·") {
			ruler = y + 1
			break
		}
	}
	var cols []string
	for _, f := range strings.Fields(lines[ruler]) {
		if strings.Trim(f, "-0123456789") == "" {
			cols = append(cols, f)
		}
	}
	if len(cols) > 0 {
		out["the grid's columns"] = fmt.Sprintf("%s..%s on line %d", cols[0], cols[len(cols)-1], ruler)
	}
	first, last := "", ""
	for y := ruler + 1; y < len(lines); y++ {
		m := gridRowRe.FindStringSubmatch(lines[y])
		if m == nil {
			break
		}
		if first == "" {
			first = fmt.Sprintf("row %s on line %d", m[1], y)
		}
		last = fmt.Sprintf("row %s on line %d", m[1], y)
	}
	out["the grid's first row"], out["the grid's last row"] = first, last
	return out
}

// stillStep is one step of a turn: keys, or a click (a press and a
// release) or a drag (a press at from, a release at to) on a text of the
// screen, at a cell offset from it.
type stillStep struct {
	name string
	keys string
	// on is the text clicked (or pressed, for a drag); dy moves the click
	// down from it; to is where a drag is released.
	on   string
	dy   int
	drag bool // the press of a drag: no release
	to   string
	toDy int
	// wait lets the clock run (the others' turns, their pauses).
	wait time.Duration
	// check says what the step did to the working arrangement.
	check func(tp *testPlay) error
}

func holding(want bool) func(tp *testPlay) error {
	return func(tp *testPlay) error {
		if got := tp.work().Holding(); got != want {
			return fmt.Errorf("carrying: %v, want %v", got, want)
		}
		return nil
	}
}

func myTurn(tp *testPlay) error {
	if tp.phase != phaseTurn || tp.work() == nil {
		return fmt.Errorf("Ana's turn did not come round: phase %d", tp.phase)
	}
	return nil
}

func othersTurn(tp *testPlay) error {
	if tp.phase == phaseTurn {
		return fmt.Errorf("the turn did not end: status %q", tp.status)
	}
	return nil
}

func refused(tp *testPlay) error {
	if !tp.statusBad || tp.status == "" {
		return fmt.Errorf("the drop should be refused on the status line: %q", tp.status)
	}
	return nil
}

// at finds the screen cell of text s (the first one, from line from on).
func at(t *testing.T, view, s string) (x, y int) {
	t.Helper()
	return cellOf(t, view, s)
}

func TestBoardStaysPutThroughATurn(t *testing.T) {
	setsSteps := []stillStep{
		{name: "pick up a rack tile", on: "B3", check: holding(true)},
		{name: "carry it", keys: "right", check: holding(true)},
		{name: "put it down in a new set", on: "newset", check: holding(false)},
		{name: "press on a rack tile to drag it", on: "B4", drag: true, check: holding(true)},
		{name: "release it on the table", to: "B3", check: holding(false)},
		{name: "pick up a tile of the table", on: "R13", check: holding(true)},
		{name: "a refused drop on the rack", on: "O5", check: refused},
		{name: "put it back", keys: "esc", check: holding(false)},
		{name: "undo", keys: "u"},
		{name: "undo again", keys: "u"},
		{name: "a hint", keys: "i"},
		{name: "reset the turn", keys: "x", check: holding(false)},
		{name: "draw: the others' turn", keys: "d", check: othersTurn},
		{name: "the turn comes round again", wait: 3 * time.Second, check: myTurn},
	}
	gridSteps := []stillStep{
		{name: "pick up a rack tile", on: "B3", check: holding(true)},
		{name: "carry it", keys: "right", check: holding(true)},
		{name: "put it down on an empty cell", on: "R10", dy: 3, check: holding(false)},
		{name: "press on a rack tile to drag it", on: "B4", drag: true, check: holding(true)},
		{name: "release it on the grid", to: "R10", toDy: 5, check: holding(false)},
		{name: "pick up a tile of the grid", on: "R12", check: holding(true)},
		{name: "a refused drop on the rack", on: "O5", check: refused},
		{name: "put it back", keys: "esc", check: holding(false)},
		{name: "undo", keys: "u"},
		{name: "undo again", keys: "u"},
		{name: "pick up another rack tile", on: "K3", check: holding(true)},
		{name: "put it down on the last row shown", on: "lastrow", check: holding(false)},
		{name: "a hint", keys: "i"},
		{name: "reset the turn", keys: "x", check: holding(false)},
		{name: "draw: the others' turn", keys: "d", check: othersTurn},
		{name: "the turn comes round again", wait: 3 * time.Second, check: myTurn},
	}
	for _, grid := range []bool{false, true} {
		shape, steps := "sets", setsSteps
		if grid {
			shape, steps = "grid", gridSteps
		}
		for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}} {
			t.Run(fmt.Sprintf("%s/%dx%d", shape, size[0], size[1]), func(t *testing.T) {
				tp := stillPlay(t, grid, size[0], size[1])
				v := tp.View()
				want := landmarks(t, v, grid)
				for _, s := range steps {
					t.Run(s.name, func(t *testing.T) {
						switch {
						case s.wait > 0:
							tp.after(s.wait)
						case s.keys != "":
							tp.press(s.keys)
						case s.on != "":
							x, y := stillTarget(t, v, s.on)
							click(tp, x, y+s.dy, press)
							if !s.drag {
								click(tp, x, y+s.dy, release)
							}
						case s.to != "":
							x, y := stillTarget(t, v, s.to)
							click(tp, x, y+s.toDy, motion)
							click(tp, x, y+s.toDy, release)
						}
						if s.check != nil {
							if err := s.check(tp); err != nil {
								t.Fatalf("%v\n%s", err, tp.View())
							}
						}
						v = tp.View()
						got := landmarks(t, v, grid)
						for k, w := range want {
							if got[k] != w {
								t.Errorf("%s: %s, was %s", k, got[k], w)
							}
						}
						if t.Failed() {
							t.Logf("the screen now:\n%s", v)
						}
					})
				}
			})
		}
	}
}

// stillTarget is where to click to hit text s: its first cell, or for
// "newset" the sets table's slot for a new set.
func stillTarget(t *testing.T, view, s string) (x, y int) {
	t.Helper()
	if s == "lastrow" {
		// Under R10, on the grid's last row shown.
		x, _ = at(t, view, "R10")
		lines := strings.Split(view, "\n")
		for y = len(lines) - 1; y >= 0 && !gridRowRe.MatchString(lines[y]); y-- {
		}
		return x, y
	}
	if s != "newset" {
		return at(t, view, s)
	}
	for _, slot := range []string{"( + )", "╎ + ╎"} {
		if strings.Contains(view, slot) {
			x, y = at(t, view, slot)
			return x + 2, y
		}
	}
	t.Fatalf("no slot for a new set on the screen:\n%s", view)
	return 0, 0
}

// scrolledSets is Ana's turn at a table of eight runs of ten, one a
// row: more rows than the table shows at 100x30.
func scrolledSets(t *testing.T, w, h int) *testPlay {
	t.Helper()
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true}
	tp := newTestPlay(t, cfg, w, h, map[int]Computer{1: &drawer{}})
	m := tp.match
	m.Game.Turn = 0
	var sets []string
	for i, c := range []string{"R", "B", "O", "K", "R", "B", "O", "K"} {
		var run []string
		for n := 1; n <= 10; n++ {
			run = append(run, fmt.Sprintf("%s%d", c, n))
		}
		rig(t, m, i%2, strings.Join(run, " ")+" J")
		sets = append(sets, strings.Join(run, " "))
		table, err := game.ParseTable(strings.Join(sets, " | "))
		if err != nil {
			t.Fatal(err)
		}
		mustApply(t, m, game.Action{Seat: i % 2, Kind: game.ActPlay, After: table})
	}
	rig(t, m, 0, "J O12 K11")
	tp.start()
	if tp.phase != phaseTurn || tp.arr() == nil {
		t.Fatalf("Ana's turn did not open: phase %d", tp.phase)
	}
	return tp
}

// faceAt is the face of the full-size tile drawn at screen column x on
// line y (its middle line), or "".
func faceAt(view string, x, y int) string {
	lines := strings.Split(view, "\n")
	if y >= len(lines) {
		return ""
	}
	r := []rune(lines[y])
	if x+3 > len(r) {
		return ""
	}
	return strings.Trim(string(r[x:x+3]), " │║┃")
}

// A table scrolled to show the cursor's row stays scrolled while the
// player clicks what is in view: a tile picked up on the top row shown is
// the one drawn there, and the cursor going to the rack does not bring
// the table's top back into view.
func TestSetsTableStaysScrolled(t *testing.T) {
	tp := scrolledSets(t, 100, 30)
	// The cursor on the last set (as the keys or the wheel take it there).
	tp.arr().SetCursor(Cursor{Area: AreaTable, Set: 7})
	tp.layoutNow()
	skip := tp.geo.tableSkip
	if skip == 0 {
		t.Fatalf("the table should be scrolled to the cursor's row:\n%s", tp.View())
	}
	// The top row shown: its first tile's middle line.
	x, y := 2, tp.geo.tableTop+1
	want := faceAt(tp.View(), x, y)
	if want == "" {
		t.Fatalf("no tile at %d,%d:\n%s", x, y, tp.View())
	}
	steps := []struct {
		name string
		do   func()
		ok   func() error
	}{
		{"click the top row shown", func() { click(tp, x, y, press); click(tp, x, y, release) }, func() error {
			if h := tp.arr().Held(); len(h) != 1 || h[0].Face.String() != want {
				return fmt.Errorf("carrying %v, the tile drawn there was %s", h, want)
			}
			return nil
		}},
		{"put it back", func() { tp.press("esc") }, nil},
		{"click a rack tile", func() {
			rx, ry := onRack(t, tp.View(), "K11")
			click(tp, rx, ry, press)
			click(tp, rx, ry, release)
		}, func() error {
			if !tp.arr().Holding() || tp.arr().Cursor().Area != AreaRack {
				return fmt.Errorf("the rack tile was not picked up: cursor %+v", tp.arr().Cursor())
			}
			return nil
		}},
	}
	for _, s := range steps {
		t.Run(s.name, func(t *testing.T) {
			s.do()
			if s.ok != nil {
				if err := s.ok(); err != nil {
					t.Fatalf("%v\n%s", err, tp.View())
				}
			}
			if tp.geo.tableSkip != skip {
				t.Errorf("the table scrolled from %d rows to %d:\n%s", skip, tp.geo.tableSkip, tp.View())
			}
		})
	}
}

// onRack is the screen cell of text s on the rack (under its heading).
func onRack(t *testing.T, view, s string) (x, y int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	rack := false
	for y, l := range lines {
		rack = rack || strings.Contains(l, "'s rack ·")
		if i := strings.Index(l, s); rack && i >= 0 {
			return len([]rune(l[:i])), y
		}
	}
	t.Fatalf("%q is not on the rack:\n%s", s, view)
	return 0, 0
}

// growOver keeps the window where it was: the area the cursor may visit
// holds the window and the box around the tiles, and only a box smaller
// than the window is grown, from the window's start as far as it allows.
func TestGrowOver(t *testing.T) {
	cases := []struct {
		name             string
		lo, hi, start, n int
		wantLo, wantHi   int
	}{
		{"the box inside the window: the window", -4, 4, -9, 20, -9, 10},
		{"a tile put down on the window's last row: the box past it too", 6, 14, -9, 20, -9, 14},
		{"the box above the window: grown down to fill it, and the window", -30, -22, -9, 20, -30, 10},
		{"a box longer than the window: the box and the window", -20, 20, -9, 20, -20, 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lo, hi := growOver(c.lo, c.hi, c.start, c.n)
			if lo != c.wantLo || hi != c.wantHi {
				t.Errorf("growOver(%d, %d, %d, %d) = %d..%d, want %d..%d", c.lo, c.hi, c.start, c.n, lo, hi, c.wantLo, c.wantHi)
			}
		})
	}
}

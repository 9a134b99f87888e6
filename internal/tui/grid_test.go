package tui

import (
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// frenchRules are the French rules with no turn timer, so no test waits
// on the clock.
func frenchRules(t testing.TB) game.Rules {
	t.Helper()
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	r.TurnSeconds = 0
	return r
}

// gridPlay is Ana (rigged with rack) against a computer that draws, under
// the French rules, with Ana to play and the hints of the solver.
func gridPlay(t testing.TB, w, h int, rack string, store *host.Store) *testPlay {
	t.Helper()
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true, Rules: frenchRules(t)}
	tp := newTestPlayIn(t, cfg, w, h, map[int]Computer{1: &drawer{}}, store)
	tp.hinter = SolverHints
	tp.match.Game.Turn = 0
	rig(t, tp.match, 0, rack)
	tp.start()
	if tp.phase != phaseTurn || tp.garr() == nil || tp.arr() != nil {
		t.Fatalf("the French rules should open the grid board: phase %d", tp.phase)
	}
	return tp
}

const meldRack = "R10 R11 R12 B11 O11 K3 K4 K5 K6 B1 B2 O5 O7 J"

func TestGridMeldByKeys(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	// Typed names pick tiles from the rack; space puts each down and the
	// cursor goes on to the right.
	tp.press("r 1 0 space r 1 1 space r 1 2 space")
	if got := tp.garr().Grid().String(); got != "@0,0 R10 R11 R12" {
		t.Fatalf("the working grid is %s", got)
	}
	if c := tp.garr().Cursor(); c.OnRack || c.Cell != (game.Cell{Row: 0, Col: 3}) {
		t.Fatalf("the cursor should wait after the run: %+v", c)
	}
	if !strings.Contains(tp.View(), "+R10+R11+R12") {
		t.Fatalf("the placed tiles are not marked:\n%s", tp.View())
	}
	tp.press("enter")
	g := tp.match.Game
	if got := game.GridOf(g.Table).String(); got != "@0,0 R10 R11 R12" || len(g.Racks[0]) != 11 || !g.Melded[0] {
		t.Fatalf("the meld was not played: grid %s, status %q", got, tp.status)
	}
	// Robo drew; Ana's turn again, the run where she laid it.
	if tp.phase != phaseTurn || tp.garr() == nil || !strings.Contains(tp.View(), " R10 R11 R12") {
		t.Fatalf("the next turn:\n%s", tp.View())
	}
}

func TestGridInvalidLineKeepsTheArrangement(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	tp.press("r 1 0 space r 1 1 space")
	before := tp.garr().Grid().String()
	tp.press("enter")
	if tp.match.Game.Turn != 0 || !game.GridOf(tp.match.Game.Table).Empty() {
		t.Fatal("a line of two was accepted")
	}
	if !tp.statusBad || !strings.Contains(tp.status, "(0,0)-(0,1)") || !strings.Contains(tp.status, "line of two") || !strings.Contains(tp.status, "Nothing was lost") {
		t.Fatalf("the refusal should name the line: %q", tp.status)
	}
	if got := tp.garr().Grid().String(); got != before {
		t.Fatalf("the refused turn changed the arrangement: %s, was %s", got, before)
	}
	v := tp.View()
	if !strings.Contains(v, "!R10!R11") || !strings.Contains(v, "line of two") {
		t.Fatalf("the bad line is not marked with its reason:\n%s", v)
	}
	// Undo takes R11 back to the rack, redo puts it down again, reset
	// empties the grid, and undo takes the reset back.
	tp.press("u")
	if got := tp.garr().Grid().String(); got != "@0,0 R10" || len(tp.garr().Rack()) != 12 {
		t.Fatalf("after undo: %s, rack %s", got, faces(tp.garr().Rack()))
	}
	tp.press("U")
	if got := tp.garr().Grid().String(); got != before {
		t.Fatalf("after redo: %s", got)
	}
	tp.press("x")
	if tp.garr().Changed() || len(tp.garr().Rack()) != 14 || !strings.Contains(tp.status, "Turn reset") {
		t.Fatalf("after reset: %s, status %q", tp.garr().Grid(), tp.status)
	}
	tp.press("ctrl+r")
	if tp.garr().Changed() {
		t.Fatal("nothing should be left to redo after reset")
	}
	tp.press("u")
	if got := tp.garr().Grid().String(); got != before {
		t.Fatalf("undo should take the reset back: %s", got)
	}
	// The third tile makes the run: the turn is taken.
	tp.press("r 1 2 space enter")
	if got := game.GridOf(tp.match.Game.Table).String(); got != "@0,0 R10 R11 R12" {
		t.Fatalf("the fixed run was not played: %s (%s)", got, tp.status)
	}
}

func TestGridMovesAndPutsBack(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	tp.press("r 1 0 space")
	// Back over the R10 with ←, pick it up with space, move it down two
	// cells and put it down: the cursor then goes on down.
	tp.press("left space down down space")
	if got := tp.garr().Grid().String(); got != "@2,0 R10" {
		t.Fatalf("the moved tile: %s", got)
	}
	if c := tp.garr().Cursor(); c.Cell != (game.Cell{Row: 3, Col: 0}) || tp.garr().Dir() != (game.Cell{Row: 1}) {
		t.Fatalf("after a move down the cursor goes on down: %+v", c)
	}
	// Carried tiles from the rack go back with esc; grid tiles may not go
	// to the rack.
	tp.press("b 1 1")
	if !tp.garr().Holding() {
		t.Fatal("b11 should pick B11 up")
	}
	tp.press("esc")
	if tp.garr().Holding() || len(tp.garr().Rack()) != 13 {
		t.Fatalf("esc should put B11 back: rack %s", faces(tp.garr().Rack()))
	}
	// A tile placed from the rack this turn may go back to it.
	tp.press("up space tab space")
	if !tp.garr().Grid().Empty() || len(tp.garr().Rack()) != 14 {
		t.Fatalf("R10 should be back on the rack: grid %s", tp.garr().Grid())
	}
	tp.press("r 1 0 tab space")
	// d with tiles moved asks first, then puts everything back and draws.
	tp.press("d y")
	if n := len(tp.match.Game.Racks[0]); n != 15 || !game.GridOf(tp.match.Game.Table).Empty() {
		t.Fatalf("the draw: %d tiles, grid %s", n, game.GridOf(tp.match.Game.Table))
	}
}

func TestGridHintIsLaidOutAndPlayed(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	tp.press("i")
	if tp.hint == nil || tp.hint.Placed < 3 || !strings.Contains(tp.status, "Hint: a play placing") {
		t.Fatalf("hint %+v, status %q", tp.hint, tp.status)
	}
	if v := tp.View(); !strings.Contains(v, "?R10") {
		t.Fatalf("the hint's tiles should be shown on their cells:\n%s", v)
	}
	tp.press("i")
	if got := tp.garr().PlacedCount(); got != tp.match.Rules.RackSize-len(tp.garr().Rack()) || got < 3 {
		t.Fatalf("the hint was not laid out: %d placed", got)
	}
	want := tp.garr().Grid().String()
	tp.press("enter")
	if got := game.GridOf(tp.match.Game.Table).String(); got != want || !tp.match.Game.Melded[0] {
		t.Fatalf("the hint's play was refused: %s (%s)", got, tp.status)
	}
}

func TestGridComputerChangeIsMarked(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Rules: frenchRules(t)}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &drawer{}})
	m := tp.match
	m.Game.Turn = 1
	rig(t, m, 1, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	g, err := game.ParseGrid("@0,0 R10 R11 R12")
	if err != nil {
		t.Fatal(err)
	}
	// Robo's meld is applied as if it had just played it.
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActPlay, After: g})
	tp.start()
	// The event of Robo's play was before the screen subscribed: mark
	// it as the host's event would.
	tp.lastMark = gridChanged(game.Grid{}, game.GridOf(m.Game.Table), m.Log[len(m.Log)-1])
	if v := tp.View(); !strings.Contains(v, "@R10@R11@R12") {
		t.Fatalf("the computer's tiles should be marked:\n%s", v)
	}
}

func TestGridMouseClicksCells(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	v := tp.View()
	x, y := cellOf(t, v, "R10]")
	click(tp, x, y, press)
	click(tp, x, y, release)
	if !tp.garr().Holding() {
		t.Fatalf("a click on the rack should pick R10 up:\n%s", tp.View())
	}
	// A click on the cell (1,2) puts it down there.
	at := func(c game.Cell) (int, int) {
		tp.View() // where the board lays the cells out now
		gg := tp.gridSurf().geo
		return gg.left + (c.Col-gg.origin.Col)*gg.cellW + 1, gg.top + c.Row - gg.origin.Row
	}
	x, y = at(game.Cell{Row: 1, Col: 2})
	click(tp, x, y, press)
	if got := tp.garr().Grid().String(); got != "@1,2 R10" || tp.garr().Holding() {
		t.Fatalf("after the click the grid is %s:\n%s", got, tp.View())
	}
	click(tp, x, y, release)
	// Pressing on the tile and releasing on another cell drags it there.
	x, y = at(game.Cell{Row: 1, Col: 2})
	click(tp, x, y, press)
	x2, y2 := at(game.Cell{Row: 3, Col: 4})
	click(tp, x2, y2, motion)
	click(tp, x2, y2, release)
	if got := tp.garr().Grid().String(); got != "@3,4 R10" || tp.garr().Holding() {
		t.Fatalf("after the drag the grid is %s", got)
	}
}

func TestGridSaveAndResume(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tp := gridPlay(t, 80, 24, meldRack, store)
	tp.press("r 1 0 space r 1 1 space r 1 2 space enter")
	if game.GridOf(tp.match.Game.Table).Len() != 3 {
		t.Fatalf("the meld was not played: %s", tp.status)
	}
	tp.press("q y")
	sv, err := store.Load(tp.host.Name())
	if err != nil {
		t.Fatal(err)
	}
	if got := game.GridOf(sv.Match.Game.Table).String(); got != "@0,0 R10 R11 R12" || sv.Match.Rules.Table != game.TableGrid {
		t.Fatalf("the saved match: grid %s, table %s", got, sv.Match.Rules.Table)
	}
	clk := host.NewManualClock(tp.clock.Now())
	p, err := StartPlay(ConfigFromSaved(sv), sv.Match, Services{Store: store, Clock: clk, NewComputer: func(string, int, uint64) (Computer, error) { return &drawer{}, nil }}, monoStyles(t))
	if err != nil {
		t.Fatal(err)
	}
	rp := &testPlay{Play: p, t: t, clock: clk, match: sv.Match}
	rp.events, rp.now = noEvents{}, clk.Now
	t.Cleanup(func() { p.host.Close() })
	rp.start()
	if rp.garr() == nil || !strings.Contains(rp.View(), " R10 R11 R12") {
		t.Fatalf("the resumed French match should show its grid:\n%s", rp.View())
	}
	if !strings.Contains(rp.View(), "Ana placed R10 R11 R12") && !strings.Contains(rp.View(), "Robo drew") {
		t.Fatalf("the resumed match should say what was done last:\n%s", rp.View())
	}
	// Play on: a group of 11s under R11 through the run's tile. A tile
	// that was on the grid may not go to the rack.
	rp.press("tab")
	if c := rp.garr().Cursor(); c.OnRack || c.Cell != (game.Cell{Row: 0, Col: 1}) {
		t.Fatalf("tab should go to the middle of the grid: %+v", c)
	}
	rp.press("space tab space")
	if !strings.Contains(rp.status, "must stay on the grid") {
		t.Fatalf("a grid tile went to the rack: %q", rp.status)
	}
	rp.press("esc")
	rp.press("down b 1 1 space o 1 1 space enter")
	if got := game.GridOf(rp.match.Game.Table).String(); got != "@0,0 R10 R11 R12 / . B11 . / . O11 ." {
		t.Fatalf("the group through the run: %s (%s)", got, rp.status)
	}
}

// A French table shared by two terminals (rummikub serve): each seat's
// screen is the grid board; what one plays, the other sees on its grid
// with the change marked, and a spectator sees the grid and no rack.
func TestGridOnASharedTable(t *testing.T) {
	cfg := Config{Seats: humans("Ana", "Ben"), Rules: frenchRules(t)}
	m, err := game.NewMatch(cfg.Rules, cfg.Names(), 42)
	if err != nil {
		t.Fatal(err)
	}
	m.Game.Turn = 0
	rig(t, m, 0, meldRack)
	clk := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := host.New(host.Config{Match: m, Settings: cfg.Settings(), Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.Start()
	ana := &testPlay{Play: NewTablePlay(cfg, h, 0, nil, monoStyles(t)).Play, t: t, clock: clk, match: m}
	ben := &testPlay{Play: NewTablePlay(cfg, h, 1, nil, monoStyles(t)).Play, t: t, clock: clk, match: m}
	watch := &testPlay{Play: NewWatchPlay(cfg, h, monoStyles(t)).Play, t: t, clock: clk, match: m}
	all := []*testPlay{ana, ben, watch}
	for _, s := range all {
		s.events, s.now = noEvents{}, clk.Now
		s.sync()
	}
	if ana.garr() == nil || ben.garr() != nil {
		t.Fatal("Ana's screen should hold the working grid, Ben's none")
	}
	ana.press("r 1 0 space r 1 1 space r 1 2 space enter")
	for _, s := range all {
		s.sync()
	}
	if got := game.GridOf(h.Snapshot().Game.Table).String(); got != "@0,0 R10 R11 R12" {
		t.Fatalf("Ana's meld: %s (%s)", got, ana.status)
	}
	if ben.garr() == nil || !strings.Contains(ben.View(), "@R10@R11@R12") {
		t.Fatalf("Ben's turn should show Ana's run marked:\n%s", ben.View())
	}
	if v := watch.View(); strings.Contains(v, "'s rack") || !strings.Contains(v, "R11") {
		t.Fatalf("the spectator sees the grid and no rack:\n%s", v)
	}
}

// A time-out in an unfinished rearrangement of the grid (the host was
// told of it by the board's drafts) restores the grid and draws the
// penalty; a finished one not yet played only draws one tile.
func TestGridTimeOut(t *testing.T) {
	for _, c := range []struct {
		keys  string
		drawn int
	}{
		{"r 1 0 space r 1 1 space", 3},             // a line of two
		{"r 1 0", 3},                               // a tile in hand
		{"r 1 0 space r 1 1 space r 1 2 space", 1}, // a valid run, not played
	} {
		r := frenchRules(t)
		r.TurnSeconds = 60
		cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Rules: r}
		tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &drawer{}})
		tp.match.Game.Turn = 0
		rig(t, tp.match, 0, meldRack)
		tp.start()
		tp.press(c.keys)
		tp.after(61 * time.Second)
		g := tp.match.Game
		if n := len(g.Racks[0]); n != 14+c.drawn || !game.GridOf(g.Table).Empty() {
			t.Errorf("%q: after the time-out Ana holds %d tiles (want %d), grid %s", c.keys, n, 14+c.drawn, game.GridOf(g.Table))
		}
		if tp.garr() == nil || !tp.garr().Grid().Empty() || !strings.Contains(tp.status, "Time ran out") {
			t.Errorf("%q: the next turn should start afresh and say what the time-out cost: %q", c.keys, tp.status)
		}
	}
}

// The setup screen and the SSH tables offer the French rules, and a
// French match validates.
func TestSetupOffersTheFrenchRules(t *testing.T) {
	found := false
	for _, n := range PlayablePresets() {
		found = found || n == "french"
	}
	if !found {
		t.Fatalf("PlayablePresets() = %v lacks french", PlayablePresets())
	}
	cfg := Config{Seats: humans("Ana", "Ben"), Rules: frenchRules(t)}
	if err := cfg.Validate(); err != nil {
		t.Fatalf("a French match is refused: %v", err)
	}
	s := NewSetup(monoStyles(t), Services{NoKeeper: true}, Config{Seats: humans("Ana", "Ben"), Rules: game.Standard()})
	for i := 0; i < len(game.PresetNames()) && s.preset != "french"; i++ {
		s.setPreset(cycle(PlayablePresets(), s.preset, 1))
	}
	if s.preset != "french" || s.cfg.Rules.Table != game.TableGrid {
		t.Fatalf("the setup screen's presets do not reach french: %q", s.preset)
	}
}

// n finds a free cell apart from the tiles, ? lists the grid's keys, and
// the help bar is the grid's.
func TestGridFreeSpotAndHelp(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	tp.press("r 1 0 space r 1 1 space r 1 2 space n")
	if c := tp.garr().Cursor(); c.OnRack || c.Cell != (game.Cell{Row: 2, Col: 0}) {
		t.Fatalf("n should go two rows below the tiles: %+v", c)
	}
	if v := tp.View(); !strings.Contains(v, "tab grid") || !strings.Contains(v, "q quit") {
		t.Fatalf("the help bar should be the grid's:\n%s", v)
	}
	tp.press("?")
	v := tp.View()
	for _, want := range []string{"free space", "pick up/put down", "row start", "line not valid"} {
		if !strings.Contains(v, want) {
			t.Errorf("the help page lacks %q:\n%s", want, v)
		}
	}
	tp.press("esc")
	if tp.help.ShowAll {
		t.Fatal("esc should close the help page")
	}
}

// Issue 25 friction: after a tile is put down next to a line, the cursor
// goes on past the line's tiles to the next empty cell, so the next
// space does not pick a tile of the line (a joker) back up.
func TestGridPutDownStepsPastTheLine(t *testing.T) {
	tp := gridPlay(t, 80, 24, meldRack, nil)
	// R12 first; then R11 put down left of it, the cursor coming from
	// the left (going right).
	tp.press("r 1 2 space left left left right r 1 1 space")
	if got := tp.garr().Grid().String(); got != "@0,-1 R11 R12" {
		t.Fatalf("the working grid is %s", got)
	}
	c := tp.garr().Cursor()
	if _, taken := tp.garr().Grid().At(c.Cell); taken {
		t.Fatalf("the cursor stopped on a tile of the line: %+v", c)
	}
	tp.press("space")
	if tp.garr().Holding() {
		t.Fatalf("space after the put-down picked %v back up", tp.garr().Held())
	}
}

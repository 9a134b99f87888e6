package tui

import (
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// twoHumans is a hot-seat match of Ana and Ben with Ana to play, her rack
// rigged, and the privacy screen passed.
func twoHumans(t *testing.T, rack string) *testPlay {
	t.Helper()
	tp := newTestPlay(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil)
	m := tp.match
	if m.Game.Turn != 0 {
		// Make Ana the first to play whatever the draw for first said.
		m.Game.Turn = 0
	}
	rig(t, m, 0, rack)
	tp.start()
	if tp.phase != phaseHandover {
		t.Fatalf("hot-seat should start on the privacy screen, phase %d", tp.phase)
	}
	tp.after(time.Second)
	tp.press("enter")
	if tp.phase != phaseTurn || tp.viewer != 0 {
		t.Fatalf("after enter: phase %d viewer %d", tp.phase, tp.viewer)
	}
	return tp
}

func rackFaces(a *Arrangement) string { return faces(a.Rack()) }

func TestWholeTurnInitialMeld(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	if got := rackFaces(tp.arr()); got != "R10 R11 R12 B1 B2 B5 O5 O7 K3 K4 K6 K8 K9 K13" {
		t.Fatalf("rack sorted 789: %s", got)
	}
	before := len(tp.match.History)
	// select R10..R12 with shift+right, pick up, new set slot, drop.
	tp.press("shift+right shift+right space")
	if got := faces(tp.arr().Held()); got != "R10 R11 R12" {
		t.Fatalf("carrying %q", got)
	}
	tp.press("n space")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12" {
		t.Fatalf("table %q", got)
	}
	// undo twice and redo twice: back where we were.
	tp.press("u u")
	if len(tp.arr().Sets()) != 0 || tp.arr().Holding() || len(tp.arr().Rack()) != 14 {
		t.Fatalf("undo: table %v rack %d", tp.arr().Sets(), len(tp.arr().Rack()))
	}
	tp.press("U U")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12" {
		t.Fatalf("redo: table %q", got)
	}
	tp.press("enter")
	if len(tp.match.History) != before+1 {
		t.Fatalf("the play was not applied: status %q", tp.status)
	}
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R10 R11 R12" {
		t.Fatalf("match table %q", got)
	}
	if !tp.match.Game.Melded[0] || len(tp.match.Game.Racks[0]) != 11 {
		t.Fatal("Ana should have melded with 11 tiles left")
	}
	if tp.phase != phaseHandover {
		t.Fatalf("the turn should pass to Ben behind the privacy screen, phase %d", tp.phase)
	}
	if !strings.Contains(tp.summary, "Ana played R10 R11 R12") {
		t.Fatalf("summary %q", tp.summary)
	}
}

func TestInvalidEndTurnLosesNothing(t *testing.T) {
	tp := twoHumans(t, "R10 R11 K5 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	// R10 R11 B1 as a set: pick R10, R11, then B1, drop all in a new set.
	tp.press("shift+right space n space")
	tp.press("tab space") // rack cursor is at B1 (the first tile left)
	tp.press("tab right right space")
	table := game.FormatTable(tp.arr().Sets())
	if table != "R10 R11 B1" {
		t.Fatalf("table %q", table)
	}
	rack := rackFaces(tp.arr())
	hist := len(tp.match.History)
	tp.press("enter")
	if len(tp.match.History) != hist {
		t.Fatal("an invalid turn was applied")
	}
	if !tp.statusBad || !strings.Contains(tp.status, "Nothing was lost") {
		t.Fatalf("status %q", tp.status)
	}
	if game.FormatTable(tp.arr().Sets()) != table || rackFaces(tp.arr()) != rack {
		t.Fatal("the working arrangement changed after a refused turn")
	}
	if tp.phase != phaseTurn {
		t.Fatal("the turn should go on")
	}
	// x resets the turn, and the rack is whole again.
	tp.press("x")
	if tp.arr().Changed() || len(tp.arr().Rack()) != 14 {
		t.Fatal("reset did not restore the turn")
	}
}

func TestSplitAndAddOnALaterTurn(t *testing.T) {
	tp := newTestPlay(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil)
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, "R10 R11 R12 R13 K13 B13 O1 O2 B4 B6 K8 K2 R5 O9")
	// Ana melds R10..R13 directly; Ben draws.
	table, _ := game.ParseTable("R10 R11 R12 R13")
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: table})
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActDraw})
	tp.viewer = 1
	tp.start()
	tp.after(time.Second)
	tp.press("enter")
	// Split R10 R11 R12 | R13 and add K13 B13 from the rack.
	tp.press("tab right*3 s")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12 | R13" {
		t.Fatalf("split: %q", got)
	}
	if bad := tp.arr().InvalidSets(); len(bad) != 1 || bad[0] != 1 {
		t.Fatalf("R13 alone should be marked invalid: %v", bad)
	}
	// The rack, sorted 789: R5 B4 B6 B13 O1 O2 O9 K2 K8 K13.
	tp.press("tab right*3 space tab right space")
	tp.press("tab right*5 space tab right space")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12 | R13 B13 K13" {
		t.Fatalf("after adding: %q (status %q)", got, tp.status)
	}
	tp.press("enter")
	if got := game.FormatTable(game.SetsOf(tp.match.Game.Table)); got != "R10 R11 R12 | R13 B13 K13" {
		t.Fatalf("match table %q (status %q)", got, tp.status)
	}
}

func mustApply(t *testing.T, m *game.Match, a game.Action) game.Outcome {
	t.Helper()
	out, err := m.Apply(a)
	if err != nil {
		t.Fatalf("%s: %v", a.Kind, err)
	}
	return out
}

func TestTimerExpiryDrawsOne(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.after(59 * time.Second)
	if tp.match.Game.Turn != 0 {
		t.Fatal("the turn ended before the timer ran out")
	}
	if !strings.Contains(tp.View(), "time 1s") {
		t.Fatalf("the timer should show 1s left:\n%s", tp.View())
	}
	tp.after(time.Second)
	if tp.match.Game.Turn != 1 || len(tp.match.Game.Racks[0]) != 15 {
		t.Fatalf("time-out: turn %d, Ana has %d tiles", tp.match.Game.Turn, len(tp.match.Game.Racks[0]))
	}
	if !strings.Contains(tp.status, "Time ran out: Ana drew 1 tile") {
		t.Fatalf("status %q", tp.status)
	}
}

func TestTimerExpiryUnfinishedRestoresAndDrawsThree(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.press("shift+right space n space") // R10 R11: not a set
	if tp.arr().Valid() {
		t.Fatal("two tiles should not be valid")
	}
	tp.after(61 * time.Second)
	g := tp.match.Game
	if !g.Table.Empty() {
		t.Fatalf("the table should be restored: %v", g.Table)
	}
	if len(g.Racks[0]) != 17 {
		t.Fatalf("Ana should have her 14 tiles and 3 more: %d", len(g.Racks[0]))
	}
	if !strings.Contains(tp.status, "the table is restored, Ana's tiles are back") || !strings.Contains(tp.status, "drew 3") {
		t.Fatalf("status %q", tp.status)
	}
}

func TestHandOverHidesRacks(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	if !strings.Contains(tp.View(), "[R12]") {
		t.Fatal("Ana's rack should be on her board")
	}
	tp.press("d")
	if tp.phase != phaseHandover {
		t.Fatalf("after a draw in hot-seat: phase %d", tp.phase)
	}
	v := tp.View()
	if !strings.Contains(v, "Pass to Ben - press Enter") || !strings.Contains(v, "Ana drew a tile") {
		t.Fatalf("privacy screen:\n%s", v)
	}
	for _, r := range [][]game.Tile{tp.match.Game.Racks[0], tp.match.Game.Racks[1]} {
		for _, tile := range r {
			if strings.Contains(v, "["+tile.Face.String()) {
				t.Fatalf("the privacy screen shows the tile %v:\n%s", tile, v)
			}
		}
	}
	// A key held down from Ana's turn does not skip the screen.
	tp.press("enter enter")
	if tp.phase != phaseHandover {
		t.Fatal("the privacy screen took a key during its hold")
	}
	tp.after(time.Second)
	if tp.match.Game.Turn != 1 || len(tp.match.Game.Racks[1]) != 14 {
		t.Fatal("the hand-over screen's wait must not run Ben's timer")
	}
	tp.press("enter")
	if tp.phase != phaseTurn || tp.viewer != 1 {
		t.Fatalf("Ben's turn: phase %d viewer %d", tp.phase, tp.viewer)
	}
	v = tp.View()
	if strings.Contains(v, "Ana's rack") || !strings.Contains(v, "Ben's rack") {
		t.Fatalf("Ben's board shows the wrong rack:\n%s", v)
	}
}

func TestDrawWithMovedTilesAsksFirst(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.press("space n space d")
	if tp.confirm != confirmDraw {
		t.Fatal("draw with moved tiles should ask first")
	}
	tp.press("n")
	if tp.match.Game.Turn != 0 || !tp.arr().Changed() {
		t.Fatal("answering no should keep the turn and the tiles")
	}
	tp.press("d y")
	if tp.match.Game.Turn != 1 || len(tp.match.Game.Racks[0]) != 15 || !tp.match.Game.Table.Empty() {
		t.Fatal("answering yes should put the tiles back and draw")
	}
}

func TestQuitAsksFirst(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	cmd := tp.onKey(keyMsg("q"))
	if cmd != nil || tp.confirm != confirmQuit {
		t.Fatal("q should ask before quitting")
	}
	tp.press("n")
	if tp.confirm != confirmNone || tp.phase != phaseTurn {
		t.Fatal("n should go back to the game")
	}
	tp.onKey(keyMsg("q"))
	cmd = tp.onKey(keyMsg("y"))
	if cmd == nil {
		t.Fatal("y should quit")
	}
	if _, ok := cmd().(QuitMsg); !ok {
		t.Fatal("quitting should say so to the app")
	}
}

func TestSmallTerminal(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.press("space")
	tp.SetSize(70, 20)
	if v := tp.View(); !strings.Contains(v, "Make the terminal at least 80x24") {
		t.Fatalf("small terminal:\n%s", v)
	}
	tp.SetSize(120, 40)
	if !tp.arr().Holding() || !strings.Contains(tp.View(), "carrying R10") {
		t.Fatal("resizing lost the carried tile")
	}
}

// Two screens on one host, a player at each: each shows its own rack
// only, and the other's turn without their working arrangement.
func TestSeatScreensShowOnlyTheirRack(t *testing.T) {
	cfg := Config{Seats: humans("Ana", "Ben"), Rules: game.Standard()}
	m, err := game.NewMatch(cfg.Rules, cfg.Names(), 42)
	if err != nil {
		t.Fatal(err)
	}
	m.Game.Turn = 0
	rig(t, m, 0, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	clk := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := host.New(host.Config{Match: m, Settings: cfg.Settings(), Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ana, ben := NewSeatPlay(cfg, h, 0, nil, monoStyles(t)), NewSeatPlay(cfg, h, 1, nil, monoStyles(t))
	screens := []*testPlay{{Play: ana, t: t, clock: clk, match: m}, {Play: ben, t: t, clock: clk, match: m}}
	for _, s := range screens {
		s.events, s.now = noEvents{}, clk.Now
	}
	h.Start()
	for _, s := range screens {
		s.sync()
	}
	screens[0].press("space n space") // Ana has R10 on the table, not yet played
	screens[1].sync()
	bv := plain(ben.View())
	if !strings.Contains(bv, "Ben's rack") || strings.Contains(bv, "Ana's rack") {
		t.Fatalf("Ben's view:\n%s", bv)
	}
	if strings.Contains(bv, "[R10") || !strings.Contains(bv, "Ana is playing") {
		t.Fatalf("Ben must not see Ana's unplayed arrangement:\n%s", bv)
	}
	if av := plain(ana.View()); !strings.Contains(av, "Ana's rack") || !strings.Contains(av, "R10") {
		t.Fatalf("Ana's view:\n%s", av)
	}
	screens[0].press("x tab shift+right shift+right space n space enter")
	screens[1].sync()
	if !strings.Contains(plain(ben.View()), "[R10") || m.Game.Turn != 1 {
		t.Fatalf("Ben sees Ana's play:\n%s", plain(ben.View()))
	}
	if ben.phase != phaseTurn || ben.viewer != 1 {
		t.Fatalf("Ben's turn: phase %d viewer %d", ben.phase, ben.viewer)
	}
}

func TestRackOrderKeptBetweenTurns(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.press("g d") // sort 777, draw
	tp.after(time.Second)
	tp.press("enter d") // Ben draws
	tp.after(time.Second)
	tp.press("enter")
	sorted := append([]game.Tile(nil), tp.arr().Rack()...)
	sortTiles(sorted, true)
	if faces(sorted) != rackFaces(tp.arr()) {
		t.Fatalf("a rack kept sorted by number stays sorted: %s", rackFaces(tp.arr()))
	}
	// Arranged by hand: the drawn tile goes to the end.
	tp.press("space right space d")
	tp.after(time.Second)
	tp.press("enter d")
	tp.after(time.Second)
	tp.press("enter")
	rack := tp.arr().Rack()
	if len(rack) != 16 || faces(rack[:15]) == faces(sorted) {
		t.Fatalf("hand order: %s", rackFaces(tp.arr()))
	}
	last := rack[len(rack)-1]
	for _, t0 := range sorted {
		if t0.ID == last.ID {
			t.Fatalf("the tile drawn last should be at the end: %s", rackFaces(tp.arr()))
		}
	}
}

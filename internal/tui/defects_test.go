package tui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// Defect 1: the ? page closes with esc, and keys pressed while it shows
// do not act on the board underneath.
func TestHelpPageClosesWithEscAndSwallowsKeys(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	rack := rackFaces(tp.arr())
	tp.press("?")
	if !tp.help.ShowAll {
		t.Fatal("? should show every key")
	}
	tp.press("g space right q")
	if got := rackFaces(tp.arr()); got != rack {
		t.Fatalf("a sort reached the board under the help page: %s", got)
	}
	if tp.arr().Holding() || tp.arr().Cursor().Pos != 0 {
		t.Fatalf("a tile was picked up or the cursor moved under the help page: %+v", tp.arr().Cursor())
	}
	if tp.confirm != confirmNone {
		t.Fatal("q under the help page should not ask to quit")
	}
	tp.press("esc")
	if tp.help.ShowAll {
		t.Fatal("esc should close the help page")
	}
	tp.press("?")
	tp.press("?")
	if tp.help.ShowAll {
		t.Fatal("? again should close the help page")
	}
}

// Defect 2: six players at 80 and 100 columns: every seat's name, tile
// count and score is shown whole.
func TestSixPlayerHeaderTellsSeatsApart(t *testing.T) {
	names := []string{"Ana", "CPU easy", "CPU easy 2", "CPU medium", "CPU medium 2", "CPU hard"}
	for _, w := range []int{80, 100} {
		cfg := Config{Seats: humans(names...)}
		r, err := game.Preset("six")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Rules = r
		tp := newTestPlay(t, cfg, w, 24, nil)
		tp.start()
		tp.after(time.Second)
		tp.press("enter")
		bar := tp.playersBar()
		for i, n := range names {
			cell := n + " " + itoa(tp.v.RackCounts[i])
			if !strings.Contains(bar, cell) {
				t.Errorf("%d columns: %q is not in the header:\n%s", w, cell, bar)
			}
		}
		if c := strings.Count(bar, "+0"); c != 6 {
			t.Errorf("%d columns: %d scores in the header, want 6:\n%s", w, c, bar)
		}
		for _, l := range strings.Split(tp.View(), "\n") {
			if lipgloss.Width(l) > w {
				t.Errorf("%d columns: a line is %d wide: %q", w, lipgloss.Width(l), l)
			}
		}
		if h := lipgloss.Height(tp.View()); h > 24 {
			t.Errorf("%d columns: the board is %d lines high", w, h)
		}
	}
}

// Defect 4: the status line's verdict is the judge's: it never says enter
// ends the turn when the judge would refuse it.
func TestStatusLineVerdictIsTheJudges(t *testing.T) {
	tp := twoHumans(t, "R1 R2 R3 B9 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	// R1 R2 R3 as a new set: valid, but 6 points of the 30 needed.
	tp.press("shift+right shift+right space n space")
	if got := game.FormatTable(tp.arr().Sets()); got != "R1 R2 R3" {
		t.Fatalf("table %q", got)
	}
	line := tp.statusLine()
	if strings.Contains(line, "enter ends the turn") {
		t.Fatalf("the status line promises a turn the judge refuses: %q", line)
	}
	if !strings.Contains(line, "6") || !strings.Contains(line, "30") {
		t.Fatalf("the status line should give the judge's reason (6 of 30): %q", line)
	}
	// The judge's reason is what enter is refused with.
	tp.press("enter")
	if !tp.statusBad || tp.phase != phaseTurn {
		t.Fatalf("enter should be refused: %q", tp.status)
	}
}

func testSetup(t *testing.T) *Setup {
	t.Helper()
	svc := Services{NoKeeper: true, NewComputer: func(string, int, uint64) (Computer, error) { return &drawer{}, nil }}
	s := NewSetup(monoStyles(t), svc, Config{})
	s.SetSize(80, 24)
	return s
}

func setupKeys(s *Setup, keys ...string) {
	for _, k := range keys {
		s.Update(keyMsg(k))
	}
}

// Defect 3: the setup screen never makes two seats of one name, lets a
// computer seat be renamed, keeps a human's name through the levels, and
// says why a seat cannot be dropped.
func TestSetupSeatNames(t *testing.T) {
	s := testSetup(t)
	if got := s.cfg.Names(); strings.Join(got, ",") != "Ana,Ben,CPU medium,CPU hard" {
		t.Fatalf("default seats %v", got)
	}
	// Ben becomes a medium computer, like seat 3.
	s.cursor = 1
	for i := 0; i < 10 && seatKind(s.cfg.Seats[1]) != "computer medium"; i++ {
		setupKeys(s, "right")
	}
	names := s.cfg.Names()
	seen := map[string]bool{}
	for _, n := range names {
		if seen[n] {
			t.Fatalf("two seats called %q: %v", n, names)
		}
		seen[n] = true
	}
	// A computer seat can be renamed.
	setupKeys(s, "backspace", "backspace", "X")
	if n := s.cfg.Seats[1].Name; !strings.HasSuffix(n, "X") {
		t.Fatalf("typing on a computer seat should rename it: %q", n)
	}
	// Ana through every level and back is Ana again.
	s.cursor = 0
	for i := 0; i < len(s.seatKinds()); i++ {
		setupKeys(s, "right")
	}
	if c := s.cfg.Seats[0]; c.Computer || c.Name != "Ana" {
		t.Fatalf("after a round of the levels seat 1 is %+v", c)
	}
	// Del on one of the last two seats says why nothing happens.
	setupKeys(s, "delete", "delete")
	if len(s.cfg.Seats) != 2 {
		t.Fatalf("%d seats after two deletes", len(s.cfg.Seats))
	}
	setupKeys(s, "delete")
	if len(s.cfg.Seats) != 2 || !strings.Contains(plain(s.View()), "at least two") {
		t.Fatalf("del on the last two seats should say why:\n%s", plain(s.View()))
	}
}

// Defect 5: a tile put into a set with a joker lays the set out as the
// engine reads it, the joker where it stands.
func TestTileAfterJokerLaysTheRunInOrder(t *testing.T) {
	a := newArr(t, "O9 O10 O11 J", "O12 B1")
	if err := a.PickUp(); err != nil {
		t.Fatal(err)
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: 0, Pos: 4})
	if err := a.Drop(); err != nil {
		t.Fatal(err)
	}
	if got := tableString(a); got != "O9 O10 O11 O12 J" {
		t.Fatalf("the run should read in order: %s", got)
	}
	if c := a.Cursor(); c.Set != 0 || c.Pos != 3 {
		t.Fatalf("the cursor should stay on O12: %+v", c)
	}
	m, err := a.SetStatus(0)
	if err != nil || m.Tiles[4].As.String() != "O13" {
		t.Fatalf("the joker stands for O13 where it lies: %v %v", m.Tiles, err)
	}
}

// Defect 6: nothing is cut at 80 columns without saying so: the rules
// page's chosen rules wrap, the hint shows every set it places.
func TestRulesPageWrapsTheChosenRules(t *testing.T) {
	r := game.Standard()
	r.Target = 200
	r.Draw = game.DrawRiver
	r.InitialMeld = 40
	p := NewRulesPage(monoStyles(t), r)
	p.SetSize(80, 24)
	text := p.text(76)
	for _, l := range strings.Split(text, "\n") {
		if w := lipgloss.Width(l); w > 76 {
			t.Errorf("a line of %d columns: %q", w, l)
		}
	}
	flat := strings.Join(strings.Fields(text), " ")
	for _, want := range []string{"target=200", "draw=river"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the chosen rules lose %q", want)
		}
	}
	// The rules are stated as chosen: a 40-point meld, the River.
	if !strings.Contains(flat, "at least 40 points") || strings.Contains(flat, "at least 30 points") {
		t.Errorf("the initial meld should be stated as chosen (40)")
	}
}

func TestHintRowShowsEveryHintedSet(t *testing.T) {
	tp := twoHumans(t, "R1 R2 R3 B4 B5 B6 O7 O8 O9 K10 K11 K12 K13 B1")
	rack := tp.arr().Rack()
	byFace := map[string]game.Tile{}
	for _, x := range rack {
		byFace[x.Face.String()] = x
	}
	var table game.Table
	tiles := map[game.TileID]bool{}
	for _, set := range []string{"R1 R2 R3", "B4 B5 B6", "O7 O8 O9", "K10 K11 K12 K13", "B1"} {
		var s []game.Tile
		for _, f := range strings.Fields(set) {
			s = append(s, byFace[f])
			tiles[byFace[f].ID] = true
		}
		table = append(table, s)
	}
	tp.hint = &Hint{After: table, Tiles: tiles, Placed: 13}
	row := tp.hintRow()
	if strings.Contains(row, "more") {
		t.Fatalf("the hint hides sets:\n%s", row)
	}
	for f := range byFace {
		if !strings.Contains(row, f) {
			t.Errorf("%s missing from the hint row:\n%s", f, row)
		}
	}
	for _, l := range strings.Split(row, "\n") {
		if lipgloss.Width(l) > 80 {
			t.Errorf("hint line %d wide", lipgloss.Width(l))
		}
	}
}

// Defect 7: in a computer-only match with a short pause, q reaches the
// quit prompt and the prompt stays while the computers play on.
func TestQuitPromptInAComputerOnlyMatch(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "R1", Computer: true, Level: "easy"}, {Name: "R2", Computer: true, Level: "easy"}}}
	cfg.AIDelay = time.Millisecond
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{0: &drawer{}, 1: &drawer{}})
	tp.start()
	tp.press("q")
	if tp.confirm != confirmQuit {
		t.Fatalf("q should ask to quit (phase %d)", tp.phase)
	}
	tp.after(10 * time.Millisecond)
	tp.after(10 * time.Millisecond)
	if tp.confirm != confirmQuit || !strings.Contains(tp.View(), "Quit?") {
		t.Fatalf("the quit prompt should stay while the computers play:\n%s", tp.View())
	}
	cmd := tp.onKey(keyMsg("y"))
	if cmd == nil {
		t.Fatal("y should quit")
	}
	if _, ok := cmd().(QuitMsg); !ok {
		t.Fatal("y should leave the match")
	}
}

func TestHelpBarAndHandoverSayOnlyWhatIsOn(t *testing.T) {
	cfg := Config{Seats: humans("Ana", "Ben")}
	cfg.Rules = game.Standard()
	cfg.Rules.TurnSeconds = 0
	tp := newTestPlay(t, cfg, 80, 24, nil)
	tp.start()
	if v := tp.View(); strings.Contains(v, "timer starts") {
		t.Fatalf("the handover speaks of a timer that is off:\n%s", v)
	}
	tp.after(time.Second)
	tp.press("enter")
	if h := tp.helpView(); strings.Contains(h, "hint") {
		t.Fatalf("the help bar offers hints that are off: %s", h)
	}
	tp.press("?")
	if h := tp.helpView(); strings.Contains(h, "hint") || strings.Contains(h, "take back") || strings.Contains(h, "River pull") {
		t.Fatalf("the key page offers what this match does not have: %s", h)
	}
}

// The setup screen remembers the last match's seats and settings, says
// what a preset change sets again, describes the preset and offers the
// computers' speed.
func TestSetupRemembersAndExplains(t *testing.T) {
	store, err := host.NewStore(t.TempDir() + "/matches")
	if err != nil {
		t.Fatal(err)
	}
	svc := Services{NoKeeper: true, Store: store, NewComputer: func(string, int, uint64) (Computer, error) { return &drawer{}, nil }}
	s := NewSetup(monoStyles(t), svc, Config{AIDelay: time.Second})
	s.SetSize(80, 24)
	runSetupCmd(s, s.Init())
	setupKeys(s, "backspace", "backspace", "backspace", "Z", "o", "e")
	for s.items()[s.cursor].kind != itemPreset {
		setupKeys(s, "down")
	}
	if v := plain(s.View()); !strings.Contains(v, "the rulebook") {
		t.Fatalf("the preset is not described:\n%s", v)
	}
	for s.preset != "forty" {
		setupKeys(s, "right")
	}
	if v := strings.Join(strings.Fields(plain(s.View())), " "); !strings.Contains(v, "initial meld 30 → 40") {
		t.Fatalf("the preset change does not say what it set again:\n%s", plain(s.View()))
	}
	for s.items()[s.cursor].kind != itemSpeed {
		setupKeys(s, "down")
	}
	setupKeys(s, "right")
	if s.cfg.AIDelay != 2*time.Second || !strings.Contains(plain(s.View()), "slow") {
		t.Fatalf("computer speed %v", s.cfg.AIDelay)
	}
	for s.items()[s.cursor].kind != itemStart {
		setupKeys(s, "down")
	}
	cmd := s.activate(s.items()[s.cursor])
	if cmd == nil {
		t.Fatalf("the match did not start: %s", s.err)
	}
	// The board is built in the command; the setup screen then saves the
	// choices and opens it. Run the save (the open message is left alone).
	_, cmd = s.Update(cmd())
	if b, ok := cmd().(tea.BatchMsg); ok {
		b[0]()
	}
	again := NewSetup(monoStyles(t), svc, Config{AIDelay: time.Second})
	runSetupCmd(again, again.Init())
	if got := strings.Join(again.cfg.Names(), ","); got != "Zoe,Ben,CPU medium,CPU hard" || again.preset != "forty" || again.cfg.AIDelay != 2*time.Second {
		t.Fatalf("not remembered: %s, %s, %v", got, again.preset, again.cfg.AIDelay)
	}
}

// With four saved matches the setup screen still fits 80x24: the lines
// around the cursor are shown.
func TestSetupFitsWithSavedMatches(t *testing.T) {
	s := testSetup(t)
	for i := 0; i < 4; i++ {
		s.saved = append(s.saved, host.Entry{Name: "m" + itoa(i), Players: []string{"Ana", "Ben"}, Game: 1, Games: 2, Saved: time.Now()})
	}
	for _, cur := range []int{0, len(s.items()) - 1} {
		s.cursor = cur
		v := plain(s.View())
		if h := lipgloss.Height(v); h > 24 {
			t.Fatalf("the setup screen is %d lines high", h)
		}
		want := "Seat 1"
		if cur > 0 {
			want = "Quit"
		}
		if !strings.Contains(v, want) || !strings.Contains(v, "Rummikub") {
			t.Fatalf("cursor %d: %q is not shown:\n%s", cur, want, v)
		}
	}
	for i, it := range s.items() {
		if it.kind == itemResume {
			s.cursor = i // a Resume line
		}
	}
	if v := plain(s.View()); !strings.Contains(v, "--resume m") {
		t.Fatalf("the resume line's match is not named:\n%s", v)
	}
}

// Issue 25 defect 11: with Practice on, the setup screen says the turn
// timer is off (practice has none), whatever timer was chosen.
func TestSetupPracticeShowsNoTimer(t *testing.T) {
	s := testSetup(t)
	s.cfg.Rules.TurnSeconds = 180
	s.cfg.Practice = true
	v := plain(s.View())
	if strings.Contains(v, "180 s") {
		t.Fatalf("practice on, the setup still shows the 180 s timer:\n%s", v)
	}
	if !strings.Contains(v, "off in practice") {
		t.Fatalf("the timer line does not say practice turns it off:\n%s", v)
	}
	s.cfg.Practice = false
	if v := plain(s.View()); !strings.Contains(v, "‹ 180 s ›") {
		t.Fatalf("practice off, the chosen timer is not shown:\n%s", v)
	}
}

// Letters typed quickly arrive as one message ("jj"): on a line without
// text each one is a key of its own, as on the boards.
func TestSetupLettersInOneMessage(t *testing.T) {
	s := testSetup(t)
	for s.items()[s.cursor].kind != itemPreset {
		setupKeys(s, "down")
	}
	at := s.cursor
	s.Update(tea.KeyPressMsg{Text: "jj"})
	if s.cursor != at+2 {
		t.Errorf("jj moved the cursor from %d to %d, want %d", at, s.cursor, at+2)
	}
}

package tui

import (
	"context"
	"strings"
	"testing"

	"rummikub/internal/game"
)

// drawer is a computer seat that always draws (keeping the first tile of
// a River draw, passing with an empty pool).
type drawer struct{ calls int }

func (d *drawer) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	d.calls++
	switch {
	case len(v.Reveal) > 0:
		return game.Action{Seat: v.Seat, Kind: game.ActKeep, Index: 0}, nil
	case v.Pool == 0:
		return game.Action{Seat: v.Seat, Kind: game.ActPass}, nil
	}
	return game.Action{Seat: v.Seat, Kind: game.ActDraw}, nil
}

func TestComputerTurnAfterHuman(t *testing.T) {
	cpu := &drawer{}
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: cpu})
	tp.match.Game.Turn = 0
	tp.start()
	if tp.phase != phaseTurn {
		t.Fatalf("one human: no privacy screen, phase %d", tp.phase)
	}
	tp.press("d")
	if cpu.calls != 1 {
		t.Fatalf("the computer was asked %d times", cpu.calls)
	}
	if tp.phase != phaseTurn || tp.match.Game.Turn != 0 {
		t.Fatalf("after the computer's turn: phase %d turn %d", tp.phase, tp.match.Game.Turn)
	}
	if !strings.Contains(tp.summary, "Robo drew a tile") {
		t.Fatalf("summary %q", tp.summary)
	}
	if len(tp.match.Game.Racks[1]) != 15 {
		t.Fatal("the computer should have drawn")
	}
}

func TestComputerPauseShowsChangeAndKeySkips(t *testing.T) {
	cpu := &drawer{}
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}
	cfg.AIDelay = 1e9 * 60 // a minute: only a key ends the pause
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: cpu})
	tp.match.Game.Turn = 1
	tp.start()
	if tp.phase != phaseComputerShow {
		t.Fatalf("the computer's change should be shown, phase %d", tp.phase)
	}
	if v := tp.View(); !strings.Contains(v, "Robo drew a tile") || !strings.Contains(v, "any key goes on") {
		t.Fatalf("pause screen:\n%s", v)
	}
	tp.press("space")
	if tp.phase != phaseTurn || tp.viewer != 0 {
		t.Fatalf("a key should skip the pause: phase %d", tp.phase)
	}
}

func TestPracticeTakeBack(t *testing.T) {
	cpu := &drawer{}
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true}
	cfg.Rules = game.Standard()
	cfg.Rules.TurnSeconds = 0
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: cpu})
	tp.match.Game.Turn = 0
	tp.start()
	if !tp.deadline().IsZero() {
		t.Fatal("practice runs no timer")
	}
	rack := len(tp.match.Game.Racks[0])
	tp.press("d")
	if len(tp.match.Game.Racks[0]) != rack+1 || len(tp.match.Game.Racks[1]) != 15 {
		t.Fatal("Ana and Robo should each have drawn")
	}
	tp.press("t")
	if len(tp.match.Game.Racks[0]) != rack || len(tp.match.Game.Racks[1]) != 14 || tp.match.Game.Turn != 0 {
		t.Fatalf("take-back: Ana %d, Robo %d, turn %d (%s)", len(tp.match.Game.Racks[0]), len(tp.match.Game.Racks[1]), tp.match.Game.Turn, tp.status)
	}
	// Issue 25 friction: the status line says so, not the game's start.
	if !strings.Contains(tp.status, "taken back") {
		t.Fatalf("after the take-back the status line says %q", tp.status)
	}
}

func TestRiverDrawChoosesTile(t *testing.T) {
	r, _ := game.Preset("river")
	tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben")}, 80, 24, nil)
	tp.match.Game.Turn = 0
	tp.start()
	tp.after(1e9)
	tp.press("enter d")
	if tp.phase != phaseRiverChoice || len(tp.match.Game.Reveal) != 2 {
		t.Fatalf("river draw: phase %d, reveal %v", tp.phase, tp.match.Game.Reveal)
	}
	second := tp.match.Game.Reveal[1]
	first := tp.match.Game.Reveal[0]
	if v := tp.View(); !strings.Contains(v, "Keep which?") {
		t.Fatalf("the choice is not shown:\n%s", v)
	}
	tp.press("2")
	g := tp.match.Game
	if len(g.River) != 1 || g.River[0].ID != first.ID {
		t.Fatalf("the other tile should be in the River: %v", g.River)
	}
	found := false
	for _, tl := range g.Racks[0] {
		found = found || tl.ID == second.ID
	}
	if !found {
		t.Fatal("the chosen tile is not on the rack")
	}
	// Ben pulls the River tile: it is his Key Tile.
	tp.after(1e9)
	tp.press("enter p enter")
	if g := tp.match.Game; g.Pull == nil || g.Pull.Key.ID != first.ID {
		t.Fatalf("pull: %+v (%s)", tp.match.Game.Pull, tp.status)
	}
	if !tp.arr().Must(first) || !strings.Contains(tp.status, "Key Tile") {
		t.Fatalf("the Key Tile is not marked: %q", tp.status)
	}
	tp.press("p")
	if tp.match.Game.Pull != nil || len(tp.match.Game.River) != 1 {
		t.Fatal("p should put the pull back")
	}
}

func TestHintWithTheSolver(t *testing.T) {
	cpu := &drawer{}
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true}
	cfg.Rules = game.Standard()
	cfg.Rules.TurnSeconds = 0
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: cpu})
	tp.hinter = SolverHints
	tp.match.Game.Turn = 0
	rig(t, tp.match, 0, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.start()
	tp.press("i")
	if tp.hint == nil || tp.hint.Placed != 3 || !strings.Contains(tp.status, "placing 3 tiles") {
		t.Fatalf("hint %+v, status %q", tp.hint, tp.status)
	}
	if v := tp.View(); !strings.Contains(v, " hint [R10?[R11?[R12?") {
		t.Fatalf("the hint is not shown on the board:\n%s", v)
	}
	if !strings.Contains(tp.View(), "[R11?") {
		t.Fatalf("the hint's tiles are not marked:\n%s", tp.View())
	}
	tp.press("i")
	if got := game.FormatTable(tp.arr().Sets()); got != "R10 R11 R12" {
		t.Fatalf("laid out: %q", got)
	}
	tp.press("u")
	if tp.arr().Changed() {
		t.Fatal("u should take the laid-out hint back")
	}
	tp.press("i i enter")
	if len(tp.match.Game.Racks[0]) != 11 || !tp.match.Game.Melded[0] {
		t.Fatalf("the hint's play was not accepted: %s", tp.status)
	}
}

func TestHintsOffInACompetitiveMatch(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.hinter = SolverHints
	tp.press("i")
	if tp.hint != nil || !strings.Contains(tp.status, "Hints are off") {
		t.Fatalf("status %q", tp.status)
	}
}

// Issue 25 defect 9: a computer's River draw is one line of the move log
// ("drew two tiles, kept one…"), not two.
func TestRiverComputerDrawLoggedOnce(t *testing.T) {
	r, _ := game.Preset("river")
	cpu := &drawer{}
	cfg := Config{Rules: r, Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: cpu})
	tp.match.Game.Turn = 1
	tp.start()
	var robo []string
	for _, e := range tp.log {
		if e.seat == 1 {
			robo = append(robo, e.text)
		}
	}
	if len(robo) != 1 || !strings.Contains(robo[0], "drew two tiles, kept one") {
		t.Fatalf("Robo's River draw is logged as %q", robo)
	}
	if strings.Contains(tp.summary, "drew a tile") {
		t.Fatalf("the summary %q", tp.summary)
	}
}

// Issue 25 friction: in practice, when the computer's reply ended the
// game, t still takes the player's last turn back and the game goes on.
func TestPracticeTakeBackAfterTheGameEnded(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Practice: true}
	cfg.Rules = game.Standard()
	cfg.Rules.TurnSeconds = 0
	cfg.Rules.Games = 1
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &reverser{set: "K11 K12 K13"}})
	tp.match.Game.Turn = 0
	rig(t, tp.match, 1, "K11 K12 K13")
	tp.start()
	tp.press("d")
	if !tp.match.Game.Over || tp.phase != phaseMatchOver {
		t.Fatalf("Robo should have gone out: over %v, phase %d", tp.match.Game.Over, tp.phase)
	}
	tp.press("t")
	if tp.match.Game.Over || tp.phase != phaseTurn || tp.viewer != 0 {
		t.Fatalf("after t: over %v, phase %d, viewer %d (%q)", tp.match.Game.Over, tp.phase, tp.viewer, tp.status)
	}
	if !strings.Contains(tp.status, "taken back") || tp.final {
		t.Fatalf("status %q, final %v", tp.status, tp.final)
	}
}

package tui

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// The move log is a key away: every action of the game, what happened
// since the player's last turn set apart; keys do not reach the board
// while it shows.
func TestMoveLog(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}, {Name: "Cora", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &drawer{}, 2: &drawer{}})
	tp.match.Game.Turn = 0
	tp.start()
	tp.press("d")
	tp.press("d")
	if tp.phase != phaseTurn {
		t.Fatalf("phase %d", tp.phase)
	}
	// Issue 25 friction: every computer move since the player's last
	// turn is on the status line, one a line, under the player's news.
	if l := strings.Split(tp.status, "\n"); len(l) != 3 || !strings.HasPrefix(l[0], "You drew ") || l[1] != "Robo drew a tile." || l[2] != "Cora drew a tile." {
		t.Errorf("the status line should tell each move on its own line: %q", l)
	}
	rack := len(tp.match.Game.Racks[0])
	tp.press("m")
	v := tp.View()
	flat := strings.Join(strings.Fields(v), " ")
	for _, want := range []string{"Move log", "Game 1: Ana starts", "Ana drew a tile", "Robo drew a tile", "Cora drew a tile", "since your last turn"} {
		if !strings.Contains(flat, want) {
			t.Errorf("the log lacks %q:\n%s", want, v)
		}
	}
	if strings.Count(flat, "Robo drew a tile") != 2 {
		t.Errorf("the log should hold both of Robo's turns:\n%s", v)
	}
	if h := lipgloss.Height(v); h > 24 {
		t.Errorf("the log is %d lines high", h)
	}
	tp.press("d")
	if len(tp.match.Game.Racks[0]) != rack {
		t.Fatal("d under the log drew a tile")
	}
	tp.press("m")
	if tp.logOpen || !strings.Contains(tp.View(), "rack") {
		t.Fatal("m should close the log")
	}
}

// The "changed" marks gather every computer's change since the player's
// last turn, not only the last action's.
func TestChangedMarksGatherSinceYourLastTurn(t *testing.T) {
	cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}, {Name: "Cora", Computer: true, Level: "easy"}}}
	tp := newTestPlay(t, cfg, 80, 24, map[int]Computer{1: &reverser{set: "K11 K12 K13"}, 2: &drawer{}})
	m := tp.match
	m.Game.Turn = 1
	rig(t, m, 1, "K11 K12 K13 R1 R2 B5 B9 O12 O13 K5 K6 R6 B8 O9")
	tp.start()
	if tp.phase != phaseTurn {
		t.Fatalf("phase %d", tp.phase)
	}
	// Robo played, then Cora drew: Robo's set is still marked.
	for _, x := range tp.arr().Sets()[0] {
		if !tp.marksFor(x, true, 0).Changed {
			t.Fatalf("%s of Robo's set is not marked", x.Face)
		}
	}
	tp.press("d")
	tp.press("d")
	for _, x := range tp.arr().Sets()[0] {
		if tp.marksFor(x, true, 0).Changed {
			t.Fatalf("%s is still marked after nothing changed since Ana's turn", x.Face)
		}
	}
}

// Issue 25 friction: with more moves since the player's last turn than
// the status line holds, the last ones are told and m is named for all.
func TestMovesSinceLastTurnMoreThanFit(t *testing.T) {
	r, err := game.Preset("six")
	if err != nil {
		t.Fatal(err)
	}
	seats := []SeatConfig{{Name: "Ana"}}
	cpus := map[int]Computer{}
	for i, n := range []string{"Bo", "Cy", "Di", "Ed", "Fay"} {
		seats = append(seats, SeatConfig{Name: n, Computer: true, Level: "easy"})
		cpus[i+1] = &drawer{}
	}
	tp := newTestPlay(t, Config{Rules: r, Seats: seats}, 80, 24, cpus)
	tp.match.Game.Turn = 0
	tp.start()
	tp.press("d")
	// As many lines as the status has without moving the board at 24
	// rows: the news, the note, the last move.
	lines := strings.Split(tp.status, "\n")
	if len(lines) != tp.statusFits() || !strings.HasPrefix(lines[0], "You drew") ||
		!strings.Contains(lines[1], "m shows all 5 moves") || lines[len(lines)-1] != "Fay drew a tile." {
		t.Fatalf("status %q", tp.status)
	}
	if h := lipgloss.Height(tp.View()); h > 24 {
		t.Fatalf("the board is %d lines high", h)
	}
}

package tui

import (
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"fmt"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
)

// TestBlockedGameScoresAndMatchEnd plays a short match to its end by keys:
// four humans with large racks draw until the pool is empty and pass
// until the game is blocked; the scores screen shows every rack with its
// value and the engine's scores, and enter leads to the final standings.
func TestBlockedGameScoresAndMatchEnd(t *testing.T) {
	r := game.Standard()
	r.RackSize = 26
	r.Games = 1
	tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben", "Cai", "Dee")}, 80, 24, nil)
	tp.start()
	for i := 0; i < 20 && !tp.match.Game.Over; i++ {
		if tp.phase != phaseHandover {
			t.Fatalf("turn %d: phase %d", i, tp.phase)
		}
		tp.after(time.Second)
		tp.press("enter d")
	}
	g := tp.match.Game
	if !g.Over || !g.Score.Blocked {
		t.Fatalf("the game should be blocked: over %v", g.Over)
	}
	if tp.phase != phaseMatchOver {
		t.Fatalf("one game: the match is over, phase %d", tp.phase)
	}
	if v := tp.View(); !strings.Contains(v, "Enter shows the scores") {
		t.Fatalf("the end of the game does not show the final table first:\n%s", v)
	}
	tp.press("enter")
	v := tp.View()
	for i, name := range tp.match.Names {
		val := r.RackValue(g.Racks[i])
		row := fmt.Sprintf("%-6s %6d %+6d %+6d", name, val, g.Score.Scores[i], tp.match.Totals[i])
		if !strings.Contains(v, row) {
			t.Errorf("the scores screen lacks %q:\n%s", row, v)
		}
	}
	sum := 0
	for _, s := range g.Score.Scores {
		sum += s
	}
	if sum != 0 {
		t.Errorf("scores sum to %d", sum)
	}
	if !strings.Contains(v, "The match is over. Final standings") || !strings.Contains(v, "1. "+tp.match.Names[tp.match.Standings()[0].Seat]) {
		t.Errorf("final standings:\n%s", v)
	}
	golden(t, "match-over-80x24.golden", v)
	cmd := tp.onKey(keyMsg("enter"))
	if cmd == nil {
		t.Fatal("enter should leave the final screen")
	}
	if _, ok := cmd().(QuitMsg); !ok {
		t.Fatal("leaving should tell the app")
	}
}

func TestNextGameIsDealt(t *testing.T) {
	r := game.Standard()
	r.RackSize = 26
	r.Games = 2
	tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben", "Cai", "Dee")}, 80, 24, nil)
	tp.start()
	for i := 0; i < 20 && !tp.match.Game.Over; i++ {
		tp.after(time.Second)
		tp.press("enter d")
	}
	if tp.phase != phaseGameOver {
		t.Fatalf("phase %d", tp.phase)
	}
	tp.press("enter") // the final table, then the scores
	if v := tp.View(); !strings.Contains(v, "Press enter to deal game 2 of 2") {
		t.Fatalf("game over screen:\n%s", v)
	}
	tp.press("enter")
	if tp.match.Game.Number != 2 || tp.match.Game.Over || tp.phase != phaseHandover {
		t.Fatalf("game 2: number %d, phase %d", tp.match.Game.Number, tp.phase)
	}
}

// The end of a game: the final table first, then the scores with each
// human's analysis; r opens the replay at the first miss and q closes it.
func TestGameOverFinalTableAndAnalysis(t *testing.T) {
	r := game.Standard()
	r.RackSize = 26
	r.Games = 1
	tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben", "Cai", "Dee")}, 80, 24, nil)
	tp.start()
	for i := 0; i < 20 && !tp.match.Game.Over; i++ {
		tp.after(time.Second)
		tp.press("enter d")
	}
	if tp.phase != phaseMatchOver {
		t.Fatalf("phase %d", tp.phase)
	}
	final := tp.View()
	if !strings.Contains(final, "Enter shows the scores") || strings.Contains(final, "Final standings") {
		t.Fatalf("the final table is not shown first:\n%s", final)
	}
	golden(t, "game-over-final-table-80x24.golden", final)
	tp.anaDeadline = time.Minute // the solver proves every position
	tp.Update(tp.analysisCmd()())
	tp.press("enter")
	v := tp.View()
	if !strings.Contains(v, "Ana: 2 turns analysed") || !strings.Contains(v, "r: the replay at the first miss") {
		t.Fatalf("no analysis summary:\n%s", v)
	}
	golden(t, "game-over-analysis-80x24.golden", v)
	for _, l := range strings.Split(v, "\n") {
		if w := lipgloss.Width(l); w > 80 {
			t.Fatalf("a line of %d columns: %q", w, l)
		}
	}
	tp.press("r")
	if tp.replay == nil {
		t.Fatal("r did not open the replay")
	}
	_, cmd := tp.Update(keyMsg("q"))
	tp.run(cmd)
	if tp.replay != nil || !strings.Contains(tp.View(), "Final standings") {
		t.Fatalf("q did not bring the scores back:\n%s", tp.View())
	}
}

// drain runs cmd and every command its messages lead to, synchronously
// (batches flattened), feeding each message to the play screen; it stops
// when no command is left or after limit messages.
func (tp *testPlay) drain(cmd tea.Cmd, limit int) {
	queue := []tea.Cmd{cmd}
	for n := 0; len(queue) > 0 && n < limit; n++ {
		c := queue[0]
		queue = queue[1:]
		if c == nil {
			continue
		}
		msg := c()
		if b, ok := msg.(tea.BatchMsg); ok {
			queue = append(queue, b...)
			continue
		}
		if msg == nil {
			continue
		}
		_, next := tp.Update(msg)
		queue = append(queue, next)
	}
}

// Defect 1 of issue 25: the replay opened from the scores never showed
// the best play, because the solver's answers were not passed on to it.
func TestReplayFromScoresShowsBestPlay(t *testing.T) {
	r := game.Standard()
	r.RackSize = 26
	r.Games = 1
	tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben", "Cai", "Dee")}, 80, 24, nil)
	tp.start()
	for i := 0; i < 20 && !tp.match.Game.Over; i++ {
		tp.after(time.Second)
		tp.press("enter d")
	}
	tp.anaDeadline = time.Minute
	tp.Update(tp.analysisCmd()())
	tp.press("enter")
	_, cmd := tp.Update(keyMsg("r"))
	if tp.replay == nil {
		t.Fatal("r did not open the replay")
	}
	tp.drain(cmd, 3)
	if v := tp.View(); strings.Contains(v, "the solver is looking") || !strings.Contains(v, "Best play") {
		t.Fatalf("the replay does not show the best play once the solver answered:\n%s", v)
	}
}

package tui

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// servedPair is a served table of two players, each at a screen of
// their own (as two SSH sessions are).
func servedPair(t *testing.T, names ...string) (*host.Host, *game.Match, []*testPlay) {
	t.Helper()
	cfg := Config{Seats: humans(names...), Rules: game.Standard()}
	m, err := game.NewMatch(cfg.Rules, cfg.Names(), 42)
	if err != nil {
		t.Fatal(err)
	}
	clk := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := host.New(host.Config{Match: m, Settings: cfg.Settings(), Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	h.Start()
	var out []*testPlay
	for seat := range names {
		tp := &testPlay{Play: NewTablePlay(cfg, h, seat, nil, monoStyles(t)).Play, t: t, clock: clk, match: m}
		tp.events, tp.now = noEvents{}, clk.Now
		tp.sync()
		out = append(out, tp)
	}
	return h, m, out
}

// TestServedDrawShowsTheTileAtOnce: at a served table a player who draws
// sees the drawn tile in their rack at once, with a sentence naming it,
// while the next player's turn goes on (issue 24, a new player's trial).
func TestServedDrawShowsTheTileAtOnce(t *testing.T) {
	h, _, screens := servedPair(t, "Ana", "Ben")
	seat := h.Snapshot().Game.Turn
	me := screens[seat]
	start := h.Snapshot().Game.Racks[seat]
	me.press("d")
	for _, s := range screens {
		s.sync()
	}
	m := h.Snapshot()
	rack := m.Game.Racks[seat]
	var drawn game.Tile
	before := map[game.TileID]bool{}
	for _, t := range start {
		before[t.ID] = true
	}
	for _, tile := range rack {
		if !before[tile.ID] {
			drawn = tile
		}
	}
	if drawn.Face.String() == "" || len(rack) != len(start)+1 {
		t.Fatalf("no drawn tile found: rack %v, at start %v", rack, start)
	}
	v := me.View()
	line := strings.Join(strings.Fields(me.statusLine()), " ")
	if !strings.Contains(line, "You drew "+drawn.Face.String()) {
		t.Errorf("the status line does not name the drawn tile %s: %q", drawn.Face, line)
	}
	if want := fmt.Sprintf("rack · %d tiles", len(rack)); !strings.Contains(v, want) {
		t.Errorf("the board does not show the rack of %d tiles:\n%s", len(rack), v)
	}
	if got := me.shownRack(seat); len(got) != len(rack) {
		t.Errorf("the rack shows %d tiles, the player has %d", len(got), len(rack))
	}
	if m := me.marksFor(drawn, false, -1); !m.Drawn {
		t.Errorf("the drawn tile %s is not marked on the rack:\n%s", drawn.Face, v)
	}
}

// TestServedMovesSinceAreSaidOnce: at a served table of three, the turn
// that begins after the others' moves names each of them once (a trial
// saw "(m shows the 2 moves since your last turn.)" twice), also when
// the screen hears of the turn twice.
func TestServedMovesSinceAreSaidOnce(t *testing.T) {
	h, _, screens := servedPair(t, "Ana", "Ben", "Cai")
	for range 4 {
		turn := h.Snapshot().Game.Turn
		screens[turn].press("d")
		for _, s := range screens {
			s.sync()
		}
	}
	turn := h.Snapshot().Game.Turn
	me := screens[turn]
	for round := range 2 {
		line := me.statusLine()
		for _, name := range []string{"Ana", "Ben", "Cai"} {
			if name == me.v.Names[turn] {
				continue
			}
			if n := strings.Count(line, name+" drew"); n != 1 {
				t.Errorf("round %d: %q is said %d times in the status line:\n%s", round, name+" drew", n, line)
			}
		}
		if n := strings.Count(line, "You drew"); n != 1 {
			t.Errorf("round %d: the player's own draw is said %d times:\n%s", round, n, line)
		}
		if n := strings.Count(line, "since your last turn"); n > 1 {
			t.Errorf("round %d: the pointer to m is said %d times:\n%s", round, n, line)
		}
		// The screen hears of the turn once more (a second event of the
		// same turn: the clock's), as a served screen does.
		me.beginHumanTurn()
	}
}

package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// laysNewSetsOnly reports whether a play left every set of before as it
// was and only laid sets of rack tiles.
func laysNewSetsOnly(before, after game.Table, placed []game.Tile) bool {
	mine := map[game.TileID]bool{}
	for _, t := range placed {
		mine[t.ID] = true
	}
	keys := map[string]bool{}
	for _, s := range before {
		keys[idKey(s)] = true
	}
	for _, s := range after {
		if keys[idKey(s)] {
			continue
		}
		for _, t := range s {
			if !mine[t.ID] {
				return false
			}
		}
	}
	return true
}

// Issue 25 defect 3: a hot-seat match kept and resumed after Ben laid a
// new set beside the sets on the table, Ana having drawn just before:
// the hand-over says Ben played a set (no rearrangement), the move log
// tells the plays set by set, and Ana's drawn tile is marked and told.
func TestResumedMatchTellsTheLastMovesAsLive(t *testing.T) {
	for seed := uint64(1); seed < 40; seed++ {
		m, err := game.NewMatch(game.Standard(), []string{"Ana", "Ben"}, seed)
		if err != nil {
			t.Fatal(err)
		}
		cpu, err := ai.NewWithOptions(ai.Medium, seed, ai.Options{Think: 50 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for i := 0; i < 80 && !m.Game.Over; i++ {
			seat := m.Game.Turn
			before := cloneTable(game.SetsOf(m.Game.Table))
			a, err := cpu.Move(context.Background(), m.ViewFor(seat))
			if err != nil {
				t.Fatal(err)
			}
			a.Seat = seat
			o, err := m.Apply(a)
			if err != nil {
				t.Fatal(err)
			}
			n := len(m.History)
			if o.Event.Kind == game.ActPlay && seat == 1 && len(before) > 0 && n >= 2 &&
				m.History[n-2].Kind == game.ActDraw && m.History[n-2].Seat == 0 &&
				laysNewSetsOnly(before, game.SetsOf(m.Game.Table), o.Event.Placed) {
				found = true
				break
			}
		}
		if !found {
			continue
		}
		cfg := Config{Rules: m.Rules, Seats: humans("Ana", "Ben"), Seed: seed}
		clock := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
		p, err := StartPlay(cfg, m, Services{Clock: clock}, monoStyles(t))
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { p.host.Close() })
		if strings.Contains(p.summary, "rearrang") || !strings.HasPrefix(p.summary, "Ben played ") {
			t.Fatalf("seed %d: the hand-over says %q for a play of new sets only", seed, p.summary)
		}
		if len(p.recent) == 0 || p.recent[len(p.recent)-1] != p.summary {
			t.Fatalf("seed %d: the hand-over's moves %q", seed, p.recent)
		}
		if len(p.log) < 3 || !strings.Contains(p.log[0].text, "starts") {
			t.Fatalf("seed %d: the move log %v", seed, p.log)
		}
		if last := p.log[len(p.log)-1].text; last != p.summary {
			t.Fatalf("seed %d: the move log ends %q, the hand-over says %q", seed, last, p.summary)
		}
		if len(p.drawn[0]) != 1 {
			t.Fatalf("seed %d: Ana's drawn tile is not marked: %v", seed, p.drawn)
		}
		if !strings.HasPrefix(p.notices[0], "You drew ") {
			t.Fatalf("seed %d: Ana is not told what she drew: %q", seed, p.notices[0])
		}
		return
	}
	t.Fatal("no seed gave a play of new sets after a draw")
}

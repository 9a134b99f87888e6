package bot

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// playedLog plays one game of rules r dealt from seed between two
// players and returns its public log, one line per entry.
func playedLog(t *testing.T, r game.Rules, seed uint64, players [2]host.Computer) []string {
	t.Helper()
	m, err := game.NewMatch(r, []string{"a-1", "b-2"}, seed)
	if err != nil {
		t.Fatal(err)
	}
	for turns := 0; !m.Game.Over && turns < 3000; turns++ {
		seat := m.Game.Turn
		ctx, cancel := context.WithTimeout(context.Background(), 120*time.Second)
		rep := host.ComputerTurn(ctx, m, seat, players[seat])
		cancel()
		if rep.Refused != "" {
			t.Fatalf("turn %d: %s", turns, rep.Refused)
		}
	}
	var out []string
	for _, e := range m.Log {
		out = append(out, fmt.Sprintf("seat %d %s placed %v drew %d discarded %v pulled %v", e.Seat, e.Kind, e.Placed, e.Drew, e.Discarded, e.Pulled))
	}
	return out
}

// A level played through the protocol (the referee's Seat against protocol.Serve
// in a child process) makes the same moves, one by one, as the built-in
// level given the same seed and budget: the served level sees the tiles'
// ids (the ids option of the ready) and so thinks on the same position.
// The turns' deadlines are far beyond the budget, so the work the budget
// sizes (expert's look-ahead of 40 deals for 200 ms) is never cut short
// however busy the machine is, and the moves depend on the seed alone.
func TestServedLevelSameMoves(t *testing.T) {
	const think = 200 * time.Millisecond
	cases := []struct {
		level, preset string
		seed          uint64
	}{
		{"medium", "standard", 11},
		{"hard", "standard", 12},
		{"hard", "river", 13},
		{"hard", "french", 14},
		{"expert", "standard", 16}, // it differed at entry 18 without the ids
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("%s/%s/%d", c.level, c.preset, c.seed), func(t *testing.T) {
			r, err := game.Preset(c.preset)
			if err != nil {
				t.Fatal(err)
			}
			const seatSeed = 99
			opp := func() host.Computer {
				p, err := ai.NewWithOptions("medium", 5, ai.Options{Think: think})
				if err != nil {
					t.Fatal(err)
				}
				return p
			}
			builtin, err := ai.NewWithOptions(c.level, seatSeed, ai.Options{Think: think})
			if err != nil {
				t.Fatal(err)
			}
			want := playedLog(t, r, c.seed, [2]host.Computer{opp(), builtin})
			log := &lockedBuffer{}
			served := NewSeat(helperArgv("serve:"+c.level+":"+think.String()), Options{Log: log, Startup: 30 * time.Second, Seed: seatSeed})
			defer served.Close()
			got := playedLog(t, r, c.seed, [2]host.Computer{opp(), served})
			for i := range min(len(got), len(want)) {
				if got[i] != want[i] {
					t.Fatalf("entry %d of %d: served %q, built-in %q\nlog: %.1500s", i, len(want), got[i], want[i], log.String())
				}
			}
			if len(got) != len(want) {
				t.Fatalf("served game has %d entries, built-in %d", len(got), len(want))
			}
			if strings.Contains(log.String(), "refused") {
				t.Errorf("log: %s", log.String())
			}
		})
	}
}

package bot

import (
	"bytes"
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/sim"
)

// lockedBuffer is a log the seats of parallel games can share.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// helperEntry is the players-list entry of a helper bot.
func helperEntry(mode string) string {
	return Prefix + strings.Join(helperArgv(mode), " ")
}

// runWithBots plays games of sim with the maker m.
func runWithBots(t *testing.T, m *Maker, players []string, games int, think time.Duration) sim.Result {
	t.Helper()
	return runWithBotsUnder(t, m, game.Standard(), players, games, think)
}

// runWithBotsUnder is runWithBots under rules r.
func runWithBotsUnder(t *testing.T, m *Maker, r game.Rules, players []string, games int, think time.Duration) sim.Result {
	t.Helper()
	cfg := sim.Config{Rules: r, Players: players, Games: games, Seed: 7, Mirror: true, Think: think, Jobs: 2, Seats: m}
	res, err := sim.Run(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	if res.Games != games {
		t.Fatalf("%d games played, want %d", res.Games, games)
	}
	wins := 0
	for _, s := range res.Seats {
		wins += s.Wins
	}
	if wins != games {
		t.Fatalf("%d wins in %d games", wins, games)
	}
	return res
}

// faults is a seat's four counts, for comparing.
func faults(s sim.SeatResult) [4]int { return [4]int{s.Invalid, s.Late, s.Crashed, s.Retired} }

// Each scripted bad bot is handled as the protocol says: its turns become
// draws or passes, counted as the right fault, the game goes on to its
// end, the opponent is untouched, and the restart rule holds (three
// starts, then retired). The deadlines are generous except where lateness
// is the point, and a late bot never answers at all, so no count depends
// on the machine's speed.
func TestMisbehavingBots(t *testing.T) {
	cases := []struct {
		mode    string
		botTime time.Duration
		games   int
		check   func(t *testing.T, f [4]int, games int)
	}{
		{"garbage", 20 * time.Second, 2, func(t *testing.T, f [4]int, _ int) {
			if f[0] == 0 || f[1]+f[2]+f[3] != 0 {
				t.Errorf("want invalid turns only, got invalid/late/crashed/retired %v", f)
			}
		}},
		{"illegal", 20 * time.Second, 2, func(t *testing.T, f [4]int, _ int) {
			if f[0] == 0 || f[1]+f[2]+f[3] != 0 {
				t.Errorf("want invalid turns only, got %v", f)
			}
		}},
		{"huge", 20 * time.Second, 2, func(t *testing.T, f [4]int, games int) {
			if f != [4]int{3 * games, 0, 0, 0} {
				t.Errorf("want 3 invalid turns a game, got %v", f)
			}
		}},
		{"crash", 20 * time.Second, 2, func(t *testing.T, f [4]int, games int) {
			if f[0]+f[1] != 0 || f[2] != MaxStarts*games || f[3] == 0 {
				t.Errorf("want %d crashes a game, then retired turns; got %v", MaxStarts, f)
			}
		}},
		{"late", 300 * time.Millisecond, 1, func(t *testing.T, f [4]int, games int) {
			if f[0]+f[2] != 0 || f[1] != LateRun*MaxStarts*games || f[3] == 0 {
				t.Errorf("want %d late turns a game, then retired turns; got %v", LateRun*MaxStarts, f)
			}
		}},
		{"stale", 300 * time.Millisecond, 1, func(t *testing.T, f [4]int, games int) {
			if f[0]+f[2] != 0 || f[1] != LateRun*MaxStarts*games || f[3] == 0 {
				t.Errorf("answers to other turns are skipped, so late; got %v", f)
			}
		}},
		{"silent", 20 * time.Second, 1, func(t *testing.T, f [4]int, games int) {
			if f[0]+f[1] != 0 || f[2] != MaxStarts*games || f[3] == 0 {
				t.Errorf("a bot that never says ready crashes each start; got %v", f)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			log := &lockedBuffer{}
			m := &Maker{Log: log, Time: c.botTime, Startup: 20 * time.Second}
			if c.mode == "silent" {
				m.Startup = 300 * time.Millisecond
			}
			res := runWithBots(t, m, []string{"easy", helperEntry(c.mode)}, c.games, 2*time.Second)
			if f := faults(res.Seats[0]); f != [4]int{} {
				t.Errorf("the built-in seat has faults %v", f)
			}
			c.check(t, faults(res.Seats[1]), c.games)
			if !strings.Contains(log.String(), "rummikub referee: bot") {
				t.Errorf("the referee's notes are not in the log: %.300q", log.String())
			}
			if c.mode == "crash" && !strings.Contains(log.String(), "helper crash: exiting mid-game") {
				t.Errorf("the bot's stderr is not in the log: %.300q", log.String())
			}
		})
	}
}

// A command that cannot run is refused before any game.
func TestMakerCheck(t *testing.T) {
	m := &Maker{}
	for _, e := range []string{"cmd:", "cmd:   ", "cmd:/no/such/program --x"} {
		if err := m.Check(e); err == nil {
			t.Errorf("%q accepted", e)
		}
	}
	if err := m.Check(helperEntry("garbage")); err != nil {
		t.Error(err)
	}
	if !IsCommand("CMD:x") || IsCommand("cm") || IsCommand("medium") {
		t.Error("IsCommand")
	}
}

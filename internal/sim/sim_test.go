package sim

import (
	"context"
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

// TestShortTournament is the short sim run of `make test`: every level
// plays, no computer move is refused and none overruns its deadline.
func TestShortTournament(t *testing.T) {
	cases := []struct {
		preset  string
		players []string
	}{
		{"standard", []string{"expert", "hard", "medium", "easy"}},
		{"river", []string{"hard", "medium"}},
		{"six", []string{"medium", "easy", "hard", "medium", "expert", "easy"}},
		{"forty", []string{"expert", "medium"}},
		{"wrap", []string{"hard", "easy", "medium"}},
		{"standard", []string{"panel:holder", "panel:dumper", "panel:late", "panel:mirror"}},
	}
	for _, c := range cases {
		r, err := game.Preset(c.preset)
		if err != nil {
			t.Fatal(err)
		}
		cfg := Config{Rules: r, Players: c.players, Games: 2, Seed: 3, Think: 500 * time.Millisecond, Jobs: 2}
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.preset, err)
		}
		if res.Games != 2 || len(res.Seats) != len(c.players) {
			t.Fatalf("%s: %+v", c.preset, res)
		}
		if res.InvalidMoves != 0 {
			t.Errorf("%s: %d invalid moves: %v", c.preset, res.InvalidMoves, res.Invalid)
		}
		if res.OverDeadline != 0 {
			t.Errorf("%s: %d moves over the deadline (max %.1f ms)", c.preset, res.OverDeadline, res.MoveMS.Max)
		}
		wins := 0
		for _, s := range res.Seats {
			wins += s.Wins
		}
		if wins != res.Games {
			t.Errorf("%s: %d wins in %d games", c.preset, wins, res.Games)
		}
	}
}

// TestSameResultsWhateverTheJobs checks that parallelism changes nothing
// but the timings.
func TestSameResultsWhateverTheJobs(t *testing.T) {
	cfg := Config{Rules: game.Standard(), Players: []string{"medium", "easy"}, Games: 6, Seed: 11, Mirror: true, Think: 2 * time.Second}
	var got []Result
	for _, jobs := range []int{1, 3} {
		cfg.Jobs = jobs
		res, err := Run(context.Background(), cfg)
		if err != nil {
			t.Fatal(err)
		}
		got = append(got, res)
	}
	a, b := got[0], got[1]
	if a.Blocked != b.Blocked || a.AvgTurns != b.AvgTurns || a.InvalidMoves != b.InvalidMoves {
		t.Errorf("jobs 1 and 3 differ: %+v vs %+v", a, b)
	}
	for i := range a.Seats {
		x, y := a.Seats[i], b.Seats[i]
		if x.Wins != y.Wins || x.Score != y.Score || x.AvgRackLeft != y.AvgRackLeft {
			t.Errorf("entry %d differs: %+v vs %+v", i, x, y)
		}
	}
}

func TestValidate(t *testing.T) {
	ok := Config{Rules: game.Standard(), Players: []string{"medium", "easy"}, Games: 1}
	if err := ok.Validate(); err != nil {
		t.Fatal(err)
	}
	bad := []Config{
		{Rules: game.Standard(), Players: []string{"medium"}, Games: 1},
		{Rules: game.Standard(), Players: []string{"medium", "wizard"}, Games: 1},
		{Rules: game.Standard(), Players: []string{"medium", "easy"}, Games: 0},
		{Rules: game.Standard(), Players: []string{"easy", "easy", "easy", "easy", "easy"}, Games: 1},
		{Rules: game.Standard(), Players: []string{"medium", "easy"}, Games: 1, Think: -time.Second},
	}
	for i, c := range bad {
		if err := c.Validate(); err == nil {
			t.Errorf("case %d should be refused: %+v", i, c)
		}
	}
}

// TestDeterministicDigest checks that with --deterministic the games, and
// so the digest, depend only on the configuration: the same with one job
// or four, and with every core kept busy meanwhile (at a tiny --think the
// deadline would cut the searches at different points; without a
// deadline only the work budgets do).
func TestDeterministicDigest(t *testing.T) {
	run := func(t *testing.T, c Config) Result {
		t.Helper()
		res, err := Run(context.Background(), c)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Digest) != 64 || !res.Deterministic {
			t.Fatalf("digest %q, deterministic %v", res.Digest, res.Deterministic)
		}
		return res
	}
	cases := []struct {
		preset  string
		players []string
	}{
		{"standard", []string{"expert", "hard"}},
		{"standard", []string{"expert", "panel:holder"}},
		{"standard", []string{"expert", "hard", "medium", "easy"}},
		{"french", []string{"expert", "medium"}},
	}
	for _, tc := range cases {
		t.Run(tc.preset+" "+strings.Join(tc.players, ","), func(t *testing.T) {
			r, err := game.Preset(tc.preset)
			if err != nil {
				t.Fatal(err)
			}
			c := Config{Rules: r, Players: tc.players, Games: 2, Seed: 20261202, Mirror: true, Think: time.Millisecond, Deterministic: true, Jobs: 1}
			one := run(t, c)
			c.Jobs = 4
			stop := burn(runtime.NumCPU())
			four := run(t, c)
			stop()
			if one.Digest != four.Digest {
				t.Errorf("jobs 1 and 4 (cores busy) played different games: %s vs %s", one.Digest, four.Digest)
			}
			if one.OverDeadline != 0 || one.InvalidMoves != 0 {
				t.Errorf("over deadline %d, invalid %d", one.OverDeadline, one.InvalidMoves)
			}
			c.Seed++
			if other := run(t, c); other.Digest == one.Digest {
				t.Errorf("another seed gave the same digest %s", one.Digest)
			}
		})
	}
}

// burn keeps n goroutines spinning until the returned stop is called.
func burn(n int) (stop func()) {
	var done atomic.Bool
	var wg sync.WaitGroup
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			x := uint64(1)
			for !done.Load() {
				for j := 0; j < 1000; j++ {
					x = x*6364136223846793005 + 1442695040888963407
				}
			}
			_ = x
		}()
	}
	return func() { done.Store(true); wg.Wait() }
}

// lateMaker seats players ("late:LEVEL") that answer only once their
// deadline has passed.
type lateMaker struct{}

func (lateMaker) Owns(e string) bool   { return strings.HasPrefix(e, "late:") }
func (lateMaker) Check(e string) error { return nil }
func (lateMaker) Budget(string, time.Duration, *game.Rules) time.Duration {
	return 5 * time.Millisecond
}
func (lateMaker) New(e string, seed uint64, _ time.Duration) (ai.Player, error) {
	p, err := ai.New(strings.TrimPrefix(e, "late:"), seed)
	return latePlayer{p}, err
}

type latePlayer struct{ p ai.Player }

func (l latePlayer) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	a, err := l.p.Move(context.Background(), v)
	<-ctx.Done()
	return a, err
}

// A move after its deadline is dropped and counted late for its player,
// and over the deadline, but it is not an invalid move.
func TestLateMovesAreLateNotInvalid(t *testing.T) {
	c := Config{Rules: game.Standard(), Players: []string{"late:medium", "medium"}, Games: 1, Seed: 3, Seats: lateMaker{}}
	res, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if res.InvalidMoves != 0 || res.Seats[0].Invalid != 0 {
		t.Errorf("late moves counted invalid: %d, %d (%v)", res.InvalidMoves, res.Seats[0].Invalid, res.Invalid)
	}
	if res.Seats[0].Late == 0 || res.OverDeadline == 0 {
		t.Errorf("no late move counted: late %d, over %d", res.Seats[0].Late, res.OverDeadline)
	}
	if res.Seats[1].Late != 0 {
		t.Errorf("the player in time counted late %d times", res.Seats[1].Late)
	}
}

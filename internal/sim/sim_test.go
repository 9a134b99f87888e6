package sim

import (
	"context"
	"testing"
	"time"

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

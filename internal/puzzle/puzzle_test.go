package puzzle

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Every shipped puzzle: its stated solution passes the judge and reaches
// the goal, the goal is the solver's proven best, the grade follows the
// stated measure, and the puzzle qualifies by the generator's rule.
func TestShippedPuzzles(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	if len(ps) < 300 {
		t.Fatalf("%d puzzles shipped, at least 300 wanted", len(ps))
	}
	grades := map[string]int{}
	seen := map[string]int{}
	r := Rules()
	for i, p := range ps {
		if p.ID != i+1 {
			t.Fatalf("puzzle %d has id %d", i+1, p.ID)
		}
		start, err := p.Start()
		if err != nil {
			t.Fatal(err)
		}
		sol, err := p.SolutionTable()
		if err != nil {
			t.Fatal(err)
		}
		res, err := game.JudgeTurn(&r, start, sol)
		if err != nil {
			t.Errorf("puzzle %d: the solution is refused: %v", p.ID, err)
			continue
		}
		if len(res.Placed) != p.Goal {
			t.Errorf("puzzle %d: the solution places %d, the goal is %d", p.ID, len(res.Placed), p.Goal)
		}
		if v := p.Check(sol); !v.Solved {
			t.Errorf("puzzle %d: Check refuses the solution: %s", p.ID, v.Message)
		}
		best, err := solver.Solve(context.Background(), solver.Request{Rules: &r, Table: game.SetsOf(start.Table), Rack: start.Rack, Opened: true, Objective: solver.MostTiles})
		if err != nil || !best.Optimal || best.TilesPlaced != p.Goal {
			t.Errorf("puzzle %d: the solver proves %d tiles (optimal %v, %v), the goal is %d", p.ID, best.TilesPlaced, best.Optimal, err, p.Goal)
		}
		if p.Out != (p.Goal == len(p.Rack)) {
			t.Errorf("puzzle %d: out %v with goal %d of %d", p.ID, p.Out, p.Goal, len(p.Rack))
		}
		if Effort(p) != p.Effort || Grade(p) != p.Difficulty {
			t.Errorf("puzzle %d: effort %d graded %s, the file says %d %s", p.ID, Effort(p), Grade(p), p.Effort, p.Difficulty)
		}
		if p.Moved < 1 || (p.Goal-p.Plain < MinGain && !(p.Out && p.Goal > p.Plain)) {
			t.Errorf("puzzle %d does not qualify: goal %d, plain %d, moved %d", p.ID, p.Goal, p.Plain, p.Moved)
		}
		if plain, err := PlainPlay(context.Background(), &r, start); err != nil || plain != p.Plain {
			t.Errorf("puzzle %d: the plain play places %d (%v), the file says %d", p.ID, plain, err, p.Plain)
		}
		if k := positionKey(p); seen[k] != 0 {
			t.Errorf("puzzle %d repeats puzzle %d", p.ID, seen[k])
		} else {
			seen[k] = p.ID
		}
		if len(p.Hints()) < 2 {
			t.Errorf("puzzle %d has %d hints", p.ID, len(p.Hints()))
		}
		grades[p.Difficulty]++
	}
	for _, g := range Difficulties() {
		if grades[g] < 30 {
			t.Errorf("only %d %s puzzles", grades[g], g)
		}
	}
}

// The generator with the shipped seed reproduces the shipped set: the
// first puzzles always, the whole set with RUMMIKUB_PUZZLES_FULL=1.
func TestGeneratorReproducesShippedSet(t *testing.T) {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	n := 25
	if os.Getenv("RUMMIKUB_PUZZLES_FULL") == "1" {
		n = len(ps)
	}
	got, err := Generate(context.Background(), ShippedSeed, n, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := range got {
		if !reflect.DeepEqual(got[i], ps[i]) {
			t.Fatalf("puzzle %d differs:\n got %+v\nwant %+v", i+1, got[i], ps[i])
		}
	}
}

func TestCheckAnswers(t *testing.T) {
	p, err := ByID(1)
	if err != nil {
		t.Fatal(err)
	}
	start, _ := p.Start()
	// The table untouched is no turn at all.
	if v := p.Check(game.SetsOf(start.Table)); v.Legal || v.Solved || v.Err == nil {
		t.Errorf("the table as it was: %+v", v)
	}
	// A legal play of fewer tiles than the goal.
	for _, pz := range mustAll(t) {
		if pz.Goal >= 3 && pz.Plain >= 1 {
			p = pz
			break
		}
	}
	start, _ = p.Start()
	r := Rules()
	small := smallerPlay(t, &r, start)
	v := p.Check(small)
	if !v.Legal || v.Solved || v.Placed >= p.Goal {
		t.Errorf("puzzle %d, a smaller play: %+v", p.ID, v)
	}
	if _, err := ByID(0); err == nil {
		t.Error("puzzle 0 exists")
	}
	if _, err := ByID(100000); err == nil {
		t.Error("puzzle 100000 exists")
	}
}

// smallerPlay is the plain play's sets from the rack: legal, fewer tiles.
func smallerPlay(t *testing.T, r *game.Rules, start game.TurnStart) game.Table {
	t.Helper()
	res, err := solver.Solve(context.Background(), solver.Request{Rules: r, Rack: start.Rack, Opened: true})
	if err != nil {
		t.Fatal(err)
	}
	if res.Play {
		return append(cloneTable(game.SetsOf(start.Table)), res.Sets...)
	}
	table := cloneTable(game.SetsOf(start.Table))
	n, _ := extend(r, table, start.Rack)
	if n == 0 {
		t.Skip("no plain play to test with")
	}
	return table
}

func mustAll(t *testing.T) []Puzzle {
	ps, err := All()
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestDaily(t *testing.T) {
	ps := mustAll(t)
	day := time.Date(2026, 12, 1, 23, 30, 0, 0, time.UTC)
	a, _ := Daily(day)
	b, _ := Daily(day.Add(-20 * time.Hour))
	c, _ := Daily(day.Add(time.Hour)) // the next day in UTC
	if a.ID != b.ID || a.ID == c.ID {
		t.Errorf("same day %d and %d, next day %d", a.ID, b.ID, c.ID)
	}
	// The same instant in another time zone is the same puzzle.
	tz := time.FixedZone("far east", 13*3600)
	d, _ := Daily(day.In(tz))
	if d.ID != a.ID {
		t.Errorf("in another zone %d, in UTC %d", d.ID, a.ID)
	}
	first, _ := Daily(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC))
	before, _ := Daily(time.Date(2025, 12, 31, 0, 0, 0, 0, time.UTC))
	if first.ID != 1 || before.ID != len(ps) {
		t.Errorf("2026-01-01 gives %d, the day before %d", first.ID, before.ID)
	}
}

func TestProgress(t *testing.T) {
	path := filepath.Join(t.TempDir(), "sub", ProgressName)
	p, err := LoadProgress(path)
	if err != nil || len(p.Solved) != 0 {
		t.Fatalf("no file: %+v, %v", p, err)
	}
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	p.MarkSolved(7, now)
	p.MarkSolved(3, now)
	p.MarkSolved(7, now.Add(48*time.Hour)) // the first time counts
	if err := p.Save(path); err != nil {
		t.Fatal(err)
	}
	q, err := LoadProgress(path)
	if err != nil || !reflect.DeepEqual(q.SolvedIDs(), []int{3, 7}) || q.Solved[7] != "2026-12-01" || q.IsSolved(5) {
		t.Errorf("read back %+v, %v", q, err)
	}
	if err := os.WriteFile(path, []byte("{"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadProgress(path); err == nil {
		t.Error("a broken file read without error")
	}
}

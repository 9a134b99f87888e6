package solver

import (
	"context"
	"errors"
	"testing"
	"time"

	"rummikub/internal/game"
)

// workPosition is a long rack (two jokers) whose best split into sets
// takes some 11,000 units of search work.
func workPosition(t *testing.T) Request {
	t.Helper()
	r := game.Standard()
	rack, err := game.ParseTiles("B3 J O4 K12 B2 O13 R9 B3 R1 R9 R2 O4 K10 B8 O12 O1 K2 R13 R6 K6 " +
		"O6 O9 K2 B13 R8 J K13 K5 O1 O3 K3 O10 R4 R11 B7 K1 B1 O13 B4 K4")
	if err != nil {
		t.Fatal(err)
	}
	return Request{Rules: &r, Rack: rack, Opened: true, Objective: MostPoints}
}

func TestWorkBudget(t *testing.T) {
	req := workPosition(t)
	full, err := Solve(context.Background(), req)
	if err != nil || !full.Optimal {
		t.Fatalf("the unbounded search: %+v, %v", full, err)
	}
	ctx, w, cancel := WithWork(context.Background(), 1<<40)
	if _, err := Solve(ctx, req); err != nil {
		t.Fatal(err)
	}
	cancel()
	need := w.Spent()
	if need < 5000 {
		t.Fatalf("the position takes only %d units: too easy for these tests", need)
	}
	half := need / 2
	t.Run("a spent budget stops the search where it is", func(t *testing.T) {
		var first Result
		for i := 0; i < 3; i++ {
			ctx, w, cancel := WithWork(context.Background(), half)
			res, err := Solve(ctx, req)
			cancel()
			if err != nil {
				t.Fatal(err)
			}
			if res.Optimal {
				t.Fatalf("%d units proved the optimum of a position that takes %d", half, need)
			}
			if !WorkSpent(ctx) || w.Left() > 0 || w.Spent() < half {
				t.Fatalf("the budget is not spent: left %d, spent %d", w.Left(), w.Spent())
			}
			if i == 0 {
				first = res
			} else if res.TilesPlaced != first.TilesPlaced || res.Sets.String() != first.Sets.String() {
				t.Fatalf("the same budget gave another play: %v, then %v", first.Sets, res.Sets)
			}
		}
	})
	t.Run("a big enough budget changes nothing", func(t *testing.T) {
		ctx, w, cancel := WithWork(context.Background(), need+1000)
		defer cancel()
		res, err := Solve(ctx, req)
		if err != nil || !res.Optimal || res.Sets.String() != full.Sets.String() {
			t.Fatalf("got %+v, %v; want %v", res, err, full.Sets)
		}
		if w.Spent() <= 0 || WorkSpent(ctx) {
			t.Fatalf("spent %d, spent out %v", w.Spent(), WorkSpent(ctx))
		}
	})
	t.Run("a nested budget counts against its parent too", func(t *testing.T) {
		ctx, parent, cancel := WithWork(context.Background(), 1<<40)
		defer cancel()
		cctx, child, ccancel := WithWork(ctx, half)
		if _, err := Solve(cctx, req); err != nil {
			t.Fatal(err)
		}
		ccancel()
		if !WorkSpent(cctx) || WorkSpent(ctx) || ctx.Err() != nil {
			t.Fatalf("only the child is spent: child %v, parent %v", WorkSpent(cctx), WorkSpent(ctx))
		}
		if parent.Spent() != child.Spent() {
			t.Fatalf("parent spent %d, child %d", parent.Spent(), child.Spent())
		}
	})
	t.Run("a spent parent stops a child with work left", func(t *testing.T) {
		ctx, _, cancel := WithWork(context.Background(), half)
		defer cancel()
		cctx, _, ccancel := WithWork(ctx, 1<<40)
		defer ccancel()
		res, err := Solve(cctx, req)
		if err != nil || res.Optimal || !WorkSpent(cctx) {
			t.Fatalf("got %+v, %v, spent %v", res, err, WorkSpent(cctx))
		}
	})
	t.Run("no budget at all is allowed", func(t *testing.T) {
		ctx, _, cancel := WithWork(context.Background(), 0)
		defer cancel()
		res, err := Solve(ctx, req)
		if err != nil || res.Play {
			t.Fatalf("got %+v, %v; want no play", res, err)
		}
	})
}

func TestGridWorkBudget(t *testing.T) {
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	rack, err := game.ParseTiles("R1 R2 R3 R4 R5 B5 O5 K5 B6 B7 B8 K9 K10 K11 O11 O12 O13")
	if err != nil {
		t.Fatal(err)
	}
	req := GridRequest{Rules: &r, Rack: rack, Opened: true}
	full, err := SolveGrid(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	ctx, w, cancel := WithWork(context.Background(), 1<<40)
	res, err := SolveGrid(ctx, req)
	cancel()
	if err != nil || res.Complete != full.Complete || len(res.Placed) != len(full.Placed) {
		t.Fatalf("with a big budget: %+v, %v; want %+v", res, err, full)
	}
	if w.Spent() <= 0 {
		t.Fatalf("a grid search counted no work")
	}
}

// deadlineOnly is a context whose deadline has passed but whose timer has
// not run yet (as on a machine with no CPU free for it): Done is open.
type deadlineOnly struct {
	context.Context
	at time.Time
}

func (c deadlineOnly) Deadline() (time.Time, bool) { return c.at, true }

// TestWorkStopsAtItsDeadline: the search that counts work notices a
// passed deadline itself at its next count, without waiting for the
// context's timer; with no deadline, or one to come, only the units count.
func TestWorkStopsAtItsDeadline(t *testing.T) {
	tests := []struct {
		name   string
		parent context.Context
		stop   bool
	}{
		{"deadline passed, timer not run", deadlineOnly{context.Background(), time.Now().Add(-time.Millisecond)}, true},
		{"deadline to come", deadlineOnly{context.Background(), time.Now().Add(time.Hour)}, false},
		{"no deadline", context.Background(), false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, w, cancel := WithWork(tc.parent, 1_000_000)
			defer cancel()
			if got := w.Spend(64); got != tc.stop {
				t.Fatalf("Spend = %v, want %v", got, tc.stop)
			}
			if tc.stop && !errors.Is(context.Cause(ctx), context.DeadlineExceeded) {
				t.Fatalf("cause = %v, want the deadline", context.Cause(ctx))
			}
			if !tc.stop && ctx.Err() != nil {
				t.Fatalf("context ended: %v", ctx.Err())
			}
		})
	}
}

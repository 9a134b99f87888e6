package solver

import (
	"context"
	"errors"
	"sync/atomic"
	"time"
)

// Work is a budget of search work carried by a context, so that a caller
// bounds a search, or a whole move made of many searches, by what it does
// rather than by the clock: the same input then stops at the same point on
// any machine and under any load.
//
// The unit of work is one node of the solver's search (a state of the DP
// of Solve, a node of the grid search of SolveGrid). A next state the bound
// leaves out before building it and each way to lay a place that the
// search weighs count one too, and every call counts setupWork for what
// it does around its search, so that many small searches cost what they
// take. Work is counted in the goroutine that searches, at the
// points where the search already looks at its context (every 64 nodes),
// and when it finishes; once a budget is spent its context is cancelled
// with the cause ErrWorkSpent, and the searches under it stop as they do at
// a deadline: with the best play found so far, marked not optimal.
//
// Budgets nest: a search under a budget taken from another counts against
// both, and stops when either is spent.
//
// A budget taken under a context with a deadline also stops its searches
// at that deadline, at the first count after it, with the cause
// context.DeadlineExceeded: the goroutine that searches, which has a CPU,
// notices the deadline itself, where a context's own deadline is only
// seen once its timer has run and cancelled it, which on a loaded machine
// waits for a CPU too. (Measured at a load of 8 on 2 cores: a move's
// goroutine woken by its context's deadline ran 13-19 ms late at the
// median and up to 650 ms late.) The deadline is only the caller's: a
// budget under no deadline never reads the clock.
type Work struct {
	left     atomic.Int64
	spent    atomic.Int64
	parent   *Work
	cancel   context.CancelCauseFunc
	deadline time.Time // ctx's deadline when taken; zero: none
}

// ErrWorkSpent is the cause of a context cancelled because its work budget
// is spent.
var ErrWorkSpent = errors.New("the work budget is spent")

// setupWork is what one call of Solve or SolveGrid costs besides its
// search, in units, for a position of so many tiles (table and rack): the
// checks and tables built before the first node, the arrangement built
// after the last. Measured on expert's endgame positions (racks of 30-50
// tiles): CPU time = 80 ns a unit + 89 µs a call, fitted on two runs of
// 16 games, 3.5 and 16.9 million units in 12,283 and 40,238 calls.
func setupWork(tiles int) int64 { return 10 * int64(tiles) }

type workKey struct{}

// WithWork returns a context carrying a budget of units of work (see
// Work), counted against ctx's own budget too when it has one. Cancel it
// when done, as with context.WithCancel.
func WithWork(ctx context.Context, units int64) (context.Context, *Work, context.CancelFunc) {
	cctx, cancel := context.WithCancelCause(ctx)
	w := &Work{parent: WorkOf(ctx), cancel: cancel}
	w.deadline, _ = ctx.Deadline()
	w.left.Store(units)
	if units <= 0 {
		cancel(ErrWorkSpent)
	}
	return context.WithValue(cctx, workKey{}, w), w, func() { cancel(context.Canceled) }
}

// WorkOf returns the budget ctx carries, or nil.
func WorkOf(ctx context.Context) *Work {
	w, _ := ctx.Value(workKey{}).(*Work)
	return w
}

// Spend counts n units of work against w and the budgets it was taken
// from, and reports whether one of them is now spent (its context is then
// cancelled). A nil Work counts nothing.
//
// It also reports, and cancels, a budget whose context's deadline has
// passed (see Work).
func (w *Work) Spend(n int64) bool {
	out := false
	var now time.Time
	for b := w; b != nil; b = b.parent {
		b.spent.Add(n)
		if b.left.Add(-n) <= 0 {
			b.cancel(ErrWorkSpent)
			out = true
		}
		if !b.deadline.IsZero() {
			if now.IsZero() {
				now = time.Now()
			}
			if !now.Before(b.deadline) {
				b.cancel(context.DeadlineExceeded)
				out = true
			}
		}
	}
	return out
}

// Spent is the work counted against w so far.
func (w *Work) Spent() int64 {
	if w == nil {
		return 0
	}
	return w.spent.Load()
}

// Left is the work w still allows (zero or less once spent).
func (w *Work) Left() int64 {
	if w == nil {
		return 0
	}
	return w.left.Load()
}

// WorkSpent reports whether ctx ended because a work budget was spent (and
// not at a deadline or by its caller).
func WorkSpent(ctx context.Context) bool {
	return errors.Is(context.Cause(ctx), ErrWorkSpent)
}

package ai

import (
	"context"
	"strings"
	"sync"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Work budgets. Every level thinks by work, not by the clock: a move may
// spend at most its level's budget of solver work (solver.Work: one unit
// is one node of a solver search), and the levels' searches stop where
// the budget says, whatever the machine and its load. The deadline of the
// caller's context stays the hard limit, as a safety net: on this
// project's 2-core machine a budget is spent long before the deadline of
// a 100 ms turn, even with both cores busy with something else.
//
// The budgets, in units per move. A unit costs about 100 ns of CPU on
// that machine (fitted on expert's endgames, see solver's setupWork), so
// expert's budget is some 5 ms of CPU, and a typical move of any level
// far less: most moves need a few hundred units and end long before
// their budget. Expert's endgame search is the one part that uses its
// whole budget. Measured with sim --deterministic, 100 mirrored games,
// seed 20261202: against panel:holder expert won 61 with 50,000 units
// and 63 with 100,000 (the same within the noise), against itself 8
// games blocked with either; the smaller keeps a move inside a 100 ms
// turn on that machine even at a load of 8.
const (
	easyWork   = 20_000
	mediumWork = 50_000
	hardWork   = 50_000
	expertWork = 50_000
	// panelWork is the panel's (test opponents' ) budget: as expert's, so
	// that the panel is never weak for want of work.
	panelWork = expertWork
)

// WorkBudget is the work a level may spend on one move (solver.Work
// units), the panel's players included.
func WorkBudget(level string) int64 {
	switch lv := strings.ToLower(level); {
	case lv == Easy:
		return easyWork
	case lv == Medium:
		return mediumWork
	case lv == Hard:
		return hardWork
	case lv == Expert:
		return expertWork
	case strings.HasPrefix(lv, PanelPrefix):
		return panelWork
	}
	return mediumWork
}

// share is a budget of the given fraction (in per cent) of the work left
// in ctx's budget, for a part of a move that must leave the rest for what
// follows; without a budget in ctx it is ctx itself.
func share(ctx context.Context, percent int64) (context.Context, context.CancelFunc) {
	w := solver.WorkOf(ctx)
	if w == nil {
		return context.WithCancel(ctx)
	}
	ctx, _, cancel := solver.WithWork(ctx, w.Left()*percent/100)
	return ctx, cancel
}

// fixedWork is a budget of units taken from ctx's, for a part of a move
// that must never take more.
func fixedWork(ctx context.Context, units int64) (context.Context, context.CancelFunc) {
	ctx, _, cancel := solver.WithWork(ctx, units)
	return ctx, cancel
}

// decisiveWork is the work within which expert finds its decisive
// choices at the end of a game (going out; passing to end a blocked game
// it wins on points; shedding its most points before an opponent goes
// out): the go-out search and the first pass of the endgame search, which
// values every move one ply deep, come before anything deeper and fit in
// it on racks of 20-30 tiles (TestExpertDecisiveChoicesWithinSmallWork).
const decisiveWork = 20_000

// offered is the best answer a move has found so far while it thinks on
// (only the last one offered counts). Should the deadline come before the
// move's work is done, which a loaded machine can make happen, the move
// answers with it rather than with a plain draw or pass: a deeper search
// cut short still gives the choice of the last pass it finished.
type offered struct {
	mu   sync.Mutex
	sets game.Table
	draw bool
	ok   bool
	// lay makes the seat's play of the table of sets offered, when the
	// move thinks on a table of sets read from another (expert on the
	// French grid, gridsets.go); false when it cannot. Nil: a play of the
	// sets themselves.
	lay func(game.Table) (game.Action, bool)
}

type offeredKey struct{}

// withOffers returns ctx carrying a fresh offered answer.
func withOffers(ctx context.Context) (context.Context, *offered) {
	o := &offered{}
	return context.WithValue(ctx, offeredKey{}, o), o
}

// offer records sets (the whole table after a play) or a draw as the best
// answer so far of the move thinking under ctx.
func offer(ctx context.Context, sets game.Table, draw bool) {
	o, _ := ctx.Value(offeredKey{}).(*offered)
	if o == nil {
		return
	}
	o.mu.Lock()
	o.sets, o.draw, o.ok = sets, draw, true
	o.mu.Unlock()
}

// layOffers has the answers offered under ctx played through lay (see
// offered.lay) from now on.
func layOffers(ctx context.Context, lay func(game.Table) (game.Action, bool)) {
	if o, _ := ctx.Value(offeredKey{}).(*offered); o != nil {
		o.mu.Lock()
		o.lay = lay
		o.mu.Unlock()
	}
}

// action is the offered answer as an action for the seat of v; false when
// nothing was offered, or the play offered cannot be made.
func (o *offered) action(v *game.SeatView) (game.Action, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case !o.ok:
		return game.Action{}, false
	case o.draw:
		return drawAction(v), true
	case o.lay != nil:
		return o.lay(o.sets)
	}
	return playAction(v, o.sets), true
}

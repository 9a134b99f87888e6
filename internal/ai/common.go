package ai

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// base is what every level shares: its name, budget, seed and the plan
// made when it pulled from the River.
type base struct {
	level string
	think time.Duration
	work  int64 // the work budget of a move (work.go)
	seed  uint64
	// pull is the play worked out before pulling from the River, handed
	// in on the next call of the same turn.
	pull *pullPlan
}

// pullPlan is a River pull decided on and the play of its key tile.
type pullPlan struct {
	game, index int
	key         game.TileID
	sets        game.Table
}

// errNotMyTurn is returned for a view a player cannot act on.
var errNotMyTurn = errors.New("it is not this computer player's turn")

// checkView refuses views a player cannot act on.
func checkView(v *game.SeatView) error {
	if v.GameOver || v.MatchOver {
		return errors.New("the game is over: there is no move to make")
	}
	if v.Seat != v.Turn || v.Seat < 0 || v.Seat >= len(v.RackCounts) {
		return errNotMyTurn
	}
	return nil
}

// margin is the part of the time to the deadline a player leaves unused,
// so that its answer reaches the caller in time even on a loaded machine:
// 40% of its budget (at most 250 ms), or twice the lateness its moves'
// goroutines were woken with lately (wakeup.go) when that is more, up to
// three quarters of its budget.
func (b *base) margin() time.Duration {
	m := b.think * 2 / 5
	if m < time.Millisecond {
		m = time.Millisecond
	}
	if m > 250*time.Millisecond {
		m = 250 * time.Millisecond
	}
	if w := 2 * recentWake(); w > m {
		m = min(w, b.think*3/4)
	}
	return m
}

// inner returns a context ending a margin before ctx's deadline. Without
// a deadline it is ctx itself: the work is then bounded by its size only.
func (b *base) inner(ctx context.Context) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, d.Add(-b.margin()))
}

// soft returns a context ending a quarter of the thinking budget before
// ctx (the inner context, so halfway through the budget), for optional
// work (the expert's look-ahead) that must leave time for what follows.
// It is a safety net: the work budget normally ends such work first.
func (b *base) soft(ctx context.Context) (context.Context, context.CancelFunc) {
	d, ok := ctx.Deadline()
	if !ok {
		return context.WithCancel(ctx)
	}
	return context.WithDeadline(ctx, d.Add(-b.think/4))
}

// opened reports whether the seat of v has made its initial meld.
func opened(v *game.SeatView) bool {
	return v.Seat >= 0 && v.Seat < len(v.Melded) && v.Melded[v.Seat]
}

// playable is the rack less the tiles locked this turn (a River pull's
// plunder).
func playable(v *game.SeatView) []game.Tile {
	if len(v.Locked) == 0 {
		return v.Rack
	}
	return without(v.Rack, v.Locked)
}

// without returns tiles less those whose ids are in drop (by face for
// tiles without ids), keeping order.
func without(tiles, drop []game.Tile) []game.Tile {
	ids := map[game.TileID]int{}
	faces := map[game.Face]int{}
	for _, t := range drop {
		if t.ID == game.NoID {
			faces[t.Face]++
		} else {
			ids[t.ID]++
		}
	}
	out := make([]game.Tile, 0, len(tiles))
	for _, t := range tiles {
		if t.ID != game.NoID && ids[t.ID] > 0 {
			ids[t.ID]--
			continue
		}
		if faces[t.Face] > 0 {
			faces[t.Face]--
			continue
		}
		out = append(out, t)
	}
	return out
}

// jokersOf returns the jokers among tiles.
func jokersOf(tiles []game.Tile) []game.Tile {
	var out []game.Tile
	for _, t := range tiles {
		if t.IsJoker() {
			out = append(out, t)
		}
	}
	return out
}

// request builds a solver request for the seat of v.
func request(v *game.SeatView, obj solver.Objective, keep, must []game.Tile) solver.Request {
	return solver.Request{
		Rules:     &v.Rules,
		Table:     game.SetsOf(v.Table),
		Rack:      v.Rack,
		Opened:    opened(v),
		Objective: obj,
		Keep:      append(append([]game.Tile(nil), v.Locked...), keep...),
		Must:      append(append([]game.Tile(nil), v.Must...), must...),
	}
}

// solve runs the solver and reports a play only when it found one.
func solve(ctx context.Context, req solver.Request) (solver.Result, bool) {
	if ctx.Err() != nil {
		return solver.Result{}, false
	}
	res, err := solver.Solve(ctx, req)
	if err != nil || !res.Play || len(res.Placed) == 0 {
		return solver.Result{}, false
	}
	return res, true
}

// goesOut reports whether res empties the rack of v.
func goesOut(v *game.SeatView, res solver.Result) bool {
	return res.Play && len(res.Placed) == len(v.Rack)
}

// playAction is a play of the final arrangement sets.
func playAction(v *game.SeatView, sets game.Table) game.Action {
	return game.Action{Seat: v.Seat, Kind: game.ActPlay, After: sets}
}

// drawAction draws, or passes when the pool is empty; with a River pull
// pending it puts the pull back first.
func drawAction(v *game.SeatView) game.Action {
	switch {
	case len(v.Must) > 0:
		return game.Action{Seat: v.Seat, Kind: game.ActCancelPull}
	case v.Pool > 0:
		return game.Action{Seat: v.Seat, Kind: game.ActDraw}
	}
	return game.Action{Seat: v.Seat, Kind: game.ActPass}
}

// chooser is a level's decision for a turn with nothing pending: a play
// (ok) or nothing, in which case the player draws or pulls from the River.
// rng is the turn's own random source.
type chooser func(ctx context.Context, v *game.SeatView, rng *rand.Rand) (sets game.Table, ok bool)

// turnRand is the random source of one decision: it depends only on the
// player's seed and the point of the match (game, public log length), so
// a decision abandoned at its deadline never disturbs the next one and the
// same match replays the same choices.
func (b *base) turnRand(v *game.SeatView) *rand.Rand {
	return rand.New(rand.NewPCG(b.seed, uint64(v.Game)<<32|uint64(len(v.Log))))
}

// decision is a worked-out action and, for a pull, the play that follows.
type decision struct {
	act  game.Action
	pull *pullPlan
}

// move is the turn logic every level shares: River choices, the play of
// a pulled key tile, then the level's own choice, then a pull or a draw.
// keep lists the tiles the level would rather not spend on a pull.
//
// The thinking runs under the level's work budget (work.go), in its own
// goroutine on copies, so that if the deadline (less the margin) comes
// first, which a budget sized as the levels' are makes rare, the player
// answers at once with the best answer its search offered so far (see
// offered), else the plain fallback (draw, pass, or putting a pull back),
// whatever the search is doing; an abandoned search stops at its next
// check of the context.
func (b *base) move(ctx context.Context, v game.SeatView, choose chooser, keep func(*game.SeatView) []game.Tile) (game.Action, error) {
	if err := checkView(&v); err != nil {
		return game.Action{}, err
	}
	if len(v.Reveal) > 0 {
		return game.Action{Seat: v.Seat, Kind: game.ActKeep, Index: chooseKeep(&v)}, nil
	}
	plan := b.pull
	b.pull = nil
	ictx, cancel := b.inner(ctx)
	defer cancel()
	wctx, _, wcancel := solver.WithWork(ictx, b.work)
	defer wcancel()
	wctx, best := withOffers(wctx)
	ch := make(chan decision, 1)
	rng := b.turnRand(&v)
	go func() { ch <- b.decide(wctx, &v, plan, choose, keep, rng) }()
	// The safety net waits on a timer of its own rather than on ictx's
	// Done: a context's deadline is closed by a goroutine its timer
	// starts, one more goroutine that must wait for a CPU on a loaded
	// machine before this one can answer.
	var net <-chan time.Time
	dl, timed := ictx.Deadline()
	if timed {
		t := time.NewTimer(time.Until(dl))
		defer t.Stop()
		net = t.C
	}
	var d decision
	late := false
	select {
	case d = <-ch:
	case <-net:
		late = true
	case <-ictx.Done():
		late = true
	}
	// The search may also have stopped at the deadline by itself (its
	// work budget reads the deadline, see solver.Work).
	cut := late || ictx.Err() != nil || (timed && !time.Now().Before(dl))
	if cut && timed {
		noteWake(time.Since(dl))
	} else {
		noteWake(0)
	}
	if late {
		select {
		case d = <-ch: // finished just as time ran out: still good
		default:
			d = decision{act: drawAction(&v)}
		}
	}
	// A search the deadline cut short falls back to a draw or a pass: the
	// best answer it offered before is better (see offered).
	if cut && d.act.Kind != game.ActPlay && d.pull == nil && len(v.Must) == 0 && len(v.Locked) == 0 {
		if a, ok := best.action(&v); ok {
			return a, nil
		}
	}
	b.pull = d.pull
	return d.act, nil
}

// decide works out the action for a turn with no River choice pending.
func (b *base) decide(ctx context.Context, v *game.SeatView, plan *pullPlan, choose chooser, keep func(*game.SeatView) []game.Tile, rng *rand.Rand) decision {
	if v.Rules.Table == game.TableGrid {
		return b.decideGrid(ctx, v, choose, rng)
	}
	if len(v.Must) > 0 {
		if plan != nil && plan.game == v.Game && len(v.Must) == 1 && v.Must[0].ID == plan.key {
			return decision{act: playAction(v, plan.sets)}
		}
		if res, ok := solve(ctx, request(v, solver.MostTiles, nil, nil)); ok {
			return decision{act: playAction(v, res.Sets)}
		}
		return decision{act: drawAction(v)}
	}
	if sets, ok := choose(ctx, v, rng); ok {
		return decision{act: playAction(v, sets)}
	}
	if v.Rules.Draw == game.DrawRiver && len(v.River) > 0 {
		var k []game.Tile
		if keep != nil {
			k = keep(v)
		}
		if p := planPull(ctx, v, k); p != nil {
			return decision{act: game.Action{Seat: v.Seat, Kind: game.ActPull, Index: p.index}, pull: p}
		}
	}
	return decision{act: drawAction(v)}
}

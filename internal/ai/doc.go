// Package ai holds the computer players: four levels (easy, medium, hard,
// expert) that see a game only through game.SeatView, plan with the
// solver, and answer with the same game.Action a human's turn produces, so
// the engine judges both by one code path.
//
// A Player is asked for one action at a time; a turn can take several (a
// River draw then its keep choice, a River pull then the play of its key
// tile). The caller gives each turn a context whose deadline is the turn
// timer or the thinking budget; players never read a clock. Each level
// thinks by a budget of work, not time (work.go: solver search units per
// move, the same on every machine), so a seed gives the same games on any
// machine, at any parallelism and under any load; the context's deadline
// is only a safety net, with a margin kept before it, after which a
// player falls back to the legal move it already has, or to drawing.
//
// All randomness comes from the seed given to New: the same seed, rules
// and views give the same moves.
package ai

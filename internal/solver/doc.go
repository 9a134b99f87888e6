// Package solver finds the best play for a Rummikub position: given the sets
// on the table, a rack, the rules and whether the player has made the
// initial meld, it chooses rack tiles and an arrangement of the whole table
// that places the most tiles (or the most points), exactly.
//
// # Method
//
// A dynamic program over the places 1..13 (14 with the wrap rule, where
// place 14 is a high 1; a run covers 1..13 or 2..14, never both ends, so it
// holds at most 13 tiles). Its state is, for each colour, the multiset of runs
// still open (their length so far, capped at three, and a few flags the
// joker rules need), the wild jokers still to place and, before the initial
// meld, the meld value reached. At each place it decides how many of each
// tile to take from the rack and how the tiles split between open runs, new
// runs and groups (a precomputed table says which mixes of colours and
// jokers make groups); it memoises on the state and rebuilds the
// arrangement afterwards by replaying the choices.
//
// Around that core:
//
//   - Branch and bound: the search carries the best play found so far and
//     stops exploring where even playing every remaining rack tile could not
//     beat it. Memo entries are exact values or upper bounds. Rack tiles
//     that no set could hold are dropped first, which tightens the bound.
//     Ways to lay a place that play too few rack tiles to beat the best play
//     are left out while the colours are combined, before they are built.
//   - The bound is more than every remaining rack tile: copies of a face
//     beyond the sets its neighbours can hold are charged to the wild
//     jokers left (deficit.go), and under joker-two-rack-tiles a state
//     that frees table jokers counts only the rack tiles a set with two
//     rack tiles could hold (split.go); once a search has taken a few
//     thousand nodes, a state is also checked against the relaxed state at
//     its place, which stands for every way of laying the earlier places
//     (tail.go); and the search first looks only for plays as good as the
//     root's bound, before any play (aspire.go).
//   - Dead ends are dropped early, since with no play found yet the bound
//     cuts nothing: a way to lay a place leaves out runs that need more
//     wild jokers later than are left (a short run, a run going on with
//     jokers, under wrap a run through 12 and 13 for each one kept for
//     place 14), and a state ends when a table tile two places on needs a
//     wild joker and none is left, when a colour no wild joker can help
//     needs more runs for its table tiles still to come than its tiles can
//     make (demand.go), or, under joker-two-rack-tiles, when its sets can
//     no longer hold its freed jokers, each with two rack tiles (room.go).
//     Under wrap, place 1 tries ones in groups before ones kept for place
//     14.
//   - The ways to lay one colour at one place depend on a few counts only
//     (its tiles there, its open runs, what the next places hold, and the
//     place only near the ends or with runs starting on a wild joker), so
//     they are kept from solve to solve and shared between places; the memo
//     tables and buffers are pooled too, and a cheap position allocates
//     little.
//   - Table jokers follow the engine's joker rule: each either keeps
//     standing for its tile (and then behaves like that tile) or is freed by
//     a real tile of that face and becomes wild. Every choice of freed jokers
//     is searched; states past the jokers' numbers are shared between the
//     choices.
//   - Spare jokers (a joker its set would be valid without) are left out of
//     the search and laid afterwards where there is room, and a run may start
//     on a wild joker only when it ends at the top; every arrangement has
//     such a form, so nothing is lost, and the search is much smaller.
//   - Before the initial meld the table is left alone and the meld value is
//     part of the state; under meld-then-extend each family of rack-only sets
//     reaching the threshold is tried with the best play of the rest.
//   - Among the best plays, one that leaves table sets as they were is
//     preferred: the whole table if new sets alone do as well, else the table
//     sets the play happens to lay again.
//
// The solver knows tiles and sets, not players or turns; it reads no clock.
// The caller's context carries the deadline: the search checks it every few
// dozen steps, and when it expires the best arrangement found so far comes
// back marked not optimal. The same input always gives the same answer.
package solver

// Package solver finds the best play for a Rummikub position: given the sets
// on the table, a rack, the rules and whether the player has made the
// initial meld, it chooses rack tiles and an arrangement of the whole table
// that places the most tiles (or the most points), exactly.
//
// The method is a dynamic program over the places 1..13 (14 with the wrap
// rule, where place 14 is a high 1). Its state is, for each colour, the
// multiset of runs still open (their length so far, capped at three, and a
// few flags the joker rules need), the jokers used so far and, before the
// initial meld, the meld value reached. At each place it decides how many of
// each tile to take from the rack and how the tiles split between open runs,
// new runs and groups; it memoises on the state and rebuilds the
// arrangement afterwards. Table jokers follow the engine's joker rule: each
// either keeps standing for its tile (and then behaves like that tile) or is
// freed by a real tile of that face and becomes wild.
//
// The solver knows tiles and sets, not players or turns; it reads no clock.
// The caller's context carries the deadline: when it expires the search
// stops and the best arrangement found so far comes back marked not optimal.
package solver

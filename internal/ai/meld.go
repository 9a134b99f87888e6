package ai

import (
	"context"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// ownNewSets returns the new sets the rack of v makes on its own, without
// the table (jokers kept back when the sets do not need them); false when
// there are none, or before the initial meld none worth the threshold.
func ownNewSets(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	req := request(v, solver.MostTiles, nil, nil)
	req.Table = nil
	res, ok := solveJokersKept(ctx, req)
	return res.Sets, ok
}

// solveJokersKept solves req keeping the rack's jokers back first, and
// only if that finds no play, with them; false when neither does.
func solveJokersKept(ctx context.Context, req solver.Request) (solver.Result, bool) {
	if j := jokersOf(req.Rack); len(j) > 0 {
		kept := req
		kept.Keep = append(append([]game.Tile(nil), req.Keep...), j...)
		if res, ok := solve(ctx, kept); ok {
			return res, true
		}
	}
	return solve(ctx, req)
}

// maxMeldSets bounds the sets smallestMeld chooses among (2^n subsets).
const maxMeldSets = 12

// smallestMeld chooses, among sets (new sets of the rack's own, together
// worth the initial-meld threshold), the fewest tiles still worth the
// threshold, fewest points on a tie, so that the rest stays in hand. It
// returns sets unchanged when the rules let the meld turn use the table
// (the solver's choice then stands) or when no smaller choice exists.
func smallestMeld(v *game.SeatView, sets game.Table) game.Table {
	r := &v.Rules
	n := len(sets)
	if n <= 1 || n > maxMeldSets || r.MeldThenExtend {
		return sets
	}
	vals := make([]int, n)
	for i, s := range sets {
		m, err := game.AnalyzeSet(s, r)
		if err != nil {
			return sets
		}
		vals[i] = m.Value(r)
	}
	best, bestTiles, bestVal := -1, 1<<30, 1<<30
	for mask := 1; mask < 1<<n; mask++ {
		tiles, val := 0, 0
		for i := 0; i < n; i++ {
			if mask&(1<<i) != 0 {
				tiles += len(sets[i])
				val += vals[i]
			}
		}
		if val < r.InitialMeld {
			continue
		}
		if tiles < bestTiles || tiles == bestTiles && val < bestVal {
			best, bestTiles, bestVal = mask, tiles, val
		}
	}
	if best < 0 {
		return sets
	}
	var out game.Table
	for i := 0; i < n; i++ {
		if best&(1<<i) != 0 {
			out = append(out, sets[i])
		}
	}
	return out
}

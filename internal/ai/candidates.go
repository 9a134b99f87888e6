package ai

import (
	"context"
	"sort"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// candidate is one play considered (or, with draw set, drawing).
type candidate struct {
	sets   [][]game.Tile
	placed []game.Tile
	draw   bool
}

// candidateSet collects distinct candidates.
type candidateSet []candidate

func (cs *candidateSet) add(c candidate) {
	for _, o := range *cs {
		if o.draw == c.draw && sameIDs(o.placed, c.placed) {
			return
		}
	}
	*cs = append(*cs, c)
}

func (cs *candidateSet) addResult(res solver.Result, ok bool) {
	if ok {
		cs.add(candidate{sets: res.Sets, placed: res.Placed})
	}
}

func (cs *candidateSet) addSets(v *game.SeatView, sets [][]game.Tile, ok bool) {
	if ok {
		cs.add(candidate{sets: sets, placed: placedBy(v, sets)})
	}
}

// candidates lists the plays worth comparing, given full, the play that
// places the most tiles: full itself, the most points, the same with the
// jokers kept, and the smallest useful plays (one tile that needs the
// table, one set of the rack's own, the smallest initial meld), which keep
// the rest in hand for later turns. Drawing is added when withDraw is set.
func candidates(ctx context.Context, v *game.SeatView, full solver.Result, withDraw bool) candidateSet {
	var cs candidateSet
	cs.add(candidate{sets: full.Sets, placed: full.Placed})
	cs.addResult(solve(ctx, request(v, solver.MostPoints, nil, nil)))
	if j := jokersOf(v.Rack); len(j) > 0 {
		cs.addResult(solve(ctx, request(v, solver.MostTiles, j, nil)))
	}
	if opened(v) {
		sets, ok := smallPlay(ctx, v, full)
		cs.addSets(v, sets, ok)
	} else {
		sets, ok := smallOpen(ctx, v)
		cs.addSets(v, sets, ok)
	}
	if withDraw && (v.Pool > 0 || len(cs) == 0) {
		cs.add(candidate{draw: true})
	}
	return cs
}

// smallOpen makes the initial meld with as few tiles as reach the
// threshold, without jokers when it can.
func smallOpen(ctx context.Context, v *game.SeatView) ([][]game.Tile, bool) {
	for _, keep := range [][]game.Tile{jokersOf(v.Rack), nil} {
		req := request(v, solver.MostPoints, keep, nil)
		req.Table = nil
		own, ok := solve(ctx, req)
		if !ok {
			continue
		}
		if sets := smallestMeld(&v.Rules, own.Sets); sets != nil {
			return append(cloneTable(v.Table), sets...), true
		}
	}
	return nil, false
}

// smallestMeld picks, among sets made from the rack, the fewest tiles
// whose value reaches the initial-meld threshold (ties: the higher value),
// or nil if even all of them fall short.
func smallestMeld(r *game.Rules, sets [][]game.Tile) [][]game.Tile {
	if len(sets) > 12 {
		return nil // never happens with a rack of real size; stay bounded
	}
	vals := make([]int, len(sets))
	for i, s := range sets {
		m, err := game.AnalyzeSet(s, r)
		if err != nil {
			return nil
		}
		vals[i] = m.Value(r)
	}
	best, bestTiles, bestVal := -1, 1<<30, 0
	for mask := 1; mask < 1<<len(sets); mask++ {
		tiles, val := 0, 0
		for i := range sets {
			if mask&(1<<i) != 0 {
				tiles += len(sets[i])
				val += vals[i]
			}
		}
		if val < r.InitialMeld {
			continue
		}
		if tiles < bestTiles || (tiles == bestTiles && val > bestVal) {
			best, bestTiles, bestVal = mask, tiles, val
		}
	}
	if best < 0 {
		return nil
	}
	var out [][]game.Tile
	for i := range sets {
		if best&(1<<i) != 0 {
			out = append(out, append([]game.Tile(nil), sets[i]...))
		}
	}
	return out
}

// maxSingleTries bounds the one-tile plays tried in a turn.
const maxSingleTries = 3

// smallPlay is the smallest useful part of full: one tile that needs the
// table (the highest first), else one of the sets the rack makes on its
// own, jokers kept aside.
func smallPlay(ctx context.Context, v *game.SeatView, full solver.Result) ([][]game.Tile, bool) {
	jokers := jokersOf(v.Rack)
	req := request(v, solver.MostTiles, jokers, nil)
	req.Table = nil
	own, _ := solve(ctx, req)
	safe := map[game.TileID]bool{}
	for _, s := range own.Sets {
		for _, t := range s {
			safe[t.ID] = true
		}
	}
	var needy []game.Tile
	for _, t := range full.Placed {
		if !t.IsJoker() && !safe[t.ID] {
			needy = append(needy, t)
		}
	}
	sort.SliceStable(needy, func(i, j int) bool { return needy[i].Face.Num > needy[j].Face.Num })
	for i, t := range needy {
		if i == maxSingleTries || ctx.Err() != nil {
			break
		}
		rest := without(playable(v), []game.Tile{t})
		if res, ok := solve(ctx, request(v, solver.MostTiles, rest, []game.Tile{t})); ok {
			return res.Sets, true
		}
	}
	if len(own.Sets) > 0 {
		best := 0
		for i := 1; i < len(own.Sets); i++ {
			a, b := own.Sets[i], own.Sets[best]
			if len(a) < len(b) || (len(a) == len(b) && v.Rules.RackValue(a) > v.Rules.RackValue(b)) {
				best = i
			}
		}
		return append(cloneTable(v.Table), append([]game.Tile(nil), own.Sets[best]...)), true
	}
	return nil, false
}

// placedBy lists the rack tiles a final arrangement puts on the table.
func placedBy(v *game.SeatView, sets [][]game.Tile) []game.Tile {
	onTable := map[game.TileID]bool{}
	for _, s := range sets {
		for _, t := range s {
			onTable[t.ID] = true
		}
	}
	var out []game.Tile
	for _, t := range v.Rack {
		if onTable[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

func sameIDs(a, b []game.Tile) bool {
	if len(a) != len(b) {
		return false
	}
	ids := map[game.TileID]int{}
	for _, t := range a {
		ids[t.ID]++
	}
	for _, t := range b {
		if ids[t.ID] == 0 {
			return false
		}
		ids[t.ID]--
	}
	return true
}

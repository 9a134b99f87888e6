package puzzle

import (
	"context"
	"slices"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// PlainPlay is the most tiles the plain play places: sets made from the
// rack alone (the solver's best on an empty table) and single tiles added
// to sets on the table as they stand, nothing split or rearranged, tried
// in both orders (sets first, then additions; additions first, then
// sets). It is the play a newcomer sees; a puzzle asks for more.
func PlainPlay(ctx context.Context, r *game.Rules, start game.TurnStart) (int, error) {
	best := 0
	for _, setsFirst := range []bool{true, false} {
		rack := append([]game.Tile(nil), start.Rack...)
		table := cloneTable(game.SetsOf(start.Table))
		placed := 0
		if !setsFirst {
			n, left := extend(r, table, rack)
			placed += n
			rack = left
		}
		n, left, err := ownSets(ctx, r, rack)
		if err != nil {
			return 0, err
		}
		placed += n
		rack = left
		if setsFirst {
			n, _ := extend(r, table, rack)
			placed += n
		}
		best = max(best, placed)
	}
	return best, nil
}

// ownSets is the most rack tiles that make sets on their own, and the
// rack left.
func ownSets(ctx context.Context, r *game.Rules, rack []game.Tile) (int, []game.Tile, error) {
	res, err := solver.Solve(ctx, solver.Request{Rules: r, Rack: rack, Opened: true, Objective: solver.MostTiles})
	if err != nil || !res.Play {
		return 0, rack, err
	}
	used := map[game.TileID]bool{}
	for _, t := range res.Placed {
		used[t.ID] = true
	}
	var left []game.Tile
	for _, t := range rack {
		if !used[t.ID] {
			left = append(left, t)
		}
	}
	return res.TilesPlaced, left, nil
}

// extend adds rack tiles one at a time to the ends of runs and to groups
// of the table (changed in place) while any fits, never moving a joker
// off what it stands for; it returns the tiles added and the rack left.
func extend(r *game.Rules, table game.Table, rack []game.Tile) (int, []game.Tile) {
	added := 0
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(rack); i++ {
			t := rack[i]
			for k, set := range table {
				grown, ok := grow(r, set, t)
				if !ok {
					continue
				}
				table[k] = grown
				rack = slices.Delete(slices.Clone(rack), i, i+1)
				i--
				added++
				changed = true
				break
			}
		}
	}
	return added, rack
}

// grow lays t at either end of set, keeping every joker's meaning.
func grow(r *game.Rules, set game.Set, t game.Tile) (game.Set, bool) {
	for _, cand := range []game.Set{append(slices.Clone(set), t), append(game.Set{t}, set...)} {
		m, err := game.AnalyzeSet(cand, r)
		if err != nil {
			continue
		}
		keeps := true
		for _, u := range m.Tiles {
			if u.IsJoker() {
				for _, v := range set {
					if v.ID == u.ID && v.As != u.As {
						keeps = false
					}
				}
			}
		}
		if keeps {
			return m.Tiles, true
		}
	}
	return nil, false
}

func cloneTable(t game.Table) game.Table {
	out := make(game.Table, len(t))
	for i, s := range t {
		out[i] = slices.Clone(s)
	}
	return out
}

func tableStrings(t game.Table) [][]string {
	out := make([][]string, len(t))
	for i, s := range t {
		out[i] = game.TileStrings(s)
	}
	return out
}

// sortedTiles orders tile names by colour then number (a rack as a
// player sorts it).
func sortedTiles(ts []string) []string {
	tiles, err := game.ParseTileStrings(ts)
	if err != nil {
		return slices.Clone(ts)
	}
	slices.SortStableFunc(tiles, func(a, b game.Tile) int {
		switch {
		case a.Face.Less(b.Face):
			return -1
		case b.Face.Less(a.Face):
			return 1
		}
		return 0
	})
	return game.TileStrings(tiles)
}

func sortedSets(t [][]string) [][]string {
	out := make([][]string, len(t))
	for i, s := range t {
		out[i] = sortedTiles(s)
	}
	slices.SortFunc(out, func(a, b []string) int { return slices.Compare(a, b) })
	return out
}

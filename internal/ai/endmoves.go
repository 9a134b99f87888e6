package ai

import (
	"context"
	"sort"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// smove is one move of the endgame search: a play (the whole table after
// it and the rack tiles it places) or, when sets is nil, a draw (a pass
// once the pool is empty).
type smove struct {
	sets   game.Table
	placed []game.Tile
	own    bool // it only adds new sets of the rack's own to the table
}

func (m *smove) draw() bool { return m.sets == nil }

// maxSingles bounds how many of a rack's own sets are tried one at a time.
const maxSingles = 4

// outPlay returns the play emptying rack on table, when there is one;
// ok is false when ctx ran out.
func outPlay(ctx context.Context, r *game.Rules, table game.Table, rack []game.Tile, melded bool) (sets game.Table, out, ok bool) {
	res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: rack, Opened: melded, Objective: solver.MostTiles, Must: rack})
	if ctx.Err() != nil {
		return nil, false, false
	}
	if err == nil && res.Play && len(res.Placed) == len(rack) {
		return res.Sets, true, true
	}
	return nil, false, true
}

// genMoves lists what a player with rack can do on table when it cannot
// go out: a draw first (a pass once the pool is empty), then the play
// shedding the most points with the table's help, laying all its own
// sets, and each of them alone. The plays differ in the tiles they place,
// so that the search weighs every way to cut the rack, not only the
// largest. ok is false when ctx ran out.
func genMoves(ctx context.Context, r *game.Rules, table game.Table, rack []game.Tile, melded bool) (moves []smove, ok bool) {
	ml := moveList{rack: rack, moves: []smove{{}}, seen: map[uint64]bool{}}
	if pts, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: rack, Opened: melded, Objective: solver.MostPoints}); err == nil && pts.Play {
		ml.add(pts.Sets, false)
	}
	// the most rack tiles it can lay in sets of its own
	own, _ := solveJokersKept(ctx, solver.Request{Rules: r, Rack: rack, Opened: melded, Objective: solver.MostTiles})
	if ctx.Err() != nil {
		return nil, false
	}
	if melded {
		// The tiles in none of its own sets, placed with the table's
		// help: the one play that cuts what the rack would still hold
		// after laying every set of its own.
		keep := jokersOf(rack)
		for _, s := range own.Sets {
			for _, t := range s {
				if !t.IsJoker() {
					keep = append(keep, t)
				}
			}
		}
		if res, err := solver.Solve(ctx, solver.Request{Rules: r, Table: table, Rack: rack, Opened: true, Objective: solver.MostPoints, Keep: keep}); err == nil && res.Play {
			ml.add(res.Sets, false)
		}
	}
	if len(own.Sets) == 0 {
		return ml.moves, true
	}
	ml.add(append(cloneTable(table), own.Sets...), true)
	if melded && len(own.Sets) > 1 {
		singles := append(game.Table(nil), own.Sets...)
		sort.SliceStable(singles, func(i, j int) bool { return r.RackValue(singles[i]) > r.RackValue(singles[j]) })
		for _, s := range singles[:min(len(singles), maxSingles)] {
			ml.add(append(cloneTable(table), s), true)
		}
	}
	return ml.moves, true
}

// moveList gathers the end-game moves, one per set of tiles placed.
type moveList struct {
	rack  []game.Tile
	moves []smove
	seen  map[uint64]bool
}

// add keeps the play that leaves table as sets, unless it places nothing,
// places the whole rack (going out is tried before), or places the same
// tiles as a move already kept; own marks a play of the player's own sets,
// and marks the move kept before it too.
func (ml *moveList) add(sets game.Table, own bool) {
	placed := placedFrom(ml.rack, sets)
	if len(placed) == 0 || len(placed) == len(ml.rack) {
		return
	}
	k := zobrist(placed)
	if !ml.seen[k] {
		ml.seen[k] = true
		ml.moves = append(ml.moves, smove{sets: sets, placed: placed, own: own})
		return
	}
	if !own {
		return
	}
	for i := range ml.moves {
		if !ml.moves[i].draw() && zobrist(ml.moves[i].placed) == k {
			ml.moves[i].own = true
		}
	}
}

// placedFrom returns the tiles of rack that sets holds.
func placedFrom(rack []game.Tile, sets game.Table) []game.Tile {
	on := map[game.TileID]bool{}
	for _, s := range sets {
		for _, t := range s {
			on[t.ID] = true
		}
	}
	var out []game.Tile
	for _, t := range rack {
		if on[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

// zobrist is an order-free fingerprint of a set of tiles (by id).
func zobrist(tiles []game.Tile) uint64 {
	var h uint64
	for _, t := range tiles {
		x := uint64(t.ID) + 0x9e3779b97f4a7c15
		x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
		x = (x ^ (x >> 27)) * 0x94d049bb133111eb
		h ^= x ^ (x >> 31)
	}
	return h
}

// tableFingerprint is zobrist over every tile on a table: the solver may
// rearrange the whole table, so what a player can do depends on the
// table's tiles, not on how they are grouped.
func tableFingerprint(t game.Table) uint64 {
	var h uint64
	for _, s := range t {
		h ^= zobrist(s)
	}
	return h
}

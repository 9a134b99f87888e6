package solver

import (
	"context"
	"fmt"
	"slices"

	"rummikub/internal/game"
)

// The French rules (table=grid): the best placement of rack tiles on a
// grid. SolveGrid keeps every tile on the grid where it lies and searches
// every placement of rack tiles on empty cells, proving its answer
// optimal for the objective (GridResult.Optimal) when it finishes before
// the deadline, else giving the best play found so far.
//
// Why the search sees every placement. Take any valid play P (the new
// tiles, each on a cell). Every final line of two or more tiles is a
// valid run or group and every new tile lies in one of three or more; so
// every new tile has a tile beside it, and P falls into pieces of new
// tiles side by side:
//
//   - a piece beside a tile of the grid (anchored) is grown from the grid
//     by the grower (grid_grow.go): a node is a set of new tiles whose
//     lines are all consistent (grid_board.go: some completion could make
//     each valid; a line that is not can never become valid, since lines
//     only grow and keep their tiles). A node with a deficiency (a line of
//     two, a line of jokers only, a loose new tile) branches on every tile
//     on the cells that could mend it; a node without one is a valid
//     play, and branches on every tile beside a tile. Every subset of P
//     lies in the consistent family, so from any node inside P one branch
//     stays inside P, down to P itself. Runs extended at either end,
//     groups made or extended through a tile, new lines crossing each
//     other or grid lines, a 3x3 block of three runs and three groups,
//     jokers anywhere (a joker at a crossing takes the face its run gives
//     it, which its group must accept, as the engine reads it): all are
//     such sets;
//   - a piece touching no grid tile and no other piece is valid wherever
//     it lies, so only its shape matters: the free search (grid_free.go)
//     grows every piece from one of its tiles on the origin, once for
//     each multiset of rack tiles left, and the pieces are laid where the
//     grid has room. The initial meld (not opened, without
//     meld-then-extend) is pieces only, worth the threshold (each tile
//     counted once, a run and a group crossing in it allowed), and an
//     Apart request lays only pieces.
//
// Cuts that lose no play: nodes are visited once (a 64-bit hash of their
// tiles: two distinct nodes sharing one would wrongly skip the second);
// independent pieces are laid in one order only (the seed rule in
// grid_grow.go); a node is cut when its worth plus that of every rack
// tile left that could still lie in a line of three (grid_bound.go)
// cannot beat the best play found. TestSolveGridMatchesBruteForce and
// TestSolveGridGapsMatchBruteForce (holes of one cell in rows and
// columns, lines two apart, jokers at crossings, wrap; FuzzSolveGridGaps
// over the same draws) check the whole against every placement judged on
// small grids, and
// TestSolveGridCutsLoseNothing the cuts against the search without them
// on grids of real games. A piece apart needs room: on a grid too full
// to lay it, the play falls back to the next best found, not Optimal.
//
// Moving tiles already on the grid is
// not searched (so Optimal is over every placement that leaves them
// where they lie), nor is the meld-then-extend initial meld exactly: it
// lays the best meld apart and then extends from it as an opened player,
// and says Optimal false. Every answer is judged by game.JudgeGridTurn
// before it is returned.

// GridRequest is one grid position to solve.
type GridRequest struct {
	Rules     *game.Rules
	Grid      game.Grid // every tile stays on its cell
	Rack      []game.Tile
	Opened    bool // the player made the initial meld before this turn
	Objective Objective
	Keep      []game.Tile // rack tiles to hold back
	Must      []game.Tile // rack tiles that must be played
	// Apart lays only new sets standing apart from the grid, as the
	// initial meld must (levels that keep away from the grid use it).
	Apart bool
}

// GridResult is the best grid play found.
type GridResult struct {
	// Play reports that a legal play was found.
	Play bool
	// Grid is the whole grid after the play, as game.JudgeGridTurn lays it.
	Grid game.Grid
	// Placed lists the rack tiles played, as given in the rack, in rack
	// order.
	Placed       []game.Tile
	TilesPlaced  int
	PointsPlaced int // the rack penalty removed: face values, a joker its joker-penalty
	// Complete reports that the search finished before the deadline.
	Complete bool
	// Optimal reports that no placement of rack tiles on empty cells
	// (the grid's tiles where they lie) does better for the objective:
	// the search finished and covers the position exactly (see the
	// package comment on the grid).
	Optimal bool
}

// SolveGrid finds the best play on the grid for req. It returns an error
// only for input it cannot use; a position with no play is a GridResult
// with Play false. When ctx expires the best play found so far comes back
// with Complete and Optimal false.
func SolveGrid(ctx context.Context, req GridRequest) (res GridResult, err error) {
	defer func() {
		if r := recover(); r != nil {
			res, err = GridResult{}, fmt.Errorf("solver: internal error on the grid: %v", r)
		}
	}()
	if req.Rules == nil {
		return GridResult{}, ErrNoRules
	}
	if req.Objective != MostTiles && req.Objective != MostPoints {
		return GridResult{}, fmt.Errorf("solver: unknown objective %d", int(req.Objective))
	}
	if err := game.ReadGrid(req.Grid, req.Rules); err != nil {
		return GridResult{}, fmt.Errorf("the grid is not valid: %w", err)
	}
	for _, t := range req.Rack {
		if !t.Face.Valid() {
			return GridResult{}, fmt.Errorf("rack tile %v is not a tile", t.Face)
		}
	}
	playable, err := withoutTiles(req.Rack, req.Keep)
	if err != nil {
		return GridResult{}, err
	}
	if _, err := withoutTiles(playable, req.Must); err != nil {
		return GridResult{}, err
	}
	start := game.TurnStart{Table: req.Grid, Rack: req.Rack, Opened: req.Opened}
	s := &gridSearch{req: req, r: req.Rules, start: start, playable: playable}
	defer func() { WorkOf(ctx).Spend(setupWork(len(req.Grid.Tiles)+len(req.Rack)) + int64(s.nodes&63)) }()
	return s.solve(ctx)
}

// withoutTiles is tiles less drop (by id when a tile of drop has one, else
// by face); a tile of drop not in tiles is an error.
func withoutTiles(tiles, drop []game.Tile) ([]game.Tile, error) {
	out := slices.Clone(tiles)
	for _, d := range drop {
		i := slices.IndexFunc(out, func(t game.Tile) bool {
			return t.Face == d.Face && (d.ID == game.NoID || t.ID == d.ID)
		})
		if i < 0 {
			return nil, fmt.Errorf("tile %v is not on the rack (or is listed twice)", d)
		}
		out = slices.Delete(out, i, i+1)
	}
	return out, nil
}

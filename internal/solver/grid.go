package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"rummikub/internal/game"
)

// The French rules (table=grid): the best placement of rack tiles on a
// grid. SolveGrid keeps every tile on the grid where it lies and searches:
//
//   - new sets standing apart from the grid: the rack's own sets, chosen
//     exactly by Solve with no table (the initial meld included, at its
//     threshold), each laid where no tile of it shares a side with another;
//   - moves through the grid (grid_moves.go): runs extended at either end
//     or both, groups made or extended through a tile of a row, runs made
//     through a tile of a column, lines joined through the cells between
//     them, every line made or crossed valid; a rack joker fills a cell
//     only where its real tile is missing and no line crosses it;
//   - every sequence of such moves (depth first, best first, duplicates
//     and hopeless branches cut), the rest of the rack then laid as new
//     sets by Solve.
//
// What it does not search: moving tiles already on the grid, new sets
// that cross each other (an initial meld of a run and a group through one
// tile), a rack joker at a crossing, and jokers laid where a real tile
// could go. So its answer is the best of that family, not a proof over
// every placement; GridResult.Complete says the family was searched to the
// end. Every answer is judged by game.JudgeGridTurn before it is returned.

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
	// Complete reports that the search of its family of plays finished
	// before the deadline (see the package comment on the grid).
	Complete bool
}

// SolveGrid finds the best play on the grid for req. It returns an error
// only for input it cannot use; a position with no play is a GridResult
// with Play false. When ctx expires the best play found so far comes back
// with Complete false.
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
	start := game.TurnStart{Grid: req.Grid, Rack: req.Rack, Opened: req.Opened}
	s := &gridSearch{req: req, r: req.Rules, start: start, playable: playable}
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

// errNoRoom is a set that finds no free place on the grid.
var errNoRoom = errors.New("no room on the grid")

// layApart lays sets on g where none of their tiles shares a side with
// another tile: a run in a row, a group in a column, each at the place
// keeping the grid smallest.
func layApart(g game.Grid, sets game.Table, r *game.Rules) (game.Grid, error) {
	out := g.Clone()
	for _, set := range sets {
		m, err := game.AnalyzeSet(set, r)
		if err != nil {
			return game.Grid{}, err
		}
		at := out.Cells()
		d := right
		if m.Kind == game.Group {
			d = down
		}
		n := len(m.Tiles)
		lo, hi, ok := out.Bounds()
		if !ok {
			for i, t := range m.Tiles {
				out.Tiles = append(out.Tiles, game.GridTile{Cell: step(game.Cell{}, d, i), Tile: t})
			}
			continue
		}
		best, bestArea := game.Cell{}, -1
		for row := lo.Row - n - 1; row <= hi.Row+2; row++ {
			for col := lo.Col - n - 1; col <= hi.Col+2; col++ {
				c0 := game.Cell{Row: row, Col: col}
				end := step(c0, d, n-1)
				nlo := game.Cell{Row: min(lo.Row, c0.Row), Col: min(lo.Col, c0.Col)}
				nhi := game.Cell{Row: max(hi.Row, end.Row), Col: max(hi.Col, end.Col)}
				if nhi.Row-nlo.Row >= game.GridRows || nhi.Col-nlo.Col >= game.GridCols {
					continue
				}
				area := (nhi.Row - nlo.Row + 1) * (nhi.Col - nlo.Col + 1)
				if bestArea >= 0 && area >= bestArea {
					continue
				}
				free := true
				for i := -1; i <= n && free; i++ {
					c := step(c0, d, i)
					if _, ok := at[c]; ok {
						free = false
					}
					if i >= 0 && i < n {
						p := perp(d)
						_, a := at[step(c, p, -1)]
						_, z := at[step(c, p, 1)]
						free = free && !a && !z
					}
				}
				if free {
					best, bestArea = c0, area
				}
			}
		}
		if bestArea < 0 {
			return game.Grid{}, errNoRoom
		}
		for i, t := range m.Tiles {
			out.Tiles = append(out.Tiles, game.GridTile{Cell: step(best, d, i), Tile: t})
		}
	}
	out.Sort()
	return out, nil
}

// judged judges the play grid after from the request's start and turns it
// into a result.
func (s *gridSearch) judged(after game.Grid, opened bool) (GridResult, bool) {
	start := s.start
	start.Opened = opened
	tr, err := game.JudgeGridTurn(s.r, start, after)
	if err != nil {
		return GridResult{}, false
	}
	for _, m := range s.req.Must {
		if !slices.ContainsFunc(tr.Placed, func(t game.Tile) bool { return t.Face == m.Face && (m.ID == game.NoID || t.ID == m.ID) }) {
			return GridResult{}, false
		}
	}
	res := GridResult{Play: true, Grid: tr.Grid, Placed: tr.Placed, TilesPlaced: len(tr.Placed)}
	for _, t := range tr.Placed {
		res.PointsPlaced += s.r.Penalty(t.Face)
	}
	return res, true
}

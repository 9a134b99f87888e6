package ai

import (
	"context"
	"math/rand/v2"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Expert on the grid (the French rules) plays with its whole search, as
// on a table of sets. The French rules let a player move the grid's tiles
// to other cells, so every arrangement of the grid's tiles and the rack
// tiles played as sets laid apart on the grid is a legal play. Expert
// reads the grid as such a table: its tiles split into sets by the solver
// (setsOfGrid), it chooses as it does on a table of sets (going out, the
// endgame search, the look-ahead, holding back), and lays the table it
// chose on the grid, each set apart from the others (layOut). The grid
// solver, which all the other levels use, never moves a grid tile: in the
// experiment of BenchmarkFrenchBlocked, at the end of 38 blocked games of
// 40 between medium and hard, every one of the 76 racks left could have
// gone out by moving the grid's tiles. It was the players, not the rules,
// that blocked those games.

// setsOfGrid splits the grid's tiles into sets, every tile in one (a
// crossing tile is in one of its lines only); false when they cannot be
// split so (a grid that holds together only by its crossings).
func setsOfGrid(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	tiles := game.GridOf(v.Table).AllTiles()
	if len(tiles) == 0 {
		return nil, true
	}
	res, err := solver.Solve(ctx, solver.Request{Rules: &v.Rules, Rack: tiles, Opened: true, Must: tiles})
	if err != nil || !res.Play || len(res.Placed) != len(tiles) {
		return nil, false
	}
	return res.Sets, true
}

// chooseGridSets is expert's choice on the grid through its choice on a
// table of sets (choose); ok is false when the grid cannot be read as
// sets or the table chosen cannot be laid out, and the grid play of
// chooseGrid stands instead.
func (b *base) chooseGridSets(ctx context.Context, v *game.SeatView, choose chooser, rng *rand.Rand) (d decision, ok bool) {
	if !opened(v) || len(v.Must) > 0 || len(v.Locked) > 0 {
		return decision{}, false
	}
	table, ok := setsOfGrid(ctx, v)
	if !ok {
		return decision{}, false
	}
	sv := *v
	sv.Table = table
	// What the search offers while it thinks is a table of sets too: laid
	// on the grid like its final choice should the deadline cut it short.
	// (Played as sets, such an offer left the grid's tiles out: 8 refused
	// moves in 100 games of sim --players expert,expert --rules french
	// --seed 5 --mirror --think 100ms.)
	layOffers(ctx, func(sets game.Table) (game.Action, bool) { return gridSetsPlay(v, sets) })
	sets, play := choose(ctx, &sv, rng)
	if !play {
		return decision{act: drawAction(v)}, true
	}
	a, ok := gridSetsPlay(v, sets)
	if !ok {
		return decision{}, false // the grid solver's play instead
	}
	return decision{act: a}, true
}

// gridSetsPlay is the seat's play of a table of sets chosen for the grid:
// laid out on the grid (layOut) and judged; false when it does not fit or
// is not a legal turn.
func gridSetsPlay(v *game.SeatView, sets game.Table) (game.Action, bool) {
	g, ok := layOut(&v.Rules, sets)
	if !ok {
		return game.Action{}, false
	}
	if _, err := game.JudgeGridTurn(&v.Rules, v.TurnStart(), g); err != nil {
		return game.Action{}, false
	}
	return gridPlay(v, g), true
}

// layOut lays a table of sets on the grid, each apart: bands of four rows
// and a row between bands, in which runs lie along the band's top row and
// groups down its rows, with a column between neighbours. false when the
// sets do not fit in the grid's bounds.
func layOut(r *game.Rules, sets game.Table) (game.Grid, bool) {
	const band = 5 // a group of four and the empty row below it
	var g game.Grid
	row, col := 0, 0
	for _, s := range sets {
		m, err := game.AnalyzeSet(s, r)
		if err != nil {
			return game.Grid{}, false
		}
		width := 1
		if m.Kind == game.Run {
			width = len(m.Tiles)
		}
		if col+width > game.GridCols {
			row, col = row+band, 0
		}
		if row+band-1 > game.GridRows {
			return game.Grid{}, false
		}
		for i, t := range m.Tiles {
			c := game.Cell{Row: row, Col: col + i}
			if m.Kind != game.Run {
				c = game.Cell{Row: row + i, Col: col}
			}
			g.Tiles = append(g.Tiles, game.GridTile{Cell: c, Tile: t})
		}
		col += width + 1
	}
	g.Sort()
	return g, true
}

package solver

import (
	"context"
	"math/rand/v2"
	"testing"

	"rummikub/internal/game"
)

// bruteGrid is the reference for SolveGrid on small positions: every way
// to lay a subset of the rack on the empty cells of a window around the
// grid, each judged by the engine; it returns the most tiles placed.
func bruteGrid(r *game.Rules, start game.TurnStart, lo, hi game.Cell) int {
	var cells []game.Cell
	at := start.Grid.Cells()
	for row := lo.Row; row <= hi.Row; row++ {
		for col := lo.Col; col <= hi.Col; col++ {
			if _, ok := at[game.Cell{Row: row, Col: col}]; !ok {
				cells = append(cells, game.Cell{Row: row, Col: col})
			}
		}
	}
	best := 0
	rack := start.Rack
	used := make([]bool, len(rack))
	after := start.Grid.Clone()
	var rec func(from, placed int)
	rec = func(from, placed int) {
		if placed > best {
			occupied := after.Cells()
			ok := true
			for _, gt := range after.Tiles[start.Grid.Len():] {
				if !neighbourOf(occupied, gt.Cell) {
					ok = false
				}
			}
			if ok {
				if _, err := game.JudgeGridTurn(r, start, after); err == nil {
					best = placed
				}
			}
		}
		for ci := from; ci < len(cells); ci++ {
			for ti := range rack {
				if used[ti] {
					continue
				}
				used[ti] = true
				after.Tiles = append(after.Tiles, game.GridTile{Cell: cells[ci], Tile: rack[ti]})
				rec(ci+1, placed+1)
				after.Tiles = after.Tiles[:len(after.Tiles)-1]
				used[ti] = false
			}
		}
	}
	rec(0, 0)
	return best
}

func neighbourOf(at map[game.Cell]int, c game.Cell) bool {
	for _, d := range []game.Cell{{Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
		if _, ok := at[game.Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}]; ok {
			return true
		}
	}
	return false
}

// randomSmallGrid is a run of three at row 0, columns 0-2, sometimes with
// a group through one of its tiles, and a rack of three tiles near it.
func randomSmallGrid(rng *rand.Rand) (game.Grid, []game.Tile) {
	col := game.Colors[rng.IntN(4)]
	s := 1 + rng.IntN(11)
	var g game.Grid
	for i := 0; i < 3; i++ {
		g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Col: i}, Tile: game.T(game.F(col, s+i))})
	}
	if rng.IntN(2) == 0 {
		k := rng.IntN(3)
		n := 0
		for _, c := range game.Colors {
			if c != col && n < 2 {
				n++
				row := []int{-1, 1}[n-1]
				g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Row: row, Col: k}, Tile: game.T(game.F(c, s+k))})
			}
		}
		g.Sort()
	}
	var rack []game.Tile
	for len(rack) < 3 {
		var f game.Face
		switch rng.IntN(3) {
		case 0: // the run's colour, near it
			f = game.F(col, min(13, max(1, s-2+rng.IntN(7))))
		case 1: // a number of the run, any colour
			f = game.F(game.Colors[rng.IntN(4)], s+rng.IntN(3))
		default:
			f = game.F(game.Colors[rng.IntN(4)], 1+rng.IntN(13))
		}
		rack = append(rack, game.Tile{ID: game.TileID(300 + len(rack)), Face: f})
	}
	return g, rack
}

// TestSolveGridMatchesBruteForce: on small grids with three rack tiles the
// grid solver places as many tiles as every placement on the cells around
// the grid, judged one by one, and its answer passes the judge.
func TestSolveGridMatchesBruteForce(t *testing.T) {
	r := frenchRules(t)
	rng := rand.New(rand.NewPCG(11, 3))
	n := 8
	if testing.Short() {
		n = 3
	}
	for i := 0; i < n; i++ {
		g, rack := randomSmallGrid(rng)
		start := game.TurnStart{Grid: g, Rack: rack, Opened: true}
		lo, hi, _ := g.Bounds()
		want := bruteGrid(r, start, game.Cell{Row: lo.Row - 2, Col: lo.Col - 2}, game.Cell{Row: hi.Row + 2, Col: hi.Col + 2})
		res, err := SolveGrid(context.Background(), GridRequest{Rules: r, Grid: g, Rack: rack, Opened: true})
		if err != nil {
			t.Fatal(err)
		}
		if res.TilesPlaced != want {
			t.Errorf("grid %v, rack %s: the solver places %d (%v), every placement allows %d", g, game.FormatTiles(rack), res.TilesPlaced, res.Grid, want)
		}
		if res.Play {
			if _, err := game.JudgeGridTurn(r, start, res.Grid); err != nil {
				t.Errorf("grid %v, rack %s: the answer %v does not pass the judge: %v", g, game.FormatTiles(rack), res.Grid, err)
			}
		}
	}
}

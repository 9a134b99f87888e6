package game

import (
	"fmt"
	"sort"
)

// The French rules (table=grid) lay the table out as a grid of square
// cells: runs read left to right along a row, groups top to bottom along a
// column, and a tile may lie in one of each. Grid is that table; it sits
// beside Table and has its own judge (JudgeGridTurn).
//
// The rules give the grid no edge. The engine bounds its extent instead:
// every tile of a grid lies within GridRows rows and GridCols columns of
// each other (the bounding box of the occupied cells is at most that
// large), and a cell's coordinates stay within ±GridCoordLimit. Rows grow
// downwards and columns to the right; coordinates may be negative, so a
// run can always be extended at its left end.

// The bounds of a grid.
const (
	GridRows       = 40
	GridCols       = 60
	GridCoordLimit = 9999
)

// Cell is one cell of the grid: its row (downwards) and column (to the
// right).
type Cell struct {
	Row, Col int
}

// String is "row 2, column 5" in the sentences of the judge.
func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.Row, c.Col) }

// GridTile is a tile lying on a cell.
type GridTile struct {
	Cell
	Tile Tile
}

// Grid is the table under table=grid: the tiles lying on it, each on its
// own cell. The engine keeps a judged grid sorted by row, then column, and
// every joker carrying in As the tile its lines make it stand for.
type Grid struct {
	Tiles []GridTile
}

// Len is the number of tiles on the grid.
func (g Grid) Len() int { return len(g.Tiles) }

// Empty reports whether no tile lies on the grid.
func (g Grid) Empty() bool { return len(g.Tiles) == 0 }

// Clone is a deep copy of the grid.
func (g Grid) Clone() Grid {
	if g.Tiles == nil {
		return Grid{}
	}
	return Grid{Tiles: append([]GridTile(nil), g.Tiles...)}
}

// AllTiles is every tile of the grid in row, then column order.
func (g Grid) AllTiles() []Tile {
	out := make([]Tile, len(g.Tiles))
	for i, gt := range g.Tiles {
		out[i] = gt.Tile
	}
	return out
}

// At returns the tile on cell c, if one lies there.
func (g Grid) At(c Cell) (Tile, bool) {
	for _, gt := range g.Tiles {
		if gt.Cell == c {
			return gt.Tile, true
		}
	}
	return Tile{}, false
}

// Cells maps every occupied cell to its tile's index in Tiles.
func (g Grid) Cells() map[Cell]int {
	m := make(map[Cell]int, len(g.Tiles))
	for i, gt := range g.Tiles {
		m[gt.Cell] = i
	}
	return m
}

// Sort puts the tiles in row, then column order.
func (g *Grid) Sort() {
	sort.SliceStable(g.Tiles, func(a, b int) bool { return cellLess(g.Tiles[a].Cell, g.Tiles[b].Cell) })
}

func cellLess(a, b Cell) bool {
	if a.Row != b.Row {
		return a.Row < b.Row
	}
	return a.Col < b.Col
}

// Bounds is the smallest box holding every tile: its top-left and
// bottom-right cells; ok is false for an empty grid.
func (g Grid) Bounds() (lo, hi Cell, ok bool) {
	if len(g.Tiles) == 0 {
		return Cell{}, Cell{}, false
	}
	lo, hi = g.Tiles[0].Cell, g.Tiles[0].Cell
	for _, gt := range g.Tiles[1:] {
		lo.Row, lo.Col = min(lo.Row, gt.Row), min(lo.Col, gt.Col)
		hi.Row, hi.Col = max(hi.Row, gt.Row), max(hi.Col, gt.Col)
	}
	return lo, hi, true
}

// Line is a maximal run of occupied cells side by side in one row
// (Horizontal, left to right) or one column (top to bottom).
type Line struct {
	Horizontal bool
	Cells      []Cell
	Tiles      []Tile
}

// Name is "the row (3,1)-(3,4) (R2 R3 R4 R5)" in the judge's sentences.
func (l Line) Name() string {
	what := "column"
	if l.Horizontal {
		what = "row"
	}
	return fmt.Sprintf("the %s %v-%v (%s)", what, l.Cells[0], l.Cells[len(l.Cells)-1], FormatTiles(l.Tiles))
}

// Lines returns every line of two or more tiles: the horizontal ones by
// row, then the vertical ones by column. A grid with two tiles on one cell
// has no meaningful lines; check that first (JudgeGridTurn does).
func (g Grid) Lines() []Line {
	at := g.Cells()
	var out []Line
	for _, horiz := range []bool{true, false} {
		step := Cell{0, 1}
		if !horiz {
			step = Cell{1, 0}
		}
		starts := make([]Cell, 0, len(g.Tiles))
		for _, gt := range g.Tiles {
			prev := Cell{gt.Row - step.Row, gt.Col - step.Col}
			next := Cell{gt.Row + step.Row, gt.Col + step.Col}
			_, hasPrev := at[prev]
			_, hasNext := at[next]
			if !hasPrev && hasNext {
				starts = append(starts, gt.Cell)
			}
		}
		if !horiz {
			sort.Slice(starts, func(a, b int) bool {
				if starts[a].Col != starts[b].Col {
					return starts[a].Col < starts[b].Col
				}
				return starts[a].Row < starts[b].Row
			})
		} else {
			sort.Slice(starts, func(a, b int) bool { return cellLess(starts[a], starts[b]) })
		}
		for _, c := range starts {
			l := Line{Horizontal: horiz}
			for {
				i, ok := at[c]
				if !ok {
					break
				}
				l.Cells = append(l.Cells, c)
				l.Tiles = append(l.Tiles, g.Tiles[i].Tile)
				c = Cell{c.Row + step.Row, c.Col + step.Col}
			}
			out = append(out, l)
		}
	}
	return out
}

// Neighbours reports whether cell c shares a side with an occupied cell of
// at.
func neighbours(at map[Cell]int, c Cell) bool {
	for _, d := range [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if _, ok := at[Cell{c.Row + d.Row, c.Col + d.Col}]; ok {
			return true
		}
	}
	return false
}

// checkShape says what is wrong with the grid's layout itself: two tiles
// on one cell, a cell beyond the coordinate limit, or tiles spread wider
// than the grid's bounds. It returns the offending cells and a sentence.
func (g Grid) checkShape() ([]Cell, string) {
	seen := make(map[Cell]bool, len(g.Tiles))
	for _, gt := range g.Tiles {
		if seen[gt.Cell] {
			return []Cell{gt.Cell}, fmt.Sprintf("two tiles lie on cell %v: a cell holds one tile", gt.Cell)
		}
		seen[gt.Cell] = true
		if gt.Row < -GridCoordLimit || gt.Row > GridCoordLimit || gt.Col < -GridCoordLimit || gt.Col > GridCoordLimit {
			return []Cell{gt.Cell}, fmt.Sprintf("cell %v is off the grid: rows and columns run from %d to %d", gt.Cell, -GridCoordLimit, GridCoordLimit)
		}
	}
	lo, hi, ok := g.Bounds()
	if ok && (hi.Row-lo.Row+1 > GridRows || hi.Col-lo.Col+1 > GridCols) {
		return []Cell{lo, hi}, fmt.Sprintf("the tiles spread from %v to %v, %d rows by %d columns: the grid holds at most %d rows by %d columns", lo, hi, hi.Row-lo.Row+1, hi.Col-lo.Col+1, GridRows, GridCols)
	}
	return nil, ""
}

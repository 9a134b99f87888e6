package tui

import (
	"errors"
	"fmt"

	"rummikub/internal/game"
)

// The grid's turn: where the cursor waits when a turn opens, what the
// status line says while the player works, the cells marked not valid,
// and how a play on the grid is told and marked.

// open begins seat's turn on a working arrangement of the grid. The turn
// starts on the rack; Tab goes to the grid, where the cursor waits on a
// free cell for an initial meld (which stands apart) and on the middle of
// the grid's tiles otherwise.
func (s *gridSurface) open(p *Board, seat int, rack []game.Tile) {
	s.a = NewGridArrangement(game.GridOf(p.v.Table), rack, p.v.Locked, p.v.Must)
	cell := s.a.Cursor().Cell
	if p.v.Melded[seat] && !game.GridOf(p.v.Table).Empty() {
		cell = p.gridCenter()
	}
	s.a.SetCursor(GridCursor{OnRack: true, Cell: cell})
}

// gridCenter is the tile nearest the middle of the grid's tiles, where
// the cursor waits on the grid at the start of a turn.
func (p *Board) gridCenter() game.Cell {
	lo, hi, ok := game.GridOf(p.v.Table).Bounds()
	if !ok {
		return game.Cell{}
	}
	mid := game.Cell{Row: (lo.Row + hi.Row) / 2, Col: (lo.Col + hi.Col) / 2}
	best, bestD := lo, 1<<30
	for _, gt := range game.GridOf(p.v.Table).Tiles {
		d := abs(gt.Row-mid.Row) + abs(gt.Col-mid.Col)
		if d < bestD {
			best, bestD = gt.Cell, d
		}
	}
	return best
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// pickFace picks up a tile typed by name (r7): from the rack first, then
// the grid; msg says where it came from.
func (a *GridArrangement) pickFace(f game.Face) (msg string, err error) {
	fromRack, cell, err := a.PickFace(f)
	if err != nil {
		return "", err
	}
	where := "your rack"
	if !fromRack {
		where = "cell " + cell.String()
	}
	return fmt.Sprintf("Picked %s from %s: move to an empty cell and press space to put it down (esc puts it back).", f, where), nil
}

// turnHint is what the status line says while the player works on the
// grid: why the line under the cursor (or the first bad line) is not
// valid, as the judge says it, or what to do next.
func (s *gridSurface) turnHint(p *Board) string {
	a := s.a
	if a.Holding() {
		return fmt.Sprintf("Carrying %s: move to an empty cell and press space to put it down (esc puts it back).", faces(a.Held()))
	}
	if !a.Changed() {
		if p.summary != "" {
			return p.summary + "."
		}
		if !p.v.Melded[p.viewer] {
			return fmt.Sprintf("Your initial meld needs %d points from your own tiles, standing apart from the grid's tiles: type a tile's name (r7) to pick it up, space puts it down; or press d to draw.", p.v.Rules.InitialMeld)
		}
		return "Your turn: type a tile's name (r7) or press space on a tile to pick it up, space on an empty cell to put it down (runs along rows, groups down columns); enter ends the turn."
	}
	if err := game.ReadGrid(a.Grid(), &p.v.Rules); err != nil {
		return sentence(gridReason(err))
	}
	if _, err := game.JudgeGridTurn(&p.v.Rules, p.v.TurnStart(), a.Grid()); err != nil {
		return sentence(gridReason(err))
	}
	n := a.PlacedCount()
	return fmt.Sprintf("%d %s from your rack on the grid: enter ends the turn.", n, plural(n, "tile", "tiles"))
}

// gridReason is a judge's refusal as its sentence.
func gridReason(err error) string {
	var te *game.TurnError
	if errors.As(err, &te) {
		return te.Message
	}
	return err.Error()
}

// badCells are the cells the board marks as not valid: every tile of a
// line that is not valid, a loose tile, and the cells a refused turn
// named (until the next change).
func (s *gridSurface) badCells(p *Board) map[game.Cell]bool {
	out := map[game.Cell]bool{}
	for _, c := range s.bad {
		out[c] = true
	}
	if s.a == nil {
		return out
	}
	g := s.a.Grid()
	for _, l := range g.Lines() {
		if err := game.ReadGrid(lineGrid(l), &p.v.Rules); err != nil {
			for _, c := range l.Cells {
				out[c] = true
			}
		}
	}
	// A tile in no line of three or more is loose.
	long := map[game.Cell]bool{}
	for _, l := range g.Lines() {
		if len(l.Cells) >= 3 {
			for _, c := range l.Cells {
				long[c] = true
			}
		}
	}
	for _, gt := range g.Tiles {
		if !long[gt.Cell] {
			out[gt.Cell] = true
		}
	}
	return out
}

// lineGrid is one line alone on a grid, to judge it by itself.
func lineGrid(l game.Line) game.Grid {
	g := game.Grid{}
	for i, c := range l.Cells {
		g.Tiles = append(g.Tiles, game.GridTile{Cell: c, Tile: l.Tiles[i]})
	}
	return g
}

// describeGridPlay is "placed R7 R8 R9 B7 in rows 2..3, columns 0..2,
// moving 2 tiles of the grid": the tiles and the box they were placed in.
func describeGridPlay(ev game.Event, before, after game.Grid) string {
	placed := map[game.TileID]bool{}
	for _, t := range ev.Placed {
		placed[t.ID] = true
	}
	at := map[game.Cell]game.Tile{}
	for _, gt := range after.Tiles {
		if placed[gt.Tile.ID] {
			at[gt.Cell] = gt.Tile
		}
	}
	// The tiles in reading order (row by row), as they lie on the grid.
	var shown []game.Tile
	for _, gt := range after.Tiles {
		if placed[gt.Tile.ID] {
			shown = append(shown, gt.Tile)
		}
	}
	if len(shown) != len(ev.Placed) {
		shown = ev.Placed
	}
	s := "placed " + faces(shown) + " " + cellsPhrase(at)
	if n := len(movedOnGrid(before, after)); n > 0 {
		s += fmt.Sprintf(", moving %d %s of the grid", n, plural(n, "tile", "tiles"))
	}
	return s
}

// movedOnGrid are the tiles of before that lie on another cell in after.
func movedOnGrid(before, after game.Grid) map[game.TileID]bool {
	was := map[game.TileID]game.Cell{}
	for _, gt := range before.Tiles {
		was[gt.Tile.ID] = gt.Cell
	}
	out := map[game.TileID]bool{}
	for _, gt := range after.Tiles {
		if c, ok := was[gt.Tile.ID]; ok && c != gt.Cell {
			out[gt.Tile.ID] = true
		}
	}
	return out
}

// gridChanged are the tiles a play changed on the grid, for the marks of
// "changed since your last turn": those placed and those moved.
func gridChanged(before, after game.Grid, ev game.Event) map[game.TileID]bool {
	if ev.Kind != game.ActPlay {
		return nil
	}
	marks := movedOnGrid(before, after)
	for _, t := range ev.Placed {
		marks[t.ID] = true
	}
	return marks
}

// cellsPhrase says where tiles lie: "at (2,3)", "in row 2, columns 0..2",
// "in column 1, rows 0..2" or "in rows 0..2, columns 0..4".
func cellsPhrase(at map[game.Cell]game.Tile) string {
	lo, hi, ok := cellBounds(at)
	switch {
	case !ok:
		return "on the grid"
	case lo == hi:
		return "at " + lo.String()
	case lo.Row == hi.Row:
		return fmt.Sprintf("in row %d, columns %d..%d", lo.Row, lo.Col, hi.Col)
	case lo.Col == hi.Col:
		return fmt.Sprintf("in column %d, rows %d..%d", lo.Col, lo.Row, hi.Row)
	}
	return fmt.Sprintf("in rows %d..%d, columns %d..%d", lo.Row, hi.Row, lo.Col, hi.Col)
}

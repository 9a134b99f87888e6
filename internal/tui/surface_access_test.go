package tui

import (
	"fmt"

	"rummikub/internal/game"
)

// Test access to the board's surface: the working arrangement of either
// shape (nil when the board's surface is the other shape, or between
// turns), and the shape's own state.

func (p *Board) setsSurf() *setsSurface {
	s, _ := p.surf.(*setsSurface)
	return s
}

func (p *Board) gridSurf() *gridSurface {
	s, _ := p.surf.(*gridSurface)
	return s
}

// arr is the working arrangement on the sets table, or nil.
func (p *Board) arr() *Arrangement {
	if s := p.setsSurf(); s != nil {
		return s.a
	}
	return nil
}

// garr is the working arrangement on the grid, or nil.
func (p *Board) garr() *GridArrangement {
	if s := p.gridSurf(); s != nil {
		return s.a
	}
	return nil
}

// marksFor is how a tile is drawn: on the sets table (in set, or -1), or
// on the rack.
func (p *Board) marksFor(t game.Tile, onTable bool, set int) TileMarks {
	if onTable {
		return p.setsSurf().tileMarks(p, t, set)
	}
	return p.rackMarks(t)
}

func (p *Board) hit(x, y int) (Cursor, bool) { return p.setsSurf().hit(p, x, y) }

func (p *Board) gridHit(x, y int) (GridCursor, bool) { return p.gridSurf().hit(p, x, y) }

// surfState is the surface's part of the layout as text: the grid's
// window, or the tiles moved this turn on the sets table.
func (p *Board) surfState() string {
	if s := p.gridSurf(); s != nil {
		return fmt.Sprintf("%+v", s.geo)
	}
	return fmt.Sprintf("%v", p.setsSurf().moved)
}

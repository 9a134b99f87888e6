package tui

import (
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// The mouse on the grid board: a click on a tile picks it up, a click on
// an empty cell puts the next carried tile down there; pressing on a
// tile, dragging and releasing on an empty cell moves it. A click on the
// rack picks that tile up (or puts carried rack tiles back there). The
// wheel moves the cursor up and down.

// hit finds what lies under screen cell (x, y), as the board's layout
// places it (the one View draws).
func (s *gridSurface) hit(p *Board, x, y int) (GridCursor, bool) {
	g := s.geo
	c := s.a.Cursor()
	if g.cellW < 1 {
		return c, false
	}
	if y >= g.top && y < g.top+g.rows && x >= g.left && x < g.left+g.cols*g.cellW {
		c.OnRack = false
		c.Cell = game.Cell{Row: g.origin.Row + y - g.top, Col: g.origin.Col + (x-g.left)/g.cellW}
		lo, hi := s.a.Area()
		if c.Cell.Row < lo.Row || c.Cell.Row > hi.Row || c.Cell.Col < lo.Col || c.Cell.Col > hi.Col {
			return c, false
		}
		return c, true
	}
	// The rack: rows of tiles as the sets board lays them.
	tw, th := p.tileSize()
	top := p.geo.rackTop + p.geo.rackLead
	per := max(1, p.lay.rackPer)
	if y >= top && y < top+p.geo.rackRows*th && x >= 1 {
		col := (x - 1) / tw
		if col >= per {
			return c, false
		}
		pos := (y-top)/th*per + col
		n := len(s.a.Rack())
		if pos > n || (pos == n && !s.a.Holding()) {
			return c, false
		}
		c.OnRack = true
		c.RackPos = pos
		return c, true
	}
	return c, false
}

// mouse handles the mouse during a turn on the grid; acted says a click
// or a drag worked on the arrangement (err: why it was refused).
func (s *gridSurface) mouse(p *Board, m mouseEvent) (acted bool, err error) {
	a := s.a
	switch {
	case m.press && m.Button == tea.MouseLeft:
		c, ok := s.hit(p, m.X, m.Y)
		if !ok {
			return false, nil
		}
		p.setStatus("", false)
		s.aim(c)
		wasHolding := a.Holding()
		if !c.OnRack && wasHolding {
			if _, taken := a.At(c.Cell); !taken {
				s.drag.stop() // a click puts down where it is, the cursor stays
				return true, a.PutDown(c.Cell)
			}
		}
		if err = a.Grab(); err != nil {
			return true, err
		}
		if !wasHolding && a.Holding() {
			s.drag.start(c)
		}
		return true, nil
	case m.release:
		c, ok := s.drag.release(a.Holding(), func() (GridCursor, bool) { return s.hit(p, m.X, m.Y) })
		if !ok || c.OnRack {
			return false, nil // a click, or a release on the rack: the tile stays lifted
		}
		s.aim(c)
		return true, a.PutDown(c.Cell)
	case m.motion && s.drag.active():
		if c, ok := s.hit(p, m.X, m.Y); ok {
			s.aim(c)
		}
	case m.wheel && m.Button == tea.MouseWheelUp:
		a.Move(game.Cell{Row: -1})
	case m.wheel && m.Button == tea.MouseWheelDown:
		a.Move(game.Cell{Row: 1})
	}
	return false, nil
}

// aim puts the cursor where the mouse is (c): on a cell of the window,
// which then stays where it is (no cell to spare beyond it).
func (s *gridSurface) aim(c GridCursor) {
	s.a.SetCursor(c)
	s.aimed, s.aimedOK = c.Cell, !c.OnRack
}

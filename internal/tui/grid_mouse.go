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

// gridHit finds what lies under screen cell (x, y), as the board's
// layout places it (the one View draws).
func (p *Board) gridHit(x, y int) (GridCursor, bool) {
	g := p.ggeo
	c := p.garr.Cursor()
	if g.cellW < 1 {
		return c, false
	}
	if y >= g.top && y < g.top+g.rows && x >= g.left && x < g.left+g.cols*g.cellW {
		c.OnRack = false
		c.Cell = game.Cell{Row: g.origin.Row + y - g.top, Col: g.origin.Col + (x-g.left)/g.cellW}
		lo, hi := p.garr.Area()
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
		n := len(p.garr.Rack())
		if pos > n || (pos == n && !p.garr.Holding()) {
			return c, false
		}
		c.OnRack = true
		c.RackPos = pos
		return c, true
	}
	return c, false
}

// onGridMouse handles the mouse during a turn on the grid.
func (p *Play) onGridMouse(msg tea.MouseMsg) tea.Cmd {
	m := mouseOf(msg)
	if p.phase != phaseTurn || p.confirm != confirmNone {
		return nil
	}
	a := p.garr
	switch {
	case m.press && m.Button == tea.MouseLeft:
		c, ok := p.gridHit(m.X, m.Y)
		if !ok {
			return nil
		}
		p.setStatus("", false)
		a.SetCursor(c)
		wasHolding := a.Holding()
		var err error
		if !c.OnRack && wasHolding {
			if _, taken := a.At(c.Cell); !taken {
				err = a.PutDown(c.Cell) // a click puts down where it is, the cursor stays
				p.gdrag = nil
				return p.afterTurnKey(err)
			}
		}
		if err = a.Grab(); err != nil {
			return p.afterTurnKey(err)
		}
		if !wasHolding && a.Holding() {
			p.gdrag = &c
		}
		return p.afterTurnKey(nil)
	case m.release:
		if p.gdrag == nil || !a.Holding() {
			p.gdrag = nil
			return nil
		}
		from := *p.gdrag
		p.gdrag = nil
		c, ok := p.gridHit(m.X, m.Y)
		if !ok || c == from || c.OnRack {
			return nil // a click: the tile stays lifted until the next click
		}
		a.SetCursor(c)
		return p.afterTurnKey(a.PutDown(c.Cell))
	case m.motion && p.gdrag != nil:
		if c, ok := p.gridHit(m.X, m.Y); ok {
			a.SetCursor(c)
		}
	case m.wheel && m.Button == tea.MouseWheelUp:
		a.Move(game.Cell{Row: -1})
	case m.wheel && m.Button == tea.MouseWheelDown:
		a.Move(game.Cell{Row: 1})
	}
	return nil
}

package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// onGridMoveKey moves the cursor and tiles on the grid; ok false for
// any other key.
func (p *Board) onGridMoveKey(k tea.KeyPressMsg) (err error, ok bool) {
	a := p.garr
	keys := p.keys.Grid()
	rows, cols := p.gridPage()
	switch {
	case key.Matches(k, keys.Left):
		a.Move(game.Cell{Col: -1})
	case key.Matches(k, keys.Right):
		a.Move(game.Cell{Col: 1})
	case key.Matches(k, keys.Up):
		a.Move(game.Cell{Row: -1})
	case key.Matches(k, keys.Down):
		a.Move(game.Cell{Row: 1})
	case key.Matches(k, keys.PageUp):
		a.MoveBy(game.Cell{Row: -rows})
	case key.Matches(k, keys.PageDown):
		a.MoveBy(game.Cell{Row: rows})
	case key.Matches(k, keys.Home):
		p.gridRowEnd(-1, cols)
	case key.Matches(k, keys.End):
		p.gridRowEnd(1, cols)
	case key.Matches(k, keys.Tab):
		a.Toggle()
	case key.Matches(k, keys.FreeSpot):
		a.FreeSpot()
		p.setStatus("A free cell: a set laid from here stands apart from the grid's tiles (as the initial meld must).", false)
	case key.Matches(k, keys.Grab):
		was := len(a.Held())
		if err = a.Grab(); err == nil && was > 0 && len(a.Held()) > was {
			// Space on a tile while carrying picks it up too: say so, a
			// player may have meant to put a tile down there.
			p.setStatus(fmt.Sprintf("Picked %s up too: you carry %s, put down in that order on empty cells (u puts %s back).",
				a.Held()[was].Face, faces(a.Held()), a.Held()[was].Face), false)
		}
	case key.Matches(k, keys.Return):
		if a.Holding() {
			err = a.Return()
		}
	default:
		return nil, false
	}
	return err, true
}

// gridRowEnd moves the cursor to the first (d<0) or last tile of its row,
// or a screen's width that way on a row without tiles.
func (p *Board) gridRowEnd(d, cols int) {
	a := p.garr
	c := a.Cursor()
	c.OnRack = false
	found := false
	best := c.Cell.Col
	for _, gt := range a.Grid().Tiles {
		if gt.Row != c.Cell.Row {
			continue
		}
		if !found || (d < 0 && gt.Col < best) || (d > 0 && gt.Col > best) {
			best, found = gt.Col, true
		}
	}
	if !found {
		best = c.Cell.Col + d*cols
	}
	c.Cell.Col = best
	a.SetCursor(c)
}

package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// nameKey takes the keys of a tile's name typed (r7); the grid has no
// set numbers.
func (s *gridSurface) nameKey(p *Board, k tea.KeyPressMsg) (took bool, err error) {
	if p.typed != "" || key.Matches(k, p.keys.TypeTile) {
		return p.onTyped(k)
	}
	return false, nil
}

// moveKey moves the cursor and tiles on the grid; ok false for any other
// key.
func (s *gridSurface) moveKey(p *Board, k tea.KeyPressMsg) (err error, ok bool) {
	a := s.a
	keys := p.keys.gridWords()
	rows, cols := s.page()
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
		s.rowEnd(-1, cols)
	case key.Matches(k, keys.End):
		s.rowEnd(1, cols)
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

// rowEnd moves the cursor to the first (d<0) or last tile of its row, or
// a screen's width that way on a row without tiles.
func (s *gridSurface) rowEnd(d, cols int) {
	a := s.a
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

// gridKeyMap is the grid's help: its keys, with its words (gridWords).
type gridKeyMap struct{ k BoardKeys }

// ShortHelp is the grid's one-line help bar, with shorter words than the
// ? page's, so ? and q fit 80 columns.
func (m gridKeyMap) ShortHelp() []key.Binding {
	k := m.k
	grab, tab := k.Grab, k.Tab
	grab.SetHelp("space", "move")
	tab.SetHelp("tab", "grid")
	return []key.Binding{k.TypeTile, grab, tab, k.EndTurn, k.Draw, k.Help, k.Quit, k.Undo, k.FreeSpot, k.Log, k.Hint}
}

// FullHelp is the grid's `?` page, in three columns that fit 80 columns.
func (m gridKeyMap) FullHelp() [][]key.Binding {
	k := m.k
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.PageUp, k.PageDown, k.Home, k.End, k.Tab, k.FreeSpot},
		{k.TypeTile, k.Grab, k.Return, k.EndTurn, k.Draw, k.Pull, k.SortColor, k.SortNumber},
		{k.Undo, k.Redo, k.Reset, k.Hint, k.TakeBack, k.Log, k.Help, k.Quit},
	}
}

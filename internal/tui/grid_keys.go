package tui

import (
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/game"
)

// GridKeys is the grid board's key map (the French rules). The letters
// mean what they mean on the sets board: h/l and the arrows move, space
// moves tiles, r/b/o/k/j type a tile's name (so j and k are not up and
// down here either), enter ends the turn, d draws, u/U undo and redo, x
// resets, i hints, ? shows every key.
type GridKeys struct {
	Up, Down, Left, Right key.Binding
	PageUp, PageDown      key.Binding
	Home, End             key.Binding
	Tab, FreeSpot         key.Binding
	Grab, Return          key.Binding
	SortColor, SortNumber key.Binding
	Undo, Redo, Reset     key.Binding
	EndTurn, Draw         key.Binding
	Hint, TakeBack, Pull  key.Binding
	TypeTile, Log         key.Binding
	Help, Quit            key.Binding
}

// DefaultGridKeys returns the grid board's keys.
func DefaultGridKeys() GridKeys {
	b := DefaultBoardKeys()
	return GridKeys{
		Up:         key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:       key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:       b.Left,
		Right:      b.Right,
		PageUp:     key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		Home:       key.NewBinding(key.WithKeys("home", "0"), key.WithHelp("home", "row start")),
		End:        key.NewBinding(key.WithKeys("end", "$"), key.WithHelp("end", "row end")),
		Tab:        key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "rack/grid")),
		FreeSpot:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "free space")),
		Grab:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "pick up/put down")),
		Return:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "put back")),
		SortColor:  b.SortColor,
		SortNumber: b.SortNumber,
		Undo:       b.Undo,
		Redo:       b.Redo,
		Reset:      b.Reset,
		EndTurn:    b.EndTurn,
		Draw:       b.Draw,
		Hint:       b.Hint,
		TakeBack:   b.TakeBack,
		Pull:       b.Pull,
		TypeTile:   b.TypeTile,
		Log:        b.Log,
		Help:       b.Help,
		Quit:       b.Quit,
	}
}

// ShortHelp is the one-line help bar; what does not fit 80 columns goes
// last.
func (k GridKeys) ShortHelp() []key.Binding {
	// Shorter words than the ? page's, so ? and q fit 80 columns.
	grab, tab := k.Grab, k.Tab
	grab.SetHelp("space", "move")
	tab.SetHelp("tab", "grid")
	return []key.Binding{k.TypeTile, grab, tab, k.EndTurn, k.Draw, k.Help, k.Quit, k.Undo, k.FreeSpot, k.Log, k.Hint}
}

// FullHelp is the `?` page, in three columns that fit 80 columns.
func (k GridKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.PageUp, k.PageDown, k.Home, k.End, k.Tab, k.FreeSpot},
		{k.TypeTile, k.Grab, k.Return, k.EndTurn, k.Draw, k.Pull, k.SortColor, k.SortNumber},
		{k.Undo, k.Redo, k.Reset, k.Hint, k.TakeBack, k.Log, k.Help, k.Quit},
	}
}

// gridHelpKeys are the grid's keys as the help shows them: without what
// this match does not have.
func (p *Play) gridHelpKeys() GridKeys {
	k := p.gridKeys
	k.Hint.SetEnabled(p.cfg.Hints && p.hinter != nil)
	k.TakeBack.SetEnabled(p.cfg.Practice)
	k.Pull.SetEnabled(p.v.Rules.Draw == game.DrawRiver)
	if p.help.ShowAll {
		k.Help.SetHelp("?/esc", "close")
	}
	return k
}

// onGridKey handles a key during a human turn on the grid.
func (p *Play) onGridKey(k tea.KeyMsg) tea.Cmd {
	a := p.garr
	keys := p.gridKeys
	var err error
	p.setStatus("", false)
	if p.typed != "" || key.Matches(k, keys.TypeTile) {
		if took, err := p.onTyped(k); took {
			return p.afterGridKey(err)
		}
	}
	if cmd, ok := p.turnActionKey(k, keys.turnKeys(), a, p.gridEndTurn); ok {
		return cmd
	}
	if err, ok := p.turnEditKey(k, keys.turnKeys(), a); ok {
		return p.afterGridKey(err)
	}
	rows, cols := p.gridPage()
	switch {
	case key.Matches(k, keys.Quit):
		p.confirm = confirmQuit
		return nil
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
		return nil
	}
	return p.afterGridKey(err)
}

// afterGridKey shows a refused step's reason, forgets the cells a refused
// turn named once the player works on, and tells the host the grid.
func (p *Play) afterGridKey(err error) tea.Cmd {
	if err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	p.gridBad = nil
	p.draft()
	return nil
}

// gridRowEnd moves the cursor to the first (d<0) or last tile of its row,
// or a screen's width that way on a row without tiles.
func (p *Play) gridRowEnd(d, cols int) {
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

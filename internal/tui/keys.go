package tui

import "charm.land/bubbles/v2/key"

// BoardKeys is the board's key map, for both table shapes: the sets table
// and the French grid. Every key is declared once; a few belong to one
// shape (selecting, splitting and the set numbers to the sets table;
// paging and the free cell to the grid), and gridWords gives the grid's
// words to the keys it reads otherwise (home and end go along a row, tab
// between rack and grid). The help bar (short) and the `?` page (full)
// are built from it by each shape's help.KeyMap, which lists that shape's
// keys only: BoardKeys itself on the sets table, gridKeyMap on the grid
// (the surface's keyMap).
//
// The letters mean the same on both boards: h/l and the arrows move,
// space moves tiles, r/b/o/k/j type a tile's name (so j and k are not up
// and down), enter ends the turn, d draws, u/U undo and redo, x resets,
// i hints, ? shows every key.
type BoardKeys struct {
	Up, Down, Left, Right key.Binding
	Home, End, Tab        key.Binding
	Grab, Return          key.Binding
	SortColor, SortNumber key.Binding
	Undo, Redo, Reset     key.Binding
	EndTurn, Draw         key.Binding
	Hint, TakeBack, Pull  key.Binding
	TypeTile, Log         key.Binding
	Help, Quit            key.Binding
	Choose1, Choose2      key.Binding // the River's choice of two tiles
	SelLeft, SelRight     key.Binding // the sets table's keys from here
	SelectMode, SelectSet key.Binding
	PrevSet, NextSet      key.Binding
	NewSet, Split, Joker  key.Binding
	ToSet, ToEnd, ToNew   key.Binding
	PageUp, PageDown      key.Binding // the grid's keys from here
	FreeSpot              key.Binding
}

// DefaultBoardKeys returns the board's keys, with the sets table's words.
func DefaultBoardKeys() BoardKeys {
	return BoardKeys{
		Up:         key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:       key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:       key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "left")),
		Right:      key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "right")),
		Home:       key.NewBinding(key.WithKeys("home", "0"), key.WithHelp("home", "set start")),
		End:        key.NewBinding(key.WithKeys("end", "$"), key.WithHelp("end", "set end")),
		Tab:        key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "rack/table")),
		Grab:       key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "move")),
		Return:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "put back")),
		SortColor:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "sort 789")),
		SortNumber: key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "sort 777")),
		Undo:       key.NewBinding(key.WithKeys("u", "ctrl+z"), key.WithHelp("u", "undo")),
		Redo:       key.NewBinding(key.WithKeys("ctrl+r", "U", "ctrl+y"), key.WithHelp("U", "redo")),
		Reset:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reset turn")),
		EndTurn:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "end turn")),
		Draw:       key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "draw")),
		Hint:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "hint")),
		TakeBack:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "take back turn")),
		Pull:       key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "River pull")),
		TypeTile:   key.NewBinding(key.WithKeys("r", "b", "o", "k", "j"), key.WithHelp("r7", "pick")),
		Log:        key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "move log")),
		Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more")),
		Quit:       key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Choose1:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "keep first")),
		Choose2:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "keep second")),
		SelLeft:    key.NewBinding(key.WithKeys("shift+left", "H"), key.WithHelp("shift+←", "select left")),
		SelRight:   key.NewBinding(key.WithKeys("shift+right", "L"), key.WithHelp("shift+→", "select right")),
		SelectMode: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "select mode")),
		SelectSet:  key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "select set")),
		PrevSet:    key.NewBinding(key.WithKeys("[", "shift+tab"), key.WithHelp("[", "previous set")),
		NextSet:    key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next set")),
		NewSet:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new set slot")),
		Split:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "split here")),
		Joker:      key.NewBinding(key.WithKeys("="), key.WithHelp("=", "joker meaning")),
		ToSet:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "set N")),
		ToEnd:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "drop at end of this set")),
		ToNew:      key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "drop as a new set")),
		PageUp:     key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown:   key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),
		FreeSpot:   key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "free space")),
	}
}

// gridWords is the key map with the grid's words: home and end go along a
// row, tab (and shift+tab) between rack and grid, space picks up and puts
// down.
func (k BoardKeys) gridWords() BoardKeys {
	k.Home = key.NewBinding(key.WithKeys("home", "0"), key.WithHelp("home", "row start"))
	k.End = key.NewBinding(key.WithKeys("end", "$"), key.WithHelp("end", "row end"))
	k.Tab = key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "rack/grid"))
	k.Grab = key.NewBinding(key.WithKeys("space"), key.WithHelp("space", "pick up/put down"))
	return k
}

// ShortHelp is the sets table's one-line help bar; what does not fit 80
// columns goes last (the bar cuts it there).
func (k BoardKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.TypeTile, k.Grab, k.ToSet, k.EndTurn, k.Draw, k.Help, k.Quit, k.Undo, k.Log, k.Hint}
}

// FullHelp is the sets table's `?` page, in three columns that fit 80
// columns.
func (k BoardKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Home, k.End, k.Tab, k.PrevSet, k.NextSet, k.NewSet, k.EndTurn, k.Draw},
		{k.TypeTile, k.Grab, k.ToSet, k.ToEnd, k.ToNew, k.SelLeft, k.SelRight, k.SelectMode, k.SelectSet, k.Return, k.Split, k.Joker, k.Pull},
		{k.SortColor, k.SortNumber, k.Undo, k.Redo, k.Reset, k.Hint, k.TakeBack, k.Log, k.Choose1, k.Choose2, k.Help, k.Quit},
	}
}

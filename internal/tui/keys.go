package tui

import "github.com/charmbracelet/bubbles/key"

// BoardKeys is the board's key map. It implements help.KeyMap, so the help
// bar (short) and the `?` page (full) are built from it.
type BoardKeys struct {
	Up, Down, Left, Right  key.Binding
	SelLeft, SelRight      key.Binding
	SelectMode, SelectSet  key.Binding
	Tab, PrevSet, NextSet  key.Binding
	NewSet, Home, End      key.Binding
	Grab, Return           key.Binding
	Split, Joker           key.Binding
	SortColor, SortNumber  key.Binding
	Undo, Redo, Reset      key.Binding
	EndTurn, Draw          key.Binding
	Hint, TakeBack, Pull   key.Binding
	TypeTile, ToSet, ToEnd key.Binding
	ToNew                  key.Binding
	Log                    key.Binding
	Help, Quit             key.Binding
	Choose1, Choose2       key.Binding
}

// DefaultBoardKeys returns the board's keys.
func DefaultBoardKeys() BoardKeys {
	return BoardKeys{
		Up:         key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "up")),
		Down:       key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "down")),
		Left:       key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←/h", "left")),
		Right:      key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→/l", "right")),
		SelLeft:    key.NewBinding(key.WithKeys("shift+left", "H"), key.WithHelp("shift+←", "select left")),
		SelRight:   key.NewBinding(key.WithKeys("shift+right", "L"), key.WithHelp("shift+→", "select right")),
		SelectMode: key.NewBinding(key.WithKeys("v"), key.WithHelp("v", "select mode")),
		SelectSet:  key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "select set")),
		Tab:        key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "rack/table")),
		PrevSet:    key.NewBinding(key.WithKeys("[", "shift+tab"), key.WithHelp("[", "previous set")),
		NextSet:    key.NewBinding(key.WithKeys("]"), key.WithHelp("]", "next set")),
		NewSet:     key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new set slot")),
		Home:       key.NewBinding(key.WithKeys("home", "0"), key.WithHelp("home", "set start")),
		End:        key.NewBinding(key.WithKeys("end", "$"), key.WithHelp("end", "set end")),
		Grab:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "move")),
		Return:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "put back")),
		Split:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "split here")),
		Joker:      key.NewBinding(key.WithKeys("="), key.WithHelp("=", "joker meaning")),
		SortColor:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "sort 789")),
		SortNumber: key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "sort 777")),
		Undo:       key.NewBinding(key.WithKeys("u", "ctrl+z"), key.WithHelp("u", "undo")),
		Redo:       key.NewBinding(key.WithKeys("ctrl+r", "U", "ctrl+y"), key.WithHelp("U", "redo")),
		Reset:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reset turn")),
		EndTurn:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "end turn")),
		Draw:       key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "draw")),
		Hint:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "hint")),
		TakeBack:   key.NewBinding(key.WithKeys("t"), key.WithHelp("t", "take back turn")),
		TypeTile:   key.NewBinding(key.WithKeys("r", "b", "o", "k", "j"), key.WithHelp("r7", "pick")),
		ToSet:      key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "set N")),
		ToEnd:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "drop at end of this set")),
		ToNew:      key.NewBinding(key.WithKeys("+"), key.WithHelp("+", "drop as a new set")),
		Log:        key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "move log")),
		Pull:       key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "River pull")),
		Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "more")),
		Quit:       key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Choose1:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "keep first")),
		Choose2:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "keep second")),
	}
}

// ShortHelp is the one-line help bar.
func (k BoardKeys) ShortHelp() []key.Binding {
	// What does not fit 80 columns goes last (the bar cuts it there).
	return []key.Binding{k.TypeTile, k.Grab, k.ToSet, k.EndTurn, k.Draw, k.Help, k.Quit, k.Undo, k.Log, k.Hint}
}

// FullHelp is the `?` page, in three columns that fit 80 columns.
func (k BoardKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Home, k.End, k.Tab, k.PrevSet, k.NextSet, k.NewSet, k.EndTurn, k.Draw},
		{k.TypeTile, k.Grab, k.ToSet, k.ToEnd, k.ToNew, k.SelLeft, k.SelRight, k.SelectMode, k.SelectSet, k.Return, k.Split, k.Joker, k.Pull},
		{k.SortColor, k.SortNumber, k.Undo, k.Redo, k.Reset, k.Hint, k.TakeBack, k.Log, k.Choose1, k.Choose2, k.Help, k.Quit},
	}
}

package tui

import "github.com/charmbracelet/bubbles/key"

// BoardKeys is the board's key map. It implements help.KeyMap, so the help
// bar (short) and the `?` page (full) are built from it.
type BoardKeys struct {
	Up, Down, Left, Right key.Binding
	SelLeft, SelRight     key.Binding
	SelectMode, SelectSet key.Binding
	Tab, PrevSet, NextSet key.Binding
	NewSet, Home, End     key.Binding
	Grab, Return          key.Binding
	Split, Joker          key.Binding
	SortColor, SortNumber key.Binding
	Undo, Redo, Reset     key.Binding
	EndTurn, Draw         key.Binding
	Hint, TakeBack, Pull  key.Binding
	Help, Quit            key.Binding
	Choose1, Choose2      key.Binding
}

// DefaultBoardKeys returns the board's keys.
func DefaultBoardKeys() BoardKeys {
	return BoardKeys{
		Up:         key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", "up")),
		Down:       key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", "down")),
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
		Grab:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "pick up/drop")),
		Return:     key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "put back")),
		Split:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "split here")),
		Joker:      key.NewBinding(key.WithKeys("="), key.WithHelp("=", "joker meaning")),
		SortColor:  key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "sort 789")),
		SortNumber: key.NewBinding(key.WithKeys("g"), key.WithHelp("g", "sort 777")),
		Undo:       key.NewBinding(key.WithKeys("u", "ctrl+z"), key.WithHelp("u", "undo")),
		Redo:       key.NewBinding(key.WithKeys("ctrl+r", "U", "ctrl+y"), key.WithHelp("U", "redo")),
		Reset:      key.NewBinding(key.WithKeys("x"), key.WithHelp("x", "reset turn")),
		EndTurn:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "end turn")),
		Draw:       key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "draw/pass")),
		Hint:       key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "hint")),
		TakeBack:   key.NewBinding(key.WithKeys("b"), key.WithHelp("b", "take back turn")),
		Pull:       key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "River pull")),
		Help:       key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		Quit:       key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
		Choose1:    key.NewBinding(key.WithKeys("1"), key.WithHelp("1", "keep first")),
		Choose2:    key.NewBinding(key.WithKeys("2"), key.WithHelp("2", "keep second")),
	}
}

// ShortHelp is the one-line help bar.
func (k BoardKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Grab, k.Tab, k.EndTurn, k.Draw, k.Undo, k.Hint, k.Help, k.Quit}
}

// FullHelp is the `?` page, in three columns that fit 80 columns.
func (k BoardKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.Left, k.Right, k.Home, k.End, k.Tab, k.PrevSet, k.NextSet, k.NewSet, k.EndTurn, k.Draw},
		{k.Grab, k.SelLeft, k.SelRight, k.SelectMode, k.SelectSet, k.Return, k.Split, k.Joker, k.Pull, k.Choose1, k.Choose2},
		{k.SortColor, k.SortNumber, k.Undo, k.Redo, k.Reset, k.Hint, k.TakeBack, k.Help, k.Quit},
	}
}

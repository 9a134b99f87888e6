package tui

import "charm.land/bubbles/v2/key"

// setupKeyMap is the setup screen's key map. On a seat's name or the
// seed, letters and space are typed; on every other line the letters move
// (k j), change (h l, space) and quit (q) as the arrows, enter and q do.
type setupKeyMap struct {
	Up, Down, Left, Right key.Binding
	Open, Drop, Erase     key.Binding
	Quit, ForceQuit       key.Binding
}

func defaultSetupKeyMap() setupKeyMap {
	return setupKeyMap{
		Up:        key.NewBinding(key.WithKeys("up", "shift+tab", "k"), key.WithHelp("↑", "choose")),
		Down:      key.NewBinding(key.WithKeys("down", "tab", "j"), key.WithHelp("↓", "choose")),
		Left:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "change")),
		Right:     key.NewBinding(key.WithKeys("right", "l", "space"), key.WithHelp("→", "change")),
		Open:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "start or open")),
		Drop:      key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("del", "drop seat/save")),
		Erase:     key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "erase")),
		Quit:      key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit: key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
	}
}

package tui

import "github.com/charmbracelet/bubbles/key"

// setupKeyMap is the setup screen's key map. The arrows, tab, enter,
// delete and backspace work on every line; the letters (k j h l, space,
// q) move, change and quit only on lines that take no text: on a seat's
// name or the seed they are typed.
type setupKeyMap struct {
	Up, Down, Left, Right key.Binding
	Open, Drop, Erase     key.Binding
	ForceQuit             key.Binding
	// The letters, on lines without text.
	UpLetter, DownLetter, LeftLetter, RightLetter, Quit key.Binding
}

func defaultSetupKeyMap() setupKeyMap {
	return setupKeyMap{
		Up:          key.NewBinding(key.WithKeys("up", "shift+tab"), key.WithHelp("↑", "choose")),
		Down:        key.NewBinding(key.WithKeys("down", "tab"), key.WithHelp("↓", "choose")),
		Left:        key.NewBinding(key.WithKeys("left"), key.WithHelp("←", "change")),
		Right:       key.NewBinding(key.WithKeys("right"), key.WithHelp("→", "change")),
		Open:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "start or open")),
		Drop:        key.NewBinding(key.WithKeys("delete", "ctrl+d"), key.WithHelp("del", "drop seat/save")),
		Erase:       key.NewBinding(key.WithKeys("backspace"), key.WithHelp("backspace", "erase")),
		ForceQuit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),
		UpLetter:    key.NewBinding(key.WithKeys("k")),
		DownLetter:  key.NewBinding(key.WithKeys("j")),
		LeftLetter:  key.NewBinding(key.WithKeys("h")),
		RightLetter: key.NewBinding(key.WithKeys("l", " ")),
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
	}
}

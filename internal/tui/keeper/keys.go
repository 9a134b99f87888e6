package keeper

import "charm.land/bubbles/v2/key"

// Key bindings, one set per screen, each a help.KeyMap so the help line
// always lists exactly the keys that work where the player is.

func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

var (
	keyUp     = bind([]string{"up", "k"}, "up/k", "up")
	keyDown   = bind([]string{"down", "j"}, "down/j", "down")
	keyOpen   = bind([]string{"enter"}, "enter", "open")
	keyNew    = bind([]string{"n"}, "n", "new session")
	keyRemove = bind([]string{"x", "delete"}, "x", "delete")
	keyQuit   = bind([]string{"q", "esc"}, "q", "quit")
	keyForce  = bind([]string{"ctrl+c"}, "ctrl+c", "quit")
	keyHelp   = bind([]string{"?"}, "?", "keys")
	keyYes    = bind([]string{"y"}, "y", "yes")
	keyNo     = bind([]string{"n", "esc"}, "n", "no")

	keyAdd      = bind([]string{"a", "+"}, "a", "add game")
	keyEdit     = bind([]string{"enter", "e"}, "enter", "edit")
	keyUndo     = bind([]string{"u", "ctrl+z"}, "u", "undo")
	keyOpts     = bind([]string{"o"}, "o", "options")
	keyBack     = bind([]string{"esc", "q"}, "esc", "sessions")
	keyTop      = bind([]string{"home", "g"}, "g", "first game")
	keyPageUp   = bind([]string{"pgup"}, "pgup", "page up")
	keyPageDown = bind([]string{"pgdown"}, "pgdn", "page down")
	keyBottom   = bind([]string{"end", "G"}, "G", "last game")

	keyNext   = bind([]string{"tab", "down"}, "tab", "next field")
	keyPrev   = bind([]string{"shift+tab", "up"}, "shift+tab", "previous")
	keyEnter  = bind([]string{"enter"}, "enter", "next")
	keyMove   = bind([]string{"tab"}, "tab/up/down", "move")
	keySave   = bind([]string{"ctrl+s"}, "ctrl+s", "save")
	keyLeft   = bind([]string{"left"}, "left", "change")
	keyRight  = bind([]string{"right", " "}, "right", "change")
	keyCancel = bind([]string{"esc"}, "esc", "cancel")
)

// pickerKeys are the session picker's keys.
type pickerKeys struct{ confirming, embedded bool }

func (k pickerKeys) ShortHelp() []key.Binding {
	if k.confirming {
		return []key.Binding{keyYes, keyNo}
	}
	quit := keyQuit
	if k.embedded {
		quit = bind([]string{"q", "esc"}, "q", "back")
	}
	return []key.Binding{keyUp, keyDown, keyOpen, keyNew, keyRemove, quit}
}

func (k pickerKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

// boardKeys are the scoreboard's keys.
type boardKeys struct{ confirming bool }

func (k boardKeys) ShortHelp() []key.Binding {
	if k.confirming {
		return []key.Binding{keyYes, keyNo}
	}
	return []key.Binding{keyAdd, keyEdit, keyRemove, keyUndo, keyOpts, keyBack, keyHelp}
}

func (k boardKeys) FullHelp() [][]key.Binding {
	if k.confirming {
		return [][]key.Binding{{keyYes, keyNo}}
	}
	return [][]key.Binding{
		{keyAdd, keyEdit, keyRemove, keyUndo},
		{keyUp, keyDown, keyPageUp, keyPageDown, keyTop, keyBottom},
		{keyOpts, keyBack, keyForce, keyHelp},
	}
}

// formKeys are the keys of the setup and game forms.
type formKeys struct{ choice bool }

func (k formKeys) ShortHelp() []key.Binding {
	b := []key.Binding{keyEnter, keyMove}
	if k.choice {
		b = append(b, bind([]string{"left", "right"}, "left/right", "choose"))
	}
	return append(b, keySave, keyCancel)
}

func (k formKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

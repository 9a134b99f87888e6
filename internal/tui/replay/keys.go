package replay

import "charm.land/bubbles/v2/key"

func bind(keys []string, helpKey, desc string) key.Binding {
	return key.NewBinding(key.WithKeys(keys...), key.WithHelp(helpKey, desc))
}

var (
	keyPrev     = bind([]string{"left", "h"}, "←/h", "previous turn")
	keyNext     = bind([]string{"right", "l", " "}, "→/l", "next turn")
	keyPrevGame = bind([]string{"["}, "[", "previous game")
	keyNextGame = bind([]string{"]"}, "]", "next game")
	keyFirst    = bind([]string{"home"}, "home", "first turn")
	keyLast     = bind([]string{"end"}, "end", "last turn")
	keyNextMiss = bind([]string{"n"}, "n", "next miss")
	keyPrevMiss = bind([]string{"N"}, "N", "previous miss")
	keyGame     = bind([]string{"g"}, "g", "go to game")
	keyTurn     = bind([]string{"t"}, "t", "go to turn")
	keyBest     = bind([]string{"b"}, "b", "best play")
	keyQuit     = bind([]string{"q", "esc", "ctrl+c"}, "q", "quit")
	keyEnter    = bind([]string{"enter"}, "enter", "go")
	keyCancel   = bind([]string{"esc"}, "esc", "cancel")
)

// The help bar names keys in pairs to fit 80 columns; these bindings are
// for the help bar only.
var (
	helpTurn = bind([]string{"left", "right"}, "←/→", "turn")
	helpGame = bind([]string{"[", "]"}, "[/]", "game")
	helpMiss = bind([]string{"n", "N"}, "n/N", "miss")
	helpEnds = bind([]string{"home", "end"}, "home/end", "first/last")
	helpGoto = bind([]string{"g", "t"}, "g/t", "go to game/turn")
)

type browseKeys struct{}

func (browseKeys) ShortHelp() []key.Binding {
	return []key.Binding{helpTurn, helpGame, helpMiss, helpGoto, keyBest, keyQuit}
}

func (k browseKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{k.ShortHelp(), {helpEnds}}
}

type promptKeys struct{}

func (promptKeys) ShortHelp() []key.Binding    { return []key.Binding{keyEnter, keyCancel} }
func (k promptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{k.ShortHelp()} }

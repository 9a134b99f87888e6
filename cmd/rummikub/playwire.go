package main

import (
	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/tui"
	"rummikub/internal/tui/style"
)

// newComputer makes a computer seat; nil while the game has no computer
// players (the setup screen and --players then offer humans only).
var newComputer func(level string, seat int, seed uint64) (tui.Computer, error)

// newKeeper opens the score keeper screen; nil while there is none.
var newKeeper func(st *style.Styles, width, height int) tea.Model

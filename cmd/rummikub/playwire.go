package main

import (
	"rummikub/internal/tui"
)

// newComputer makes a computer seat; nil while the game has no computer
// players (the setup screen and --players then offer humans only).
var newComputer func(level string, seat int, seed uint64) (tui.Computer, error)

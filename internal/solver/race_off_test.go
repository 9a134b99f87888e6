//go:build !race

package solver

// raceOn reports a -race build: the property tests then make fewer checks.
const raceOn = false

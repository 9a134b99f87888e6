// Package game is the Rummikub rules engine: tiles and their notation, the
// rule options and presets of RULES.md, sets, the judging of a whole turn,
// the flow of games and matches, scoring, and save files.
//
// It imports no UI, prints nothing, reads no clock and takes all randomness
// from a seeded source, so a seed replays a deal exactly and the same code
// judges a human's turn and a computer's.
package game

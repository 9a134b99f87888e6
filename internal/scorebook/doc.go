// Package scorebook is the score keeper's model for games played with a
// physical Rummikub set: the players, the match options, every game (who
// went out or that it was blocked, and what was left on each rack), and
// what follows from them: per-game scores, running totals, games won, the
// leader, and the match winner once the match is over.
//
// All arithmetic is internal/game's (ScoreGame, Standings, MatchOver,
// Rules.RackValue): this package only turns what the players typed into
// the game package's inputs and checks it, so the keeper and the game can
// never disagree on a score.
//
// A session is stored as JSON (the format `rummikub score --json` reads),
// one file per named session in paths.DataDir()/scores, written atomically.
// Nothing here prints or reads the clock.
package scorebook

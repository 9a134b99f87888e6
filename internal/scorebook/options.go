package scorebook

import (
	"fmt"

	"rummikub/internal/game"
)

// Options are the choices a group makes before a match, named as in the
// session file.
type Options struct {
	Win        string // game.WinnerGames (most games won, ties by score) or game.WinnerScore
	Target     int    // a total that ends the match when reached; 0 = none
	Games      int    // games in the match; 0 = as many as players (or, with a target, until it is reached)
	WinnerOnly bool   // losers score 0 instead of minus their rack
	Joker      int    // what a joker left on a rack costs: 30 or 25
	Blocked    string // game.BlockedDifference or game.BlockedFewestTiles
}

// Limits on the numeric options, the same as the game's rule options.
const (
	MaxTarget = 100000
	MaxGames  = 1000
)

// DefaultOptions are the rulebook's: most games won, no target, as many
// games as players, losers pay, joker 30, blocked games by difference.
func DefaultOptions() Options {
	return Options{Win: game.WinnerGames, Joker: 30, Blocked: game.BlockedDifference}
}

// Check says what is wrong with the options, in one sentence, or nil.
func (o Options) Check() error {
	switch {
	case o.Win != game.WinnerGames && o.Win != game.WinnerScore:
		return fmt.Errorf("option win takes \"games\" or \"score\", not %q", o.Win)
	case o.Target < 0 || o.Target > MaxTarget:
		return fmt.Errorf("option target takes a whole number from 0 (none) to %d, not %d", MaxTarget, o.Target)
	case o.Games < 0 || o.Games > MaxGames:
		return fmt.Errorf("option games takes a whole number from 0 (as many as players) to %d, not %d", MaxGames, o.Games)
	case o.Joker != 30 && o.Joker != 25:
		return fmt.Errorf("option joker takes 30 or 25, not %d", o.Joker)
	case o.Blocked != game.BlockedDifference && o.Blocked != game.BlockedFewestTiles:
		return fmt.Errorf("option blocked takes \"difference\" or \"fewest-tiles\", not %q", o.Blocked)
	}
	return nil
}

// Rules are the standard rules with these options applied; only the
// scoring and match options matter to the keeper.
func (o Options) Rules() game.Rules {
	r := game.Standard()
	r.MatchWinner = o.Win
	r.Target = o.Target
	r.Games = o.Games
	r.WinnerOnly = o.WinnerOnly
	r.JokerPenalty = o.Joker
	r.Blocked = o.Blocked
	return r
}

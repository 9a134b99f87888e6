package game

import "fmt"

// RackTally is what scoring needs to know of one player's rack at the end
// of a game: its penalty total, its tile count, and whether the player ever
// made the initial meld.
type RackTally struct {
	Total  int
	Tiles  int
	Melded bool
}

// Tally summarises a rack under r.
func Tally(r *Rules, rack []Tile, melded bool) RackTally {
	return RackTally{Total: r.RackValue(rack), Tiles: len(rack), Melded: melded}
}

// GameScore is the result of one scored game.
type GameScore struct {
	Winner  int   // seat of the game's winner
	Blocked bool  // nobody went out
	Scores  []int // per seat; they sum to zero unless winner-only is set
}

// ScoreGame scores a finished game. out is the seat that went out, or -1
// for a blocked game. Scoring follows docs/rules.md:
//
//   - Someone went out: every other player scores minus their rack total
//     (a joker counts joker-penalty); the winner scores plus the sum.
//   - Blocked, blocked=difference (the rulebook): the lowest rack total wins
//     (ties: the earliest seat among them); every other player scores minus
//     (own total - winner's total) and the winner the sum of those.
//   - Blocked, blocked=fewest-tiles: the fewest tiles wins (ties: lower
//     total, then the earliest seat), then normal scoring as if they had
//     gone out: every other player minus their total, the winner the sum.
//   - never-melded-penalty: after that, each player who never melded pays
//     their rack total to every other player (each other player scores plus
//     that total and the player minus it once per other player), so the game
//     still sums to zero.
//   - winner-only: losers score 0 instead of a negative score; the winner's
//     score is unchanged. Only this option breaks the zero sum.
func ScoreGame(r *Rules, racks []RackTally, out int) (GameScore, error) {
	if err := checkTallies(racks, out); err != nil {
		return GameScore{}, err
	}
	n := len(racks)
	g := GameScore{Winner: out, Blocked: out < 0, Scores: make([]int, n)}
	base := 0 // what each loser's total is measured from; 0 when out
	if out < 0 {
		g.Winner, base = blockedWinner(r, racks)
	}
	for i, rk := range racks {
		if i == g.Winner {
			continue
		}
		loss := rk.Total - base
		g.Scores[i] -= loss
		g.Scores[g.Winner] += loss
	}
	if r.NeverMeldedPenalty {
		chargeNeverMelded(g, racks)
	}
	if r.WinnerOnly {
		for i := range g.Scores {
			if i != g.Winner && g.Scores[i] < 0 {
				g.Scores[i] = 0
			}
		}
	}
	return g, nil
}

// checkTallies refuses what cannot be scored: fewer than two players, an
// out seat that is not one of them, a negative rack.
func checkTallies(racks []RackTally, out int) error {
	n := len(racks)
	if n < 2 {
		return fmt.Errorf("a game needs at least 2 players to score, not %d", n)
	}
	if out < -1 || out >= n {
		return fmt.Errorf("seat %d cannot have gone out in a game of %d players", out, n)
	}
	for i, rk := range racks {
		if rk.Total < 0 || rk.Tiles < 0 {
			return fmt.Errorf("player %d has a negative rack total", i+1)
		}
	}
	return nil
}

// blockedWinner picks the winner of a blocked game and the total every
// loser is measured from: under blocked=fewest-tiles the fewest tiles (ties:
// lower total, then the earliest seat) and base 0, as if they had gone out;
// under blocked=difference the lowest total (ties: the earliest seat), and
// base that total.
func blockedWinner(r *Rules, racks []RackTally) (winner, base int) {
	if r.Blocked == BlockedFewestTiles {
		for i, rk := range racks {
			w := racks[winner]
			if rk.Tiles < w.Tiles || (rk.Tiles == w.Tiles && rk.Total < w.Total) {
				winner = i
			}
		}
		return winner, 0
	}
	for i, rk := range racks {
		if rk.Total < racks[winner].Total {
			winner = i
		}
	}
	return winner, racks[winner].Total
}

// chargeNeverMelded applies never-melded-penalty: each loser who never
// melded pays their rack total to every other player.
func chargeNeverMelded(g GameScore, racks []RackTally) {
	for i, rk := range racks {
		if rk.Melded || i == g.Winner {
			continue
		}
		for j := range racks {
			if j != i {
				g.Scores[j] += rk.Total
				g.Scores[i] -= rk.Total
			}
		}
	}
}

// Standing is one player's place in a match.
type Standing struct {
	Seat     int
	Score    int
	GamesWon int
}

// Standings ranks players by the match-winner rule: games (most games won,
// ties broken by the higher total score) or score (the higher total, ties
// broken by games won). Remaining ties keep seat order. totals and won are
// per seat.
func Standings(r *Rules, totals, won []int) []Standing {
	out := make([]Standing, len(totals))
	for i := range totals {
		out[i] = Standing{Seat: i, Score: totals[i], GamesWon: won[i]}
	}
	better := func(a, b Standing) bool {
		if r.MatchWinner == WinnerScore {
			if a.Score != b.Score {
				return a.Score > b.Score
			}
			return a.GamesWon > b.GamesWon
		}
		if a.GamesWon != b.GamesWon {
			return a.GamesWon > b.GamesWon
		}
		return a.Score > b.Score
	}
	// insertion sort: stable and small
	for i := 1; i < len(out); i++ {
		for j := i; j > 0 && better(out[j], out[j-1]); j-- {
			out[j], out[j-1] = out[j-1], out[j]
		}
	}
	return out
}

// MatchLength is the number of games a match of players seats lasts.
func MatchLength(r *Rules, players int) int {
	if r.Games > 0 {
		return r.Games
	}
	return players
}

// MatchOver reports whether a match is finished after gamesPlayed games
// with these running totals: a target is set and someone has reached it,
// or the agreed number of games is played. A match with a target and no
// agreed number of games (games=0) runs until the target is reached.
func MatchOver(r *Rules, gamesPlayed int, totals []int) bool {
	if r.Target > 0 {
		for _, t := range totals {
			if t >= r.Target {
				return true
			}
		}
		if r.Games == 0 {
			return false
		}
	}
	return gamesPlayed >= MatchLength(r, len(totals))
}

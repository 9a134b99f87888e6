package sim

import (
	"fmt"
	"time"

	"rummikub/internal/rating"
)

// EntryRating is one entry's rating after the tournament: every game
// rated in the order of the schedule, players ranked by the game's
// score, everyone starting as a newcomer (rating.Default). It anchors the
// ladder: a computer level's number says what a newcomer's means.
type EntryRating struct {
	Player  string  `json:"player"`
	Mu      float64 `json:"mu"`
	Sigma   float64 `json:"sigma"`
	Ordinal float64 `json:"ordinal"`
	Games   int     `json:"games"`
}

// rate rates the games in schedule order, so the ratings depend on the
// games alone (with Deterministic, on the configuration alone).
func rate(c *Config, outs []outcome) []EntryRating {
	n := len(c.Players)
	keys := make([]string, n)
	seen := map[string]int{}
	for e := range keys {
		keys[e] = c.display(e)
		seen[keys[e]]++
		if seen[keys[e]] > 1 { // the same level twice: two entries
			keys[e] = fmt.Sprintf("%s#%d", keys[e], seen[keys[e]])
		}
	}
	fam := rating.Family(c.Rules)
	l := rating.NewLadder(rating.Default())
	for i, o := range outs {
		seats := make([]rating.Seat, n)
		for e := range seats {
			seats[e] = rating.Seat{Key: keys[e], Name: keys[e], Kind: "level", Score: o.scores[e]}
		}
		if _, err := l.Record(fam, fmt.Sprint(i), time.Time{}, seats); err != nil {
			panic("sim: a validated tournament failed to rate: " + err.Error())
		}
	}
	var out []EntryRating
	for _, s := range l.Standings(fam) {
		out = append(out, EntryRating{Player: s.Name, Mu: round(s.Mu, 2), Sigma: round(s.Sigma, 2), Ordinal: round(s.Ordinal, 2), Games: s.Games})
	}
	return out
}

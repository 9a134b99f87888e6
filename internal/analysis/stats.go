package analysis

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// AllRules is the preset name of a player's row summed over every rule
// set they played.
const AllRules = "all"

// PlayerStats is one player's record under one rules preset (or AllRules).
type PlayerStats struct {
	Player     string  `json:"player"`
	Rules      string  `json:"rules"`       // the rules preset, or "all"
	Matches    int     `json:"matches"`     // finished matches played
	MatchesWon int     `json:"matches_won"` // finished matches won
	Games      int     `json:"games"`       // finished games played, in any match
	GamesWon   int     `json:"games_won"`
	Score      int     `json:"score"`     // total score over those games
	AvgScore   float64 `json:"avg_score"` // per game
	// LongestStreak is the most games won in a row, the games taken in
	// the order they were played (matches by the time their file was last
	// written, games in match order).
	LongestStreak int `json:"longest_win_streak"`

	// The analysis figures (when the matches were analysed): turns
	// analysed, turns where a better play existed, and the tiles and
	// points missed, in total and per turn.
	Turns            int     `json:"turns_analysed"`
	Missed           int     `json:"missed_turns"`
	MissedTiles      int     `json:"missed_tiles"`
	MissedPoints     int     `json:"missed_points"`
	MissRate         float64 `json:"miss_rate"` // missed turns / turns
	TilesMissedTurn  float64 `json:"missed_tiles_per_turn"`
	PointsMissedTurn float64 `json:"missed_points_per_turn"`

	streak int // the current run of games won
}

// Stats sums up kept matches.
type Stats struct {
	Matches  int           `json:"matches"`  // match files read
	Finished int           `json:"finished"` // of which finished
	Games    int           `json:"games"`    // finished games in them
	Analysed bool          `json:"analysed"`
	Note     string        `json:"note,omitempty"`
	Players  []PlayerStats `json:"players"`
	// Skipped lists the files that could not be read, with the reason.
	Skipped []string `json:"skipped,omitempty"`
}

// StatsOptions says whether to analyse every turn (the solver on every
// position: slower) and how.
type StatsOptions struct {
	Analyse bool
	Options
}

// Collect sums up the records, which must be in the order they were
// played (as ListMatches gives them).
func Collect(ctx context.Context, recs []*Record, o StatsOptions) (Stats, error) {
	st := Stats{Matches: len(recs), Analysed: o.Analyse}
	if o.Analyse {
		st.Note = Note
	}
	rows := map[[2]string]*PlayerStats{}
	row := func(name, rules string) *PlayerStats {
		k := [2]string{name, rules}
		if rows[k] == nil {
			rows[k] = &PlayerStats{Player: name, Rules: rules}
		}
		return rows[k]
	}
	for _, rec := range recs {
		m := rec.Match
		preset := m.Rules.Preset
		if preset == "" {
			preset = "standard"
		}
		both := func(seat int, f func(p *PlayerStats)) {
			f(row(m.Names[seat], preset))
			f(row(m.Names[seat], AllRules))
		}
		if m.Over() {
			st.Finished++
			winner := m.Standings()[0].Seat
			for s := range m.Names {
				both(s, func(p *PlayerStats) {
					p.Matches++
					if s == winner {
						p.MatchesWon++
					}
				})
			}
		}
		for _, g := range m.Results {
			st.Games++
			for s := range m.Names {
				won := s == g.Winner
				score := g.Scores[s]
				both(s, func(p *PlayerStats) {
					p.Games++
					p.Score += score
					if won {
						p.GamesWon++
						p.streak++
						p.LongestStreak = max(p.LongestStreak, p.streak)
					} else {
						p.streak = 0
					}
				})
			}
		}
		if !o.Analyse {
			continue
		}
		rep, err := Analyze(ctx, rec, o.Options)
		if err != nil {
			return Stats{}, fmt.Errorf("match %s: %v", rec.Name, err)
		}
		for _, sr := range rep.Seats {
			both(sr.Seat, func(p *PlayerStats) {
				p.Turns += sr.Turns
				p.Missed += sr.Missed
				p.MissedTiles += sr.MissedTiles
				p.MissedPoints += sr.MissedPoints
			})
		}
	}
	presets := map[string]map[string]bool{} // player -> presets
	for k := range rows {
		if k[1] != AllRules {
			if presets[k[0]] == nil {
				presets[k[0]] = map[string]bool{}
			}
			presets[k[0]][k[1]] = true
		}
	}
	for k, p := range rows {
		if k[1] == AllRules && len(presets[k[0]]) <= 1 {
			continue // the same as the player's one preset row
		}
		if p.Games > 0 {
			p.AvgScore = round2(float64(p.Score) / float64(p.Games))
		}
		if p.Turns > 0 {
			p.MissRate = round2(float64(p.Missed) / float64(p.Turns))
			p.TilesMissedTurn = round2(float64(p.MissedTiles) / float64(p.Turns))
			p.PointsMissedTurn = round2(float64(p.MissedPoints) / float64(p.Turns))
		}
		st.Players = append(st.Players, *p)
	}
	slices.SortFunc(st.Players, func(a, b PlayerStats) int {
		if a.Rules != b.Rules {
			if a.Rules == AllRules {
				return 1
			}
			if b.Rules == AllRules {
				return -1
			}
			return strings.Compare(a.Rules, b.Rules)
		}
		if c := cmp.Compare(b.GamesWon, a.GamesWon); c != 0 {
			return c
		}
		return strings.Compare(a.Player, b.Player)
	})
	return st, nil
}

func round2(x float64) float64 { return math.Round(x*100) / 100 }

// WriteText prints the statistics as a table per rules preset.
func (s *Stats) WriteText(w io.Writer) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s kept (%d finished), %s finished.\n", plural(s.Matches, "match"), s.Finished, plural(s.Games, "game"))
	if s.Matches == 0 {
		_, err := io.WriteString(w, b.String())
		return err
	}
	if s.Analysed {
		fmt.Fprintf(&b, "%s\nmissed: turns where a better play existed; tiles/t and points/t: missed per turn.\n", s.Note)
	}
	nameW := len("player")
	for _, p := range s.Players {
		nameW = max(nameW, len(p.Player))
	}
	rules := ""
	for _, p := range s.Players {
		if p.Rules != rules {
			rules = p.Rules
			title := "Rules: " + rules
			if rules == AllRules {
				title = "All rules together (players who played more than one preset)"
			}
			fmt.Fprintf(&b, "\n%s\n", title)
			fmt.Fprintf(&b, "%-*s %7s %4s %6s %4s %9s %6s", nameW, "player", "matches", "won", "games", "won", "avg score", "streak")
			if s.Analysed {
				fmt.Fprintf(&b, " %6s %7s %8s", "missed", "tiles/t", "points/t")
			}
			b.WriteString("\n")
		}
		fmt.Fprintf(&b, "%-*s %7d %4d %6d %4d %9.1f %6d", nameW, p.Player, p.Matches, p.MatchesWon, p.Games, p.GamesWon, p.AvgScore, p.LongestStreak)
		if s.Analysed {
			fmt.Fprintf(&b, " %5.0f%% %7.2f %8.2f", 100*p.MissRate, p.TilesMissedTurn, p.PointsMissedTurn)
		}
		b.WriteString("\n")
	}
	for _, sk := range s.Skipped {
		fmt.Fprintf(&b, "Skipped %s\n", sk)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

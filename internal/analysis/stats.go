package analysis

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"rummikub/internal/game"
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
// played (as ListMatches gives them). Each player has a row per rules
// preset, and a row over every preset when they played more than one.
func Collect(ctx context.Context, recs []*Record, o StatsOptions) (Stats, error) {
	st := Stats{Matches: len(recs), Analysed: o.Analyse}
	if o.Analyse {
		st.Note = Note
	}
	t := tally{}
	for _, rec := range recs {
		if t.addResults(rec.Match) {
			st.Finished++
		}
		st.Games += len(rec.Match.Results)
		if !o.Analyse {
			continue
		}
		rep, err := Analyze(ctx, rec, o.Options)
		if err != nil {
			return Stats{}, fmt.Errorf("match %s: %v", rec.Name, err)
		}
		t.addAnalysis(rec.Match, &rep)
	}
	st.Players = t.players()
	slices.SortFunc(st.Players, comparePlayerRows)
	return st, nil
}

// tally holds the rows being summed, by player and rules preset (or
// AllRules).
type tally map[[2]string]*PlayerStats

// each applies f to the rows of the player at seat in m: under the
// match's preset and under AllRules.
func (t tally) each(m *game.Match, seat int, f func(p *PlayerStats)) {
	preset := m.Rules.Preset
	if preset == "" {
		preset = "standard"
	}
	for _, rules := range []string{preset, AllRules} {
		k := [2]string{m.Names[seat], rules}
		if t[k] == nil {
			t[k] = &PlayerStats{Player: m.Names[seat], Rules: rules}
		}
		f(t[k])
	}
}

// addResults counts the match won (when it is over) and each finished
// game of it: the games, the score and the winning streaks. It reports
// whether the match is over.
func (t tally) addResults(m *game.Match) bool {
	over := m.Over()
	if over {
		winner := m.Standings()[0].Seat
		for s := range m.Names {
			t.each(m, s, func(p *PlayerStats) {
				p.Matches++
				if s == winner {
					p.MatchesWon++
				}
			})
		}
	}
	for _, g := range m.Results {
		for s := range m.Names {
			won := s == g.Winner
			score := g.Scores[s]
			t.each(m, s, func(p *PlayerStats) {
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
	return over
}

// addAnalysis adds the missed turns, tiles and points of the match's
// analysis.
func (t tally) addAnalysis(m *game.Match, rep *Report) {
	for _, sr := range rep.Seats {
		t.each(m, sr.Seat, func(p *PlayerStats) {
			p.Turns += sr.Turns
			p.Missed += sr.Missed
			p.MissedTiles += sr.MissedTiles
			p.MissedPoints += sr.MissedPoints
		})
	}
}

// players are the rows with their averages, leaving out a player's
// AllRules row when they played one preset only (it would repeat that
// preset's row).
func (t tally) players() []PlayerStats {
	presets := map[string]int{} // player -> presets played
	for k := range t {
		if k[1] != AllRules {
			presets[k[0]]++
		}
	}
	var out []PlayerStats
	for k, p := range t {
		if k[1] == AllRules && presets[k[0]] <= 1 {
			continue
		}
		if p.Games > 0 {
			p.AvgScore = round2(float64(p.Score) / float64(p.Games))
		}
		if p.Turns > 0 {
			p.MissRate = round2(float64(p.Missed) / float64(p.Turns))
			p.TilesMissedTurn = round2(float64(p.MissedTiles) / float64(p.Turns))
			p.PointsMissedTurn = round2(float64(p.MissedPoints) / float64(p.Turns))
		}
		out = append(out, *p)
	}
	return out
}

// comparePlayerRows orders the rows by rules preset (AllRules last), then
// most games won, then name.
func comparePlayerRows(a, b PlayerStats) int {
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

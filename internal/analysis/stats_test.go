package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"rummikub/internal/game"
)

// keptMatches plays and keeps four small matches with overlapping
// players under two presets, and reads them back in play order.
func keptMatches(t *testing.T) []*Record {
	t.Helper()
	dir := t.TempDir()
	specs := []struct {
		preset string
		levels []string
		names  []string
	}{
		{"standard", []string{"hard", "medium"}, []string{"Ana", "Ben"}},
		{"standard", []string{"medium", "easy", "hard"}, []string{"Ben", "Cai", "Ana"}},
		{"forty", []string{"hard", "easy"}, []string{"Ana", "Cai"}},
		{"standard", []string{"easy", "medium"}, []string{"Cai", "Ben"}},
	}
	for i, sp := range specs {
		r, err := game.Preset(sp.preset)
		if err != nil {
			t.Fatal(err)
		}
		r.Games = 2
		m, seats, err := SelfPlay(context.Background(), r, sp.levels, sp.names, uint64(100+i))
		if err != nil {
			t.Fatal(err)
		}
		// Names sort in play order; ListMatches breaks equal times by name.
		if err := WriteMatchFile(filepath.Join(dir, fmt.Sprintf("m%d.json", i)), seats, m); err != nil {
			t.Fatal(err)
		}
	}
	recs, skipped, err := LoadAll(dir)
	if err != nil || len(skipped) > 0 || len(recs) != len(specs) {
		t.Fatalf("LoadAll: %d records, skipped %v, %v", len(recs), skipped, err)
	}
	return recs
}

// The statistics add up: every preset's games are won once, scores sum
// to zero, the all-rules rows are the sums of the preset rows, and the
// analysis figures are the analyses' own.
func TestStatsAddUp(t *testing.T) {
	recs := keptMatches(t)
	st, err := Collect(context.Background(), recs, StatsOptions{Analyse: true})
	if err != nil {
		t.Fatal(err)
	}
	if st.Matches != 4 || st.Finished != 4 || st.Games != 8 {
		t.Fatalf("matches %d finished %d games %d", st.Matches, st.Finished, st.Games)
	}
	type sums struct{ games, won, matchesWon, score, turns, missed, tiles int }
	byRules := map[string]*sums{}
	byPlayer := map[string]*sums{}
	all := map[string]PlayerStats{}
	sumsAt := func(m map[string]*sums, k string) *sums {
		if m[k] == nil {
			m[k] = &sums{}
		}
		return m[k]
	}
	for _, p := range st.Players {
		if p.Rules == AllRules {
			all[p.Player] = p
			continue
		}
		s := sumsAt(byRules, p.Rules)
		s.won += p.GamesWon
		s.matchesWon += p.MatchesWon
		s.score += p.Score
		q := sumsAt(byPlayer, p.Player)
		q.games += p.Games
		q.won += p.GamesWon
		q.score += p.Score
		q.turns += p.Turns
		q.missed += p.Missed
		q.tiles += p.MissedTiles
		if p.LongestStreak > p.GamesWon || p.GamesWon > p.Games || p.Missed > p.Turns {
			t.Errorf("%+v does not add up", p)
		}
	}
	wantGames := map[string]int{"standard": 6, "forty": 2}
	wantMatches := map[string]int{"standard": 3, "forty": 1}
	for rules, s := range byRules {
		if s.won != wantGames[rules] || s.matchesWon != wantMatches[rules] || s.score != 0 {
			t.Errorf("%s: %d games won of %d, %d matches won of %d, scores sum to %d", rules, s.won, wantGames[rules], s.matchesWon, wantMatches[rules], s.score)
		}
	}
	// Ana and Cai played both presets, Ben one.
	if len(all) != 2 {
		t.Errorf("all-rules rows for %d players, want Ana and Cai", len(all))
	}
	for name, p := range all {
		q := byPlayer[name]
		if p.Games != q.games || p.GamesWon != q.won || p.Score != q.score || p.Turns != q.turns || p.Missed != q.missed || p.MissedTiles != q.tiles {
			t.Errorf("%s: all-rules row %+v, preset rows sum to %+v", name, p, *q)
		}
	}
	// The analysis figures are those of the analyses.
	turns := 0
	for _, rec := range recs {
		rep, err := Analyze(context.Background(), rec, Options{})
		if err != nil {
			t.Fatal(err)
		}
		turns += len(rep.Turns)
	}
	got := 0
	for _, q := range byPlayer {
		got += q.turns
	}
	if got != turns {
		t.Errorf("stats count %d turns analysed, the analyses %d", got, turns)
	}

	var txt bytes.Buffer
	if err := st.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	golden(t, "stats.txt", txt.String())
	js, _ := json.MarshalIndent(st, "", "  ")
	golden(t, "stats.json", string(js)+"\n")
}

// The longest streak counts games won in a row across matches, in the
// order they were played.
func TestLongestStreak(t *testing.T) {
	// Ana's games: won, won | lost, won, won | won, won, lost: four in a
	// row across two matches.
	rec := func(winners ...int) *Record {
		r := game.Standard()
		r.Games = len(winners)
		m := &game.Match{Rules: r, Names: []string{"Ana", "Ben"}, Game: &game.Game{Over: true}, Totals: []int{0, 0}, Won: []int{0, 0}}
		for _, w := range winners {
			sc := []int{-5, -5}
			sc[w] = 5
			m.Results = append(m.Results, game.GameScore{Winner: w, Scores: sc})
			m.Won[w]++
		}
		return &Record{Name: "x", Match: m}
	}
	st, err := Collect(context.Background(), []*Record{rec(0, 0), rec(1, 0, 0), rec(0, 0, 1)}, StatsOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range st.Players {
		want := map[string]int{"Ana": 4, "Ben": 1}[p.Player]
		if p.LongestStreak != want {
			t.Errorf("%s: streak %d, want %d", p.Player, p.LongestStreak, want)
		}
	}
	if len(st.Players) != 2 || st.Players[0].Player != "Ana" || st.Players[0].GamesWon != 6 || st.Players[0].MatchesWon != 3 {
		t.Errorf("rows %+v", st.Players)
	}
}

package analysis

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"path/filepath"
	"strings"
	"testing"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// golden compares got with testdata/<test>/<name>.golden through
// x/exp/golden (go test -update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(strings.TrimSuffix(name, ".golden"), func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

// updating reports whether the test runs with -update (x/exp/golden's
// flag): the golden files, and the recorded match, are rewritten.
func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// fixture is the known recorded match of the golden tests: three
// computers (hard, medium, easy) over three standard games, seed 7. With
// -update it is played again and rewritten; the golden analysis is of the
// file as committed.
const fixture = "testdata/match-seed7.json"

func loadFixture(t *testing.T) *Record {
	t.Helper()
	if updating() {
		r := game.Standard()
		r.Games = 2
		m, seats, err := SelfPlay(context.Background(), r, []string{"hard", "medium", "easy"}, []string{"Ana", "Ben", "Cai"}, 7)
		if err != nil {
			t.Fatal(err)
		}
		if err := WriteMatchFile(fixture, seats, m); err != nil {
			t.Fatal(err)
		}
	}
	rec, err := LoadMatchFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

func TestAnalyzeKnownMatch(t *testing.T) {
	rec := loadFixture(t)
	rep, err := Analyze(context.Background(), rec, Options{Objective: solver.MostTiles})
	if err != nil {
		t.Fatal(err)
	}
	var txt bytes.Buffer
	if err := rep.WriteText(&txt); err != nil {
		t.Fatal(err)
	}
	golden(t, "analysis-seed7.txt", txt.String())
	js, err := json.MarshalIndent(rep, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "analysis-seed7.json", string(js)+"\n")

	// The figures add up, and every position was solved to the end.
	turns := 0
	for _, s := range rep.Seats {
		turns += s.Turns
		if s.MissedTiles > s.BestTiles || s.Tiles > s.BestTiles {
			t.Errorf("%s: played %d, best %d, missed %d tiles", s.Player, s.Tiles, s.BestTiles, s.MissedTiles)
		}
	}
	if turns != len(rep.Turns) || turns == 0 {
		t.Errorf("seats count %d turns, the report lists %d", turns, len(rep.Turns))
	}
	for _, tr := range rep.Turns {
		if !tr.Optimal {
			t.Errorf("game %d turn %d: not solved to the end", tr.Game, tr.Number)
		}
		if tr.Tiles > tr.BestTiles {
			t.Errorf("game %d turn %d: played %d tiles, more than the best %d", tr.Game, tr.Number, tr.Tiles, tr.BestTiles)
		}
	}
}

// The best play the analysis states is a legal turn in its position, and
// places what it says.
func TestBestPlaysAreLegal(t *testing.T) {
	rec := loadFixture(t)
	turns, err := Turns(rec.Match)
	if err != nil {
		t.Fatal(err)
	}
	for _, tn := range turns {
		b, err := BestPlay(context.Background(), &rec.Match.Rules, tn.Start, solver.MostTiles, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Play {
			continue
		}
		res, err := game.JudgeTurn(&rec.Match.Rules, tn.Start, game.SetsOf(b.After))
		if err != nil {
			t.Fatalf("game %d turn %d: the best play is refused: %v", tn.Game, tn.Number, err)
		}
		if len(res.Placed) != b.Tiles {
			t.Errorf("game %d turn %d: judged %d tiles placed, the solver says %d", tn.Game, tn.Number, len(res.Placed), b.Tiles)
		}
	}
}

// Turns rebuilds the match exactly: the turns cover the history, and each
// turn's start table is the previous turn's end table within a game.
func TestTurnsCoverHistory(t *testing.T) {
	rec := loadFixture(t)
	m := rec.Match
	turns, err := Turns(m)
	if err != nil {
		t.Fatal(err)
	}
	acts := 0
	for i, tn := range turns {
		acts += tn.To - tn.From
		if i > 0 && turns[i-1].Game == tn.Game {
			if game.FormatTable(game.SetsOf(turns[i-1].After)) != game.FormatTable(game.SetsOf(tn.Start.Table)) {
				t.Errorf("turn %d starts on a table other than the one turn %d left", i, i-1)
			}
		}
		if len(tn.Racks) != m.Players() || game.FormatTiles(tn.Racks[tn.Seat]) != game.FormatTiles(tn.Start.Rack) {
			t.Errorf("turn %d: the seat's rack differs from its start", i)
		}
	}
	nextGames := m.Game.Number - 1
	if acts+nextGames != len(m.History) {
		t.Errorf("the turns hold %d actions and %d deals, the history %d", acts, nextGames, len(m.History))
	}
	if last := turns[len(turns)-1]; !last.GameOver {
		t.Errorf("the last turn did not end the game")
	}
}

func TestFindAndList(t *testing.T) {
	dir := t.TempDir()
	if _, err := Find(dir, "", true); err == nil {
		t.Error("--last in an empty folder gave no error")
	}
	rec := loadFixture(t)
	for _, name := range []string{"a", "b"} {
		if err := WriteMatchFile(filepath.Join(dir, name+".json"), rec.Seats, rec.Match); err != nil {
			t.Fatal(err)
		}
	}
	list, err := ListMatches(dir)
	if err != nil || len(list) != 2 {
		t.Fatalf("listed %v, %v", list, err)
	}
	if _, err := Find(dir, "nope", false); err == nil {
		t.Error("an unknown name gave no error")
	}
	got, err := Find(dir, "a", false)
	if err != nil || got.Name != "a" || got.Kind(0) != "computer hard" {
		t.Errorf("Find a: %+v, %v", got, err)
	}
	if _, err := LoadMatchFile(filepath.Join("testdata", "analysis-seed7.txt")); err == nil {
		t.Error("a text file loaded as a match")
	}
}

// One game alone, from a match in memory: the end-of-game summary.
func TestAnalyzeOneGame(t *testing.T) {
	rec := loadFixture(t)
	mem := FromMatch("now", nil, rec.Match)
	all, err := Analyze(context.Background(), mem, Options{})
	if err != nil {
		t.Fatal(err)
	}
	g2, err := Analyze(context.Background(), mem, Options{Game: 2})
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, tr := range all.Turns {
		if tr.Game == 2 {
			n++
		}
	}
	if len(g2.Turns) != n || n == 0 || g2.Turns[0].Game != 2 {
		t.Errorf("game 2 alone: %d turns, the match has %d in game 2", len(g2.Turns), n)
	}
	if s := g2.Seats[0]; s.FirstMiss >= 0 && all.Turns[s.FirstMiss].Game != 2 {
		t.Errorf("the first miss of game 2 is turn %d, of game %d", s.FirstMiss, all.Turns[s.FirstMiss].Game)
	}
	if mem.Kind(0) != "human" || g2.Seats[1].Summary() == "" {
		t.Errorf("kind %q, summary %q", mem.Kind(0), g2.Seats[1].Summary())
	}
}

// Matches under other rules rebuild and analyse too: the River (draws
// that reveal two tiles, pulls) and the six-player set.
func TestOtherRules(t *testing.T) {
	for _, preset := range []string{"river", "six", "forty"} {
		r, err := game.Preset(preset)
		if err != nil {
			t.Fatal(err)
		}
		r.Games = 1
		m, seats, err := SelfPlay(context.Background(), r, []string{"medium", "hard", "easy"}, nil, 3)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Analyze(context.Background(), FromMatch(preset, seats, m), Options{})
		if err != nil {
			t.Fatalf("%s: %v", preset, err)
		}
		turns, _ := Turns(m)
		if len(rep.Turns) != len(turns) || len(turns) < 10 {
			t.Errorf("%s: %d turns analysed of %d", preset, len(rep.Turns), len(turns))
		}
		river := 0
		for _, tr := range rep.Turns {
			if tr.Kind == "none" || tr.Did == "did nothing" {
				t.Errorf("%s game %d turn %d: %q", preset, tr.Game, tr.Number, tr.Did)
			}
			if strings.Contains(tr.Did, "River") {
				river++
			}
		}
		if (preset == "river") != (river > 0) {
			t.Errorf("%s: %d turns speak of the River", preset, river)
		}
		for _, tn := range turns {
			b, err := BestPlay(context.Background(), &m.Rules, tn.Start, solver.MostTiles, 0)
			if err != nil {
				t.Fatal(err)
			}
			if b.Play {
				if _, err := game.JudgeTurn(&m.Rules, tn.Start, game.SetsOf(b.After)); err != nil {
					t.Errorf("%s turn %d: the best play is refused: %v", preset, tn.Index, err)
				}
			}
		}
	}
}

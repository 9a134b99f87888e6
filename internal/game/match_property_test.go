package game

import (
	"bytes"
	"errors"
	"flag"
	"reflect"
	"strconv"
	"testing"

	"pgregory.net/rapid"
)

// randomRules draws a preset and a few options that change the flow.
func randomRules(t *rapid.T) Rules {
	preset := rapid.SampledFrom([]string{"standard", "pressman", "forty", "wrap", "six", "river"}).Draw(t, "preset")
	r, err := Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	r.Blocked = rapid.SampledFrom([]string{BlockedDifference, BlockedFewestTiles}).Draw(t, "blocked")
	r.NeverMeldedPenalty = rapid.Bool().Draw(t, "never-melded-penalty")
	r.WinnerOnly = rapid.Bool().Draw(t, "winner-only")
	r.Games = rapid.IntRange(1, 2).Draw(t, "games")
	r.RackSize = rapid.SampledFrom([]int{14, 14, 10, 6}).Draw(t, "rack-size")
	r.Target = rapid.SampledFrom([]int{0, 0, 40}).Draw(t, "target")
	r.MatchWinner = rapid.SampledFrom([]string{WinnerGames, WinnerScore}).Draw(t, "match-winner")
	if rapid.Bool().Draw(t, "river") {
		r.Draw = DrawRiver
	}
	if rapid.IntRange(0, 4).Draw(t, "no-timer") == 0 {
		r.TurnSeconds = 0
	}
	return r
}

// playRandomMatch plays a whole match with random legal players, checking
// after every action that the tiles are conserved, that a refused action
// changed nothing, and that every finished game's scores sum to zero
// (unless winner-only). It returns the match and some mid-match snapshots
// (history length -> save bytes) for the rewind check.
func playRandomMatch(t *rapid.T, r Rules, n int, seed uint64) (*Match, map[int][]byte) {
	names := []string{"Ana", "Ben", "Cai", "Dee", "Eve", "Fay"}[:n]
	m, err := NewMatch(r, names, seed)
	if err != nil {
		t.Fatalf("NewMatch: %v", err)
	}
	p := newRandomPlayer(seed)
	snaps := map[int][]byte{}
	for steps := 0; !m.Over(); steps++ {
		if steps > 20000 {
			t.Fatalf("the match did not end after %d actions", steps)
		}
		if m.Game.Over {
			if err := m.NextGame(); err != nil {
				t.Fatalf("NextGame: %v", err)
			}
			continue
		}
		a := p.act(m)
		before := len(m.History)
		out, err := m.Apply(a)
		if err != nil {
			var te *TurnError
			if !errors.As(err, &te) || a.Kind != ActPlay {
				t.Fatalf("the random player's %s was refused: %v", a.Kind, err)
			}
			// The judge may refuse a play the simple player thought
			// legal (a joker reinterpreted): nothing may have changed.
			if len(m.History) != before {
				t.Fatal("a refused play was recorded")
			}
			fb := fallback(m, a.Seat)
			if out, err = m.Apply(fb); err != nil {
				t.Fatalf("fallback %s: %v", fb.Kind, err)
			}
		}
		if err := m.CheckConservation(); err != nil {
			t.Fatalf("after %s: %v", a.Kind, err)
		}
		if out.GameOver {
			s := m.Game.Score
			sum := 0
			for _, v := range s.Scores {
				sum += v
			}
			if sum != 0 && !r.WinnerOnly {
				t.Fatalf("game %d scores %v sum to %d", m.Game.Number, s.Scores, sum)
			}
			if s.Scores[s.Winner] < 0 {
				t.Fatalf("the winner of game %d scored %d", m.Game.Number, s.Scores[s.Winner])
			}
		}
		if len(m.History)%97 == 0 && len(snaps) < 2 {
			b, err := m.MarshalSave()
			if err != nil {
				t.Fatal(err)
			}
			snaps[len(m.History)] = b
		}
	}
	return m, snaps
}

// fewerChecks makes rapid run n checks in the calling test, unless the
// command line set -rapid.checks: whole random matches are costly under
// -race, and the package's tests must stay quick. Run more with, e.g.,
// go test ./internal/game -run TestRandomMatches -rapid.checks=2000.
func fewerChecks(t *testing.T, n int) {
	f := flag.Lookup("rapid.checks")
	if f == nil {
		return
	}
	set := false
	flag.Visit(func(g *flag.Flag) { set = set || g.Name == f.Name })
	if set {
		return
	}
	old := f.Value.String()
	f.Value.Set(strconv.Itoa(n))
	t.Cleanup(func() { f.Value.Set(old) })
}

func TestRandomMatches(t *testing.T) {
	fewerChecks(t, 40)
	rapid.Check(t, func(t *rapid.T) {
		r := randomRules(t)
		n := rapid.IntRange(2, r.MaxPlayers).Draw(t, "players")
		seed := rapid.Uint64().Draw(t, "seed")
		m, snaps := playRandomMatch(t, r, n, seed)

		// The match ended by its rules.
		if !MatchOver(&m.Rules, m.GamesPlayed(), m.Totals) {
			t.Fatal("Over() without MatchOver")
		}
		// Replay is identity.
		re, err := Replay(m.Rules, m.Names, m.Seed, m.History)
		if err != nil {
			t.Fatalf("replay: %v", err)
		}
		if !reflect.DeepEqual(re, m) {
			t.Fatal("the replayed match differs from the match")
		}
		// Save then load is identity.
		data, err := m.MarshalSave()
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalSave(data)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatal("the loaded match differs from the saved one")
		}
		// Rewinding to a snapshot gives the match as it was then.
		for n, snap := range snaps {
			c := m.clone()
			if err := c.Rewind(n); err != nil {
				t.Fatalf("rewind to %d: %v", n, err)
			}
			got, _ := c.MarshalSave()
			if !bytes.Equal(got, snap) {
				t.Fatalf("rewinding to move %d did not give the match as it was", n)
			}
		}
	})
}

// Save then load is identity at any point of a game, not only at the end.
func TestRandomSaveLoadMidGame(t *testing.T) {
	fewerChecks(t, 50)
	rapid.Check(t, func(t *rapid.T) {
		r := randomRules(t)
		r.Games = 1
		n := rapid.IntRange(2, r.MaxPlayers).Draw(t, "players")
		m, err := NewMatch(r, []string{"A", "B", "C", "D", "E", "F"}[:n], rapid.Uint64().Draw(t, "seed"))
		if err != nil {
			t.Fatal(err)
		}
		p := newRandomPlayer(rapid.Uint64().Draw(t, "player"))
		steps := rapid.IntRange(0, 150).Draw(t, "steps")
		for i := 0; i < steps && !m.Game.Over; i++ {
			if _, err := m.Apply(p.act(m)); err != nil {
				var te *TurnError
				if !errors.As(err, &te) {
					t.Fatal(err)
				}
			}
		}
		data, err := m.MarshalSave()
		if err != nil {
			t.Fatal(err)
		}
		back, err := UnmarshalSave(data)
		if err != nil {
			t.Fatalf("load: %v", err)
		}
		if !reflect.DeepEqual(back, m) {
			t.Fatal("the loaded match differs from the saved one")
		}
		for seat := -1; seat < n; seat++ {
			if !reflect.DeepEqual(back.ViewFor(seat), m.ViewFor(seat)) {
				t.Fatalf("the view of seat %d differs after loading", seat)
			}
		}
	})
}

// FuzzApply feeds arbitrary actions to a match: nothing panics, a refused
// action changes nothing, and the tiles are always conserved.
func FuzzApply(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8, 9})
	f.Add([]byte("draw pull keep play pass timeout"))
	f.Add([]byte{1, 1, 1, 1, 5, 0, 6, 2, 3, 200, 7, 7})
	f.Fuzz(func(t *testing.T, data []byte) {
		r, _ := Preset("river")
		if len(data) > 0 && data[0]%2 == 0 {
			r = Standard()
		}
		m, err := NewMatch(r, []string{"A", "B", "C"}, 3)
		if err != nil {
			t.Fatal(err)
		}
		kinds := []ActionKind{ActPlay, ActDraw, ActKeep, ActPass, ActTimeout, ActPull, ActCancelPull, ActNextGame, "bogus"}
		for i := 0; i+2 < len(data); i += 3 {
			a := Action{
				Seat:       int(data[i]%5) - 1,
				Kind:       kinds[int(data[i+1])%len(kinds)],
				Index:      int(data[i+2]%6) - 1,
				Unfinished: data[i+2]&0x80 != 0,
			}
			if a.Kind == ActPlay {
				// The table plus a set of faces made from the bytes.
				sets := cloneSets(SetsOf(m.Game.Table))
				var set []Tile
				for _, b := range data[i+2 : min(i+6, len(data))] {
					set = append(set, T(FaceAt(int(b)%NumFaces)))
				}
				a.After = append(sets, set)
			}
			before, _ := m.MarshalSave()
			if _, err := m.Apply(a); err != nil {
				after, _ := m.MarshalSave()
				if !bytes.Equal(before, after) {
					t.Fatalf("a refused %s changed the match", a.Kind)
				}
			}
			if err := m.CheckConservation(); err != nil {
				t.Fatal(err)
			}
		}
	})
}

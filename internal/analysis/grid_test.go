package analysis

import (
	"bytes"
	"context"
	"testing"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// frenchMatch is a French match (table=grid) played by computers, seed 5.
func frenchMatch(t *testing.T) (*game.Match, []Seat) {
	t.Helper()
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	r.Games = 1
	m, seats, err := SelfPlay(context.Background(), r, []string{"hard", "medium"}, nil, 5)
	if err != nil {
		t.Fatal(err)
	}
	return m, seats
}

// A French match is analysed on its grid: every turn's best play is the
// grid solver's, passes the grid judge from the turn's start, is never
// beaten by the move made when proven, and the turns carry the grid after
// them.
func TestAnalyzeFrenchMatch(t *testing.T) {
	m, seats := frenchMatch(t)
	turns, err := Turns(m)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Analyze(context.Background(), FromMatch("french", seats, m), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Turns) != len(turns) || len(turns) < 6 {
		t.Fatalf("%d turns analysed of %d", len(rep.Turns), len(turns))
	}
	plays := 0
	for i, tn := range turns {
		tr := rep.Turns[i]
		if len(tr.BestTable) != 0 {
			t.Errorf("turn %d: a French best play given as sets", i)
		}
		if tn.Kind() == "play" {
			plays++
			if game.GridOf(tn.After).Empty() {
				t.Errorf("turn %d: a play leaves no grid after it", i)
			}
		}
		if tr.Optimal && tr.Tiles > tr.BestTiles {
			t.Errorf("turn %d: the move made (%d tiles) beats the proven best (%d)", i, tr.Tiles, tr.BestTiles)
		}
		b, err := BestPlay(context.Background(), &m.Rules, tn.Start, solver.MostTiles, 0)
		if err != nil {
			t.Fatal(err)
		}
		if !b.Play {
			if tr.BestGrid != nil {
				t.Errorf("turn %d: no best play, but a best grid", i)
			}
			continue
		}
		if tr.BestGrid == nil {
			t.Errorf("turn %d: a best play without its grid", i)
		}
		if _, err := game.JudgeGridTurn(&m.Rules, tn.Start, game.GridOf(b.After)); err != nil {
			t.Errorf("turn %d: the best play is refused: %v", i, err)
		}
	}
	if plays < 3 {
		t.Errorf("only %d plays in the match: the test says little", plays)
	}
	last := turns[len(turns)-1]
	if game.GridOf(last.After).String() != game.GridOf(m.Game.Table).String() {
		t.Errorf("the last turn's grid %s is not the match's %s", game.GridOf(last.After), game.GridOf(m.Game.Table))
	}
}

// The same seed plays the same match, on sets and on the grid: the
// players and the solvers make no choice by map order or the clock.
func TestSelfPlaySameSeedSameMatch(t *testing.T) {
	for _, preset := range []string{"french", "standard"} {
		r, err := game.Preset(preset)
		if err != nil {
			t.Fatal(err)
		}
		r.Games = 1
		var first []byte
		for k := 0; k < 3; k++ {
			m, _, err := SelfPlay(context.Background(), r, []string{"hard", "medium"}, nil, 5)
			if err != nil {
				t.Fatal(err)
			}
			data, err := m.MarshalSave()
			if err != nil {
				t.Fatal(err)
			}
			if k == 0 {
				first = data
			} else if !bytes.Equal(data, first) {
				t.Fatalf("%s: run %d of seed 5 played another match", preset, k+1)
			}
		}
	}
}

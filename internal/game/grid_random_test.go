package game

import (
	"bytes"
	"math/rand/v2"
	"testing"
)

// randomGridPlayer is a small legal player of the French rules for
// property tests: it lays the sets its rack makes below the grid (runs in
// rows, groups in columns) and, once melded, tries single rack tiles on
// random empty cells beside the grid, keeping those the judge accepts.
type randomGridPlayer struct{ rng *rand.Rand }

func (p *randomGridPlayer) act(m *Match) Action {
	g := m.Game
	seat := g.Turn
	v := m.ViewFor(seat)
	if len(v.Reveal) > 0 {
		return Action{Seat: seat, Kind: ActKeep, Index: p.rng.IntN(len(v.Reveal))}
	}
	if p.rng.IntN(100) < 90 {
		if grid, ok := p.findPlay(&v); ok {
			return Action{Seat: seat, Kind: ActPlay, After: grid}
		}
	}
	if v.Rules.TurnSeconds > 0 && p.rng.IntN(30) == 0 {
		return Action{Seat: seat, Kind: ActTimeout, Unfinished: p.rng.IntN(2) == 0}
	}
	if v.Pool > 0 {
		return Action{Seat: seat, Kind: ActDraw}
	}
	return Action{Seat: seat, Kind: ActPass}
}

// layBelow lays sets in a band below the grid, a free cell between them.
func layBelow(grid Grid, sets Table, r *Rules) Grid {
	out := grid.Clone()
	lo, hi, ok := grid.Bounds()
	row, col := 0, 0
	if ok {
		row, col = hi.Row+2, lo.Col
	}
	for _, s := range sets {
		m, err := AnalyzeSet(s, r)
		if err != nil {
			continue
		}
		for i, t := range m.Tiles {
			c := Cell{row, col + i}
			if m.Kind == Group {
				c = Cell{row + i, col}
			}
			out.Tiles = append(out.Tiles, GridTile{Cell: c, Tile: t})
		}
		if m.Kind == Group {
			col += 2
		} else {
			col += len(m.Tiles) + 1
		}
	}
	return out
}

func (p *randomGridPlayer) findPlay(v *SeatView) (Grid, bool) {
	r := &v.Rules
	start := v.TurnStart()
	rack := cloneTiles(v.Rack)
	p.rng.Shuffle(len(rack), func(i, j int) { rack[i], rack[j] = rack[j], rack[i] })
	sets, rest := findSets(rack, r)
	grid := GridOf(v.Table).Clone()
	played := false
	if len(sets) > 0 {
		try := layBelow(grid, sets, r)
		if _, err := JudgeGridTurn(r, start, try); err == nil {
			grid, played = try, true
		}
	}
	if !v.Melded[v.Seat] && !r.MeldThenExtend {
		return grid, played
	}
	if !v.Melded[v.Seat] && !played {
		return grid, false
	}
	for _, t := range rest {
		at := grid.Cells()
		var cells []Cell
		for _, gt := range grid.Tiles {
			for _, d := range [4]Cell{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
				c := Cell{gt.Row + d.Row, gt.Col + d.Col}
				if _, ok := at[c]; !ok {
					cells = append(cells, c)
				}
			}
		}
		p.rng.Shuffle(len(cells), func(i, j int) { cells[i], cells[j] = cells[j], cells[i] })
		for _, c := range cells[:min(len(cells), 5)] {
			try := grid.Clone()
			try.Tiles = append(try.Tiles, GridTile{Cell: c, Tile: t})
			if _, err := JudgeGridTurn(r, start, try); err == nil {
				grid, played = try, true
				break
			}
		}
	}
	return grid, played
}

// TestRandomFrenchGames plays random French matches: every action keeps
// every tile in one place (Apply checks it) and the grid valid; at the end
// save then load is the identity and the history replays to the match.
func TestRandomFrenchGames(t *testing.T) {
	variants := [][]string{nil, {"wrap=true"}, {"meld-then-extend=true", "initial-meld=40"}, {"draw=river"}, {"joker-two-rack-tiles=true", "joker-from-rack=true"}}
	plays := 0
	for k, opts := range variants {
		for seed := uint64(1); seed <= 1+uint64(k%2); seed++ {
			r, err := Preset("french")
			if err != nil {
				t.Fatal(err)
			}
			for _, o := range opts {
				if err := r.SetAssignment(o); err != nil {
					t.Fatal(err)
				}
			}
			r.Games = 1
			names := []string{"A", "B", "C", "D"}[:2+int(seed+uint64(k))%3]
			m, err := NewMatch(r, names, seed*7+uint64(k))
			if err != nil {
				t.Fatal(err)
			}
			p := &randomGridPlayer{rng: rand.New(rand.NewPCG(seed, uint64(k)))}
			for steps := 0; !m.Game.Over && steps < 3000; steps++ {
				a := p.act(m)
				out, err := m.Apply(a)
				if err != nil {
					if a.Kind == ActPlay {
						t.Fatalf("seed %d %v: a play the judge accepted was refused: %v", seed, opts, err)
					}
					if _, err := m.Apply(fallback(m, a.Seat)); err != nil {
						t.Fatalf("seed %d %v: fallback refused: %v", seed, opts, err)
					}
					continue
				}
				if a.Kind == ActPlay {
					plays++
					if out.Result == nil || GridOf(out.Result.After).Len() != GridOf(m.Game.Table).Len() {
						t.Fatalf("a play's result does not carry the grid")
					}
				}
				if err := ReadGrid(GridOf(m.Game.Table), &m.Rules); err != nil {
					t.Fatalf("seed %d %v: the grid became invalid: %v", seed, opts, err)
				}
				if _, onSets := m.Game.Table.(Table); onSets {
					t.Fatalf("a French match has sets on its table")
				}
			}
			data, err := m.MarshalSave()
			if err != nil {
				t.Fatal(err)
			}
			back, err := UnmarshalSave(data)
			if err != nil {
				t.Fatalf("seed %d %v: load: %v", seed, opts, err)
			}
			again, _ := back.MarshalSave()
			if !bytes.Equal(data, again) {
				t.Fatalf("seed %d %v: save then load is not the identity", seed, opts)
			}
			rep, err := Replay(m.Rules, m.Names, m.Seed, back.History)
			if err != nil {
				t.Fatalf("seed %d %v: replay: %v", seed, opts, err)
			}
			if rd, _ := rep.MarshalSave(); !bytes.Equal(rd, data) {
				t.Fatalf("seed %d %v: the replayed match differs from the saved one", seed, opts)
			}
			if v := m.ViewFor(0); GridOf(v.Table).String() != GridOf(m.Game.Table).String() || GridOf(v.TurnStart().Table).String() != GridOf(m.Game.Table).String() {
				t.Fatalf("the view does not carry the grid")
			}
		}
	}
	t.Logf("%d plays", plays)
	if plays < 50 {
		t.Errorf("only %d plays in all the games: the test plays too little to say anything", plays)
	}
}

package game

import "testing"

// BenchmarkRandomGame plays one whole game of four random legal players
// (fixed seeds) through Apply: the engine's cost per game, judging and
// conservation checks included.
func BenchmarkRandomGame(b *testing.B) {
	r := Standard()
	r.Games = 1
	actions := 0
	for i := 0; b.Loop(); i++ {
		seed := uint64(i % 16)
		m, err := NewMatch(r, []string{"A", "B", "C", "D"}, seed)
		if err != nil {
			b.Fatal(err)
		}
		p := newRandomPlayer(seed)
		for !m.Game.Over {
			a := p.act(m)
			if _, err := m.Apply(a); err != nil {
				m.Apply(fallback(m, a.Seat))
			}
			actions++
		}
	}
	b.ReportMetric(float64(actions)/float64(b.N), "actions/game")
}

// BenchmarkSaveLoad encodes and decodes a match in progress.
func BenchmarkSaveLoad(b *testing.B) {
	m := sampleMatch(b)
	for b.Loop() {
		data, err := m.MarshalSave()
		if err != nil {
			b.Fatal(err)
		}
		if _, err := UnmarshalSave(data); err != nil {
			b.Fatal(err)
		}
	}
}

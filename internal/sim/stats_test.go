package sim

import (
	"math"
	"testing"
)

func TestWilson(t *testing.T) {
	cases := []struct {
		wins, n int
		lo, hi  float64
	}{
		// reference values from the closed form, checked by hand
		{50, 100, 0.4038, 0.5962},
		{0, 10, 0, 0.2775},
		{10, 10, 0.7225, 1},
		{1180, 2000, 0.5684, 0.6112},
		{0, 0, 0, 1},
	}
	for _, c := range cases {
		got := Wilson(c.wins, c.n)
		if math.Abs(got[0]-c.lo) > 5e-4 || math.Abs(got[1]-c.hi) > 5e-4 {
			t.Errorf("Wilson(%d, %d) = %.4f..%.4f, want %.4f..%.4f", c.wins, c.n, got[0], got[1], c.lo, c.hi)
		}
		if c.n > 0 {
			p := float64(c.wins) / float64(c.n)
			if p < got[0] || p > got[1] {
				t.Errorf("Wilson(%d, %d) = %v does not contain the rate %v", c.wins, c.n, got, p)
			}
		}
	}
}

func TestPercentile(t *testing.T) {
	v := []float64{1, 2, 3, 4, 5, 6, 7, 8, 9, 10}
	for _, c := range []struct{ q, want float64 }{{50, 5}, {99, 10}, {100, 10}, {0, 1}, {10, 1}, {11, 2}} {
		if got := Percentile(v, c.q); got != c.want {
			t.Errorf("Percentile(1..10, %v) = %v, want %v", c.q, got, c.want)
		}
	}
	if Percentile(nil, 50) != 0 {
		t.Error("Percentile of nothing should be 0")
	}
	mt := summariseTimes([]float64{3, 1, 2})
	if mt.P50 != 2 || mt.Max != 3 {
		t.Errorf("summariseTimes = %+v", mt)
	}
}

// TestLoserTiles checks the tiles-per-loser figure: the winner's rack
// (empty, or not in a blocked game) never counts.
func TestLoserTiles(t *testing.T) {
	c := Config{Players: []string{"expert", "medium", "easy"}}
	mk := func(winner int, tiles ...int) outcome {
		return outcome{winner: winner, scores: make([]int, 3), points: make([]int, 3), tiles: tiles, moveMS: make([][]float64, 3), faults: make([][numFaults]int, 3)}
	}
	res := summarise(&c, []outcome{mk(0, 0, 4, 8), mk(1, 3, 2, 9)})
	// losers: 4, 8, 3, 9 -> 6 a loser; the blocked winner's 2 is left out.
	if res.AvgLoserTiles != 6 {
		t.Errorf("AvgLoserTiles = %v, want 6", res.AvgLoserTiles)
	}
}

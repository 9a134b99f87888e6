package rating

import (
	"encoding/binary"
	"fmt"
	"math"
	"testing"

	"pgregory.net/rapid"
)

// The published test vectors of OpenSkill's Plackett-Luce model with its
// default parameters and no tau (openskill.py tests/models/
// test_plackett_luce.py and the README of openskill.py and openskill.js):
// every player starts at mu 25, sigma 25/3, listed best first.
func TestPublishedVectors(t *testing.T) {
	r := Default().New()
	one := func() []Rating { return []Rating{r} }
	many := func(k int) []Rating {
		t := make([]Rating, k)
		for i := range t {
			t[i] = r
		}
		return t
	}
	tests := []struct {
		name  string
		teams [][]Rating
		want  [][][2]float64
	}{
		{"2 players", [][]Rating{one(), one()}, [][][2]float64{
			{{27.63523138347365, 8.065506316323548}},
			{{22.36476861652635, 8.065506316323548}},
		}},
		{"3 players", [][]Rating{one(), one(), one()}, [][][2]float64{
			{{27.868876552746237, 8.204837030780652}},
			{{25.717219138186557, 8.057829747583874}},
			{{21.413904309067206, 8.057829747583874}},
		}},
		{"4 players", [][]Rating{one(), one(), one(), one()}, [][][2]float64{
			{{27.795084971874736, 8.263160757613477}},
			{{26.552824984374855, 8.179213704945203}},
			{{24.68943500312503, 8.083731307186588}},
			{{20.96265504062538, 8.083731307186588}},
		}},
		{"5 players", [][]Rating{one(), one(), one(), one(), one()}, [][][2]float64{
			{{27.666666666666668, 8.290556877154474}},
			{{26.833333333333332, 8.240145629781066}},
			{{25.72222222222222, 8.179996679645559}},
			{{24.055555555555557, 8.111796013701358}},
			{{20.72222222222222, 8.111796013701358}},
		}},
		{"teams of 3, 1 and 2", [][]Rating{many(3), one(), many(2)}, [][][2]float64{
			{{25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}, {25.939870821784513, 8.247641552260456}},
			{{27.21366020491262, 8.274321317985242}},
			{{21.84646897330287, 8.213058173195341}, {21.84646897330287, 8.213058173195341}},
		}},
		{"two teams of two (README)", [][]Rating{
			{{25, 25.0 / 3}, {32.444, 5.123}},
			{{43.381, 2.421}, {25.188, 6.211}},
		}, [][][2]float64{
			{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
			{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ranks := make([]int, len(tc.teams))
			for i := range ranks {
				ranks[i] = i + 1
			}
			got := Default().rateTeams(tc.teams, ranks)
			for i := range tc.want {
				for j, w := range tc.want[i] {
					g := got[i][j]
					if math.Abs(g.Mu-w[0]) > 1e-9 || math.Abs(g.Sigma-w[1]) > 1e-9 {
						t.Errorf("team %d player %d: got %.15f, %.15f; want %.15f, %.15f", i+1, j+1, g.Mu, g.Sigma, w[0], w[1])
					}
				}
			}
		})
	}
}

func TestRateMatchesTeamsOfOne(t *testing.T) {
	r := Default().New()
	got, err := Default().Rate([]Rating{r, r}, []int{1, 2})
	if err != nil {
		t.Fatal(err)
	}
	if math.Abs(got[0].Mu-27.63523138347365) > 1e-12 || math.Abs(got[1].Mu-22.36476861652635) > 1e-12 {
		t.Fatalf("got %v", got)
	}
}

func TestTies(t *testing.T) {
	m := Default()
	r := m.New()
	tests := []struct {
		name  string
		in    []Rating
		ranks []int
		check func(t *testing.T, out []Rating)
	}{
		{"equal players tie: means unchanged", []Rating{r, r}, []int{1, 1}, func(t *testing.T, out []Rating) {
			for i, o := range out {
				if math.Abs(o.Mu-25) > 1e-12 || o.Sigma >= r.Sigma {
					t.Errorf("player %d: %v", i+1, o)
				}
			}
		}},
		{"a tie for first ranks the pair alike", []Rating{r, r, r}, []int{1, 1, 3}, func(t *testing.T, out []Rating) {
			if math.Abs(out[0].Mu-out[1].Mu) > 1e-12 || !(out[0].Mu > 25 && out[2].Mu < 25) {
				t.Errorf("%v", out)
			}
		}},
		{"the order of the ranks alone counts", []Rating{r, r, r}, []int{10, 10, 30}, func(t *testing.T, out []Rating) {
			want, _ := m.Rate([]Rating{r, r, r}, []int{1, 1, 3})
			for i := range out {
				if out[i] != want[i] {
					t.Errorf("player %d: %v, want %v", i+1, out[i], want[i])
				}
			}
		}},
		{"a strong player tying a weak one loses mean", []Rating{{40, 2}, {10, 2}}, []int{1, 1}, func(t *testing.T, out []Rating) {
			if !(out[0].Mu < 40 && out[1].Mu > 10) {
				t.Errorf("%v", out)
			}
		}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			out, err := m.Rate(tc.in, tc.ranks)
			if err != nil {
				t.Fatal(err)
			}
			tc.check(t, out)
		})
	}
}

func TestRateRefuses(t *testing.T) {
	r := Default().New()
	tests := []struct {
		name  string
		in    []Rating
		ranks []int
	}{
		{"one player", []Rating{r}, []int{1}},
		{"seven players", []Rating{r, r, r, r, r, r, r}, []int{1, 2, 3, 4, 5, 6, 7}},
		{"ranks missing", []Rating{r, r}, []int{1}},
		{"NaN mean", []Rating{{math.NaN(), 1}, r}, []int{1, 2}},
		{"infinite mean", []Rating{{math.Inf(1), 1}, r}, []int{1, 2}},
		{"zero spread", []Rating{{25, 0}, r}, []int{1, 2}},
		{"negative spread", []Rating{{25, -1}, r}, []int{1, 2}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := Default().Rate(tc.in, tc.ranks); err == nil {
				t.Fatal("accepted")
			}
		})
	}
}

func TestRanksFromScores(t *testing.T) {
	tests := []struct {
		scores []int
		want   []int
	}{
		{[]int{10, -4, -6}, []int{1, 2, 3}},
		{[]int{-6, 10, -4}, []int{3, 1, 2}},
		{[]int{0, 0}, []int{1, 1}},
		{[]int{-3, 5, -3, -3}, []int{2, 1, 2, 2}},
	}
	for _, tc := range tests {
		t.Run(fmt.Sprint(tc.scores), func(t *testing.T) {
			got := RanksFromScores(tc.scores)
			if fmt.Sprint(got) != fmt.Sprint(tc.want) {
				t.Fatalf("got %v, want %v", got, tc.want)
			}
		})
	}
}

func genRating(t *rapid.T, label string) Rating {
	return Rating{
		Mu:    rapid.Float64Range(-50, 100).Draw(t, label+"mu"),
		Sigma: rapid.Float64Range(0.1, 15).Draw(t, label+"sigma"),
	}
}

// A player who finishes alone in first place never loses mean, nor
// ordinal when there is no tau.
func TestPropertyWinNeverLowers(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(2, MaxPlayers).Draw(t, "n")
		in := make([]Rating, n)
		ranks := make([]int, n)
		for i := range in {
			in[i] = genRating(t, fmt.Sprint(i))
			ranks[i] = rapid.IntRange(2, 6).Draw(t, fmt.Sprint("rank", i))
		}
		w := rapid.IntRange(0, n-1).Draw(t, "winner")
		ranks[w] = 1
		m := Default()
		m.Tau = rapid.SampledFrom([]float64{0, 25.0 / 300}).Draw(t, "tau")
		out, err := m.Rate(in, ranks)
		if err != nil {
			t.Fatal(err)
		}
		// With tau the spread first grows, so only the mean is bound.
		if out[w].Mu < in[w].Mu-1e-9 || m.Tau == 0 && out[w].Ordinal() < in[w].Ordinal()-1e-9 {
			t.Fatalf("winner went from %v to %v", in[w], out[w])
		}
		for i := range out {
			if out[i].Sigma <= 0 || math.IsNaN(out[i].Mu) || math.IsInf(out[i].Mu, 0) {
				t.Fatalf("player %d: %v", i, out[i])
			}
			if m.Tau == 0 && out[i].Sigma > in[i].Sigma {
				t.Fatalf("player %d's spread grew: %v to %v", i, in[i], out[i])
			}
		}
	})
}

// In a game of two with equal spreads the means move by equal and
// opposite amounts, whoever wins.
func TestPropertyTwoPlayersEqualAndOpposite(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := rapid.Float64Range(0.1, 15).Draw(t, "sigma")
		a := Rating{rapid.Float64Range(-50, 100).Draw(t, "a"), s}
		b := Rating{rapid.Float64Range(-50, 100).Draw(t, "b"), s}
		ranks := rapid.SampledFrom([][]int{{1, 2}, {2, 1}, {1, 1}}).Draw(t, "ranks")
		out, err := Default().Rate([]Rating{a, b}, ranks)
		if err != nil {
			t.Fatal(err)
		}
		da, db := out[0].Mu-a.Mu, out[1].Mu-b.Mu
		if math.Abs(da+db) > 1e-9 {
			t.Fatalf("moves %v and %v are not opposite", da, db)
		}
		if ranks[0] < ranks[1] && da < 0 || ranks[0] > ranks[1] && da > 0 {
			t.Fatalf("the winner lost: %v", da)
		}
	})
}

func TestPropertyOrdinal(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRating(t, "")
		if r.Ordinal() != r.Mu-3*r.Sigma {
			t.Fatal(r)
		}
	})
}

// FuzzRate feeds Rate whatever ratings and ranks the bytes make: it
// either refuses them or returns finite ratings with positive spreads.
func FuzzRate(f *testing.F) {
	f.Add([]byte{2, 0, 0, 0, 0, 0, 0, 57, 64, 0, 0, 0, 0, 0, 0, 32, 64, 1})
	f.Add(make([]byte, 60))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) == 0 {
			return
		}
		n := int(data[0] % 9)
		data = data[1:]
		var in []Rating
		var ranks []int
		for i := 0; i < n && len(data) >= 17; i++ {
			mu := math.Float64frombits(binary.LittleEndian.Uint64(data))
			sigma := math.Float64frombits(binary.LittleEndian.Uint64(data[8:]))
			in = append(in, Rating{mu, sigma})
			ranks = append(ranks, int(int8(data[16])))
			data = data[17:]
		}
		out, err := Default().Rate(in, ranks)
		if err != nil {
			return
		}
		for i, o := range out {
			if math.IsNaN(o.Mu) || math.IsInf(o.Mu, 0) || !(o.Sigma > 0) || math.IsInf(o.Sigma, 0) {
				t.Fatalf("player %d: %v from %v", i, o, in[i])
			}
		}
	})
}

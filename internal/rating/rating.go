package rating

import (
	"errors"
	"fmt"
	"math"
)

// Rating is a belief about one player's skill.
type Rating struct {
	Mu    float64 `json:"mu"`
	Sigma float64 `json:"sigma"`
}

// Ordinal is the rating a ladder sorts by: Mu - 3 Sigma.
func (r Rating) Ordinal() float64 { return r.Mu - 3*r.Sigma }

func (r Rating) String() string {
	return fmt.Sprintf("%.2f±%.2f", r.Mu, r.Sigma)
}

// Model holds the parameters of the update. The zero value is not
// useful; start from Default.
type Model struct {
	Mu    float64 // a newcomer's mean
	Sigma float64 // a newcomer's spread
	Beta  float64 // the spread of one game's performance around the skill
	Kappa float64 // the least factor a variance may shrink by in one game
	// Tau is added to every spread before a game (in quadrature), so a
	// rating never stops moving; 0 for the paper's update alone.
	Tau float64
}

// Default is the model of the paper and of OpenSkill: mu 25, sigma 25/3,
// beta 25/6, kappa 0.0001, no tau.
func Default() Model {
	return Model{Mu: 25, Sigma: 25.0 / 3, Beta: 25.0 / 6, Kappa: 0.0001}
}

// New is a newcomer's rating.
func (m Model) New() Rating { return Rating{Mu: m.Mu, Sigma: m.Sigma} }

// MaxPlayers bounds the players of one game that Rate takes.
const MaxPlayers = 6

// MaxMu bounds the size of a mean Rate takes; a rating outside it is not
// one this package made.
const MaxMu = 1e6

// MinSigma is the least spread Rate takes and gives: its square must stay
// a normal float64.
const MinSigma = 1e-6

// Rate returns the players' ratings after one game. ranks[i] is player
// i's place, 1 the best; equal ranks are a tie; only the order of the
// ranks matters. It takes 2 to MaxPlayers players with finite means of at
// most MaxMu in size and spreads in [MinSigma, MaxMu].
func (m Model) Rate(players []Rating, ranks []int) ([]Rating, error) {
	if len(players) < 2 || len(players) > MaxPlayers {
		return nil, fmt.Errorf("a rated game has 2 to %d players, not %d", MaxPlayers, len(players))
	}
	if len(ranks) != len(players) {
		return nil, fmt.Errorf("%d ranks for %d players", len(ranks), len(players))
	}
	teams := make([][]Rating, len(players))
	for i, p := range players {
		if err := check(p); err != nil {
			return nil, fmt.Errorf("player %d: %w", i+1, err)
		}
		teams[i] = []Rating{p}
	}
	out := m.rateTeams(teams, ranks)
	res := make([]Rating, len(players))
	for i := range out {
		res[i] = out[i][0]
	}
	return res, nil
}

func check(r Rating) error {
	switch {
	case math.IsNaN(r.Mu) || math.Abs(r.Mu) > MaxMu:
		return errors.New("the mean is not a number of at most 1e6 in size")
	case math.IsNaN(r.Sigma) || r.Sigma < MinSigma || r.Sigma > MaxMu:
		return errors.New("the spread is not a number in [1e-6, 1e6]")
	}
	return nil
}

// rateTeams is Algorithm 4 of the paper for teams whose skill is the sum
// of their players' (a player alone is a team of one): the team's mean
// and variance are sums, and each player takes a share of the team's
// update in proportion to its own variance. The paper's steps:
//
//	c      = sqrt(sum_i (sigma_i^2 + beta^2))
//	p_i,q  = exp(mu_i/c) / sum_{s: r(s) >= r(q)} exp(mu_s/c)
//	A_q    = |{s: r(s) = r(q)}|
//	Omega_i = sigma_i^2/c     * sum_{q: r(q) <= r(i)} (1[q=i] - p_i,q) / A_q
//	Delta_i = gamma_i * sigma_i^2/c^2 * sum_{q: r(q) <= r(i)} p_i,q (1 - p_i,q) / A_q
//	gamma_i = sigma_i / c
//	mu_i    += Omega_i,  sigma_i^2 *= max(1 - Delta_i, kappa)
func (m Model) rateTeams(teams [][]Rating, ranks []int) [][]Rating {
	n := len(teams)
	mu := make([]float64, n)
	s2 := make([]float64, n)
	in := make([][]Rating, n)
	for i, t := range teams {
		in[i] = make([]Rating, len(t))
		for j, p := range t {
			if m.Tau > 0 {
				p.Sigma = math.Sqrt(p.Sigma*p.Sigma + m.Tau*m.Tau)
			}
			in[i][j] = p
			mu[i] += p.Mu
			s2[i] += p.Sigma * p.Sigma
		}
	}
	var sum float64
	for i := range teams {
		sum += s2[i] + m.Beta*m.Beta
	}
	c := math.Sqrt(sum)
	// The exponentials are taken relative to the largest mean: the
	// probabilities are unchanged and exp never overflows.
	top := mu[0]
	for _, v := range mu {
		top = math.Max(top, v)
	}
	e := make([]float64, n)
	for i := range mu {
		e[i] = math.Exp((mu[i] - top) / c)
	}
	sumQ := make([]float64, n) // sum over the teams ranked at or below q
	a := make([]float64, n)    // teams sharing q's rank
	for q := range teams {
		for s := range teams {
			if ranks[s] >= ranks[q] {
				sumQ[q] += e[s]
			}
			if ranks[s] == ranks[q] {
				a[q]++
			}
		}
	}
	out := make([][]Rating, n)
	for i := range teams {
		var omega, delta float64
		for q := range teams {
			if ranks[q] > ranks[i] {
				continue
			}
			p := e[i] / sumQ[q]
			delta += p * (1 - p) / a[q]
			if q == i {
				omega += (1 - p) / a[q]
			} else {
				omega -= p / a[q]
			}
		}
		omega *= s2[i] / c
		delta *= s2[i] / (c * c)
		delta *= math.Sqrt(s2[i]) / c // gamma_i
		out[i] = make([]Rating, len(in[i]))
		for j, p := range in[i] {
			share := p.Sigma * p.Sigma / s2[i]
			out[i][j] = Rating{
				Mu:    p.Mu + share*omega,
				Sigma: math.Max(MinSigma, p.Sigma*math.Sqrt(math.Max(1-share*delta, m.Kappa))),
			}
		}
	}
	return out
}

// RanksFromScores ranks players by score, the highest first: a player's
// rank is 1 plus the number of players who scored more, so equal scores
// share a rank.
func RanksFromScores(scores []int) []int {
	ranks := make([]int, len(scores))
	for i, s := range scores {
		ranks[i] = 1
		for _, t := range scores {
			if t > s {
				ranks[i]++
			}
		}
	}
	return ranks
}

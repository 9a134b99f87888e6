package sim

import (
	"math"
	"sort"
)

// Wilson returns the Wilson score interval at 95% for wins successes out
// of n trials. It behaves well at rates near 0 and 1 and on few games,
// where the normal approximation does not. With n = 0 it is [0, 1].
func Wilson(wins, n int) [2]float64 {
	if n <= 0 {
		return [2]float64{0, 1}
	}
	const z = 1.959963984540054 // the 97.5th percentile of the normal law
	p := float64(wins) / float64(n)
	nn := float64(n)
	denom := 1 + z*z/nn
	centre := (p + z*z/(2*nn)) / denom
	half := z * math.Sqrt(p*(1-p)/nn+z*z/(4*nn*nn)) / denom
	lo, hi := centre-half, centre+half
	if lo < 0 {
		lo = 0
	}
	if hi > 1 {
		hi = 1
	}
	return [2]float64{lo, hi}
}

// Percentile returns the q-th percentile (0..100) of sorted values by the
// nearest-rank method, so it is always one of the measured values. It is 0
// for no values.
func Percentile(sorted []float64, q float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	rank := int(math.Ceil(q / 100 * float64(len(sorted))))
	if rank < 1 {
		rank = 1
	}
	if rank > len(sorted) {
		rank = len(sorted)
	}
	return sorted[rank-1]
}

// MoveTimes summarises how long computer moves took, in milliseconds.
type MoveTimes struct {
	P50 float64 `json:"p50"`
	P99 float64 `json:"p99"`
	Max float64 `json:"max"`
}

// summariseTimes sorts ms in place and takes its percentiles.
func summariseTimes(ms []float64) MoveTimes {
	sort.Float64s(ms)
	if len(ms) == 0 {
		return MoveTimes{}
	}
	return MoveTimes{P50: round(Percentile(ms, 50), 3), P99: round(Percentile(ms, 99), 3), Max: round(ms[len(ms)-1], 3)}
}

// round keeps digits decimals, so JSON output stays readable.
func round(x float64, digits int) float64 {
	p := math.Pow(10, float64(digits))
	return math.Round(x*p) / p
}

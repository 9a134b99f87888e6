package solver

import (
	"math/rand/v2"
	"testing"
)

// The benchmark sets of issue 14: for every rule preset the solver must be
// exact and quick under, whole-table positions (60 to 100 tiles on the
// table, 10 to 25 on the rack) and mid-game ones (20 to 60 on the table, 6
// to 18 on the rack), dealt from fixed seeds.

// The sizes of each preset's set: whole-table positions, then mid-game
// ones.
const presetWhole, presetMid = 100, 100

// presetSpec says how to deal one preset's set.
type presetSpec struct {
	name   string
	preset string
	opts   []string
	seed   uint64
	jokers int // jokers dealt at most (the rules' number when 0)
	rackJ  int // jokers put on the rack before the table is laid
}

var presetSpecs = []presetSpec{
	{name: "standard", preset: "standard", seed: 1401},
	{name: "wrap", preset: "wrap", seed: 1402},
	{name: "six", preset: "six", seed: 1403},
	{name: "forty", preset: "forty", seed: 1404},
	{name: "river", preset: "river", seed: 1405},
	// joker-heavy: the 160-tile set with all four jokers dealt, two of
	// them on the rack, the others on the table or the rack
	{name: "jokers", preset: "six", seed: 1406, rackJ: 2},
}

// presetSet deals whole positions and mid-game positions of a preset.
func presetSet(t testing.TB, ps presetSpec, whole, mid int) benchSet {
	r := rulesOf(t, ps.preset, ps.opts...)
	rng := rand.New(rand.NewPCG(ps.seed, 14))
	jokers := r.Jokers
	if ps.jokers > 0 {
		jokers = ps.jokers
	}
	var reqs []Request
	for k, want := range []int{whole, mid} {
		got := 0
		for got < want {
			sp := posSpec{rules: r, lo: 1, hi: 13, jokers: jokers, rackJokers: ps.rackJ, tableJ: rng.IntN(2) == 0}
			if r.Wrap {
				sp.hi = 14
			}
			lo, hi, rlo, rhi := 60, 100, 10, 25
			if k == 1 {
				lo, hi, rlo, rhi = 20, 60, 6, 18
			}
			sp.tableTiles = lo + rng.IntN(hi-lo+1)
			sp.rackTiles = rlo + rng.IntN(rhi-rlo+1)
			pos := deal(rng, sp)
			n := pos.table.Len()
			if n < lo || n > hi || len(pos.rack) < rlo {
				continue
			}
			reqs = append(reqs, Request{Rules: r, Table: pos.table, Rack: pos.rack, Opened: true})
			got++
		}
	}
	return benchSet{ps.name, reqs}
}

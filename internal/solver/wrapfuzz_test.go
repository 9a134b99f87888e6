package solver

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"pgregory.net/rapid"
)

// wrapRules are the rule sets with wrap, where a run may end on a high 1.
var wrapRules = [][]string{
	{"wrap"}, {"wrap", "joker-two-rack-tiles=false"}, {"wrap", "free-jokers=true"},
	{"six", "wrap=true", "joker-two-rack-tiles=true"}, {"wrap", "meld-then-extend=true"},
}

// wrapLongRequest draws a wrap position over all of 1..14, too big for the
// reference search: long runs and whole colours on the table, jokers among
// them, spare ones on the rack.
func wrapLongRequest(t *rapid.T) Request {
	pr := wrapRules[rapid.IntRange(0, len(wrapRules)-1).Draw(t, "rules")]
	r := rulesOf(t, pr[0], pr[1:]...)
	sp := posSpec{rules: r, lo: 1, hi: 14, long: true,
		tableTiles: rapid.IntRange(0, 60).Draw(t, "table"),
		rackTiles:  rapid.IntRange(1, 10).Draw(t, "rack"),
		jokers:     rapid.IntRange(0, r.Jokers).Draw(t, "jokers"),
		tableJ:     rapid.Bool().Draw(t, "tableJokers"),
		colors:     rapid.IntRange(1, 4).Draw(t, "colors"),
		spareOne:   rapid.Bool().Draw(t, "spareOne")}
	pos := deal(rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 11)), sp)
	return Request{Rules: r, Table: pos.table, Rack: pos.rack,
		Opened: rapid.IntRange(0, 3).Draw(t, "opened") != 0, Objective: Objective(rapid.IntRange(0, 1).Draw(t, "objective"))}
}

// FuzzWrapLongRuns: on any such position Solve answers without an error
// (a panic inside it would come back as one) and the engine accepts its
// play, also when the deadline cuts the search. The committed run tries
// only the seed corpus; search longer with
// go test -run '^$' -fuzz FuzzWrapLongRuns -fuzztime 60s ./internal/solver/
func FuzzWrapLongRuns(f *testing.F) {
	for i := range 8 {
		seed := make([]byte, 512) // rapid reads its draws from these bytes
		rng := rand.New(rand.NewPCG(uint64(i), 5))
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		f.Add(seed)
	}
	f.Fuzz(rapid.MakeFuzz(func(t *rapid.T) {
		req := wrapLongRequest(t)
		ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
		defer cancel()
		res, err := Solve(ctx, req)
		if err != nil {
			t.Fatalf("%s\n%v", describe(req), err)
		}
		checkResult(t, req, res)
	}))
}

package sim

import (
	"context"
	"sync"
)

// splitmix64 is one step of the SplitMix64 generator: a cheap, well-mixed
// way to derive independent seeds from one seed and an index, so every
// game's deal and every player's randomness depend only on --seed and the
// game's number, never on which worker ran it.
func splitmix64(x uint64) uint64 {
	x += 0x9E3779B97F4A7C15
	x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9
	x = (x ^ (x >> 27)) * 0x94D049BB133111EB
	return x ^ (x >> 31)
}

// DeriveSeed mixes a base seed with a path of indexes (deal, seat, ...).
func DeriveSeed(base uint64, path ...uint64) uint64 {
	s := splitmix64(base)
	for _, p := range path {
		s = splitmix64(s ^ splitmix64(p+1))
	}
	return s
}

// gameSpec is one game to play: which deal, and who sits where.
type gameSpec struct {
	Index int    // the game's number, 0-based
	Deal  int    // the deal's number: mirrored games share it
	Seed  uint64 // the deal's seed
	// Seating[s] is the entry of the players list sitting in seat s.
	Seating []int
}

// schedule lists the games of a run. Without mirror every game is a new
// deal with the players in the order given. With mirror every deal is
// played once per rotation of the seating (twice, seats swapped, for two
// players), so each player gets each seat's hand; a final deal may be cut
// short when games is not a multiple of the number of players.
func schedule(games, players int, seed uint64, mirror bool) []gameSpec {
	specs := make([]gameSpec, games)
	per := 1
	if mirror {
		per = players
	}
	for i := range specs {
		deal := i / per
		rot := i % per
		seating := make([]int, players)
		for s := range seating {
			seating[s] = (s + rot) % players
		}
		specs[i] = gameSpec{Index: i, Deal: deal, Seed: DeriveSeed(seed, uint64(deal)), Seating: seating}
	}
	return specs
}

// runAll plays every spec on jobs workers and returns the outcomes in the
// specs' order, so the aggregate never depends on the parallelism. done is
// called after each game from a single goroutine, with the count so far.
func runAll[T any](ctx context.Context, specs []gameSpec, jobs int, play func(context.Context, gameSpec) T, done func(n int)) ([]T, error) {
	if jobs < 1 {
		jobs = 1
	}
	out := make([]T, len(specs))
	work := make(chan int)
	finished := make(chan struct{}, len(specs))
	var wg sync.WaitGroup
	for w := 0; w < jobs; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				out[i] = play(ctx, specs[i])
				finished <- struct{}{}
			}
		}()
	}
	go func() {
		defer close(work)
		for i := range specs {
			select {
			case work <- i:
			case <-ctx.Done():
				return
			}
		}
	}()
	go func() { wg.Wait(); close(finished) }()
	n := 0
	for range finished {
		n++
		if done != nil {
			done(n)
		}
	}
	if err := ctx.Err(); err != nil && n < len(specs) {
		return out[:0], err
	}
	return out, nil
}

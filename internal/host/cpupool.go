package host

import (
	"context"
	"slices"
	"sync"
	"time"
)

// CPUPool is a bounded set of workers that computer turns take one of
// before they think: a server with many tables gives every table's
// computer seats one pool (as many workers as cores), so that many
// computers thinking at once queue for the CPU instead of all slowing
// each other down. A turn waits in line, first come first served, within
// its own deadline; once it holds a worker it thinks with its level's
// whole budget of work, exactly as on an idle machine. The wait is the
// only way one table's turns depend on another's.
type CPUPool struct {
	slots chan struct{}

	mu    sync.Mutex
	waits []time.Duration // every wait so far (kept up to maxWaits)
	turns int
}

// maxWaits bounds the waits a pool keeps for its statistics.
const maxWaits = 1 << 16

// NewCPUPool returns a pool of n workers (at least one).
func NewCPUPool(n int) *CPUPool {
	if n < 1 {
		n = 1
	}
	return &CPUPool{slots: make(chan struct{}, n)}
}

// Workers is the number of workers.
func (p *CPUPool) Workers() int { return cap(p.slots) }

// Acquire waits for a worker, at most until ctx ends, and returns the
// function that gives it back. queued, when not nil, is called once if
// the turn has to wait (none is free at once). ok is false when ctx ended
// first: the turn then thinks on no worker and its deadline has passed,
// so it ends with its fallback at once.
func (p *CPUPool) Acquire(ctx context.Context, queued func()) (release func(), ok bool) {
	t0 := time.Now()
	select {
	case p.slots <- struct{}{}:
		p.record(0)
		return p.release, true
	default:
	}
	if queued != nil {
		queued()
	}
	select {
	case p.slots <- struct{}{}:
		p.record(time.Since(t0))
		return p.release, true
	case <-ctx.Done():
		p.record(time.Since(t0))
		return func() {}, false
	}
}

func (p *CPUPool) release() { <-p.slots }

func (p *CPUPool) record(d time.Duration) {
	p.mu.Lock()
	p.turns++
	if len(p.waits) < maxWaits {
		p.waits = append(p.waits, d)
	} else {
		p.waits[p.turns%maxWaits] = d
	}
	p.mu.Unlock()
}

// PoolStats sums up the waits for a worker.
type PoolStats struct {
	Workers       int
	Turns         int // computer turns that asked for a worker
	Queued        int // ... and had to wait
	P50, P99, Max time.Duration
}

// Stats returns the waits so far (the latest maxWaits of them).
func (p *CPUPool) Stats() PoolStats {
	p.mu.Lock()
	w := slices.Clone(p.waits)
	st := PoolStats{Workers: p.Workers(), Turns: p.turns}
	p.mu.Unlock()
	if len(w) == 0 {
		return st
	}
	slices.Sort(w)
	for _, d := range w {
		if d > 0 {
			st.Queued++
		}
	}
	q := func(f float64) time.Duration { return w[int(f*float64(len(w)-1))] }
	st.P50, st.P99, st.Max = q(0.5), q(0.99), w[len(w)-1]
	return st
}

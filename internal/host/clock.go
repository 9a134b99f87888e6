package host

import (
	"sort"
	"sync"
	"time"
)

// Clock is where the host reads the time and sets its timers: the real
// clock in a game, a ManualClock in tests.
type Clock interface {
	Now() time.Time
	// AfterFunc calls f on its own goroutine once d has passed; the
	// returned function stops the timer (it reports nothing: the host
	// checks a generation number when f runs anyway).
	AfterFunc(d time.Duration, f func()) (stop func())
}

// RealClock is the wall clock.
type RealClock struct{}

// Now is time.Now.
func (RealClock) Now() time.Time { return time.Now() }

// AfterFunc is time.AfterFunc.
func (RealClock) AfterFunc(d time.Duration, f func()) func() {
	t := time.AfterFunc(d, f)
	return func() { t.Stop() }
}

// ManualClock is a clock that moves only when told to: Advance runs the
// timers that fall due, in order, before it returns. For tests.
type ManualClock struct {
	mu     sync.Mutex
	now    time.Time
	timers []*manualTimer
	seq    int
}

type manualTimer struct {
	at      time.Time
	seq     int
	f       func()
	stopped bool
}

// NewManualClock starts a manual clock at t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now is the clock's time.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// AfterFunc sets a timer that Advance runs.
func (c *ManualClock) AfterFunc(d time.Duration, f func()) func() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seq++
	t := &manualTimer{at: c.now.Add(d), seq: c.seq, f: f}
	c.timers = append(c.timers, t)
	return func() {
		c.mu.Lock()
		t.stopped = true
		c.mu.Unlock()
	}
}

// Advance moves the clock on by d, running every timer that falls due on
// the way (on the caller's goroutine, in the order they fall due).
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	end := c.now.Add(d)
	c.mu.Unlock()
	for {
		c.mu.Lock()
		sort.SliceStable(c.timers, func(i, j int) bool {
			if !c.timers[i].at.Equal(c.timers[j].at) {
				return c.timers[i].at.Before(c.timers[j].at)
			}
			return c.timers[i].seq < c.timers[j].seq
		})
		var next *manualTimer
		for i, t := range c.timers {
			if t.stopped {
				continue
			}
			if !t.at.After(end) {
				next = t
				c.timers = append(c.timers[:i:i], c.timers[i+1:]...)
			}
			break
		}
		if next == nil {
			c.now = end
			c.mu.Unlock()
			return
		}
		if next.at.After(c.now) {
			c.now = next.at
		}
		c.mu.Unlock()
		next.f()
	}
}

// Pending is the number of timers not yet run or stopped.
func (c *ManualClock) Pending() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for _, t := range c.timers {
		if !t.stopped {
			n++
		}
	}
	return n
}

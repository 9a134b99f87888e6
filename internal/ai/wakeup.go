package ai

import (
	"sync/atomic"
	"time"
)

// A move's safety net (the inner deadline, see base.inner) answers only
// once the goroutine waiting for it runs again, and on a loaded machine
// that can be long after the deadline: the process's threads wait for a
// CPU. Measured on the shared 2-core machine at a load of 8 to 12 from
// other processes (sim expert,expert --think 20ms --jobs 1, 100 games): a
// move's goroutine ran again 13-19 ms (median) and up to 650 ms after its
// inner deadline, which is what put a turn over its 100 ms deadline at
// --think 100ms. A fixed margin cannot know this; so the process keeps
// the lateness it has seen lately, and each move's margin covers twice
// that (margin), so that a machine that has been starving its moves
// makes them answer earlier, and an idle one gives back the time.
//
// wakeLate is that lateness, in nanoseconds: a maximum that decays by an
// eighth at every move, so that it follows the load of the last few
// dozen moves.
var wakeLate atomic.Int64

// noteWake records that a move's goroutine ran again late after its
// inner deadline (0 for a move that ended by its work, which lets the
// maximum decay).
func noteWake(late time.Duration) {
	for {
		old := wakeLate.Load()
		next := old - old/8
		if int64(late) > next {
			next = int64(late)
		}
		if wakeLate.CompareAndSwap(old, next) {
			return
		}
	}
}

// recentWake is the decayed maximum lateness noted.
func recentWake() time.Duration { return time.Duration(wakeLate.Load()) }

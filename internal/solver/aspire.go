package solver

// Aspiration: the search first looks only for plays as good as the bound at
// the root allows (every playable rack tile placed, less the copies the
// bound already counts lost), and only when there is none for any play.
//
// Branch and bound cuts a state only against the best play found so far.
// The search finds a first play at once (the table as it lies), but then
// improves it a tile at a time, and until the incumbent is near the
// optimum the bound cuts little: on many of the slowest benchmark
// positions nearly the whole search happened before the best play was
// met, and most of them place every rack tile. With the floor just below
// the root's bound the bound cuts every state that has left a tile
// behind, so such a play is found at once; when there is none, what the
// failed look learnt stays in the memo as upper bounds (a bound holds
// whatever the incumbent) for the full search that follows, whose answer
// is the same exact optimum. One look only: a second one, a tile lower,
// cost more than it saved. Search nodes over the benchmark sets (first
// pass of the report) standard 148,191 -> 143,196, wrap 989,795 ->
// 890,706, six 635,534 -> 372,550, river 56,182 -> 49,994, joker-heavy
// 1,755,171 -> 1,798,861, forty 76,885 -> 81,708; the slowest six position
// 54 -> 25 ms (thread CPU, a busy machine).

// runAspired is run with the incumbent's floor first raised to just below
// the least score whose first field (tiles, or points) reaches the root's
// bound: it returns the best score, or negInf when nothing beats floor.
func (d *dp) runAspired(floor int64) int64 {
	// the bound at the root over the choices of freed table jokers (they
	// are wild, but score nothing)
	top := negInf
	for f := 0; f <= len(d.jHome); f++ {
		if (f > 0 && !d.canFree && !d.freeAll) || (d.freeAll && f < len(d.jHome)) {
			continue
		}
		w := d.jAvail + f
		b := d.ubSuffix[1] + int64(w)*d.jokerGain
		if w < maxBoundWild {
			b = d.ubW[1][w]
		}
		top = max(top, b-int64(f)*d.jokerGain)
	}
	if f := (top>>16)<<16 - 1; f > floor {
		d.incVal = f
		v := d.run()
		if d.canceled || d.incVal > f {
			return v // found: the search went on to the best play above f
		}
	}
	d.incVal = floor
	return d.run()
}

// runFrom runs the search for plays worth more than floor, aspiring or not.
func (d *dp) runFrom(floor int64, aspire bool) int64 {
	if aspire {
		return d.runAspired(floor)
	}
	d.incVal = floor
	return d.run()
}

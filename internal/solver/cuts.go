package solver

// Ways to lay a place that branch and bound would cut at once are left out
// while the colours are combined, their bound recorded.

// poorCut caches, for tooPoor, the most rack tiles a way to lay the place
// may play and still be too poor, while the incumbent stays the same.
type poorCut struct {
	inc  int64
	ymax int
	stop bool
}

// tooPoor is skipPoor for ways to lay place p that place every wild joker
// left (wHere) in runs: it reports whether one playing y rack tiles (and so
// every one playing fewer) cannot beat the incumbent, and records its
// bound. It also stops the place when the state itself is beaten now
// (cutStop).
func (d *dp) tooPoor(pc *poorCut, p, n, y, wHere int) bool {
	if pc.inc != d.incVal {
		pc.inc = d.incVal
		lim := d.incVal - d.cutPrefix[p]
		pc.stop = d.cutUB[p] <= lim
		// the gain of y rack tiles is y times that of one
		room := lim - int64(wHere)*d.jokerGain - d.ubNext(p, 0)
		pc.ymax = -1
		if room >= 0 {
			pc.ymax = int(room / d.tileGain(1, n))
		}
	}
	if pc.stop {
		d.cutStop[p] = true
		return true
	}
	if y > pc.ymax {
		return false
	}
	if y >= 0 {
		v := d.tileGain(y, n) + int64(wHere)*d.jokerGain + d.ubNext(p, 0)
		d.cutBound[p] = max(d.cutBound[p], v)
	}
	return true
}

// skipPoor reports whether every next state of a way to lay place p that
// plays y rack tiles (wRuns wild jokers in runs) is one solve would cut at
// once: even with every later rack tile and joker played it cannot beat the
// incumbent. It then records the bound solve would have taken from them.
func (d *dp) skipPoor(p, n, y, wRuns, wildLeft int, rooms *[16]int) bool {
	lim := d.incVal - d.cutPrefix[p]
	if d.cutUB[p] <= lim {
		// as solve's visit would: the state itself is beaten now
		d.cutStop[p] = true
		return true
	}
	base := d.tileGain(y, n)
	// the bound with every wild joker left for later is the largest (a
	// joker laid here gains jokerGain, one kept for later at least that)
	if base+d.ubNext(p, wildLeft) > lim {
		return false
	}
	for wg := 0; wg+wRuns <= wildLeft; wg++ {
		if rooms[wg] < 0 {
			continue
		}
		wHere := wRuns + wg
		v := base + int64(wHere)*d.jokerGain + d.ubNext(p, wildLeft-wHere)
		d.cutBound[p] = max(d.cutBound[p], v)
	}
	return true
}

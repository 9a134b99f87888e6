package solver

// The room for freed table jokers under joker-two-rack-tiles: a freed
// joker's set must hold two numbered rack tiles besides it (see freeCap),
// and a state that can no longer give every freed joker such a set is
// dead.

// noFreedRoom reports, under joker-two-rack-tiles with table jokers freed,
// that the sets can no longer hold them all with two rack tiles each: a
// set holds no more freed jokers than wild jokers, so the room at the end
// is at most the room of the sets closed, the wild jokers in open runs and
// those still to place. Without it such states died only at the last
// place: search nodes over the wrap benchmark set (200 positions, first
// pass of the report) 1,890,815 -> 1,550,959, slowest position 74 -> 68 ms
// (thread CPU).
//
// Nor does a set gain more than one place for a freed joker from each tile
// laid in it later (a wild joker, or a rack tile: see freeCap), so the room
// is also at most that of the sets closed, that of the open runs as they
// stand, and one for every wild joker and rack tile still to place. An
// open run of table tiles holding a freed joker, with no rack tile left
// to come, gives it no room: wrap benchmark set search nodes 1,390,887 ->
// 1,383,008.
func (d *dp) noFreedRoom(p int, s *state) bool {
	fc := d.freedCount(s)
	room := int(s.cap) + int(s.wild)
	now := room + d.rackFrom[min(p, 15)]
	for c := 0; c < 4; c++ {
		now += int(s.res[c][1])
		for i := 0; i < int(s.runs[c].n); i++ {
			x := s.runs[c].d[i]
			room += dwild(x)
			now += freeCap(dwild(x), drack(x))
		}
	}
	if min(room, now) < fc {
		return true
	}
	return d.runShortOfRack(p, s, room-fc) || d.noRackRoom(p, s, fc)
}

// runShortOfRack reports, with table jokers freed under
// joker-two-rack-tiles and no rack joker, that open runs hold wild jokers
// they can never all give room, more than the room to spare (slack: room
// given beyond the freed jokers, as a relaxed state's is, see tail.go).
// Every wild joker is then a freed one, so a run with w of them needs two
// rack tiles to hold them all, and holds one fewer for each missing, at
// most w fewer; each rack tile it still gets, of its colour from place p
// on (under wrap with the ones kept for place 14), one a place, makes one
// up. Without it such runs died where they closed: search nodes over the
// benchmark sets (first pass of the report) wrap 658,726 -> 597,561 (135:
// 86,303 -> 77,629), forty 49,364 -> 48,746; the others unchanged. Counting a
// run's rack tiles one a place, and that a run with one wild joker gains
// nothing from a single rack tile (the least loss over how the colour's
// rack tiles are shared, a small knapsack), after the run demand of
// demand.go: wrap 466,625 -> 387,227 (135: 56,961 -> 47,668), forty
// 48,587 -> 43,594.
func (d *dp) runShortOfRack(p int, s *state, slack int) bool {
	if !d.splitApplies(s) {
		return false
	}
	lost := 0
	for c := 0; c < 4; c++ {
		short := false
		for i := 0; i < int(s.runs[c].n) && !short; i++ {
			x := s.runs[c].d[i]
			short = dwild(x) > 0 && drack(x) < 2
		}
		if !short {
			continue // most states: no run of the colour holds a wild joker
		}
		have := d.rackFromC[min(p, 15)][c]
		places := d.rackPlacesC[min(p, 15)][c] // a run takes one tile a place
		if d.wrap && p >= 2 && s.res[c][1] > 0 {
			have += int(s.res[c][1])
			places++
		}
		// best[h]: the least room lost by the runs so far given h rack
		// tiles; a run with w wild jokers and r rack tiles given g more
		// loses min(w, 2-r-g) (at most places of them: one a place)
		best := [2*maxRuns + 1]int{}
		top := 0
		for i := 0; i < int(s.runs[c].n); i++ {
			x := s.runs[c].d[i]
			w, r := dwild(x), drack(x)
			if w == 0 || r >= 2 {
				continue
			}
			next := [2*maxRuns + 1]int{}
			top += 2 - r
			for h := 0; h <= min(top, have); h++ {
				next[h] = 1 << 30
				for g := 0; g <= min(2-r, places, h); g++ {
					next[h] = min(next[h], best[min(h-g, top-(2-r))]+min(w, 2-r-g))
				}
			}
			best = next
		}
		lost += best[min(top, have)]
	}
	return lost > slack
}

// noRackRoom is noFreedRoom when no open run could give room for one more
// wild joker (freeCap: its wild jokers and rack tiles are at most one).
// Then every set closed from here gains room only from what it is given:
// w wild jokers and r rack tiles, with s (0 or 1) already in it, give at
// most min(w+s, w+r+s-2), and over all of them at most min(W+I, W+R+s-2)
// for the W wild jokers and R rack tiles still to place, I the wild
// jokers in open runs and s the most of any open run (the -2 is paid once
// per set that gains). (Without I, a freed joker alone in an open run
// that two rack tiles and the other freed joker were still to join was
// found dead: wrap, deal 5, position 136, 12 tiles where 13 is the best.)
// Wrap benchmark set search nodes 720,514 -> 713,759 with R = 0 only (28:
// 96,143 -> 89,713), -> 710,473 with it (135: 97,181 -> 94,732); the other
// sets unchanged.
func (d *dp) noRackRoom(p int, s *state, fc int) bool {
	if s.wild == 0 {
		return false
	}
	r, most, in := d.rackFrom[min(p, 15)], 0, 0
	for c := 0; c < 4; c++ {
		r += int(s.res[c][1])
		for i := 0; i < int(s.runs[c].n); i++ {
			x := s.runs[c].d[i]
			switch dwild(x) + drack(x) {
			case 0:
			case 1:
				most = 1
				in += dwild(x)
			default:
				return false
			}
		}
	}
	w := int(s.wild)
	return int(s.cap)+min(w+in, max(0, w+r+most-2)) < fc
}

package solver

import "rummikub/internal/game"

// The choices for one colour at one place: how many rack tiles of that face
// to play, which open runs continue (and with what kind of tile), which
// close, how many new runs start, and which tiles go to groups.

// Kinds of tile that continue or start a run.
const (
	aClose = iota // the run ends before this place
	aTable        // a numbered tile (from the table; from either when not split)
	aRack         // a numbered tile from the rack (split mode only)
	aKept         // a table joker keeping its meaning
	aWild         // a wild joker
)

// colIn is what one colour offers at one place.
type colIn struct {
	t, r, m, k int // table tiles, playable rack tiles, must-play rack tiles, kept jokers
	wild       int // wild jokers still available
	newRuns    bool
	groups     bool
	reserve    bool // place 1 under wrap: ones may be kept for place 14
	fromOne    bool // new runs start at place 1 (wrap)
	relax      bool // the relaxed state of a tail bound (see tail.go): new runs may go on runs from before
	last       bool // no place follows
	pre14      bool // place 13 under wrap: place 14 (the high 1) follows
	split      bool // table and rack tiles counted apart (joker-two-rack-tiles)
	strip      bool // spare jokers are left out of runs (see dExt)
	place      int
	lastPlace  int
	leadEnd    int      // the place a run starting on a wild joker must reach
	resv       int      // wrap, places 2..13: ones of this colour kept for place 14
	sup        *[16]int // most numbered tiles and kept jokers that can fill this colour, by place
}

// colOpt is one choice for one colour at one place.
type colOpt struct {
	next             colRuns
	y                int8 // rack tiles played (including those kept for place 14)
	gT, gR, gK       int8 // tiles to groups
	wild             int8 // wild jokers in runs
	def              int8 // wild jokers the open runs will need at least, later
	cap              int8 // room for freed jokers in runs closed here
	resT, resR, resK int8
	act              [maxRuns]uint8
	nT, nR, nK, nW   int8
}

type colGen struct {
	in  colIn
	cur *colRuns
	o   colOpt
	out []colOpt
}

// colOptions lists every choice for a colour with open runs cur.
func colOptions(cur *colRuns, in colIn, out []colOpt) []colOpt {
	g := colGen{in: in, cur: cur, out: out[:0]}
	for y := in.r; y >= in.m; y-- { // more rack tiles first: good plays early make the bound bite
		g.o = colOpt{y: int8(y)}
		if in.split {
			g.runs(0, in.t, y, in.k, in.wild, 0)
		} else {
			g.runs(0, in.t+y, 0, in.k, in.wild, 0)
		}
	}
	return g.out
}

func extend(d uint16, kind int, split, strip bool) uint16 {
	l := d & dLen
	nd := d
	if strip {
		if kind == aWild {
			if l == 3 {
				nd |= dExt
			}
		} else {
			nd &^= dExt
		}
	}
	if l < 3 {
		l++
	}
	nd = nd&^dLen | l
	switch kind {
	case aTable:
		nd |= dReal
	case aRack:
		nd |= dReal
		if split && drack(nd) < 2 {
			nd += 1 << dRShift
		}
	case aWild:
		if split && dwild(nd) < 7 {
			nd += 1 << dWShift
		}
	}
	return nd
}

func (g *colGen) runs(i int, tl, rl, kl, wl, cap int) {
	if i == int(g.cur.n) {
		g.newRuns(tl, rl, kl, wl, cap)
		return
	}
	d := g.cur.d[i]
	// Runs keep going before they close: a table run then comes out whole,
	// as it lay, when the play does not need to cut it.
	minA := 0
	if i > 0 && g.cur.d[i-1] == d {
		minA = int(g.o.act[i-1]) // identical runs: choices in order, to skip permutations
	}
	// Under wrap a run covers places 1..13 or 2..14, never both 1 and 14:
	// a run from place 1 may only close at place 14 (the high 1), so no run
	// ever holds more than 13 tiles.
	toHighOne := g.in.place == game.MaxNumber+1 && d&dFromOne != 0
	for ai := minA; ai < len(actOrder); ai++ {
		a := actOrder[ai]
		if toHighOne && a != aClose {
			continue
		}
		switch a {
		case aClose:
			if dlen(d) < 3 || !dreal(d) || d&dExt != 0 {
				continue
			}
			if d&dLead != 0 && g.in.place != g.in.leadEnd+1 {
				continue
			}
			g.o.act[i] = uint8(ai)
			g.runs(i+1, tl, rl, kl, wl, cap+freeCap(dwild(d), drack(d)))
		case aTable:
			if tl > 0 {
				g.o.act[i] = uint8(ai)
				g.runs(i+1, tl-1, rl, kl, wl, cap)
			}
		case aRack:
			if rl > 0 {
				g.o.act[i] = uint8(ai)
				g.runs(i+1, tl, rl-1, kl, wl, cap)
			}
		case aKept:
			if kl > 0 {
				g.o.act[i] = uint8(ai)
				g.runs(i+1, tl, rl, kl-1, wl, cap)
			}
		case aWild:
			if wl > 0 {
				g.o.act[i] = uint8(ai)
				g.runs(i+1, tl, rl, kl, wl-1, cap)
			}
		}
	}
}

// actOrder is the order run actions are tried in; colOpt.act holds indexes
// into it.
var actOrder = [...]int{aTable, aRack, aKept, aWild, aClose}

func (g *colGen) newRuns(tl, rl, kl, wl, cap int) {
	if !g.in.newRuns {
		g.reserve(tl, rl, kl, wl, cap, 0, 0, 0, 0)
		return
	}
	maxW := wl
	if g.in.fromOne {
		maxW = 0 // a run from place 1 never reaches place 14
	}
	if g.in.strip && g.in.place != g.in.lastPlace-2 && !g.in.relax {
		// A run starting with a wild joker must end at the last place
		// (dLead); longer than three, that joker would be a spare one.
		maxW = 0
	}
	for nT := 0; nT <= tl; nT++ {
		for nR := 0; nR <= rl; nR++ {
			for nK := 0; nK <= kl; nK++ {
				for nW := 0; nW <= maxW; nW++ {
					g.reserve(tl-nT, rl-nR, kl-nK, wl-nW, cap, nT, nR, nK, nW)
				}
			}
		}
	}
}

func (g *colGen) reserve(tl, rl, kl, wl, cap, nT, nR, nK, nW int) {
	if !g.in.reserve {
		g.finish(tl, rl, kl, wl, cap, nT, nR, nK, nW, 0, 0, 0)
		return
	}
	// each one kept for place 14 ends its own run through places 12 and 13
	most := min(g.in.sup[12], g.in.sup[13]) + g.in.wild
	for bT := 0; bT <= tl; bT++ {
		for bR := 0; bR <= rl; bR++ {
			for bK := 0; bK <= kl; bK++ {
				if bT+bR+bK > most {
					continue
				}
				g.finish(tl-bT, rl-bR, kl-bK, wl, cap, nT, nR, nK, nW, bT, bR, bK)
			}
		}
	}
}

// finish completes one choice for this colour at this place (tiles to
// groups tl, rl, kl; wild jokers left wl; new runs nT, nR, nK, nW; ones
// kept for place 14 bT, bR, bK): it keeps the option unless a run it
// leaves is a dead end or the open runs need more wild jokers than are left.
func (g *colGen) finish(tl, rl, kl, wl, cap, nT, nR, nK, nW, bT, bR, bK int) {
	in := &g.in
	if !in.groups && tl+rl+kl > 0 {
		return
	}
	o := &g.o
	var nx colRuns
	if !g.nextRuns(&nx, nT, nR, nK, nW) {
		return
	}
	short, one, lead, ok := g.openRuns(&nx)
	if !ok {
		return
	}
	def, ok := g.deficit(int(nx.n), short, one, lead, bT+bR+bK)
	if !ok || def > wl {
		return
	}
	nx.sort()
	opt := *o
	opt.next = nx
	if in.split {
		opt.gT, opt.gR = int8(tl), int8(rl)
	} else {
		// tl counts every numbered tile; the rack's share does not matter
		opt.gT, opt.gR = int8(tl), 0
	}
	opt.gK = int8(kl)
	opt.wild = int8(in.wild - wl)
	opt.def = int8(def)
	opt.cap = int8(cap)
	opt.resT, opt.resR, opt.resK = int8(bT), int8(bR), int8(bK)
	opt.nT, opt.nR, opt.nK, opt.nW = int8(nT), int8(nR), int8(nK), int8(nW)
	g.out = append(g.out, opt)
}

// nextRuns are the runs after this place: the live runs the option
// extends, then the new ones it starts. false when they are more than a
// colour can hold.
func (g *colGen) nextRuns(nx *colRuns, nT, nR, nK, nW int) bool {
	in := &g.in
	o := &g.o
	for i := 0; i < int(g.cur.n); i++ {
		a := actOrder[o.act[i]]
		if a == aClose {
			continue
		}
		nd := extend(g.cur.d[i], a, in.split, in.strip)
		nx.d[nx.n] = nd
		nx.n++
	}
	if int(nx.n)+nT+nR+nK+nW > maxRuns {
		return false
	}
	start := uint16(0)
	if in.fromOne {
		start = dFromOne
	}
	if in.relax {
		// a run from before, of any length: two and a real tile, so that
		// with this place it may close or go on, even on wild jokers
		start = 2 | dReal
	}
	for k, cnt := range [4]int{nT, nR, nK, nW} {
		kind := [4]int{aTable, aRack, aKept, aWild}[k]
		for j := 0; j < cnt; j++ {
			d := extend(start, kind, in.split, in.strip)
			if kind == aWild && !in.relax {
				d |= dLead
			}
			nx.d[nx.n] = d
			nx.n++
		}
	}
	return true
}

// openRuns counts the runs after this place that must go on: short (one
// or two long, or ending on wild jokers), one (one long) and lead (begun
// on a wild joker, dLead). false when one of them is a dead end: at the
// last place every run must be complete, and a run from place 1 going on
// with wild jokers can never close at place 14.
func (g *colGen) openRuns(nx *colRuns) (short, one, lead int, ok bool) {
	in := &g.in
	for i := 0; i < int(nx.n); i++ {
		d := nx.d[i]
		switch l := dlen(d); {
		case d&dLead != 0:
			lead++
		case l == 1:
			one++
			short++
		case l == 2:
			short++
		case d&dExt != 0:
			// it may not end on its wild jokers: the next place holds
			// another tile or joker of it. Counting it found dead ends a
			// place earlier: search nodes over the benchmark sets (first
			// pass of the report) joker-heavy 6,060,561 -> 5,734,113, six
			// 1,819,636 -> 1,757,287, standard 208,586 -> 201,664.
			short++
		}
		if in.last && (dlen(d) < 3 || !dreal(d) || d&dExt != 0) {
			return 0, 0, 0, false
		}
		if in.pre14 && d&dFromOne != 0 && d&dExt != 0 {
			// a run from place 1 must close at place 14, and one that
			// goes on with wild jokers may not close: a dead end
			return 0, 0, 0, false
		}
	}
	return short, one, lead, true
}

// deficit is the wild jokers the n open runs need at the places after
// this one where no tile of theirs can go (kept14: the ones this option
// keeps for place 14). false for a choice that keeps more ones than runs
// can carry through places 12 and 13.
func (g *colGen) deficit(n, short, one, lead, kept14 int) (int, bool) {
	in := &g.in
	// wild jokers the open runs need where tiles cannot fill them
	def := 0
	// Under wrap every one kept for place 14 ends a run of its own through
	// places 12 and 13 (the runs above may be among them, so the need is
	// the larger of the two, not their sum). Counting it here finds at
	// place 1 a choice keeping more ones than the 12s, 13s and jokers of
	// every colour together can reach, instead of at place 14 after the
	// whole search between: on wrap whole-table positions whose search
	// never found a first play, this is what made it explode.
	resv := in.resv + kept14
	if resv > n && (in.place == game.MaxNumber-1 || in.place == game.MaxNumber) {
		// Each of them ends a run of its own holding 12 and 13, so it is
		// open after 12 and after 13 (no new run, group or wild joker at
		// place 14 makes up for a missing one); such choices died only at
		// place 14. Wrap benchmark set search nodes (first pass of the
		// report) 767,048 -> 729,531 (wrap 196 59,579 -> 49,589, 120 48,503
		// -> 41,683, 105 58,770 -> 54,034); the other sets unchanged.
		return 0, false
	}
	for q := in.place + 1; q <= in.lastPlace; q++ {
		need := lead
		if q > in.leadEnd {
			need = 0
		}
		resAt := resv > 0 && (q == game.MaxNumber-1 || q == game.MaxNumber)
		if q == in.place+1 {
			need += short
		} else if q == in.place+2 {
			need += one
		} else if (lead == 0 || q > in.leadEnd) && !resAt {
			if resv == 0 || q > game.MaxNumber {
				break
			}
			continue
		}
		if resAt {
			need = max(need, resv)
		}
		if need > in.sup[q] {
			def += need - in.sup[q]
		}
	}
	return def, true
}

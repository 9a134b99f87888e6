package solver

import "rummikub/internal/game"

// srcWild marks a slot filled by a wild joker until the physical jokers are
// handed out: freed table jokers first where the rules allow, then rack
// jokers.
const srcWild = 99

type liveRun struct {
	d     uint16
	place int // the place of the first slot
	slots []slot
}

// builder replays a path of the DP and lays out the actual sets.
type builder struct {
	d       *dp
	runs    [4][]liveRun
	spare   [4][]liveRun // the runs' other buffers, swapped at each place
	sets    [][]slot
	resKept [4][]int  // table jokers kept for place 14, by colour
	resReal [4][]slot // numbered ones kept for place 14, by colour
	slab    []slot    // the sets' slots are carved from it (see newSet)
}

// newSet returns an empty set with room for n slots, carved from one block
// for many sets: a middle-game solve allocated a set at a time a fifth of
// its objects.
func (b *builder) newSet(n int) []slot {
	if cap(b.slab)-len(b.slab) < n {
		b.slab = make([]slot, 0, max(n, 128))
	}
	at := len(b.slab)
	b.slab = b.slab[:at+n]
	return b.slab[at : at : at+n]
}

// rebuild turns the incumbent path into a solution.
func (d *dp) rebuild() *solution {
	if len(d.incPath) == 0 {
		return nil
	}
	b := &builder{d: d}
	tail := d.incPath[len(d.incPath)-1]
	steps := d.incPath[:len(d.incPath)-1]
	s := tail.s
	if len(steps) > 0 {
		s = steps[0].s
	}
	d.strip = d.stripFor(int(s.freed)) // as the search of the incumbent's choice of freed jokers
	var keyA []byte
	for p := 1; p <= d.last; p++ {
		if p-1 < len(steps) {
			// on the incumbent's path: the search kept the way it laid
			// this place, and the state after it
			b.apply(p, &s, &d.incTr[p])
			if p < len(steps) {
				s = steps[p].s
			} else {
				s = tail.s
			}
			continue
		}
		// past the path the memo knows the rest: find a way to lay this
		// place that reaches a state with the value the memo gives
		d.keyBuf = s.key(p, d.keyBuf, d.wrap, d.keyMask(p, &s))
		e, _ := d.memoGet(d.keyBuf)
		wantGain := e.v
		found := false
		var nextState state
		d.transitions(p, &s, func(tr *trans, next *state, gain int64) bool {
			var v int64
			if p+1 > d.last {
				v = d.terminal(next)
			} else {
				keyA = next.key(p+1, keyA, d.wrap, d.keyMask(p+1, next))
				mv, ok := d.memoGet(keyA)
				if !ok || !mv.exact {
					return true
				}
				v = mv.v
			}
			if v == negInf || gain+v != wantGain {
				return true
			}
			b.apply(p, &s, tr)
			nextState = *next
			found = true
			return false
		})
		if !found {
			panic("solver: the arrangement could not be rebuilt")
		}
		s = nextState
	}
	for c := 0; c < 4; c++ {
		for _, r := range b.runs[c] {
			b.sets = append(b.sets, r.slots)
		}
	}
	if d.strip && s.wild > 0 && !b.laySpare(int(s.wild)) {

		d.noRoom = true
		return nil
	}
	b.handOutJokers(&s)
	return &solution{sets: b.sets}
}

// laySpare lays n spare wild jokers into sets with room: a group of three
// takes its missing colour, a run grows at its high end, else its low end;
// when every set is full, a run of six or more is cut in two, which makes
// room (a joker takes no tile's place). It reports false when even that
// cannot make room: only groups of four and short full runs are left.
func (b *builder) laySpare(n int) bool {
	for {
		n = b.layInto(n)
		if n == 0 {
			return true
		}
		cut := false
		for i := 0; i < len(b.sets) && !cut; i++ {
			set := b.sets[i]
			if len(set) < 6 || set[0].face.Num == set[1].face.Num {
				continue
			}
			// both parts need a numbered tile
			for k := 3; k <= len(set)-3; k++ {
				if hasReal(set[:k]) && hasReal(set[k:]) {
					b.sets = append(b.sets, append([]slot(nil), set[k:]...))
					b.sets[i] = append([]slot(nil), set[:k]...)
					cut = true
					break
				}
			}
		}
		if !cut {
			return false
		}
	}
}

// layInto lays up to n spare jokers into the sets as they are and returns
// how many are left.
func (b *builder) layInto(n int) int {
	wrap := b.d.wrap
	for i := 0; i < len(b.sets) && n > 0; i++ {
		set := b.sets[i]
		first, second := set[0].face, set[1].face
		if first.Num == second.Num && first.Color != second.Color {
			if len(set) == 3 {
				var has [4]bool
				for _, sl := range set {
					has[sl.face.Color] = true
				}
				for c := 0; c < 4; c++ {
					if !has[c] {
						b.sets[i] = append(set, slot{face: game.F(game.Color(c), int(first.Num)), src: srcWild})
						n--
						break
					}
				}
			}
			continue
		}
		start := int(first.Num)
		for n > 0 && len(set) < game.MaxNumber {
			end := start + len(set) - 1
			maxPlace := game.MaxNumber
			if wrap && start >= 2 {
				maxPlace++
			}
			minPlace := 1
			if end == game.MaxNumber+1 {
				minPlace = 2
			}
			c := first.Color
			switch {
			case end < maxPlace:
				set = append(set, slot{face: game.F(c, placeNum(end+1)), src: srcWild})
			case start > minPlace:
				set = append([]slot{{face: game.F(c, start-1), src: srcWild}}, set...)
				start--
			default:
				n++ // no room: undo the count below
			}
			n--
			if len(set) == len(b.sets[i]) {
				break
			}
			b.sets[i] = set
		}
	}
	return n
}

// realPool hands out the numbered tiles of one face at one place: at most
// the rules' copies of a face (three) are on the table and the rack
// together, so a small array holds them.
type realPool struct {
	slots [8]slot
	n     int
	split bool
}

func (rp *realPool) take(kind int) slot {
	want := srcTable
	if kind == aRack {
		want = srcRack
	}
	for i := 0; i < rp.n; i++ {
		if sl := rp.slots[i]; !rp.split || sl.src == want {
			copy(rp.slots[i:rp.n], rp.slots[i+1:rp.n])
			rp.n--
			return sl
		}
	}
	panic("solver: no tile left to rebuild the arrangement with")
}

func (rp *realPool) add(sl slot) {
	rp.slots[rp.n] = sl
	rp.n++
}

func newPool(face game.Face, table, rack int, split bool) realPool {
	rp := realPool{split: split}
	for i := 0; i < table; i++ {
		rp.add(slot{face: face, src: srcTable})
	}
	for i := 0; i < rack; i++ {
		rp.add(slot{face: face, src: srcRack})
	}
	return rp
}

// apply lays out one place's transition: in each colour the tiles of this
// number extend or close the live runs and start new ones (and at place 1
// under wrap, ones are kept for place 14), then the groups of this number
// are laid from what is left.
func (b *builder) apply(p int, s *state, tr *trans) {
	var srcs [4]placeTiles
	var gi groupIn
	for c := 0; c < 4; c++ {
		o := tr.opts[c]
		srcs[c] = b.sources(p, c, tr)
		b.layRuns(p, c, o, tr.split, &srcs[c])
		if b.d.wrap && p == 1 {
			b.keepOnes(c, o, &srcs[c])
		}
		gi.t[c], gi.r[c], gi.k[c] = o.gT, o.gR, o.gK
	}
	gi.w = tr.groups.w
	if !gi.empty() {
		b.layGroups(p, gi, tr.split, &srcs)
	}
}

// placeTiles are the tiles of one colour a place hands out: the numbered
// tiles (table, then rack) and the table jokers kept in that colour.
type placeTiles struct {
	face game.Face
	pool realPool
	kept []int // kept table jokers, by index in d.jHome
}

// sources are the tiles of colour c at place p. At place 14 they are the
// ones kept back at place 1 (under wrap).
func (b *builder) sources(p, c int, tr *trans) placeTiles {
	d := b.d
	n := placeNum(p)
	pt := placeTiles{face: game.F(game.Color(c), n)}
	if p == game.MaxNumber+1 {
		pt.pool = realPool{split: tr.split}
		for _, sl := range b.resReal[c] {
			pt.pool.add(sl)
		}
		pt.kept = b.resKept[c]
		return pt
	}
	pt.pool = newPool(pt.face, d.t[n][c], int(tr.opts[c].y), tr.split)
	for j, kc := range tr.keptColour[:len(d.jHome)] {
		if kc == c {
			pt.kept = append(pt.kept, j)
		}
	}
	return pt
}

// keptJoker hands out the next table joker kept in this colour.
func (pt *placeTiles) keptJoker(d *dp) slot {
	j := pt.kept[0]
	pt.kept = pt.kept[1:]
	return slot{face: pt.face, src: srcTableJoker, joker: d.jIdx[j]}
}

// one hands out one tile of the kind a transition names.
func (pt *placeTiles) one(d *dp, kind int) slot {
	switch kind {
	case aKept:
		return pt.keptJoker(d)
	case aWild:
		return slot{face: pt.face, src: srcWild}
	}
	return pt.pool.take(kind)
}

// layRuns extends or closes colour c's live runs, in the state's order,
// and starts the new ones the option opens.
func (b *builder) layRuns(p, c int, o *colOpt, split bool, pt *placeTiles) {
	d := b.d
	runs := b.runs[c]
	sortLive(runs)
	kept := b.spare[c][:0] // the other buffer of this colour's runs
	for i := range runs {
		a := actOrder[o.act[i]]
		if a == aClose {
			b.sets = append(b.sets, runs[i].slots)
			continue
		}
		runs[i].slots = append(runs[i].slots, pt.one(d, a))
		runs[i].d = extend(runs[i].d, a, split, d.strip)
		kept = append(kept, runs[i])
	}
	start := uint16(0)
	if d.wrap && p == 1 {
		start = dFromOne
	}
	for k, cnt := range [4]int8{o.nT, o.nR, o.nK, o.nW} {
		kind := [4]int{aTable, aRack, aKept, aWild}[k]
		for j := 0; j < int(cnt); j++ {
			nd := extend(start, kind, split, d.strip)
			if kind == aWild {
				nd |= dLead
			}
			// room for a usual run at once, not grown tile by tile
			sl := append(b.newSet(8), pt.one(d, kind))
			kept = append(kept, liveRun{d: nd, place: p, slots: sl})
		}
	}
	b.spare[c], b.runs[c] = runs[:0], kept
}

// keepOnes keeps colour c's ones for place 14 (under wrap): table tiles,
// rack tiles, kept jokers.
func (b *builder) keepOnes(c int, o *colOpt, pt *placeTiles) {
	b.resReal[c] = nil
	for j := 0; j < int(o.resT); j++ {
		b.resReal[c] = append(b.resReal[c], pt.pool.take(aTable))
	}
	for j := 0; j < int(o.resR); j++ {
		b.resReal[c] = append(b.resReal[c], pt.pool.take(aRack))
	}
	b.resKept[c] = append([]int(nil), pt.kept[:o.resK]...)
	pt.kept = pt.kept[o.resK:]
}

// layGroups finds again the groups of place p's number the transition
// made, and lays each from the colours' tiles, wild jokers standing for
// the missing colours.
func (b *builder) layGroups(p int, gi groupIn, split bool, srcs *[4]placeTiles) {
	d := b.d
	n := placeNum(p)
	gin := gi
	if !split {
		for c := 0; c < 4; c++ {
			gin.t[c] += gin.r[c]
			gin.r[c] = 0
		}
	}
	var groups []oneGroup
	if groupSearch(&gin, split, d.strip, &groups) < 0 {
		panic("solver: groups could not be rebuilt")
	}
	for _, g := range groups {
		set := b.newSet(4)
		var missing []game.Color
		for c := 0; c < 4; c++ {
			switch g.of[c] {
			case 0:
				missing = append(missing, game.Color(c))
			case 1:
				set = append(set, srcs[c].pool.take(aTable))
			case 2:
				set = append(set, srcs[c].pool.take(aRack))
			case 3:
				set = append(set, srcs[c].keptJoker(d))
			}
		}
		for w := 0; w < int(g.w); w++ {
			set = append(set, slot{face: game.F(missing[w], n), src: srcWild})
		}
		b.sets = append(b.sets, set)
	}
}

// sortLive orders live runs as the state orders their descriptions
// (decreasing), keeping the order of equal ones.
func sortLive(runs []liveRun) {
	for i := 1; i < len(runs); i++ {
		x := runs[i]
		j := i
		for j > 0 && runs[j-1].d < x.d {
			runs[j] = runs[j-1]
			j--
		}
		runs[j] = x
	}
}

// handOutJokers gives every wild slot a physical joker: the freed table
// jokers (into sets with room for them under joker-two-rack-tiles), then
// the rack jokers.
func (b *builder) handOutJokers(s *state) {
	d := b.d
	var freed []int
	for j := range d.jHome {
		if d.freeAll || s.freed&(1<<j) != 0 {
			freed = append(freed, j)
		}
	}
	twoRack := d.split(s)
	for _, set := range b.sets {
		room := len(set)
		if twoRack {
			w, rr := 0, 0
			for _, sl := range set {
				switch sl.src {
				case srcWild:
					w++
				case srcRack:
					rr++
				}
			}
			room = freeCap(w, rr)
		}
		for i := range set {
			if set[i].src != srcWild {
				continue
			}
			if room > 0 && len(freed) > 0 {
				set[i].src = srcTableJoker
				set[i].joker = d.jIdx[freed[0]]
				freed = freed[1:]
				room--
				continue
			}
			set[i].src = srcRackJoker
		}
	}
}

func hasReal(set []slot) bool {
	for _, sl := range set {
		if sl.src == srcTable || sl.src == srcRack {
			return true
		}
	}
	return false
}

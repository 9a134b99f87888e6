package solver

import (
	"context"

	"rummikub/internal/game"
)

// The reference solver of the tests.
//
// brute is the slow, obviously correct search: it enumerates every
// partition of the table tiles and a chosen part of the rack into sets,
// filling each place of each set with every kind of tile that can fill it,
// and judges each complete arrangement by the rules.
type brute struct {
	p        *problem
	ctx      context.Context
	useTable bool // table tiles take part (opened, or meld-then-extend)

	tt        [game.NumFaces - 1]int
	ra, rm    [game.NumFaces - 1]int
	tjUsed    []bool
	rj, rjm   int
	cur       [][]slot
	best      *solution
	bestVal   int64
	nodes     int
	canceled  bool
	mustTaken []bool
}

func (p *problem) bruteSearch(ctx context.Context) (*solution, bool) {
	b := &brute{p: p, ctx: ctx, bestVal: -1}
	b.useTable = p.opened || p.r.MeldThenExtend
	if b.useTable {
		b.tt = p.tt
		b.tjUsed = make([]bool, len(p.tableJokers))
	}
	b.ra, b.rm = p.avail, p.must
	b.rj, b.rjm = p.jAvail, p.jMust
	b.rec()
	return b.best, !b.canceled
}

func (b *brute) maxPlace() int {
	if b.p.r.Wrap {
		return game.MaxNumber + 1
	}
	return game.MaxNumber
}

func (b *brute) tick() bool {
	b.nodes++
	if b.nodes&1023 == 0 && b.ctx.Err() != nil {
		b.canceled = true
	}
	return b.canceled
}

// pivot kinds for enumerating sets
func (b *brute) rec() {
	if b.tick() {
		return
	}
	if b.useTable {
		for f := range b.tt {
			if b.tt[f] > 0 {
				b.setsWith(slot{face: game.FaceAt(f), src: srcTable})
				return
			}
		}
		for i, used := range b.tjUsed {
			if !used {
				b.setsWith(slot{src: srcTableJoker, joker: i})
				return
			}
		}
	}
	for f := range b.rm {
		if b.rm[f] > 0 {
			b.setsWith(slot{face: game.FaceAt(f), src: srcRack})
			return
		}
	}
	if b.rjm > 0 {
		b.setsWith(slot{src: srcRackJoker})
		return
	}
	for f := range b.ra {
		if b.ra[f] > 0 {
			save := b.ra[f]
			b.ra[f] = 0
			b.rec()
			b.ra[f] = save
			b.setsWith(slot{face: game.FaceAt(f), src: srcRack})
			return
		}
	}
	if b.rj > 0 {
		save := b.rj
		b.rj = 0
		b.rec()
		b.rj = save
		b.setsWith(slot{src: srcRackJoker})
		return
	}
	b.leaf()
}

// setsWith enumerates every set holding the pivot tile and recurses on each.
func (b *brute) setsWith(pivot slot) {
	isJoker := pivot.src == srcTableJoker || pivot.src == srcRackJoker
	var faces []game.Face
	// runs
	for c := 0; c < game.NumColors; c++ {
		for s := 1; s <= b.maxPlace(); s++ {
			for l := 3; l <= game.MaxNumber && s+l-1 <= b.maxPlace(); l++ {
				faces = faces[:0]
				for q := s; q < s+l; q++ {
					faces = append(faces, game.F(game.Color(c), placeNum(q)))
				}
				b.shape(faces, pivot, isJoker)
			}
		}
	}
	// groups
	for n := 1; n <= game.MaxNumber; n++ {
		for mask := 0; mask < 16; mask++ {
			if popcount(mask) < 3 {
				continue
			}
			faces = faces[:0]
			for c := 0; c < game.NumColors; c++ {
				if mask&(1<<c) != 0 {
					faces = append(faces, game.F(game.Color(c), n))
				}
			}
			b.shape(faces, pivot, isJoker)
		}
	}
}

// shape places the pivot at each fitting place of a set of the given faces
// and fills the other places every possible way.
func (b *brute) shape(faces []game.Face, pivot slot, isJoker bool) {
	if b.canceled {
		return
	}
	for k, f := range faces {
		if !isJoker && f != pivot.face {
			continue
		}
		set := make([]slot, len(faces))
		sl := pivot
		sl.face = f
		set[k] = sl
		b.take(sl, +1)
		b.fill(faces, set, 0, k)
		b.take(sl, -1)
	}
}

// take moves a tile out of (+1) or back into (-1) the pools.
func (b *brute) take(s slot, d int) {
	switch s.src {
	case srcTable:
		b.tt[s.face.Index()] -= d
	case srcRack:
		f := s.face.Index()
		b.ra[f] -= d
		if d > 0 {
			if b.rm[f] > 0 {
				b.rm[f]--
				b.mustTaken = append(b.mustTaken, true)
			} else {
				b.mustTaken = append(b.mustTaken, false)
			}
		} else {
			if b.mustTaken[len(b.mustTaken)-1] {
				b.rm[f]++
			}
			b.mustTaken = b.mustTaken[:len(b.mustTaken)-1]
		}
	case srcTableJoker:
		b.tjUsed[s.joker] = d > 0
	case srcRackJoker:
		b.rj -= d
		if d > 0 {
			if b.rjm > 0 {
				b.rjm--
				b.mustTaken = append(b.mustTaken, true)
			} else {
				b.mustTaken = append(b.mustTaken, false)
			}
		} else {
			if b.mustTaken[len(b.mustTaken)-1] {
				b.rjm++
			}
			b.mustTaken = b.mustTaken[:len(b.mustTaken)-1]
		}
	}
}

func (b *brute) fill(faces []game.Face, set []slot, i, pivotAt int) {
	if b.canceled {
		return
	}
	if i == len(faces) {
		real := false
		for _, s := range set {
			if s.src == srcTable || s.src == srcRack {
				real = true
			}
		}
		if !real {
			return
		}
		b.cur = append(b.cur, append([]slot(nil), set...))
		b.rec()
		b.cur = b.cur[:len(b.cur)-1]
		return
	}
	if i == pivotAt {
		b.fill(faces, set, i+1, pivotAt)
		return
	}
	f := faces[i]
	try := func(s slot) {
		set[i] = s
		b.take(s, +1)
		b.fill(faces, set, i+1, pivotAt)
		b.take(s, -1)
	}
	if b.tt[f.Index()] > 0 {
		try(slot{face: f, src: srcTable})
	}
	if b.ra[f.Index()] > 0 {
		try(slot{face: f, src: srcRack})
	}
	for j := range b.tjUsed {
		if !b.tjUsed[j] {
			try(slot{face: f, src: srcTableJoker, joker: j})
		}
	}
	if b.rj > 0 {
		try(slot{face: f, src: srcRackJoker})
	}
}

// leaf judges a complete arrangement.
func (b *brute) leaf() {
	p := b.p
	r := p.r
	tiles, points := 0, 0
	var rackCount [game.NumFaces - 1]int
	rackJ := 0
	for _, set := range b.cur {
		for _, s := range set {
			switch s.src {
			case srcRack:
				tiles++
				points += int(s.face.Num)
				rackCount[s.face.Index()]++
			case srcRackJoker:
				tiles++
				points += r.JokerPenalty
				rackJ++
			}
		}
	}
	if tiles == 0 {
		return
	}
	if !p.opened {
		if !b.useTable {
			v := 0
			for _, set := range b.cur {
				v += setValue(r, set)
			}
			if v < r.InitialMeld {
				return
			}
		} else if b.pureRackValue() < r.InitialMeld {
			return
		}
	}
	if b.useTable && !r.FreeJokers && !b.jokersOK() {
		return
	}
	v := p.score(tiles, points)
	if v <= b.bestVal {
		return
	}
	b.bestVal = v
	sol := &solution{}
	if !b.useTable {
		for k := range p.sets {
			sol.kept = append(sol.kept, k)
		}
	}
	for _, set := range b.cur {
		sol.sets = append(sol.sets, append([]slot(nil), set...))
	}
	b.best = sol
}

// setValue is a new set's worth toward the initial meld.
func setValue(r *game.Rules, set []slot) int {
	v := 0
	for _, s := range set {
		if (s.src == srcRackJoker || s.src == srcTableJoker) && r.JokerMeldValue > 0 {
			v += r.JokerMeldValue
		} else {
			v += int(s.face.Num)
		}
	}
	return v
}

// jokersOK applies the joker rule to the table jokers in the arrangement.
func (b *brute) jokersOK() bool {
	p := b.p
	r := p.r
	type freed struct {
		opts []game.Face
		set  int
	}
	var fr []freed
	for si, set := range b.cur {
		for _, s := range set {
			if s.src != srcTableJoker {
				continue
			}
			kept := false
			for _, o := range p.tableJokers[s.joker].opts {
				if o == s.face {
					kept = true
				}
			}
			if !kept {
				fr = append(fr, freed{p.tableJokers[s.joker].opts, si})
			}
		}
	}
	if len(fr) == 0 {
		return true
	}
	var real [game.NumFaces - 1]int
	for si, set := range b.cur {
		rack := 0
		for _, s := range set {
			if s.src == srcRack || s.src == srcRackJoker {
				rack++
			}
			if s.src == srcRack || (s.src == srcTable && !r.JokerFromRack) {
				real[s.face.Index()]++
			}
		}
		if r.JokerTwoRackTiles {
			for _, f := range fr {
				if f.set == si && rack < 2 {
					return false
				}
			}
		}
	}
	var match func(i int) bool
	match = func(i int) bool {
		if i == len(fr) {
			return true
		}
		for _, o := range fr[i].opts {
			if real[o.Index()] > 0 {
				real[o.Index()]--
				ok := match(i + 1)
				real[o.Index()]++
				if ok {
					return true
				}
			}
		}
		return false
	}
	return match(0)
}

// pureRackValue is the most the sets made only of rack tiles are worth
// together, as the engine counts an initial meld under meld-then-extend.
func (b *brute) pureRackValue() int {
	r := b.p.r
	best := 0
	for _, set := range b.cur {
		pure := true
		for _, s := range set {
			if s.src == srcTable || s.src == srcTableJoker {
				pure = false
			}
		}
		if pure {
			best += setValue(r, set)
		}
	}
	return best
}

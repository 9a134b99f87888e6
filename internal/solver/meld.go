package solver

import (
	"context"
	"fmt"
	"sort"

	"rummikub/internal/game"
)

// The initial meld under meld-then-extend: the engine counts as the meld the
// sets after made purely of rack tiles, and then the player may use the
// table too. So a play is a family of rack-only sets worth the threshold
// plus the best play of the rest of the rack on the table (which may lay
// further rack-only sets itself, so a family need not grow once it reaches
// the threshold).

// meldFamily is a family of rack-only sets and the tiles it uses.
type meldFamily struct {
	sets   [][]slot
	counts [game.NumFaces - 1]int
	jokers int
	score  int64
}

// rackSets lists every set that rack tiles alone can make (counts and
// jokers), each with its meld value.
func (p *problem) rackSets() ([][]slot, []int) {
	r := p.r
	maxPlace := game.MaxNumber
	if r.Wrap {
		maxPlace++
	}
	var sets [][]slot
	var values []int
	add := func(faces []game.Face) {
		// fill each place with a rack tile or a joker, in every way the rack
		// allows, with at least one numbered tile
		n := len(faces)
		for mask := 0; mask < 1<<n; mask++ {
			if popcount(mask) > p.jAvail || popcount(mask) == n {
				continue
			}
			ok := true
			set := make([]slot, n)
			v := 0
			for i, f := range faces {
				if mask&(1<<i) != 0 {
					set[i] = slot{face: f, src: srcRackJoker}
					if r.JokerMeldValue > 0 {
						v += r.JokerMeldValue
					} else {
						v += int(f.Num)
					}
					continue
				}
				if p.avail[f.Index()] == 0 {
					ok = false
					break
				}
				set[i] = slot{face: f, src: srcRack}
				v += int(f.Num)
			}
			if ok {
				sets = append(sets, set)
				values = append(values, v)
			}
		}
	}
	for c := 0; c < game.NumColors; c++ {
		for s := 1; s <= maxPlace; s++ {
			for l := 3; l <= game.MaxNumber && s+l-1 <= maxPlace; l++ {
				var faces []game.Face
				for q := s; q < s+l; q++ {
					faces = append(faces, game.F(game.Color(c), placeNum(q)))
				}
				add(faces)
			}
		}
	}
	for n := 1; n <= game.MaxNumber; n++ {
		for m := 0; m < 16; m++ {
			if popcount(m) < 3 {
				continue
			}
			var faces []game.Face
			for c := 0; c < game.NumColors; c++ {
				if m&(1<<c) != 0 {
					faces = append(faces, game.F(game.Color(c), n))
				}
			}
			add(faces)
		}
	}
	return sets, values
}

// meldFamilies lists the families of rack-only sets that reach the
// threshold with their last set, each once (by the tiles it uses). A family
// with more tiles is not always worse: its sets may hold tiles the rest of
// the play could not place (a fourth tile on a group), so all are kept.
func (p *problem) meldFamilies(ctx context.Context) ([]meldFamily, bool) {
	sets, values := p.rackSets()
	thr := p.r.InitialMeld
	seen := map[string]bool{}
	var fams []meldFamily
	var used [game.NumFaces - 1]int
	jokers := 0
	var cur []int
	nodes := 0
	canceled := false
	var rec func(from, v int)
	rec = func(from, v int) {
		if canceled {
			return
		}
		// a node here is a set tried, far cheaper than a search node
		if nodes++; nodes&1023 == 0 && (WorkOf(ctx).Spend(64) || ctx.Err() != nil) {
			canceled = true
			return
		}
		if v >= thr && (len(cur) > 0 || thr <= 0) {
			key := fmt.Sprint(used, jokers)
			if seen[key] {
				return
			}
			seen[key] = true
			f := meldFamily{counts: used, jokers: jokers}
			for _, i := range cur {
				f.sets = append(f.sets, sets[i])
			}
			fams = append(fams, f)
			return
		}
		for i := from; i < len(sets); i++ {
			ok := true
			nj := 0
			for _, sl := range sets[i] {
				if sl.src == srcRackJoker {
					nj++
				} else if used[sl.face.Index()]+1 > p.avail[sl.face.Index()] {
					ok = false
				}
			}
			// a set repeating a face twice cannot happen: runs and groups
			// hold distinct faces
			if !ok || jokers+nj > p.jAvail {
				continue
			}
			for _, sl := range sets[i] {
				if sl.src == srcRack {
					used[sl.face.Index()]++
				}
			}
			jokers += nj
			cur = append(cur, i)
			rec(i, v+values[i])
			cur = cur[:len(cur)-1]
			jokers -= nj
			for _, sl := range sets[i] {
				if sl.src == srcRack {
					used[sl.face.Index()]--
				}
			}
		}
	}
	rec(0, 0)
	minimal := fams
	for i := range minimal {
		f := &minimal[i]
		tiles, pts := f.jokers, f.jokers*p.r.JokerPenalty
		for x, n := range f.counts {
			tiles += n
			pts += n * (x%game.MaxNumber + 1)
		}
		f.score = p.score(tiles, pts)
	}
	// the most valuable first, so the bound bites early
	sort.SliceStable(minimal, func(a, b int) bool { return minimal[a].score > minimal[b].score })
	return minimal, !canceled
}

// meldThenExtend searches an initial meld made under meld-then-extend.
func (p *problem) meldThenExtend(ctx context.Context) (*solution, bool) {
	fams, complete := p.meldFamilies(ctx)
	var best *solution
	var bestQ *problem
	var bestRestVal int64
	bestMeld := 0
	bestVal := int64(0)
	for _, f := range fams {
		if ctx.Err() != nil {
			complete = false
			break
		}
		q := *p
		for x := range q.avail {
			q.avail[x] -= f.counts[x]
			q.must[x] = max(0, q.must[x]-f.counts[x])
		}
		q.jAvail -= f.jokers
		q.jMust = max(0, q.jMust-f.jokers)
		// the rest of the rack may use the table and free jokers; a play
		// of nothing more is fine when no must-play tile is left
		rest, v, done := q.solveDP(ctx, bestVal-f.score, true)
		if !done {
			complete = false
		}
		if rest == nil {
			if !q.hasMust() && f.score > bestVal {
				bestVal = f.score
				best = &solution{kept: allSets(len(p.sets)), sets: f.sets}
				bestQ = nil
			}
			continue
		}
		if f.score+v > bestVal {
			bestVal = f.score + v
			best = &solution{kept: rest.kept, sets: append(append([][]slot(nil), f.sets...), rest.sets...)}
			bestQ, bestRestVal, bestMeld = &q, v, len(f.sets)
		}
	}
	if best != nil && bestQ != nil && complete {
		meld := best.sets[:bestMeld]
		rest := &solution{kept: best.kept, sets: best.sets[bestMeld:]}
		rest = bestQ.preferUntouched(ctx, rest, bestRestVal)
		best = &solution{kept: rest.kept, sets: append(append([][]slot(nil), meld...), rest.sets...)}
	}
	return best, complete
}

func (p *problem) hasMust() bool {
	if p.jMust > 0 {
		return true
	}
	for _, m := range p.must {
		if m > 0 {
			return true
		}
	}
	return false
}

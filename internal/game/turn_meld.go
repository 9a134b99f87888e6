package game

import (
	"fmt"
	"sort"
	"strings"
)

// The initial meld. Without meld-then-extend the table must be untouched:
// every start set is still on the table exactly as it was (compared as
// multisets of sets of faces, a run's jokers at the same places), so the
// other sets after are new and made only of rack tiles, and together they
// must reach the threshold. With meld-then-extend the table may be used as
// well; the sets that count as the meld are those made purely of rack
// tiles: the judge picks, among the sets after whose faces the tiles the
// rack gave (placed) can cover together, the family worth the most, and the
// turn is an initial meld when that family reaches the threshold.

// meldKey identifies a set by its faces: a run by its canonical layout, so
// a joker that changed places makes a different key; a group by its
// numbered faces and the number of its jokers, since a group joker stands
// for any free colour.
func meldKey(m *Meld) string {
	if m.Kind == Run {
		parts := make([]string, len(m.Tiles))
		for i, t := range m.Tiles {
			if t.IsJoker() {
				parts[i] = "J:" + t.As.String()
			} else {
				parts[i] = t.Face.String()
			}
		}
		return "run " + strings.Join(parts, " ")
	}
	var parts []string
	for _, t := range m.Tiles {
		parts = append(parts, t.Face.String())
	}
	sort.Strings(parts)
	return "group " + strings.Join(parts, " ")
}

// freshSets returns the after sets that are not start sets left as they
// were, and whether every start set is still on the table unchanged.
func (j *judge) freshSets() (fresh []int, untouched bool) {
	keys := map[string]int{}
	for i := range j.startMelds {
		keys[meldKey(&j.startMelds[i])]++
	}
	for i := range j.melds {
		k := meldKey(&j.melds[i])
		if keys[k] > 0 {
			keys[k]--
			continue
		}
		fresh = append(fresh, i)
	}
	untouched = true
	for _, n := range keys {
		if n > 0 {
			untouched = false
		}
	}
	return fresh, untouched
}

// untouchedMeld judges an initial meld that may not use the table.
func (j *judge) untouchedMeld() *TurnError {
	fresh, untouched := j.freshSets()
	if !untouched {
		for _, i := range fresh {
			c := j.setCounts(i)
			if !countsWithin(&c, &j.placed) {
				return turnErr(CodeInitialMeldTouches, i, "%s uses tiles from the table: until your initial meld is made the table may not be touched, so lay new sets from your own rack only", j.setName(i))
			}
		}
		keys := map[string]int{}
		for i := range j.melds {
			keys[meldKey(&j.melds[i])]++
		}
		for i := range j.startMelds {
			k := meldKey(&j.startMelds[i])
			if keys[k] > 0 {
				keys[k]--
				continue
			}
			return turnErr(CodeInitialMeldTouches, -1, "%s was changed: until your initial meld is made the table may not be touched, so lay new sets from your own rack only", j.startName(i))
		}
	}
	v := 0
	for _, i := range fresh {
		v += j.melds[i].Value(j.r)
	}
	if v < j.r.InitialMeld {
		return j.tooLow(fresh, v, false)
	}
	return nil
}

// tooLow is the error of an initial meld worth v, made of the sets idx.
func (j *judge) tooLow(idx []int, v int, extend bool) *TurnError {
	if len(idx) == 0 {
		return turnErr(CodeInitialMeldTooLow, -1, "the initial meld needs new sets made only from your own rack worth at least %d points, and there is no such set", j.r.InitialMeld)
	}
	set := -1
	if len(idx) == 1 {
		set = idx[0]
	}
	names := make([]string, len(idx))
	jokers := false
	for k, i := range idx {
		names[k] = j.setName(i)
		jokers = jokers || len(j.setJokers[i]) > 0
	}
	what := names[0]
	if len(names) > 1 {
		what = strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
	}
	worth := fmt.Sprintf("%d points", v)
	if jokers && j.r.JokerMeldValue > 0 {
		worth += fmt.Sprintf(" (a joker counting %d)", j.r.JokerMeldValue)
	} else if jokers {
		worth += " (a joker counting as the tile it stands for)"
	}
	if extend {
		return turnErr(CodeInitialMeldTooLow, set, "the sets made only from your own rack, %s, are worth %s: the initial meld needs at least %d before the table may be used in the same turn (meld-then-extend)", what, worth, j.r.InitialMeld)
	}
	return turnErr(CodeInitialMeldTooLow, set, "the initial meld, %s, is worth %s: it needs at least %d", what, worth, j.r.InitialMeld)
}

// meldThenExtend judges an initial meld under meld-then-extend, with the
// end jokers rackJoker marks as the ones that came from the rack.
func (j *judge) meldThenExtend(rackJoker []bool) *TurnError {
	best, family := j.bestMeld(rackJoker)
	if best >= j.r.InitialMeld {
		return nil
	}
	_, untouched := j.freshSets()
	return j.tooLow(family, best, !untouched)
}

// meldCand is an after set that may count toward an initial meld made
// with meld-then-extend: its jokers are rack jokers and its numbered faces
// fit in what the rack gave.
type meldCand struct {
	set, value int
	counts     FaceCounts
}

// meldCands lists the candidate sets, most valuable first.
func (j *judge) meldCands(rackJoker []bool) []meldCand {
	var cands []meldCand
	for i := range j.melds {
		ok := true
		for _, e := range j.setJokers[i] {
			if !rackJoker[e] {
				ok = false
			}
		}
		c := j.setCounts(i)
		if ok && countsWithin(&c, &j.placed) {
			cands = append(cands, meldCand{i, j.melds[i].Value(j.r), c})
		}
	}
	sort.SliceStable(cands, func(a, b int) bool { return cands[a].value > cands[b].value })
	return cands
}

// bestMeld finds the family of after sets made purely of rack tiles worth
// the most (stopping as soon as the threshold is reached): every joker in
// them a rack joker, their numbered faces together within placed. It is a
// branch and bound over the sets that fit on their own; a turn has few.
func (j *judge) bestMeld(rackJoker []bool) (int, []int) {
	cands := j.meldCands(rackJoker)
	suffix := make([]int, len(cands)+1)
	for k := len(cands) - 1; k >= 0; k-- {
		suffix[k] = suffix[k+1] + cands[k].value
	}
	best := 0
	var bestSets, cur []int
	var used FaceCounts
	var rec func(k, v int) bool
	rec = func(k, v int) bool {
		if v > best || bestSets == nil {
			best = v
			bestSets = append([]int{}, cur...)
			if best >= j.r.InitialMeld {
				return true
			}
		}
		if k == len(cands) || v+suffix[k] <= best {
			return false
		}
		c := &cands[k]
		if countsFitWith(&used, &c.counts, &j.placed) {
			addCounts(&used, &c.counts, 1)
			cur = append(cur, c.set)
			done := rec(k+1, v+c.value)
			cur = cur[:len(cur)-1]
			addCounts(&used, &c.counts, -1)
			if done {
				return true
			}
		}
		return rec(k+1, v)
	}
	rec(0, 0)
	sort.Ints(bestSets)
	return best, bestSets
}

// findMeld reports whether some family of candidate sets reaches the
// threshold while leaving the rest of the placed tiles acceptable to
// accept, which is given what the family uses. accept must be monotone:
// a family that fails it fails with more sets added.
func (j *judge) findMeld(rackJoker []bool, accept func(used *FaceCounts) bool) bool {
	cands := j.meldCands(rackJoker)
	suffix := make([]int, len(cands)+1)
	for k := len(cands) - 1; k >= 0; k-- {
		suffix[k] = suffix[k+1] + cands[k].value
	}
	var used FaceCounts
	var rec func(k, v int) bool
	rec = func(k, v int) bool {
		if v >= j.r.InitialMeld {
			return accept(&used)
		}
		if k == len(cands) || v+suffix[k] < j.r.InitialMeld {
			return false
		}
		c := &cands[k]
		if countsFitWith(&used, &c.counts, &j.placed) {
			addCounts(&used, &c.counts, 1)
			ok := rec(k+1, v+c.value)
			addCounts(&used, &c.counts, -1)
			if ok {
				return true
			}
		}
		return rec(k+1, v)
	}
	return rec(0, 0)
}

// countsFitWith reports whether used + c stays within limit.
func countsFitWith(used, c, limit *FaceCounts) bool {
	for x := range c {
		if used[x]+c[x] > limit[x] {
			return false
		}
	}
	return true
}

// addCounts adds sign * c to used.
func addCounts(used, c *FaceCounts, sign int) {
	for x := range c {
		used[x] += sign * c[x]
	}
}

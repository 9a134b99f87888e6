package game

import "fmt"

// The joker rule on the grid, as on a table of sets: every joker on the
// grid at the start either still stands for the same tile at the end (it
// may have moved with its lines) or was freed, and freeing needs what the
// standard rules need. Jokers are interchangeable, so every matching of
// start jokers to jokers after is tried; one freeing the fewest is kept.
// Under meld-then-extend the initial meld made this turn is judged here
// too, because which jokers after came from the rack depends on the
// matching.

// jokers judges the joker rule and records the accepted matching.
func (j *gridJudge) jokers() *TurnError {
	sj, ej := j.startRd.jokers, j.rd.jokers
	k, m := len(sj), len(ej)
	perm := make([]int, k)
	used := make([]bool, m)
	var failure *TurnError
	failFreed, bestFreed := -1, -1
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == k {
			freed, terr := j.tryMatching(perm)
			if terr != nil {
				if failure == nil || freed < failFreed {
					failure, failFreed = terr, freed
				}
				return false
			}
			if bestFreed < 0 || freed < bestFreed {
				bestFreed = freed
				j.perm = append(j.perm[:0], perm...)
			}
			return freed == 0
		}
		for e := range m {
			if used[e] {
				continue
			}
			used[e], perm[i] = true, e
			stop := rec(i + 1)
			used[e] = false
			if stop {
				return true
			}
		}
		return false
	}
	rec(0)
	if bestFreed >= 0 {
		return nil
	}
	if failure == nil {
		return gridErr(CodeTableTileMissing, nil, "a joker that was on the grid is no longer on it: tiles on the grid never go back to a rack")
	}
	return failure
}

// tryMatching judges one matching of start jokers to jokers after: how
// many it frees and why it fails, if it does.
func (j *gridJudge) tryMatching(perm []int) (int, *TurnError) {
	r := j.r
	sj, ej := j.startRd.jokers, j.rd.jokers
	rackJoker := make([]bool, len(ej))
	for e := range rackJoker {
		rackJoker[e] = true
	}
	for _, e := range perm {
		rackJoker[e] = false
	}
	var freed []int
	for i, e := range perm {
		if !shareFace(sj[i].stands, ej[e].stands) {
			freed = append(freed, i)
		}
	}
	melding := false
	if !j.start.Opened && r.MeldThenExtend {
		if terr := j.meldThenExtend(rackJoker); terr != nil {
			return len(freed), terr
		}
		melding = true
	}
	if len(freed) == 0 || r.FreeJokers {
		return len(freed), nil
	}
	why := func(i int) ([]Cell, string) {
		s, e := sj[i], ej[perm[i]]
		return []Cell{e.cell}, fmt.Sprintf("the joker on cell %v stood for %s (on cell %v at the start of the turn) and now stands for %s",
			e.cell, standsText(s.stands), s.cell, standsText(e.stands))
	}
	if !j.start.Opened && !melding {
		cells, what := why(freed[0])
		return len(freed), gridErr(CodeJokerRule, cells, "%s: a joker can be taken from the grid only by a player who has made the initial meld", what)
	}
	// One real tile frees one joker.
	supply := j.end
	if r.JokerFromRack {
		supply = j.placed
	}
	nf := len(freed)
	g := newFlowNet(2 + nf + NumFaces)
	src, sink := 0, 1+nf+NumFaces
	for a, i := range freed {
		g.add(src, 1+a, 1)
		for _, f := range sj[i].stands {
			g.add(1+a, 1+nf+f.Index(), 1)
		}
	}
	for x := range NumFaces - 1 {
		if supply[x] > 0 {
			g.add(1+nf+x, sink, supply[x])
		}
	}
	if g.max(src, sink) < nf {
		for a, i := range freed {
			if g.cap[src][1+a] > 0 {
				cells, what := why(i)
				where := "on the grid"
				if r.JokerFromRack {
					where = "from your rack (joker-from-rack)"
				}
				return nf, gridErr(CodeJokerRule, cells, "%s: a joker is freed only by playing a real %s %s in its place, one real tile for each joker", what, standsText(sj[i].stands), where)
			}
		}
	}
	if r.JokerTwoRackTiles {
		for _, i := range freed {
			e := ej[perm[i]]
			if j.bestRackShare(e.cell, rackJoker) < 2 {
				cells, _ := why(i)
				return nf, gridErr(CodeJokerRule, cells, "the joker on cell %v was freed from the grid: with joker-two-rack-tiles a freed joker must lie in a run or group holding at least two tiles from your rack", e.cell)
			}
		}
	}
	return nf, nil
}

// bestRackShare is the most tiles from the rack that one line through
// cell c can hold: its rack jokers, and its numbered tiles as far as the
// rack gave tiles of their faces.
func (j *gridJudge) bestRackShare(c Cell, rackJoker []bool) int {
	jokerAt := map[Cell]int{}
	for e, gj := range j.rd.jokers {
		jokerAt[gj.cell] = e
	}
	best := 0
	for _, l := range j.rd.lines {
		if !lineHas(l, c) {
			continue
		}
		var cnt FaceCounts
		n := 0
		for k, t := range l.Tiles {
			if t.IsJoker() {
				if rackJoker[jokerAt[l.Cells[k]]] {
					n++
				}
				continue
			}
			x := t.Face.Index()
			if cnt[x] < j.placed[x] {
				cnt[x]++
				n++
			}
		}
		best = max(best, n)
	}
	return best
}

func lineHas(l Line, c Cell) bool {
	for _, d := range l.Cells {
		if d == c {
			return true
		}
	}
	return false
}

// maxMeldLines bounds the rack-only lines an initial meld under
// meld-then-extend is chosen among (2^n families); a turn has far fewer.
const maxMeldLines = 12

// meldThenExtend judges an initial meld under meld-then-extend: the lines
// made only of rack tiles (their jokers rack jokers, their numbered faces
// within what the rack gave, together too), each tile counted once, must
// be worth the threshold.
func (j *gridJudge) meldThenExtend(rackJoker []bool) *TurnError {
	jokerAt := map[Cell]int{}
	for e, gj := range j.rd.jokers {
		jokerAt[gj.cell] = e
	}
	at := j.after.Cells()
	var cands []Line
	for _, l := range j.rd.lines {
		ok := true
		var cnt FaceCounts
		for k, t := range l.Tiles {
			if t.IsJoker() {
				ok = ok && rackJoker[jokerAt[l.Cells[k]]]
				continue
			}
			cnt[t.Face.Index()]++
		}
		if ok && countsWithin(&cnt, &j.placed) {
			cands = append(cands, l)
		}
	}
	if len(cands) > maxMeldLines {
		cands = cands[:maxMeldLines]
	}
	best := 0
	chosen := map[Cell]bool{}
	var rec func(i int)
	rec = func(i int) {
		if best >= j.r.InitialMeld {
			return
		}
		var cnt FaceCounts
		v := 0
		for c := range chosen {
			k := at[c]
			v += j.rd.value[k]
			if t := j.after.Tiles[k].Tile; !t.IsJoker() {
				cnt[t.Face.Index()]++
			}
		}
		if !countsWithin(&cnt, &j.placed) {
			return
		}
		best = max(best, v)
		for n := i; n < len(cands); n++ {
			var added []Cell
			for _, c := range cands[n].Cells {
				if !chosen[c] {
					chosen[c] = true
					added = append(added, c)
				}
			}
			rec(n + 1)
			for _, c := range added {
				delete(chosen, c)
			}
		}
	}
	rec(0)
	if best >= j.r.InitialMeld {
		return nil
	}
	return gridErr(CodeInitialMeldTooLow, nil, "the runs and groups made only from your own rack are worth %d points%s: the initial meld needs at least %d before the grid may be used in the same turn (meld-then-extend)", best, j.jokerWorth(), j.r.InitialMeld)
}

package game

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
	return j.matchJokers(gridStands(j.startRd.jokers), gridStands(j.rd.jokers), j,
		gridErr(CodeTableTileMissing, nil, "a joker that was on the grid is no longer on it: tiles on the grid never go back to a rack"))
}

// gridStands lists what each joker may stand for.
func gridStands(js []gridJoker) [][]Face {
	out := make([][]Face, len(js))
	for i, x := range js {
		out[i] = x.stands
	}
	return out
}

// freedErr names the cell of freed start joker i now and at the start,
// and what it stood for (jokerShape).
func (j *gridJudge) freedErr(perm []int, i int, rule string) *TurnError {
	s, e := j.startRd.jokers[i], j.rd.jokers[perm[i]]
	return gridErr(CodeJokerRule, []Cell{e.cell}, "the joker on cell %v stood for %s (on cell %v at the start of the turn) and now stands for %s: %s",
		e.cell, standsText(s.stands), s.cell, standsText(e.stands), rule)
}

// twoRackTiles judges joker-two-rack-tiles on the grid (jokerShape), as
// on a table of sets: every freed joker lies in a run or group (the line
// of its row or of its column) holding at least two tiles from the rack.
// Which copies came from the rack is open, and one rack tile counts for
// one line, a tile at a crossing too (crossing tiles count once); every
// choice of one line through each freed joker is tried. Under
// meld-then-extend the lines of the meld made this turn take their rack
// tiles first.
func (j *gridJudge) twoRackTiles(perm, freed []int, rackJoker []bool, melding bool) *TurnError {
	short := j.twoRackLines(perm, freed, rackJoker, &j.placed)
	if short < 0 && melding {
		if !j.findMeld(rackJoker, func(used *FaceCounts) bool {
			left := j.placed
			addCounts(&left, used, -1)
			return j.twoRackLines(perm, freed, rackJoker, &left) < 0
		}) {
			short = j.twoRackLines(perm, freed, rackJoker, &FaceCounts{})
		}
	}
	if short < 0 {
		return nil
	}
	c := j.rd.jokers[perm[freed[short]]].cell
	return gridErr(CodeJokerRule, []Cell{c}, "the joker on cell %v was freed from the grid: with joker-two-rack-tiles a freed joker must lie in a run or group holding at least two tiles from your rack", c)
}

// maxTwoRackChoices bounds the choices of lines tried for the freed
// jokers (two lines at most through each); a turn frees one or two.
const maxTwoRackChoices = 1 << 10

// twoRackLines reports -1 when some choice of one line through each freed
// joker lets supply give every chosen line two rack tiles (its rack
// jokers counting), else the index into freed of a joker left short under
// the first choice.
func (j *gridJudge) twoRackLines(perm, freed []int, rackJoker []bool, supply *FaceCounts) int {
	jokerAt := map[Cell]int{}
	for e, gj := range j.rd.jokers {
		jokerAt[gj.cell] = e
	}
	opts := make([][]int, len(freed)) // lines through each freed joker
	for a, i := range freed {
		c := j.rd.jokers[perm[i]].cell
		for li, l := range j.rd.lines {
			if lineHas(l, c) {
				opts[a] = append(opts[a], li)
			}
		}
		if len(opts[a]) == 0 {
			return a
		}
	}
	first := -1
	choice := make([]int, len(freed))
	for n := 0; n < maxTwoRackChoices; n++ {
		var lines []int // distinct chosen lines
		owner := map[int]int{}
		for a := range freed {
			li := opts[a][choice[a]]
			if _, ok := owner[li]; !ok {
				owner[li] = a
				lines = append(lines, li)
			}
		}
		counts := make([]FaceCounts, len(lines))
		need := make([]int, len(lines))
		for k, li := range lines {
			need[k] = 2
			l := j.rd.lines[li]
			for x, t := range l.Tiles {
				switch {
				case !t.IsJoker():
					counts[k][t.Face.Index()]++
				case rackJoker[jokerAt[l.Cells[x]]]:
					need[k]--
				}
			}
			need[k] = max(need[k], 0)
		}
		k := twoRackShare(counts, need, supply)
		if k < 0 {
			return -1
		}
		if first < 0 {
			first = owner[lines[k]]
		}
		// The next choice, as a counter over the freed jokers' lines.
		a := 0
		for ; a < len(freed); a++ {
			if choice[a]++; choice[a] < len(opts[a]) {
				break
			}
			choice[a] = 0
		}
		if a == len(freed) {
			break
		}
	}
	return first
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
	best := 0
	if j.findMeldWorth(rackJoker, func(*FaceCounts) bool { return true }, &best) {
		return nil
	}
	return gridErr(CodeInitialMeldTooLow, nil, "the runs and groups made only from your own rack are worth %d points%s: the initial meld needs at least %d before the grid may be used in the same turn (meld-then-extend)", best, j.jokerWorth(), j.r.InitialMeld)
}

// findMeld reports whether some family of rack-only lines reaches the
// threshold (each tile counted once) while leaving the rest of the placed
// tiles acceptable to accept, which is given what the family uses.
func (j *gridJudge) findMeld(rackJoker []bool, accept func(used *FaceCounts) bool) bool {
	var best int
	return j.findMeldWorth(rackJoker, accept, &best)
}

// findMeldWorth is findMeld, also leaving in best the most a family of
// rack-only lines within what the rack gave is worth.
func (j *gridJudge) findMeldWorth(rackJoker []bool, accept func(used *FaceCounts) bool, best *int) bool {
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
	found := false
	chosen := map[Cell]bool{}
	var rec func(i int)
	rec = func(i int) {
		if found {
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
		*best = max(*best, v)
		if v >= j.r.InitialMeld && accept(&cnt) {
			found = true
			return
		}
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
	return found
}

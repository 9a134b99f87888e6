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

// twoRackTiles judges joker-two-rack-tiles (jokerShape): a line through
// each freed joker's cell holds two tiles that may have come from the rack.
func (j *gridJudge) twoRackTiles(perm, freed []int, rackJoker []bool, _ bool) *TurnError {
	for _, i := range freed {
		e := j.rd.jokers[perm[i]]
		if j.bestRackShare(e.cell, rackJoker) < 2 {
			return gridErr(CodeJokerRule, []Cell{e.cell}, "the joker on cell %v was freed from the grid: with joker-two-rack-tiles a freed joker must lie in a run or group holding at least two tiles from your rack", e.cell)
		}
	}
	return nil
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

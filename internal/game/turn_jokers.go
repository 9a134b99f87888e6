package game

// The joker rule on a table of sets: the matching and the freeing are the
// ledger's (turn_joker_match.go); a table of sets names a joker by its set
// and judges joker-two-rack-tiles per set.

// jokers judges the joker rule (and, under meld-then-extend, an initial
// meld made this turn) and records the accepted matching.
func (j *judge) jokers() *TurnError {
	return j.matchJokers(jokerStands(j.startJokers), jokerStands(j.endJokers), j,
		turnErr(CodeTableTileMissing, -1, "a joker that was on the table is no longer on the table: tiles on the table never go back to a rack"))
}

// jokerStands lists what each joker may stand for.
func jokerStands(js []jokerAt) [][]Face {
	out := make([][]Face, len(js))
	for i, x := range js {
		out[i] = x.stands
	}
	return out
}

// freedErr names the set now holding freed start joker i and what it
// stood for where (jokerShape).
func (j *judge) freedErr(perm []int, i int, rule string) *TurnError {
	sj, ej := j.startJokers[i], j.endJokers[perm[i]]
	return turnErr(CodeJokerRule, ej.set, "%s holds the joker that stood for %s in %s and now stands for %s: %s",
		j.setName(ej.set), standsText(sj.stands), j.startName(sj.set), standsText(ej.stands), rule)
}

// twoRackTiles judges joker-two-rack-tiles (jokerShape): under
// meld-then-extend the meld's sets are made of rack tiles too, so some
// meld must leave enough rack tiles for the freed jokers' sets.
func (j *judge) twoRackTiles(perm, freed []int, rackJoker []bool, melding bool) *TurnError {
	terr := j.twoRackTilesFrom(perm, freed, rackJoker, &j.placed)
	if terr == nil && melding {
		ok := j.findMeld(rackJoker, func(used *FaceCounts) bool {
			left := j.placed
			addCounts(&left, used, -1)
			terr = j.twoRackTilesFrom(perm, freed, rackJoker, &left)
			return terr == nil
		})
		if !ok && terr == nil {
			terr = j.twoRackTilesFrom(perm, freed, rackJoker, &FaceCounts{})
		}
	}
	return terr
}

// twoRackTilesFrom checks that every set holding a freed joker holds at least
// two tiles from the rack. Which copies after came from the rack is open
// (copies are interchangeable), so it asks whether the placed tiles can be
// shared out to give every such set two: a small flow from the rack's
// faces (supply: what the rack gave, less what an initial meld made of rack
// tiles uses) to sets, rack jokers in a set counting for it directly.
func (j *judge) twoRackTilesFrom(perm, freed []int, rackJoker []bool, supply *FaceCounts) *TurnError {
	need := map[int]int{} // after set -> rack tiles still needed
	var sets []int
	for _, i := range freed {
		s := j.endJokers[perm[i]].set
		if _, ok := need[s]; ok {
			continue
		}
		n := 2
		for _, e := range j.setJokers[s] {
			if rackJoker[e] {
				n--
			}
		}
		need[s] = max(n, 0)
		sets = append(sets, s)
	}
	counts := make([]FaceCounts, len(sets))
	needs := make([]int, len(sets))
	for a, s := range sets {
		counts[a], needs[a] = j.setCounts(s), need[s]
	}
	if a := twoRackShare(counts, needs, supply); a >= 0 {
		s := sets[a]
		return turnErr(CodeJokerRule, s, "%s holds a joker freed from the table: with joker-two-rack-tiles a freed joker must be played in a set holding at least two tiles from your rack", j.setName(s))
	}
	return nil
}

// flowNet is a tiny max-flow network (Edmonds-Karp on a capacity matrix);
// the judge's networks have a few dozen nodes at most.
type flowNet struct {
	cap [][]int
}

func newFlowNet(n int) *flowNet {
	g := &flowNet{cap: make([][]int, n)}
	for i := range g.cap {
		g.cap[i] = make([]int, n)
	}
	return g
}

func (g *flowNet) add(u, v, c int) { g.cap[u][v] += c }

// max pushes as much flow as it can from s to t and returns it; cap is left
// as the residual network.
func (g *flowNet) max(s, t int) int {
	n := len(g.cap)
	total := 0
	prev := make([]int, n)
	for {
		for i := range prev {
			prev[i] = -1
		}
		prev[s] = s
		queue := []int{s}
		for len(queue) > 0 && prev[t] < 0 {
			u := queue[0]
			queue = queue[1:]
			for v := range n {
				if prev[v] < 0 && g.cap[u][v] > 0 {
					prev[v] = u
					queue = append(queue, v)
				}
			}
		}
		if prev[t] < 0 {
			return total
		}
		push := -1
		for v := t; v != s; v = prev[v] {
			if c := g.cap[prev[v]][v]; push < 0 || c < push {
				push = c
			}
		}
		for v := t; v != s; v = prev[v] {
			g.cap[prev[v]][v] -= push
			g.cap[v][prev[v]] += push
		}
		total += push
	}
}

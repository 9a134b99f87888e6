package game

import (
	"fmt"
	"strings"
)

// The joker rule, as docs/rules.md "Jokers on the table" puts it: every
// joker on the table at the start either still stands for the same tile or
// was freed. Jokers are interchangeable, so the judge tries every matching
// of start jokers to jokers after (at most 8! of them) and accepts the turn
// when one works; among working matchings it keeps one freeing the fewest
// jokers, which also decides which jokers after came from the rack.

// jokers judges the joker rule (and, under meld-then-extend, an initial
// meld made this turn) and records the accepted matching.
func (j *judge) jokers() *TurnError {
	k, m := len(j.startJokers), len(j.endJokers)
	var failure *TurnError
	failFreed, bestFreed := -1, -1
	perm := make([]int, k)
	used := make([]bool, m)
	// The verdict of a matching depends only on which start jokers it frees,
	// which jokers after hold them and which came from the rack; many
	// matchings share these, so each is judged once.
	type outcome struct {
		freed int
		terr  *TurnError
	}
	memo := map[[3]uint32]outcome{}
	judgePerm := func() bool {
		var key [3]uint32
		for a, e := range perm {
			if !shareFace(j.startJokers[a].stands, j.endJokers[e].stands) {
				key[0] |= 1 << a
				key[1] |= 1 << e
			}
		}
		for e := range m {
			if !used[e] {
				key[2] |= 1 << e
			}
		}
		o, seen := memo[key]
		if !seen {
			o.freed, o.terr = j.tryMatching(perm)
			memo[key] = o
		}
		if o.terr != nil {
			if failure == nil || o.freed < failFreed {
				failure, failFreed = o.terr, o.freed
			}
			return false
		}
		if bestFreed < 0 || o.freed < bestFreed {
			bestFreed = o.freed
			j.perm = append(j.perm[:0], perm...)
		}
		return o.freed == 0
	}
	var rec func(i int) bool
	rec = func(i int) bool {
		if i == k {
			return judgePerm()
		}
		for e := range m {
			if used[e] {
				continue
			}
			used[e] = true
			perm[i] = e
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
		// Fewer jokers after than before cannot pass the tile checks.
		return turnErr(CodeTableTileMissing, -1, "a joker that was on the table is no longer on the table: tiles on the table never go back to a rack")
	}
	return failure
}

// rackJokers marks the jokers after that a matching leaves unmatched: the
// ones that came from the rack.
func (j *judge) rackJokers(perm []int) []bool {
	rack := make([]bool, len(j.endJokers))
	for e := range rack {
		rack[e] = true
	}
	for _, e := range perm {
		rack[e] = false
	}
	return rack
}

// shareFace reports whether two lists of faces share one.
func shareFace(a, b []Face) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

// standsText is "R7" or "O7 or K7".
func standsText(fs []Face) string {
	parts := make([]string, len(fs))
	for i, f := range fs {
		parts[i] = f.String()
	}
	return strings.Join(parts, " or ")
}

// tryMatching judges one matching of start jokers to jokers after. It
// returns how many jokers the matching frees and why it fails, if it does.
func (j *judge) tryMatching(perm []int) (int, *TurnError) {
	r := j.r
	rackJoker := j.rackJokers(perm)
	var freed []int // start joker indexes
	for i, e := range perm {
		if !shareFace(j.startJokers[i].stands, j.endJokers[e].stands) {
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
	// why names a freed joker's place and what it stood for.
	why := func(i int) (int, string) {
		sj, ej := j.startJokers[i], j.endJokers[perm[i]]
		return ej.set, fmt.Sprintf("%s holds the joker that stood for %s in %s and now stands for %s",
			j.setName(ej.set), standsText(sj.stands), j.startName(sj.set), standsText(ej.stands))
	}
	if !j.start.Opened && !melding {
		set, what := why(freed[0])
		return len(freed), turnErr(CodeJokerRule, set, "%s: a joker can be taken from the table only by a player who has made the initial meld", what)
	}
	if j.nPlaced == 0 {
		set, what := why(freed[0])
		return len(freed), turnErr(CodeJokerRule, set, "%s: freeing a joker needs at least one tile played from your rack this turn", what)
	}
	// One real tile frees one joker: match freed jokers to real tiles on
	// the table after (from the rack only, with joker-from-rack).
	supply := j.end
	if r.JokerFromRack {
		supply = j.placed
	}
	nf := len(freed)
	g := newFlowNet(2 + nf + NumFaces)
	src, sink := 0, 1+nf+NumFaces
	for a, i := range freed {
		g.add(src, 1+a, 1)
		for _, f := range j.startJokers[i].stands {
			g.add(1+a, 1+nf+f.Index(), 1)
		}
	}
	for x := range NumFaces - 1 { // numbered faces only
		if supply[x] > 0 {
			g.add(1+nf+x, sink, supply[x])
		}
	}
	if g.max(src, sink) < nf {
		for a, i := range freed {
			if g.cap[src][1+a] > 0 {
				set, what := why(i)
				where := "on the table"
				if r.JokerFromRack {
					where = "from your rack (joker-from-rack)"
				}
				return nf, turnErr(CodeJokerRule, set, "%s: a joker is freed only by playing a real %s %s in its place, one real tile for each joker", what, standsText(j.startJokers[i].stands), where)
			}
		}
	}
	if r.JokerTwoRackTiles {
		terr := j.twoRackTiles(perm, freed, rackJoker, &j.placed)
		if terr == nil && melding {
			// The meld's sets are made of rack tiles too: some meld must
			// leave enough rack tiles for the freed jokers' sets.
			ok := j.findMeld(rackJoker, func(used *FaceCounts) bool {
				left := j.placed
				addCounts(&left, used, -1)
				terr = j.twoRackTiles(perm, freed, rackJoker, &left)
				return terr == nil
			})
			if !ok && terr == nil {
				terr = j.twoRackTiles(perm, freed, rackJoker, &FaceCounts{})
			}
		}
		if terr != nil {
			return nf, terr
		}
	}
	return nf, nil
}

// twoRackTiles checks that every set holding a freed joker holds at least
// two tiles from the rack. Which copies after came from the rack is open
// (copies are interchangeable), so it asks whether the placed tiles can be
// shared out to give every such set two: a small flow from the rack's
// faces (supply: what the rack gave, less what an initial meld made of rack
// tiles uses) to sets, rack jokers in a set counting for it directly.
func (j *judge) twoRackTiles(perm, freed []int, rackJoker []bool, supply *FaceCounts) *TurnError {
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
	ns := len(sets)
	g := newFlowNet(2 + NumFaces + ns)
	src, sink := 0, 1+NumFaces+ns
	total := 0
	for x := range NumFaces - 1 {
		if supply[x] > 0 {
			g.add(src, 1+x, supply[x])
		}
	}
	for a, s := range sets {
		c := j.setCounts(s)
		for x := range NumFaces - 1 {
			if c[x] > 0 {
				g.add(1+x, 1+NumFaces+a, c[x])
			}
		}
		g.add(1+NumFaces+a, sink, need[s])
		total += need[s]
	}
	if g.max(src, sink) >= total {
		return nil
	}
	for a, s := range sets {
		if g.cap[1+NumFaces+a][sink] > 0 {
			return turnErr(CodeJokerRule, s, "%s holds a joker freed from the table: with joker-two-rack-tiles a freed joker must be played in a set holding at least two tiles from your rack", j.setName(s))
		}
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

package game

import (
	"fmt"
	"strings"
)

// The joker rule, as docs/rules.md "Jokers on the table" puts it, on either
// shape of table: every joker on the table at the start either still
// stands for the same tile or was freed. Jokers are interchangeable, so the
// judge tries every matching of start jokers to jokers after (at most 16!
// of them, most cut short by the memo below) and accepts the turn when one
// works; among working matchings it keeps one freeing the fewest jokers,
// which also decides which jokers after came from the rack. Under
// meld-then-extend the initial meld made this turn is judged here too,
// because which jokers after came from the rack depends on the matching.

// jokerShape is what the joker rule needs of a table's shape.
type jokerShape interface {
	// meldThenExtend judges an initial meld made this turn under
	// meld-then-extend, given which jokers after came from the rack.
	meldThenExtend(rackJoker []bool) *TurnError
	// freedErr is a joker_rule error for start joker i, which the matching
	// perm frees: where it was and what it stood for, then ": " and rule.
	freedErr(perm []int, i int, rule string) *TurnError
	// twoRackTiles judges joker-two-rack-tiles for the freed start jokers.
	twoRackTiles(perm, freed []int, rackJoker []bool, melding bool) *TurnError
}

// matchJokers judges the joker rule for the jokers at the start (what each
// may stand for, sj) and after (ej), and records the accepted matching in
// l.perm. lost is the error when no matching is possible at all (fewer
// jokers after than before, which the tile checks rule out).
func (l *ledger) matchJokers(sj, ej [][]Face, sh jokerShape, lost *TurnError) *TurnError {
	k, m := len(sj), len(ej)
	var failure *TurnError
	failFreed, bestFreed := -1, -1
	perm := make([]int, k)
	used := make([]bool, m)
	// The verdict of a matching depends only on which start jokers it frees,
	// which jokers after hold them and which came from the rack; many
	// matchings share these, so each is judged once. The first matching of
	// a key is the one whose error would be kept, so the memo changes no
	// verdict and no message.
	type outcome struct {
		freed int
		terr  *TurnError
	}
	memo := map[[3]uint32]outcome{}
	judgePerm := func() bool {
		var key [3]uint32
		for a, e := range perm {
			if !shareFace(sj[a], ej[e]) {
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
			o.freed, o.terr = l.tryMatching(perm, sj, ej, sh)
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
			l.perm = append(l.perm[:0], perm...)
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
	switch {
	case bestFreed >= 0:
		return nil
	case failure == nil:
		return lost
	}
	return failure
}

// rackJokers marks the jokers after (m of them) that a matching leaves
// unmatched: the ones that came from the rack.
func rackJokers(perm []int, m int) []bool {
	rack := make([]bool, m)
	for e := range rack {
		rack[e] = true
	}
	for _, e := range perm {
		rack[e] = false
	}
	return rack
}

// tryMatching judges one matching of start jokers to jokers after. It
// returns how many jokers the matching frees and why it fails, if it does.
// Freeing needs the initial meld (made before, or in this turn with
// meld-then-extend), one real tile of what the joker stood for on the
// table after for each freed joker (from the rack, with joker-from-rack),
// and the shape's two-rack-tiles rule. The default rule's "at least one
// rack tile played this turn" holds for every accepted turn already
// (nothing_played comes first), so it needs no check here.
func (l *ledger) tryMatching(perm []int, sj, ej [][]Face, sh jokerShape) (int, *TurnError) {
	r := l.r
	rackJoker := rackJokers(perm, len(ej))
	var freed []int // start joker indexes
	for i, e := range perm {
		if !shareFace(sj[i], ej[e]) {
			freed = append(freed, i)
		}
	}
	nf := len(freed)
	melding := false
	if !l.start.Opened && r.MeldThenExtend {
		if terr := sh.meldThenExtend(rackJoker); terr != nil {
			return nf, terr
		}
		melding = true
	}
	if nf == 0 || r.FreeJokers {
		return nf, nil
	}
	if !l.start.Opened && !melding {
		return nf, sh.freedErr(perm, freed[0], fmt.Sprintf("a joker can be taken from the %s only by a player who has made the initial meld", l.noun))
	}
	if a := l.unfreed(sj, freed); a >= 0 {
		where := "on the " + l.noun
		if r.JokerFromRack {
			where = "from your rack (joker-from-rack)"
		}
		i := freed[a]
		return nf, sh.freedErr(perm, i, fmt.Sprintf("a joker is freed only by playing a real %s %s in its place, one real tile for each joker", standsText(sj[i]), where))
	}
	if r.JokerTwoRackTiles {
		if terr := sh.twoRackTiles(perm, freed, rackJoker, melding); terr != nil {
			return nf, terr
		}
	}
	return nf, nil
}

// unfreed matches freed start jokers (indexes into sj) to distinct real
// tiles of what each stood for on the table after (from the rack only,
// with joker-from-rack): one real tile frees one joker. It returns the
// index into freed of a joker left without one, or -1.
func (l *ledger) unfreed(sj [][]Face, freed []int) int {
	supply := l.end
	if l.r.JokerFromRack {
		supply = l.placed
	}
	nf := len(freed)
	g := newFlowNet(2 + nf + NumFaces)
	src, sink := 0, 1+nf+NumFaces
	for a, i := range freed {
		g.add(src, 1+a, 1)
		for _, f := range sj[i] {
			g.add(1+a, 1+nf+f.Index(), 1)
		}
	}
	for x := range NumFaces - 1 { // numbered faces only
		if supply[x] > 0 {
			g.add(1+nf+x, sink, supply[x])
		}
	}
	if g.max(src, sink) >= nf {
		return -1
	}
	for a := range freed {
		if g.cap[src][1+a] > 0 {
			return a
		}
	}
	return -1
}

// twoRackShare is joker-two-rack-tiles' count on either shape: the sets
// (or lines) holding freed jokers, each with the numbered faces it holds
// (counts) and how many rack tiles it still needs besides its rack jokers
// (need), must each hold that many tiles from the rack. Which copies came
// from the rack is open (copies are interchangeable), so it asks whether
// supply (what the rack gave, less what an initial meld made of rack
// tiles uses) can be shared out to give every set its need: a small flow
// from faces to sets, one rack tile counting for one set. It returns the
// index of a set left short, or -1.
func twoRackShare(counts []FaceCounts, need []int, supply *FaceCounts) int {
	ns := len(counts)
	g := newFlowNet(2 + NumFaces + ns)
	src, sink := 0, 1+NumFaces+ns
	total := 0
	for x := range NumFaces - 1 {
		if supply[x] > 0 {
			g.add(src, 1+x, supply[x])
		}
	}
	for a, c := range counts {
		for x := range NumFaces - 1 {
			if c[x] > 0 {
				g.add(1+x, 1+NumFaces+a, c[x])
			}
		}
		g.add(1+NumFaces+a, sink, need[a])
		total += need[a]
	}
	if g.max(src, sink) >= total {
		return -1
	}
	for a := range counts {
		if g.cap[1+NumFaces+a][sink] > 0 {
			return a
		}
	}
	return 0
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

package tui

import "rummikub/internal/game"

// claimOrigins says which set of prev each set of next is: a set of next
// claims the set of prev it shares most tiles with (the earlier on a
// tie), and of the sets claiming one set of prev the one sharing most
// (the earlier on a tie) is it; the others, and the sets sharing no tile
// with prev, are new (-1).
func claimOrigins(prev, next game.Table) []int {
	where := map[game.TileID]int{}
	for i, set := range prev {
		for _, t := range set {
			where[t.ID] = i
		}
	}
	type claim struct{ place, shared int }
	claims := make([]claim, len(next))
	for i, set := range next {
		count := map[int]int{}
		best := claim{place: -1}
		for _, t := range set {
			if p, ok := where[t.ID]; ok {
				count[p]++
				if c := count[p]; c > best.shared || (c == best.shared && p < best.place) {
					best = claim{place: p, shared: c}
				}
			}
		}
		claims[i] = best
	}
	origin := make([]int, len(next))
	holder := map[int]int{} // place -> the set of next holding it
	for i, c := range claims {
		origin[i] = -1
		if c.place < 0 {
			continue
		}
		if h, ok := holder[c.place]; ok && claims[h].shared >= c.shared {
			continue
		} else if ok {
			origin[h] = -1
		}
		holder[c.place] = i
		origin[i] = c.place
	}
	return origin
}

// keepPlaces orders the sets of next so that each stays where it was in
// prev: a set of next takes the place of the set of prev it is (see
// claimOrigins; a set a turn changed stays where it was), and the new
// sets (a part split off, sets laid this turn) go to the end in their
// own order, so no set already on the table changes its number. The
// engine does not care about the order of the sets; the player's eye
// does.
func keepPlaces(prev, next game.Table) game.Table {
	if len(prev) == 0 || len(next) == 0 {
		return next
	}
	origin := claimOrigins(prev, next)
	at := make([]int, len(prev))
	for i := range at {
		at[i] = -1
	}
	for i, o := range origin {
		if o >= 0 {
			at[o] = i
		}
	}
	out := make(game.Table, 0, len(next))
	for _, i := range at {
		if i >= 0 {
			out = append(out, next[i])
		}
	}
	for i, o := range origin {
		if o < 0 {
			out = append(out, next[i])
		}
	}
	return out
}

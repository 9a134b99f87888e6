package tui

import "rummikub/internal/game"

// keepPlaces orders the sets of next so that each stays where it was in
// prev: a set of next takes the place of the set of prev it shares most
// tiles with (a set a turn changed stays where it was), and sets that
// share no tile with any set of prev (new sets) go to the end in their
// own order. The engine does not care about the order of the sets; the
// player's eye does.
func keepPlaces(prev, next game.Table) game.Table {
	if len(prev) == 0 || len(next) == 0 {
		return next
	}
	where := map[game.TileID]int{}
	for i, set := range prev {
		for _, t := range set {
			where[t.ID] = i
		}
	}
	// Each set of next claims the prev place it shares most tiles with;
	// a place claimed twice goes to the set sharing more, the other is
	// placed after it.
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
	out := make(game.Table, 0, len(next))
	for place := range prev {
		// The sets claiming this place, the one sharing most first.
		var here []int
		for i, c := range claims {
			if c.place == place {
				here = append(here, i)
			}
		}
		for len(here) > 0 {
			top := 0
			for k, i := range here {
				if claims[i].shared > claims[here[top]].shared {
					top = k
				}
			}
			out = append(out, next[here[top]])
			here = append(here[:top], here[top+1:]...)
		}
	}
	for i, c := range claims {
		if c.place < 0 {
			out = append(out, next[i])
		}
	}
	return out
}

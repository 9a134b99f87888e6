package tui

import (
	"fmt"
	"sort"
	"strings"

	"rummikub/internal/game"
)

// summarize says in one line what an applied action did, for the status
// line and the privacy screen: "Ana played R7 R8 R9 and added O4 to a
// group". before is the table before the action (nil when unknown); the
// surface of the match's shape tells a play.
func summarize(v *game.SeatView, ev game.Event, before game.Layout, sf surface) string {
	name := "Someone"
	if ev.Seat >= 0 && ev.Seat < len(v.Names) {
		name = v.Names[ev.Seat]
	}
	var s string
	switch ev.Kind {
	case game.ActPlay:
		s = name + " " + sf.describePlay(ev, before, v.Table, &v.Rules)
		if ev.Melded {
			s += fmt.Sprintf(" (initial meld, %d points)", ev.Points)
		}
		if ev.Out {
			s += " and went out: Rummikub!"
		}
	case game.ActDraw:
		s = fmt.Sprintf("%s drew a tile", name)
	case game.ActKeep:
		s = fmt.Sprintf("%s drew two tiles, kept one and put %s in the River", name, game.FormatTiles(ev.Discarded))
	case game.ActPass:
		s = name + " passed (the pool is empty)"
	case game.ActTimeout:
		switch {
		case ev.Unfinished && ev.Drew > 0:
			s = fmt.Sprintf("%s ran out of time in an unfinished rearrangement: the table was restored and %s drew %d tiles as the penalty", name, name, ev.Drew)
		case ev.Drew > 0:
			s = fmt.Sprintf("%s ran out of time and drew %d %s", name, ev.Drew, plural(ev.Drew, "tile", "tiles"))
		default:
			s = name + " ran out of time and passed"
		}
		if len(ev.Discarded) > 0 {
			s += fmt.Sprintf(" (%s went to the River)", game.FormatTiles(ev.Discarded))
		}
	case game.ActPull:
		s = fmt.Sprintf("%s pulled %s from the River", name, game.FormatTiles(ev.Pulled))
	case game.ActCancelPull:
		s = name + " put a River pull back"
	case game.ActNextGame:
		s = fmt.Sprintf("Game %d was dealt", v.Game)
	default:
		s = name + " " + string(ev.Kind)
	}
	if ev.Blocked {
		s += "; nobody can play, so the game is blocked"
	}
	return s
}

// describePlay tells which tiles went where: new sets, tiles added to a
// set that was on the table, and whether the table was rearranged.
func describePlay(ev game.Event, before, after game.Table, r *game.Rules) string {
	placed := map[game.TileID]bool{}
	for _, t := range ev.Placed {
		placed[t.ID] = true
	}
	beforeKeys := map[string]bool{}
	for _, set := range before {
		beforeKeys[idKey(set)] = true
	}
	var parts, newSets, changed []string
	rearranged := false
	moved := movedBetween(before, after)
	for _, set := range before {
		for _, t := range set {
			if t.IsJoker() && moved[t.ID] {
				parts = append(parts, "took the joker from "+faces(set))
			}
		}
	}
	for _, set := range after {
		var mine, old []game.Tile
		for _, t := range set {
			if placed[t.ID] {
				mine = append(mine, t)
			} else {
				old = append(old, t)
			}
		}
		if len(old) > 0 && !beforeKeys[idKey(set)] && !beforeKeys[idKey(old)] {
			rearranged = true
			changed = append(changed, faces(set))
		}
		if len(mine) == 0 {
			continue
		}
		if len(old) == 0 {
			newSets = append(newSets, faces(mine))
			continue
		}
		kind := "a set"
		if m, err := game.AnalyzeSet(set, r); err == nil {
			kind = "a " + m.Kind.String()
		}
		if beforeKeys[idKey(old)] {
			parts = append(parts, fmt.Sprintf("added %s to %s", faces(mine), kind))
		} else {
			parts = append(parts, fmt.Sprintf("laid %s in %s", faces(mine), kind))
		}
	}
	if len(newSets) > 0 {
		parts = append([]string{"played " + joinAnd(newSets)}, parts...)
	}
	if len(parts) == 0 {
		parts = append(parts, "played "+faces(ev.Placed))
	}
	s := joinAnd(parts)
	if rearranged {
		s += ", rearranging the table into " + joinAnd(changed)
	}
	return s
}

// movedBetween are the tiles of before's sets that are in another set in
// after. A set lives on in the set of after that holds most of its
// tiles; its tiles elsewhere have moved.
func movedBetween(before, after game.Table) map[game.TileID]bool {
	where := map[game.TileID]int{}
	for i, set := range after {
		for _, t := range set {
			where[t.ID] = i
		}
	}
	moved := map[game.TileID]bool{}
	for _, set := range before {
		count := map[int]int{}
		best, bestN := -1, 0
		for _, t := range set {
			if i, ok := where[t.ID]; ok {
				count[i]++
				if count[i] > bestN {
					best, bestN = i, count[i]
				}
			}
		}
		for _, t := range set {
			if i, ok := where[t.ID]; ok && i != best {
				moved[t.ID] = true
			}
		}
	}
	return moved
}

// faces writes tiles as notation without joker meanings (J, not J:R4).
func faces(tiles []game.Tile) string {
	out := make([]string, len(tiles))
	for i, t := range tiles {
		out[i] = t.Face.String()
	}
	return strings.Join(out, " ")
}

func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}

// idKey identifies a set by its tiles' ids, in any order.
func idKey(set []game.Tile) string {
	ids := make([]int, len(set))
	for i, t := range set {
		ids[i] = int(t.ID)
	}
	sort.Ints(ids)
	return fmt.Sprint(ids)
}

// markChanged returns the tiles to mark after a turn: those played, and
// table tiles that moved (their set, less the tiles played into it, was not
// a set on the table before).
func markChanged(before, after game.Table, ev game.Event) map[game.TileID]bool {
	if ev.Kind != game.ActPlay {
		return nil
	}
	marks := map[game.TileID]bool{}
	for _, t := range ev.Placed {
		marks[t.ID] = true
	}
	beforeKeys := map[string]bool{}
	for _, set := range before {
		beforeKeys[idKey(set)] = true
	}
	for _, set := range after {
		var old []game.Tile
		for _, t := range set {
			if !marks[t.ID] {
				old = append(old, t)
			}
		}
		if len(old) == 0 || beforeKeys[idKey(old)] {
			continue
		}
		for _, t := range old {
			marks[t.ID] = true
		}
	}
	return marks
}

// sortTiles sorts tiles by colour (789) or by number (777).
func sortTiles(tiles []game.Tile, byNumber bool) {
	sort.SliceStable(tiles, func(i, j int) bool {
		if byNumber {
			return tiles[i].Face.LessByNumber(tiles[j].Face)
		}
		return tiles[i].Face.Less(tiles[j].Face)
	})
}

// sortByPos sorts tiles by their place in a remembered order.
func sortByPos(tiles []game.Tile, pos map[game.TileID]int) {
	sort.SliceStable(tiles, func(i, j int) bool { return pos[tiles[i].ID] < pos[tiles[j].ID] })
}

package tui

import "rummikub/internal/game"

// shownRack is seat's rack in the player's own order, new tiles last,
// for showing it between the player's turns.
func (p *Board) shownRack(seat int) []game.Tile {
	rack := append([]game.Tile(nil), p.v.Rack...)
	order, ok := p.rackOrder[seat]
	if !ok || p.sortedFor(seat, rack) {
		sortTiles(rack, p.rackSort[seat] == sortNumber)
		return rack
	}
	pos := map[game.TileID]int{}
	for i, id := range order {
		pos[id] = i
	}
	for _, t := range rack {
		if _, ok := pos[t.ID]; !ok {
			pos[t.ID] = len(order) + len(pos)
		}
	}
	sortByPos(rack, pos)
	return rack
}

// orderedRack lays the rack out as the player keeps it: sorted, or in the
// order they left it with tiles new to it at the end.
func (p *Board) orderedRack(seat int, rack []game.Tile) []game.Tile {
	order, ok := p.rackOrder[seat]
	if !ok || p.rackSort[seat] != sortManual {
		out := append([]game.Tile(nil), rack...)
		sortTiles(out, p.rackSort[seat] == sortNumber)
		return out
	}
	pos := map[game.TileID]int{}
	for i, id := range order {
		pos[id] = i
	}
	var known, fresh []game.Tile
	for _, t := range rack {
		if _, ok := pos[t.ID]; ok {
			known = append(known, t)
		} else {
			fresh = append(fresh, t)
		}
	}
	sortByPos(known, pos)
	return append(known, fresh...)
}

// keepRackOrder remembers the viewer's rack order at the end of a turn.
func (p *Board) keepRackOrder() {
	if !p.working() || p.viewer < 0 {
		return
	}
	rack := p.workRack()
	order := make([]game.TileID, 0, len(rack))
	for _, t := range rack {
		order = append(order, t.ID)
	}
	p.rackOrder[p.viewer] = order
	// A rack left sorted stays sorted as tiles come in; one the player
	// arranged by hand keeps their order, new tiles at the end.
	p.rackSort[p.viewer] = sortManual
	for _, byNumber := range []bool{false, true} {
		sorted := append([]game.Tile(nil), rack...)
		sortTiles(sorted, byNumber)
		same := true
		for i := range sorted {
			if sorted[i].Face != rack[i].Face {
				same = false
				break
			}
		}
		if same {
			p.rackSort[p.viewer] = map[bool]rackSort{false: sortColor, true: sortNumber}[byNumber]
			break
		}
	}
}

// rackSort is how a player keeps their rack between turns.
type rackSort int

const (
	sortColor  rackSort = iota // sorted by colour (789), the start
	sortNumber                 // sorted by number (777)
	sortManual                 // arranged by hand
)

// sortedFor sorts rack as seat keeps it, if seat keeps it sorted.
func (p *Board) sortedFor(seat int, rack []game.Tile) bool {
	switch p.rackSort[seat] {
	case sortColor:
		sortTiles(rack, false)
	case sortNumber:
		sortTiles(rack, true)
	default:
		return false
	}
	return true
}

package tui

import "rummikub/internal/game"

// rackMarks are what both boards' working arrangements (sets and grid)
// know of the rack a turn began with.
type rackMarks struct {
	fromRack map[game.TileID]bool // tiles on the rack when the turn began
	locked   map[game.TileID]bool // rack tiles that may not be played (Plunder)
	must     map[game.TileID]bool // rack tiles that must be played (Key Tile)
}

// newRackMarks marks rack, locked and must, and returns a copy of the rack
// whose jokers stand for nothing yet.
func newRackMarks(rack, locked, must []game.Tile) (rackMarks, []game.Tile) {
	m := rackMarks{fromRack: map[game.TileID]bool{}, locked: map[game.TileID]bool{}, must: map[game.TileID]bool{}}
	out := append([]game.Tile(nil), rack...)
	for i, t := range out {
		m.fromRack[t.ID] = true
		if t.IsJoker() {
			out[i].As = game.Face{} // a joker on the rack stands for nothing yet
		}
	}
	for _, t := range locked {
		m.locked[t.ID] = true
	}
	for _, t := range must {
		m.must[t.ID] = true
	}
	return m, out
}

package game

// resolveGridIDs gives every tile of a submitted grid a physical id, as
// resolveIDs does for sets: a tile keeps an id of the grid or the rack of
// its face; any other takes, by face, a tile that stays on its cell first,
// then any grid tile, then the rack's (Key Tile, free tiles, Plunder).
func resolveGridIDs(start TurnStart, after Grid) Grid {
	out := after.Clone()
	// A tile lying where a grid tile of its face lay claims that tile's id
	// when it names none.
	sg := GridOf(start.Table)
	startAt := sg.Cells()
	claimed := map[TileID]bool{}
	for _, gt := range out.Tiles {
		if gt.Tile.ID != NoID {
			claimed[gt.Tile.ID] = true
		}
	}
	for i, gt := range out.Tiles {
		if gt.Tile.ID != NoID {
			continue
		}
		if k, ok := startAt[gt.Cell]; ok {
			u := sg.Tiles[k].Tile
			if u.Face == gt.Tile.Face && !claimed[u.ID] {
				claimed[u.ID] = true
				out.Tiles[i].Tile.ID = u.ID
			}
		}
	}
	set := make(Set, len(out.Tiles))
	for i, gt := range out.Tiles {
		set[i] = gt.Tile
	}
	tableStart := TurnStart{Table: Table{sg.AllTiles()}, Rack: start.Rack, Must: start.Must, Locked: start.Locked}
	resolved := resolveIDs(tableStart, Table{set})[0]
	for i := range out.Tiles {
		out.Tiles[i].Tile.ID = resolved[i].ID
		if !out.Tiles[i].Tile.IsJoker() {
			out.Tiles[i].Tile.As = Face{}
		}
	}
	out.Sort()
	return out
}

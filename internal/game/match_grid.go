package game

// playGrid judges and applies a final grid under the French rules
// (table=grid): the same flow as a play on a table of sets, with the grid
// in place of the sets.
func (m *Match) playGrid(a *Action) (Outcome, error) {
	g := m.Game
	start := m.turnStart()
	after := resolveGridIDs(start, a.Grid)
	res, err := JudgeGridTurn(&m.Rules, start, after)
	if err != nil {
		return Outcome{}, err
	}
	a.Sets = nil
	a.Grid = after
	onTable := map[TileID]bool{}
	for _, gt := range res.Grid.Tiles {
		onTable[gt.Tile.ID] = true
	}
	g.Grid = res.Grid.Clone()
	return m.played(res, onTable)
}

// resolveGridIDs gives every tile of a submitted grid a physical id, as
// resolveIDs does for sets: a tile keeps an id of the grid or the rack of
// its face; any other takes, by face, a tile that stays on its cell first,
// then any grid tile, then the rack's (Key Tile, free tiles, Plunder).
func resolveGridIDs(start TurnStart, after Grid) Grid {
	out := after.Clone()
	// A tile lying where a grid tile of its face lay claims that tile's id
	// when it names none.
	startAt := start.Grid.Cells()
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
			u := start.Grid.Tiles[k].Tile
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
	tableStart := TurnStart{Table: Table{start.Grid.AllTiles()}, Rack: start.Rack, Must: start.Must, Locked: start.Locked}
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

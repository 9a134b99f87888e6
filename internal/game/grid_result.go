package game

// result builds the accepted grid turn: every tile after is given a
// physical tile of the start position (the ledger's assign: by id, then a
// tile still on the cell where its face lay, then by the accepted joker
// matching, then by face), the grid sorted with every joker annotated, and
// the rack split into the tiles played and the tiles left. Crossing tiles
// count once: each cell's value is its tile's.
func (j *gridJudge) result() TurnResult {
	after, start := j.after.Tiles, j.startGrid.Tiles
	sameCell := func(k, x int) bool { return after[k].Cell == start[x].Cell }
	jokers := make([][2]int, 0, len(j.perm))
	for i, e := range j.perm {
		jokers = append(jokers, [2]int{j.rd.jokers[e].index, j.startRd.jokers[i].index})
	}
	assigned, fromRack := j.assign(j.startGrid.AllTiles(), j.after.AllTiles(), sameCell, jokers)

	res := TurnResult{Melded: !j.start.Opened}
	grid := Grid{Tiles: make([]GridTile, len(after))}
	for k, gt := range after {
		a := assigned[k]
		a.As = Face{}
		if a.IsJoker() {
			a.As = j.rd.as[k]
		}
		grid.Tiles[k] = GridTile{Cell: gt.Cell, Tile: a}
	}
	grid.Sort()
	res.After = grid
	res.Rack, res.Placed, res.Points = j.rackOutcome(fromRack, j.rd.value)
	return res
}

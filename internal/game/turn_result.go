package game

// result builds the accepted turn: every tile after is given a physical
// tile of the start position (the ledger's assign, by id, then by the
// accepted joker matching, then by face), every set laid out canonically,
// and the rack split into the tiles played and the tiles left.
func (j *judge) result() TurnResult {
	jokers := make([][2]int, 0, len(j.perm))
	for i, e := range j.perm {
		jokers = append(jokers, [2]int{j.endJokers[e].index, j.startJokers[i].index})
	}
	assigned, fromRack := j.assign(j.tableTiles, j.flat, nil, jokers)

	res := TurnResult{Melded: !j.start.Opened}
	var table Table
	value := make([]int, len(j.flat)) // what each tile after is worth as a placed tile
	for _, m := range j.melds {
		set := make([]Tile, len(m.Tiles))
		for i, t := range m.Tiles {
			a := assigned[t.ID]
			a.As = Face{}
			value[t.ID] = int(t.Face.Num)
			if t.IsJoker() {
				a.As = t.As
				value[t.ID] = j.jokerValue(t.As)
			}
			set[i] = a
		}
		table = append(table, set)
	}
	res.After = table
	res.Rack, res.Placed, res.Points = j.rackOutcome(fromRack, value)
	return res
}

package game

// result builds the accepted turn. The verdict was reached on faces; here
// every tile after is given a physical tile of the start position, so that
// the new table and rack together hold exactly the tiles of the old ones:
//  1. a tile after that carries the id of a start table tile of its face,
//     or of a rack tile of its face that may be played (no more of them than
//     the rack gave of that face), is that tile;
//  2. a joker after that the accepted matching ties to a start joker is that
//     joker;
//  3. every other tile takes the first unused table tile of its face, and
//     once those are used up, a rack tile: the Key Tile first, then the
//     others in rack order, the Plunder last.
func (j *judge) result() TurnResult {
	n := len(j.flat)
	assigned := make([]Tile, n)
	done := make([]bool, n)
	fromRack := make([]int, n) // rack index, or -1
	for k := range fromRack {
		fromRack[k] = -1
	}
	tUsed := make([]bool, len(j.tableTiles))
	rUsed := make([]bool, len(j.start.Rack))
	prio := j.rackPriorities()

	var honoredRack FaceCounts
	for k, t := range j.flat {
		if t.ID == NoID {
			continue
		}
		for x, u := range j.tableTiles {
			if !tUsed[x] && u.ID == t.ID && u.Face == t.Face {
				tUsed[x], done[k], assigned[k] = true, true, u
				break
			}
		}
		f := t.Face.Index()
		if done[k] || honoredRack[f] >= j.placed[f] {
			continue
		}
		for x, u := range j.start.Rack {
			if !rUsed[x] && prio[x] < 2 && u.ID == t.ID && u.Face == t.Face {
				rUsed[x], done[k], assigned[k], fromRack[k] = true, true, u, x
				honoredRack[f]++
				break
			}
		}
	}
	for i, e := range j.perm {
		k := int(j.endJokers[e].tile.ID)
		if done[k] {
			continue
		}
		want := j.startJokers[i].tile
		for x, u := range j.tableTiles {
			if !tUsed[x] && u.IsJoker() && (want.ID == NoID || u.ID == want.ID) {
				tUsed[x], done[k], assigned[k] = true, true, u
				break
			}
		}
	}
	for k, t := range j.flat {
		if done[k] {
			continue
		}
		for x, u := range j.tableTiles {
			if !tUsed[x] && u.Face == t.Face {
				tUsed[x], done[k], assigned[k] = true, true, u
				break
			}
		}
		for p := 0; p < 3 && !done[k]; p++ {
			for x, u := range j.start.Rack {
				if !rUsed[x] && prio[x] == p && u.Face == t.Face {
					rUsed[x], done[k], assigned[k], fromRack[k] = true, true, u, x
					break
				}
			}
		}
	}

	res := TurnResult{Melded: !j.start.Opened}
	value := make([]int, n) // what each tile after is worth as a placed tile
	for _, m := range j.melds {
		set := make([]Tile, len(m.Tiles))
		for i, t := range m.Tiles {
			a := assigned[t.ID]
			a.As = Face{}
			value[t.ID] = int(t.Face.Num)
			if t.IsJoker() {
				a.As = t.As
				value[t.ID] = int(t.As.Num)
				if j.r.JokerMeldValue > 0 {
					value[t.ID] = j.r.JokerMeldValue
				}
			}
			set[i] = a
		}
		res.Table = append(res.Table, set)
	}
	placedAt := make([]int, len(j.start.Rack))
	for x := range placedAt {
		placedAt[x] = -1
	}
	for k, x := range fromRack {
		if x >= 0 {
			placedAt[x] = k
		}
	}
	for x, t := range j.start.Rack {
		if k := placedAt[x]; k >= 0 {
			res.Placed = append(res.Placed, t)
			res.Points += value[k]
		} else {
			res.Rack = append(res.Rack, t)
		}
	}
	return res
}

// rackPriorities ranks rack tiles for being the ones played: 0 the Key
// Tile, 1 an ordinary tile, 2 the Plunder. Key and Plunder tiles are known
// by id when they carry one, else by face (the last rack tiles of that
// face, where a pull puts them).
func (j *judge) rackPriorities() []int {
	rack := j.start.Rack
	prio := make([]int, len(rack))
	for i := range prio {
		prio[i] = 1
	}
	mark := func(tiles []Tile, p int) {
		for _, t := range tiles {
			found := -1
			for x := len(rack) - 1; x >= 0; x-- {
				if prio[x] != 1 || rack[x].Face != t.Face {
					continue
				}
				if t.ID != NoID && rack[x].ID == t.ID {
					found = x
					break
				}
				if found < 0 {
					found = x
				}
			}
			if found >= 0 {
				prio[found] = p
			}
		}
	}
	mark(j.start.Must, 0)
	mark(j.start.Locked, 2)
	return prio
}

package game

// result builds the accepted grid turn. The verdict was reached on faces
// and cells; here every tile after is given a physical tile of the start
// position, so that the new grid and rack hold exactly the tiles of the
// old ones:
//  1. a tile that carries the id of a start grid tile of its face, or of a
//     playable rack tile of its face (no more of them than the rack gave
//     of that face), is that tile;
//  2. a tile on a cell where a tile of its face lay at the start is that
//     tile;
//  3. a joker the accepted matching ties to a start joker is that joker;
//  4. every other tile takes the first unused grid tile of its face, then
//     a rack tile: the Key Tile first, then the others in rack order, the
//     Plunder last.
func (j *gridJudge) result() TurnResult {
	after := j.after.Tiles
	n := len(after)
	start := j.start.Grid.Tiles
	assigned := make([]Tile, n)
	done := make([]bool, n)
	fromRack := make([]int, n)
	for k := range fromRack {
		fromRack[k] = -1
	}
	tUsed := make([]bool, len(start))
	rUsed := make([]bool, len(j.start.Rack))
	prio := (&judge{start: j.start}).rackPriorities()
	takeTable := func(k, x int) {
		tUsed[x], done[k], assigned[k] = true, true, start[x].Tile
	}

	var honored FaceCounts
	for k, gt := range after {
		t := gt.Tile
		if t.ID == NoID {
			continue
		}
		for x, u := range start {
			if !tUsed[x] && u.Tile.ID == t.ID && u.Tile.Face == t.Face {
				takeTable(k, x)
				break
			}
		}
		f := t.Face.Index()
		if done[k] || honored[f] >= j.placed[f] {
			continue
		}
		for x, u := range j.start.Rack {
			if !rUsed[x] && prio[x] < 2 && u.ID == t.ID && u.Face == t.Face {
				rUsed[x], done[k], assigned[k], fromRack[k] = true, true, u, x
				honored[f]++
				break
			}
		}
	}
	for k, gt := range after {
		if done[k] {
			continue
		}
		for x, u := range start {
			if !tUsed[x] && u.Cell == gt.Cell && u.Tile.Face == gt.Tile.Face {
				takeTable(k, x)
				break
			}
		}
	}
	for i, e := range j.perm {
		k := j.rd.jokers[e].index
		if done[k] {
			continue
		}
		want := j.startRd.jokers[i].index
		if !tUsed[want] {
			takeTable(k, want)
		}
	}
	for k, gt := range after {
		if done[k] {
			continue
		}
		for x, u := range start {
			if !tUsed[x] && u.Tile.Face == gt.Tile.Face {
				takeTable(k, x)
				break
			}
		}
		for p := 0; p < 3 && !done[k]; p++ {
			for x, u := range j.start.Rack {
				if !rUsed[x] && prio[x] == p && u.Face == gt.Tile.Face {
					rUsed[x], done[k], assigned[k], fromRack[k] = true, true, u, x
					break
				}
			}
		}
	}

	res := TurnResult{Melded: !j.start.Opened}
	res.Grid.Tiles = make([]GridTile, n)
	for k, gt := range after {
		a := assigned[k]
		a.As = Face{}
		if a.IsJoker() {
			a.As = j.rd.as[k]
		}
		res.Grid.Tiles[k] = GridTile{Cell: gt.Cell, Tile: a}
	}
	res.Grid.Sort()
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
			res.Points += j.rd.value[k]
		} else {
			res.Rack = append(res.Rack, t)
		}
	}
	return res
}

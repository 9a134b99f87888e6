package game

// assign gives every tile after a physical tile of the start position, on
// either shape of table, so that the new table and rack together hold
// exactly the tiles of the old ones. The verdict was reached on faces;
// this only decides which physical tiles the result reports as moved:
//  1. a tile after that carries the id of a start table tile of its face,
//     or of a rack tile of its face that may be played (no more of them
//     than the rack gave of that face), is that tile;
//  2. on the grid, a tile on a cell where a tile of its face lay at the
//     start is that tile (sameCell; nil on a table of sets);
//  3. a joker after that the accepted matching ties to a start joker is
//     that joker (jokers: pairs of an after index and a table index);
//  4. every other tile takes the first unused table tile of its face, and
//     once those are used up, a rack tile: the Key Tile first, then the
//     others in rack order, the Plunder last.
//
// It returns the tile given to each tile after and, for each, the rack
// index it came from or -1.
func (l *ledger) assign(tableTiles, after []Tile, sameCell func(k, x int) bool, jokers [][2]int) ([]Tile, []int) {
	n := len(after)
	a := assignment{
		assigned: make([]Tile, n),
		done:     make([]bool, n),
		fromRack: make([]int, n),
		tUsed:    make([]bool, len(tableTiles)),
		rUsed:    make([]bool, len(l.start.Rack)),
		table:    tableTiles,
		rack:     l.start.Rack,
		prio:     l.rackPriorities(),
	}
	for k := range a.fromRack {
		a.fromRack[k] = -1
	}
	var honored FaceCounts
	for k, t := range after {
		if t.ID == NoID {
			continue
		}
		a.takeTable(k, func(u Tile) bool { return u.ID == t.ID && u.Face == t.Face })
		if f := t.Face.Index(); !a.done[k] && honored[f] < l.placed[f] {
			if a.takeRack(k, func(x int, u Tile) bool { return a.prio[x] < 2 && u.ID == t.ID && u.Face == t.Face }) {
				honored[f]++
			}
		}
	}
	if sameCell != nil {
		for k, t := range after {
			if !a.done[k] {
				a.takeTableAt(k, func(x int) bool { return sameCell(k, x) && tableTiles[x].Face == t.Face })
			}
		}
	}
	for _, p := range jokers {
		if k, x := p[0], p[1]; !a.done[k] && !a.tUsed[x] {
			a.tUsed[x], a.done[k], a.assigned[k] = true, true, tableTiles[x]
		}
	}
	for k, t := range after {
		if a.done[k] {
			continue
		}
		a.takeTable(k, func(u Tile) bool { return u.Face == t.Face })
		for p := 0; p < 3 && !a.done[k]; p++ {
			a.takeRack(k, func(x int, u Tile) bool { return a.prio[x] == p && u.Face == t.Face })
		}
	}
	return a.assigned, a.fromRack
}

// assignment is the working state of assign.
type assignment struct {
	assigned     []Tile
	done         []bool
	fromRack     []int
	tUsed, rUsed []bool
	table, rack  []Tile
	prio         []int
}

// takeTable gives after tile k the first unused table tile that ok accepts.
func (a *assignment) takeTable(k int, ok func(Tile) bool) {
	a.takeTableAt(k, func(x int) bool { return ok(a.table[x]) })
}

func (a *assignment) takeTableAt(k int, ok func(x int) bool) {
	for x := range a.table {
		if !a.tUsed[x] && ok(x) {
			a.tUsed[x], a.done[k], a.assigned[k] = true, true, a.table[x]
			return
		}
	}
}

// takeRack gives after tile k the first unused rack tile that ok accepts.
func (a *assignment) takeRack(k int, ok func(x int, u Tile) bool) bool {
	for x, u := range a.rack {
		if !a.rUsed[x] && ok(x, u) {
			a.rUsed[x], a.done[k], a.assigned[k], a.fromRack[k] = true, true, u, x
			return true
		}
	}
	return false
}

// rackOutcome splits the start rack into the tiles played (fromRack, as
// assign returns it) and the tiles left, in rack order, and adds up the
// played tiles' value (value: what each tile after is worth as a placed
// tile).
func (l *ledger) rackOutcome(fromRack, value []int) (rack, placed []Tile, points int) {
	placedAt := make([]int, len(l.start.Rack))
	for x := range placedAt {
		placedAt[x] = -1
	}
	for k, x := range fromRack {
		if x >= 0 {
			placedAt[x] = k
		}
	}
	for x, t := range l.start.Rack {
		if k := placedAt[x]; k >= 0 {
			placed = append(placed, t)
			points += value[k]
		} else {
			rack = append(rack, t)
		}
	}
	return rack, placed, points
}

// rackPriorities ranks rack tiles for being the ones played: 0 the Key
// Tile, 1 an ordinary tile, 2 the Plunder. Key and Plunder tiles are known
// by id when they carry one, else by face (the last rack tiles of that
// face, where a pull puts them).
func (l *ledger) rackPriorities() []int {
	rack := l.start.Rack
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
	mark(l.start.Must, 0)
	mark(l.start.Locked, 2)
	return prio
}

package game

import "fmt"

// Reading a grid: every horizontal line of two or more tiles is a run read
// left to right, every vertical one a group, no tile is loose, and each
// joker stands for the tile both of its lines need (docs/rules.md, "French
// rules"). gridReading is the outcome for a valid grid; gridFault says what
// breaks the rules and where.

// gridFault is a grid that breaks a rule: a stable code, the cells to
// blame and the sentence.
type gridFault struct {
	code    string
	cells   []Cell
	message string
}

func (f *gridFault) turnError() *TurnError {
	return &TurnError{Code: f.code, Set: -1, Cells: f.cells, Message: f.message}
}

// gridJoker is a joker on the grid and the faces it may stand for.
type gridJoker struct {
	cell   Cell
	index  int // in Grid.Tiles
	stands []Face
}

// gridReading is a valid grid read: its lines, its jokers with what they
// stand for, and each tile's value toward an initial meld.
type gridReading struct {
	lines  []Line
	jokers []gridJoker
	value  []int // by index in Grid.Tiles
	as     []Face
}

// ReadGrid checks that g is a valid grid under r, as the table must be at
// the end of a turn. It returns nil or a *TurnError naming the cells and
// the rule.
func ReadGrid(g Grid, r *Rules) error {
	if _, f := readGrid(g, r); f != nil {
		return f.turnError()
	}
	return nil
}

// readGrid reads g: every tile a tile, the shape, every line, no loose
// tile, and what every joker stands for.
func readGrid(g Grid, r *Rules) (*gridReading, *gridFault) {
	if f := g.tilesFault(); f != nil {
		return nil, f
	}
	at := g.Cells()
	rd := &gridReading{lines: g.Lines(), value: make([]int, len(g.Tiles)), as: make([]Face, len(g.Tiles))}
	run, f := rd.readRuns(g, r, at)
	if f != nil {
		return nil, f
	}
	if f := rd.readGroups(g, r, at, run); f != nil {
		return nil, f
	}
	return rd, nil
}

// tilesFault checks that every cell holds a tile, one a cell, within the
// grid's bounds.
func (g Grid) tilesFault() *gridFault {
	for _, gt := range g.Tiles {
		if !gt.Tile.Face.Valid() {
			return &gridFault{CodeInvalidSet, []Cell{gt.Cell}, fmt.Sprintf("cell %v holds %v, which is not a tile", gt.Cell, gt.Tile.Face)}
		}
	}
	if cells, msg := g.checkShape(); cells != nil {
		code := CodeOffGrid
		if len(cells) == 1 && g.countAt(cells[0]) > 1 {
			code = CodeCellTaken
		}
		return &gridFault{code, cells, msg}
	}
	return nil
}

// readRuns reads every line: none of two tiles, every row a valid run, no
// tile outside a line. It returns, for each tile, the face the run through
// it makes it stand for.
func (rd *gridReading) readRuns(g Grid, r *Rules, at map[Cell]int) ([]Face, *gridFault) {
	inLine := make([]bool, len(g.Tiles))
	// run[i] is the face the run through tile i makes it stand for.
	run := make([]Face, len(g.Tiles))
	for _, l := range rd.lines {
		if len(l.Tiles) == 2 {
			what := "run"
			if !l.Horizontal {
				what = "group"
			}
			return nil, &gridFault{CodeLineOfTwo, l.Cells, fmt.Sprintf("%s is a line of two tiles: every line of two or more tiles side by side must be a %s of at least 3; leave an empty cell between sets", l.Name(), what)}
		}
		for _, c := range l.Cells {
			inLine[at[c]] = true
		}
		if !l.Horizontal {
			continue
		}
		faces, reason := readRun(l.Tiles, r)
		if reason != "" {
			return nil, &gridFault{CodeInvalidSet, l.Cells, fmt.Sprintf("%s is not a valid run: %s", l.Name(), reason)}
		}
		for k, c := range l.Cells {
			run[at[c]] = faces[k]
		}
	}
	for i, gt := range g.Tiles {
		if !inLine[i] {
			return nil, &gridFault{CodeLooseTile, []Cell{gt.Cell}, fmt.Sprintf("%v on cell %v is a loose tile: every tile must lie in a run or a group of at least 3", gt.Tile, gt.Cell)}
		}
	}
	return run, nil
}

// readGroups reads every column as a group and settles what each joker
// stands for and what each tile is worth toward an initial meld.
func (rd *gridReading) readGroups(g Grid, r *Rules, at map[Cell]int, run []Face) *gridFault {
	// stands[i] for a joker: what its lines let it be.
	stands := make([][]Face, len(g.Tiles))
	for i, gt := range g.Tiles {
		if gt.Tile.IsJoker() && !run[i].IsZero() {
			stands[i] = []Face{run[i]}
		}
	}
	for _, l := range rd.lines {
		if l.Horizontal {
			continue
		}
		idx := make([]int, len(l.Cells))
		for k, c := range l.Cells {
			idx[k] = at[c]
		}
		if reason := readGroup(l.Tiles, idx, stands, rd.as); reason != "" {
			return &gridFault{CodeInvalidSet, l.Cells, fmt.Sprintf("%s is not a valid group: %s", l.Name(), reason)}
		}
	}
	for i, gt := range g.Tiles {
		t := gt.Tile
		if !t.IsJoker() {
			rd.value[i] = int(t.Face.Num)
			continue
		}
		st := stands[i]
		if rd.as[i].IsZero() {
			rd.as[i] = st[0]
		}
		rd.value[i] = int(rd.as[i].Num)
		if r.JokerMeldValue > 0 {
			rd.value[i] = r.JokerMeldValue
		}
		rd.jokers = append(rd.jokers, gridJoker{cell: gt.Cell, index: i, stands: st})
	}
	return nil
}

// countAt is the number of tiles lying on cell c.
func (g Grid) countAt(c Cell) int {
	n := 0
	for _, gt := range g.Tiles {
		if gt.Cell == c {
			n++
		}
	}
	return n
}

// readRun reads tiles, left to right, as a run: one colour, each tile one
// more than the one before (1 is low; with wrap a 1 may follow 13), each
// joker standing for the number of its place. It returns the face of every
// place, or why the tiles are not a run.
func readRun(tiles []Tile, r *Rules) ([]Face, string) {
	n := len(tiles)
	if n > MaxNumber {
		return nil, "a run holds at most 13 tiles"
	}
	color, first := Color(255), -1
	for i, t := range tiles {
		if t.IsJoker() {
			continue
		}
		if color != 255 && t.Face.Color != color {
			return nil, "a run's tiles must all be the same colour (a row of one number is not a run: groups lie in columns)"
		}
		color = t.Face.Color
		if first < 0 {
			first = i
		}
	}
	if first < 0 {
		return nil, "a set must hold at least one numbered tile"
	}
	maxPlace := MaxNumber
	if r.Wrap {
		maxPlace = MaxNumber + 1
	}
	f := tiles[first].Face
	starts := []int{int(f.Num) - first}
	if f.Num == 1 && r.Wrap {
		starts = append(starts, MaxNumber+1-first)
	}
	for _, start := range starts {
		if start < 1 || start+n-1 > maxPlace {
			continue
		}
		faces := make([]Face, n)
		ok := true
		for k, t := range tiles {
			want := F(color, placeNumber(start+k))
			if !t.IsJoker() && t.Face != want {
				ok = false
				break
			}
			faces[k] = want
		}
		if ok {
			return faces, ""
		}
	}
	if r.Wrap {
		return nil, "a run reads left to right, each number one more than the one before (1 may follow 13, but not both ends of one run)"
	}
	return nil, "a run reads left to right, each number one more than the one before, from 1 up to 13 (1 is low)"
}

// readGroup checks a vertical line as a group and fills in stands for its
// jokers: a joker a run already fixed must be a free colour of the group's
// number; the others may stand for any colour still free, and as gives
// each of them a distinct one (the player's J:O5 where it fits).
func readGroup(tiles []Tile, idx []int, stands [][]Face, as []Face) string {
	if len(tiles) > NumColors {
		return "a group holds at most 4 tiles, one of each colour"
	}
	num := -1
	var taken [NumColors]bool
	for _, t := range tiles {
		if t.IsJoker() {
			continue
		}
		if num >= 0 && int(t.Face.Num) != num {
			return "a group's tiles must all show the same number (a column of one colour is not a group: runs lie in rows)"
		}
		num = int(t.Face.Num)
		if taken[t.Face.Color] {
			return fmt.Sprintf("a group cannot hold two %s tiles", t.Face.Color)
		}
		taken[t.Face.Color] = true
	}
	if num < 0 {
		return "a set must hold at least one numbered tile"
	}
	for k, t := range tiles {
		if !t.IsJoker() || stands[idx[k]] == nil {
			continue
		}
		f := stands[idx[k]][0]
		if int(f.Num) != num || taken[f.Color] {
			return fmt.Sprintf("the joker there stands for %v in its run, which does not fit a group of %ds beside the others", f, num)
		}
		taken[f.Color] = true
	}
	var free []Face
	for _, c := range Colors {
		if !taken[c] {
			free = append(free, F(c, num))
		}
	}
	var given [NumColors]bool
	var open []int // the jokers no run fixes
	for k, t := range tiles {
		if t.IsJoker() && stands[idx[k]] == nil {
			stands[idx[k]] = free
			open = append(open, k)
			for _, f := range free {
				if f == t.As && !given[f.Color] {
					given[f.Color] = true
					as[idx[k]] = f
				}
			}
		}
	}
	for _, k := range open {
		for _, f := range free {
			if as[idx[k]].IsZero() && !given[f.Color] {
				given[f.Color] = true
				as[idx[k]] = f
			}
		}
	}
	return ""
}

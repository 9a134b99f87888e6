package game

import (
	"errors"
	"fmt"
)

// JudgeGridTurn judges a whole turn on the French grid (table=grid), as
// JudgeTurn does on a table of sets: start is the position when the turn
// began (its Grid, rack, Opened, a River pull's Must and Locked tiles),
// after the grid the player ends the turn with. It returns the accepted
// turn (TurnResult.Grid is the new grid), a *TurnError with a stable code
// and the cells to blame, or another error when start itself is not a
// possible position.
//
// The checks, in the order that decides which error a turn breaking
// several rules gets:
//
//   - invalid_set: every cell holds a tile;
//   - cell_taken, off_grid: one tile a cell, within the grid's bounds;
//   - not_in_rack: every tile comes from the grid or the rack;
//   - table_tile_missing: every tile on the grid at the start is still on
//     it (it may lie on another cell);
//   - plunder_played: no tile of a River pull's Plunder is played;
//   - line_of_two, invalid_set, loose_tile: every line of two or more
//     tiles is a valid run (rows, left to right) or group (columns), and
//     every tile lies in a line of three or more;
//   - key_tile_not_played, nothing_played;
//   - initial_meld_touches_table, initial_meld_too_low: before the initial
//     meld no tile on the grid moves and no placed tile shares a side with
//     one, and the placed tiles are worth the threshold, each counted once;
//   - joker_rule: every joker on the grid at the start stands for the same
//     tile at the end, or was freed as the standard rules allow.
//
// Crossing tiles count once everywhere: in the tiles played, their points
// and the meld's value. Copies are interchangeable: the verdict depends on
// faces and cells, never on tile ids, which only decide which physical
// tiles the result reports as moved.
func JudgeGridTurn(r *Rules, start TurnStart, after Grid) (TurnResult, error) {
	if r == nil {
		return TurnResult{}, errors.New("no rules to judge the turn by")
	}
	j := &gridJudge{r: r, start: start, after: after}
	if err := j.prepare(); err != nil {
		return TurnResult{}, err
	}
	if terr := j.judge(); terr != nil {
		return TurnResult{}, terr
	}
	return j.result(), nil
}

// gridJudge holds the working state of one JudgeGridTurn call.
type gridJudge struct {
	r     *Rules
	start TurnStart
	after Grid

	startRd, rd *gridReading
	// face counts: the start grid, the start rack, its Locked and Must
	// tiles, the grid after, and placed = after - grid (the rack's share).
	table, rack, locked, must, end, placed FaceCounts
	nPlaced                                int

	perm []int // the accepted matching: start joker i is rd.jokers[perm[i]]
}

// prepare checks that start is a possible position and counts its faces.
func (j *gridJudge) prepare() error {
	r := j.r
	rd, f := readGrid(j.start.Grid, r)
	if f != nil {
		return fmt.Errorf("the grid at the start of the turn is not valid: %s", f.message)
	}
	j.startRd = rd
	for _, gt := range j.start.Grid.Tiles {
		j.table[gt.Tile.Face.Index()]++
	}
	for _, t := range j.start.Rack {
		if !t.Face.Valid() {
			return fmt.Errorf("the rack holds %v, which is not a tile", t.Face)
		}
		j.rack[t.Face.Index()]++
	}
	for i := range NumFaces {
		f := FaceAt(i)
		have := j.table[i] + j.rack[i]
		if f.IsJoker() {
			if have > r.Jokers {
				return fmt.Errorf("the grid and the rack hold %d jokers, but the rules' tile set has only %d", have, r.Jokers)
			}
		} else if have > r.Copies {
			return fmt.Errorf("the grid and the rack hold %d %v tiles, but the rules' tile set has only %d of each", have, f, r.Copies)
		}
	}
	if n := j.table[JokerFace.Index()] + j.rack[JokerFace.Index()]; n > maxJudgedJokers {
		return fmt.Errorf("the grid and the rack hold %d jokers; turns are judged with at most %d", n, maxJudgedJokers)
	}
	for _, t := range j.start.Locked {
		if !t.Face.Valid() {
			return fmt.Errorf("the Plunder holds %v, which is not a tile", t.Face)
		}
		j.locked[t.Face.Index()]++
	}
	for _, t := range j.start.Must {
		if !t.Face.Valid() {
			return fmt.Errorf("the Key Tile %v is not a tile", t.Face)
		}
		j.must[t.Face.Index()]++
	}
	for i := range NumFaces {
		if j.locked[i]+j.must[i] > j.rack[i] {
			return fmt.Errorf("the Key Tile and Plunder name %v more often than the rack holds it", FaceAt(i))
		}
	}
	return nil
}

func gridErr(code string, cells []Cell, format string, args ...any) *TurnError {
	return &TurnError{Code: code, Set: -1, Cells: cells, Message: fmt.Sprintf(format, args...)}
}

// judge applies every rule in the order of JudgeGridTurn's list.
func (j *gridJudge) judge() *TurnError {
	r := j.r
	for _, gt := range j.after.Tiles {
		if !gt.Tile.Face.Valid() {
			return gridErr(CodeInvalidSet, []Cell{gt.Cell}, "cell %v holds %v, which is not a tile", gt.Cell, gt.Tile.Face)
		}
	}
	if cells, msg := j.after.checkShape(); cells != nil {
		code := CodeOffGrid
		if len(cells) == 1 && j.after.countAt(cells[0]) > 1 {
			code = CodeCellTaken
		}
		return gridErr(code, cells, "%s", msg)
	}
	for _, gt := range j.after.Tiles {
		x := gt.Tile.Face.Index()
		j.end[x]++
		have := j.table[x] + j.rack[x]
		if j.end[x] <= have {
			continue
		}
		if have == 0 {
			return gridErr(CodeNotInRack, []Cell{gt.Cell}, "cell %v holds %v, which is neither on the grid nor on your rack", gt.Cell, gt.Tile.Face)
		}
		return gridErr(CodeNotInRack, []Cell{gt.Cell}, "cell %v holds one %v more than the grid and your rack hold (%d)", gt.Cell, gt.Tile.Face, have)
	}
	for _, gt := range j.start.Grid.Tiles {
		x := gt.Tile.Face.Index()
		if j.end[x] < j.table[x] {
			return gridErr(CodeTableTileMissing, []Cell{gt.Cell}, "%v from cell %v is no longer on the grid: tiles on the grid may move to other cells but never go back to a rack", gt.Tile.Face, gt.Cell)
		}
	}
	for x := range NumFaces {
		j.placed[x] = j.end[x] - j.table[x]
		j.nPlaced += j.placed[x]
	}
	for x := range NumFaces {
		if j.placed[x] > j.rack[x]-j.locked[x] {
			return gridErr(CodePlunderPlayed, j.cellsOf(FaceAt(x)), "the grid holds %v from the Plunder pulled from the River this turn: the Plunder goes to the rack and cannot be played until a later turn", FaceAt(x))
		}
	}
	rd, f := readGrid(j.after, r)
	if f != nil {
		return f.turnError()
	}
	j.rd = rd
	for x := range NumFaces {
		if j.placed[x] < j.must[x] {
			return gridErr(CodeKeyTileNotPlayed, nil, "the Key Tile %v pulled from the River was not played: it must be played this turn (tiles of your rack may help)", FaceAt(x))
		}
	}
	if j.nPlaced == 0 {
		return gridErr(CodeNothingPlayed, nil, "no tile from your rack was placed: a turn must put at least one tile from your rack on the grid, or draw instead")
	}
	if !j.start.Opened && !r.MeldThenExtend {
		if terr := j.apartMeld(); terr != nil {
			return terr
		}
	}
	return j.jokers()
}

// cellsOf lists the cells after holding face f.
func (j *gridJudge) cellsOf(f Face) []Cell {
	var out []Cell
	for _, gt := range j.after.Tiles {
		if gt.Tile.Face == f {
			out = append(out, gt.Cell)
		}
	}
	return out
}

// apartMeld judges an initial meld that may not use the grid: every tile
// of the grid still on its cell, no placed tile beside one of them, and the
// placed tiles, each counted once, worth the threshold.
func (j *gridJudge) apartMeld() *TurnError {
	startAt := j.start.Grid.Cells()
	afterAt := j.after.Cells()
	for _, gt := range j.start.Grid.Tiles {
		k, ok := afterAt[gt.Cell]
		if !ok || j.after.Tiles[k].Tile.Face != gt.Tile.Face {
			return gridErr(CodeInitialMeldTouches, []Cell{gt.Cell}, "%v on cell %v was moved: until your initial meld is made no tile on the grid may move, so lay new sets from your own rack only", gt.Tile.Face, gt.Cell)
		}
	}
	v := 0
	var cells []Cell
	for k, gt := range j.after.Tiles {
		if _, ok := startAt[gt.Cell]; ok {
			continue
		}
		if neighbours(startAt, gt.Cell) {
			return gridErr(CodeInitialMeldTouches, []Cell{gt.Cell}, "%v on cell %v lies beside a tile already on the grid: the initial meld must stand apart from the tiles already out, with an empty cell between", gt.Tile.Face, gt.Cell)
		}
		v += j.rd.value[k]
		cells = append(cells, gt.Cell)
	}
	if v < j.r.InitialMeld {
		return gridErr(CodeInitialMeldTooLow, cells, "the initial meld, %s, is worth %d points%s: it needs at least %d", FormatTiles(j.placedTiles()), v, j.jokerWorth(), j.r.InitialMeld)
	}
	return nil
}

// placedTiles is the after tiles on cells that were empty at the start.
func (j *gridJudge) placedTiles() []Tile {
	startAt := j.start.Grid.Cells()
	var out []Tile
	for _, gt := range j.after.Tiles {
		if _, ok := startAt[gt.Cell]; !ok {
			out = append(out, gt.Tile)
		}
	}
	return out
}

// jokerWorth says how jokers were counted, when jokers were placed.
func (j *gridJudge) jokerWorth() string {
	if j.placed[JokerFace.Index()] == 0 {
		return ""
	}
	if j.r.JokerMeldValue > 0 {
		return fmt.Sprintf(" (a joker counting %d)", j.r.JokerMeldValue)
	}
	return " (a joker counting as the tile it stands for)"
}

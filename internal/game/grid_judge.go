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
	return runJudge(&gridJudge{ledger: ledger{r: r, start: start, noun: "grid"}, after: after, startGrid: GridOf(start.Table)})
}

// gridJudge holds the working state of one JudgeGridTurn call: the ledger
// shared with the judge of sets, and the readings of the grid before and
// after.
type gridJudge struct {
	ledger
	after     Grid
	startGrid Grid // start.Table

	startRd, rd *gridReading
}

// prepare checks that start is a possible position and counts its faces.
func (j *gridJudge) prepare() error {
	rd, f := readGrid(j.startGrid, j.r)
	if f != nil {
		return fmt.Errorf("the grid at the start of the turn is not valid: %s", f.message)
	}
	j.startRd = rd
	return j.countStart(j.startGrid.AllTiles())
}

func gridErr(code string, cells []Cell, format string, args ...any) *TurnError {
	return &TurnError{Code: code, Set: -1, Cells: cells, Message: fmt.Sprintf(format, args...)}
}

// judge applies every rule in the order of JudgeGridTurn's list.
func (j *gridJudge) judge() *TurnError {
	r := j.r
	if f := j.after.tilesFault(); f != nil {
		return f.turnError()
	}
	if terr := j.conserve(j.after.AllTiles(), j.startGrid.AllTiles(), j); terr != nil {
		return terr
	}
	rd, f := readGrid(j.after, r)
	if f != nil {
		return f.turnError()
	}
	j.rd = rd
	if terr := j.mustPlay(); terr != nil {
		return terr
	}
	if !j.start.Opened && !r.MeldThenExtend {
		if terr := j.apartMeld(); terr != nil {
			return terr
		}
	}
	return j.jokers()
}

// notInRack, missing and plundered name the cells to blame (turnPlaces).
func (j *gridJudge) notInRack(k int, f Face, have int) *TurnError {
	c := j.after.Tiles[k].Cell
	if have == 0 {
		return gridErr(CodeNotInRack, []Cell{c}, "cell %v holds %v, which is neither on the grid nor on your rack", c, f)
	}
	return gridErr(CodeNotInRack, []Cell{c}, "cell %v holds one %v more than the grid and your rack hold (%d)", c, f, have)
}

func (j *gridJudge) missing(x int) *TurnError {
	gt := j.startGrid.Tiles[x]
	return gridErr(CodeTableTileMissing, []Cell{gt.Cell}, "%v from cell %v is no longer on the grid: tiles on the grid may move to other cells but never go back to a rack", gt.Tile.Face, gt.Cell)
}

func (j *gridJudge) plundered(f Face) *TurnError {
	return gridErr(CodePlunderPlayed, j.cellsOf(f), "the grid holds %v from the Plunder pulled from the River this turn: the Plunder goes to the rack and cannot be played until a later turn", f)
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
	startAt := j.startGrid.Cells()
	afterAt := j.after.Cells()
	for _, gt := range j.startGrid.Tiles {
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
	startAt := j.startGrid.Cells()
	var out []Tile
	for _, gt := range j.after.Tiles {
		if _, ok := startAt[gt.Cell]; !ok {
			out = append(out, gt.Tile)
		}
	}
	return out
}

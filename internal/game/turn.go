package game

import "fmt"

// Stable codes of a refused turn. They never change meaning; UIs and
// scripts may switch on them.
const (
	CodeInvalidSet         = "invalid_set"
	CodeTableTileMissing   = "table_tile_missing"
	CodeNotInRack          = "not_in_rack"
	CodeNothingPlayed      = "nothing_played"
	CodeInitialMeldTooLow  = "initial_meld_too_low"
	CodeInitialMeldTouches = "initial_meld_touches_table"
	CodeJokerRule          = "joker_rule"
	// River (draw=river): the Key Tile pulled from the River was not played,
	// or a tile of the Plunder pulled with it was.
	CodeKeyTileNotPlayed = "key_tile_not_played"
	CodePlunderPlayed    = "plunder_played"
	// The French grid (table=grid): a line of exactly two tiles, a tile in
	// no line, two tiles on one cell, tiles beyond the grid's bounds.
	CodeLineOfTwo = "line_of_two"
	CodeLooseTile = "loose_tile"
	CodeCellTaken = "cell_taken"
	CodeOffGrid   = "off_grid"
)

// TurnCodes lists every stable code of a refused turn.
var TurnCodes = []string{
	CodeInvalidSet, CodeTableTileMissing, CodeNotInRack, CodeNothingPlayed,
	CodeInitialMeldTooLow, CodeInitialMeldTouches, CodeJokerRule,
	CodeKeyTileNotPlayed, CodePlunderPlayed,
	CodeLineOfTwo, CodeLooseTile, CodeCellTaken, CodeOffGrid,
}

// TurnError is a refused turn: a stable Code, the index of the offending
// set in the arrangement the player ended with (-1 when no one set is to
// blame) and a sentence naming the set and the rule. On the French grid
// Set is -1 and Cells names the cells to blame.
type TurnError struct {
	Code    string
	Set     int
	Cells   []Cell
	Message string
}

func (e *TurnError) Error() string { return e.Message }

func turnErr(code string, set int, format string, args ...any) *TurnError {
	return &TurnError{Code: code, Set: set, Message: fmt.Sprintf(format, args...)}
}

// TurnStart is everything a turn is judged against.
type TurnStart struct {
	Table  Layout // the table when the turn began: its sets, or the grid (table=grid)
	Rack   []Tile // the player's rack when the turn began
	Opened bool   // the player made the initial meld before this turn
	// Locked rack tiles may not be played this turn (the Plunder of a River
	// pull); Must tiles have to be played (its Key Tile).
	Locked []Tile
	Must   []Tile
}

// ParseTurnStart is the start of a turn given as tile strings in the
// notation (a lesson's or a puzzle's position): the table's sets and the
// rack, every tile numbered from 1, the table's set by set and then the
// rack's, so each physical tile is known to the judge. The sets are kept
// as written; the player has not opened and nothing is locked.
func ParseTurnStart(table [][]string, rack []string) (TurnStart, error) {
	var start TurnStart
	next := TileID(1)
	number := func(ss []string) ([]Tile, error) {
		ts, err := ParseTileStrings(ss)
		for i := range ts {
			ts[i].ID = next
			next++
		}
		return ts, err
	}
	var sets Table
	for _, s := range table {
		set, err := number(s)
		if err != nil {
			return TurnStart{}, err
		}
		sets = append(sets, set)
	}
	start.Table = sets
	var err error
	if start.Rack, err = number(rack); err != nil {
		return TurnStart{}, err
	}
	return start, nil
}

// TurnResult is an accepted turn.
type TurnResult struct {
	// After is the new table in the shape judged: a Table, every set laid
	// out canonically, or a Grid, sorted, every joker annotated.
	After  Layout
	Rack   []Tile // the rack left after the turn
	Placed []Tile // the rack tiles played, in rack order
	Points int    // the value of the placed tiles, jokers valued as in the initial meld
	Melded bool   // this turn was the player's initial meld
}

package game

import (
	"encoding/json"
	"fmt"
)

// The JSON of a table. The program's messages and outputs (the bot
// protocol, check and solve, analyses, saves) carry a table in one of two
// fields: a table of sets as an array of sets, each an array of tile
// texts, or the French grid in its JSON form (GridJSON). Layout.Fields
// writes a table so and Rules.ReadFields reads one back in the shape the
// rules play on; Rules.ParseLayoutJSON reads a table given in one field
// whose form depends on the rules. These are the only places that know
// which form belongs to which shape.

// TableFields is a table in its two JSON fields: Sets for a table of sets,
// Grid for the French grid. A table fills the field of its shape only.
type TableFields struct {
	Sets [][]string
	Grid *GridJSON
}

// Fields is the table of sets in Sets, each tile written by text (such as
// Tile.String, or Tile.IDText to carry ids); a nil table gives nil.
func (t Table) Fields(text func(Tile) string) TableFields {
	if t == nil {
		return TableFields{}
	}
	sets := make([][]string, len(t))
	for i, s := range t {
		sets[i] = make([]string, len(s))
		for j, tl := range s {
			sets[i][j] = text(tl)
		}
	}
	return TableFields{Sets: sets}
}

// Fields is the grid's JSON form in Grid, each tile written by text.
func (g Grid) Fields(text func(Tile) string) TableFields {
	gj := g.jsonWith(text)
	return TableFields{Grid: &gj}
}

// jsonWith is the grid's JSON form, each tile written by text; the empty
// grid has no rows.
func (g Grid) jsonWith(text func(Tile) string) GridJSON {
	lo, rows := g.Rows(text)
	if rows == nil {
		rows = [][]string{}
	}
	return GridJSON{Origin: [2]int{lo.Row, lo.Col}, Rows: rows}
}

// ShapeError refuses a table given in the field of the shape the rules
// do not play on.
type ShapeError struct {
	Rules, Given string // "sets" or "a grid"
}

func (e *ShapeError) Error() string {
	return fmt.Sprintf("these rules play on %s, but the table is given as %s", e.Rules, e.Given)
}

// ReadFields reads a table given in its JSON fields, in the shape r plays
// on, each tile read by tile. An absent field is the empty table; a table
// given in the other shape's field is refused.
func (r *Rules) ReadFields(f TableFields, tile func(string) (Tile, error)) (Layout, error) {
	return r.EmptyTable().readFields(f, tile)
}

func (Table) readFields(f TableFields, tile func(string) (Tile, error)) (Layout, error) {
	if f.Grid != nil {
		return nil, &ShapeError{Rules: Table{}.shape(), Given: Grid{}.shape()}
	}
	var t Table
	for i, s := range f.Sets {
		set := make(Set, len(s))
		for j, text := range s {
			var err error
			if set[j], err = tile(text); err != nil {
				return nil, fmt.Errorf("set %d: %v", i+1, err)
			}
		}
		t = append(t, set)
	}
	return t, nil
}

func (Grid) readFields(f TableFields, tile func(string) (Tile, error)) (Layout, error) {
	if len(f.Sets) > 0 {
		return nil, &ShapeError{Rules: Grid{}.shape(), Given: Table{}.shape()}
	}
	if f.Grid == nil {
		return Grid{}, nil
	}
	return gridFromRows(Cell{f.Grid.Origin[0], f.Grid.Origin[1]}, f.Grid.Rows, tile)
}

// JSONFormError refuses JSON that is not in the form of the table the
// rules play on; Form says what that form is.
type JSONFormError struct {
	Form string
}

func (e *JSONFormError) Error() string { return "it must be " + e.Form }

// ParseLayoutJSON reads a table given as one JSON value in the form of
// the shape r plays on: an array of sets, each an array of tiles, or a
// grid's JSON form (GridJSON). JSON null is the empty table. JSON of the
// wrong form is a *JSONFormError.
func (r *Rules) ParseLayoutJSON(data []byte) (Layout, error) {
	return r.EmptyTable().parseJSON(data)
}

func (Table) parseJSON(data []byte) (Layout, error) {
	var sets [][]string
	if err := json.Unmarshal(data, &sets); err != nil {
		return nil, &JSONFormError{Form: `an array of sets, each an array of tiles, such as [["R3","R4","R5"]]`}
	}
	return Table{}.readFields(TableFields{Sets: sets}, ParseTile)
}

func (Grid) parseJSON(data []byte) (Layout, error) {
	var gj *GridJSON
	if err := json.Unmarshal(data, &gj); err != nil {
		return nil, &JSONFormError{Form: `a grid: {"origin": [ROW, COL], "rows": [["R3","R4","R5"], [".","B4"]]}, "." for an empty cell`}
	}
	return Grid{}.readFields(TableFields{Grid: gj}, ParseTile)
}

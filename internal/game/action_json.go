package game

import "encoding/json"

// actionJSON is an Action's JSON form, the one it had when a Play's table
// was carried as two fields, Sets and Grid, side by side. The sim's
// digests hash actions in this form (sim/digest.go), so keeping it keeps
// every digest recorded before the change.
type actionJSON struct {
	Seat       int
	Kind       ActionKind
	Sets       Table
	Grid       Grid
	Unfinished bool
	Index      int
}

// MarshalJSON writes a in its JSON form: a Play's table in "Sets" or in
// "Grid", by its shape, and the other field empty.
func (a Action) MarshalJSON() ([]byte, error) {
	return json.Marshal(actionJSON{Seat: a.Seat, Kind: a.Kind, Sets: SetsOf(a.After), Grid: GridOf(a.After),
		Unfinished: a.Unfinished, Index: a.Index})
}

// UnmarshalJSON reads an Action's JSON form: After is the grid when
// "Grid" holds tiles, else the sets when "Sets" holds any, else nil.
func (a *Action) UnmarshalJSON(data []byte) error {
	var j actionJSON
	if err := json.Unmarshal(data, &j); err != nil {
		return err
	}
	*a = Action{Seat: j.Seat, Kind: j.Kind, Unfinished: j.Unfinished, Index: j.Index}
	switch {
	case !j.Grid.Empty():
		a.After = j.Grid
	case j.Sets != nil:
		a.After = j.Sets
	}
	return nil
}

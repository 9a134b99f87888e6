package game

// Set is one set on the table: a run or a group, its tiles in the order
// they lie. A set's validity and meaning come from AnalyzeSet.
type Set []Tile

// Table is what lies on the table under table=sets: its sets, in the
// order they lie. The engine keeps every set of a judged table canonical
// (runs ascending, each joker at the tile it stands for).
//
// A second shape of table, the grid of the French rules (table=grid), is
// a type of its own; both are a Layout (layout.go), judged by one ledger
// of a turn. The match flow, the host and the saves carry a table without
// looking inside it, and only what shows or edits a table (the screen,
// the solver) needs to know its shape.
type Table []Set

// Tiles is every tile of the table, set by set.
func (t Table) Tiles() []Tile {
	n := 0
	for _, s := range t {
		n += len(s)
	}
	out := make([]Tile, 0, n)
	for _, s := range t {
		out = append(out, s...)
	}
	return out
}

// Len is the number of tiles on the table.
func (t Table) Len() int {
	n := 0
	for _, s := range t {
		n += len(s)
	}
	return n
}

// Clone is a deep copy of the table.
func (t Table) Clone() Table { return cloneSets(t) }

// String is the table in the notation: sets separated by " | ".
func (t Table) String() string { return FormatTable(t) }

// String is the set in the notation: tiles separated by spaces.
func (s Set) String() string { return FormatTiles(s) }

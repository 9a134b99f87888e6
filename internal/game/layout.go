package game

import (
	"errors"
	"fmt"
)

// Layout is what lies on the table, in the shape the rules play on
// (Rules.Table): a Table of sets (table=sets) or a Grid (table=grid, the
// French rules). Both shapes are judged by the same ledger of a turn
// (turn_ledger.go: face counts, conservation, the joker matching, tile
// ids); only reading sets or lines, and naming the set or cells to blame,
// belong to a shape.
//
// Code that carries, counts, writes, checks or judges what is on the table
// works with a Layout and never asks the shape: Judge judges a turn,
// Check says whether a working arrangement is a valid table, Unfinished
// is the time-out's rule. Only what draws or edits a table, or searches it
// (the screen, the solver), needs the concrete type. The interface is
// sealed: Table and Grid are its only implementations.
type Layout interface {
	// AllTiles is every tile on the table.
	AllTiles() []Tile
	// Len is the number of tiles on the table; Empty reports none.
	Len() int
	Empty() bool
	// String is the layout in the notation: sets separated by " | ", or
	// the grid's rows (grid_notation.go).
	String() string
	// Check returns nil when the layout is a valid table under r, as it
	// must be at the end of a turn, or a *TurnError naming the set or the
	// cells and the rule.
	Check(r *Rules) error
	// Fields is the layout in the JSON field of its shape, each tile
	// written by text (layout_json.go).
	Fields(text func(Tile) string) TableFields
	// Draw is the layout as lines of text for a drawing, each tile
	// written by cell, which is called in AllTiles order; width measures
	// a cell's text as it shows (nil: its length), so a grid's columns
	// line up (grid_notation.go).
	Draw(cell func(Tile) string, width func(string) int) []string

	judge(r *Rules, start TurnStart) (TurnResult, error)
	clone() Layout
	resolve(start TurnStart) Layout
	sameAs(o Layout) bool
	shape() string
	into(t *Table, g *Grid)
	lots() []lot
	readFields(f TableFields, tile func(string) (Tile, error)) (Layout, error)
	parseJSON(data []byte) (Layout, error)
	fromSaved(sets Table, saved Grid) (Layout, error)
	checkSaved(r *Rules) error
}

// EmptyTable is the empty table of the shape r plays on: no sets, or the
// empty grid. Its concrete type tells a caller the shape.
func (r *Rules) EmptyTable() Layout {
	if r.Table == TableGrid {
		return Grid{}
	}
	return Table(nil)
}

// SetsOf is l when it is a Table, else nil; GridOf is l when it is a
// Grid, else the empty grid. They are for code that draws, edits or
// searches one shape of table, once it knows the shape.
func SetsOf(l Layout) Table {
	t, _ := l.(Table)
	return t
}

// GridOf: see SetsOf.
func GridOf(l Layout) Grid {
	g, _ := l.(Grid)
	return g
}

// CloneLayout is a deep copy of l (nil for nil).
func CloneLayout(l Layout) Layout {
	if l == nil {
		return nil
	}
	return l.clone()
}

// ParseLayout reads a table in the notation of the shape r plays on:
// sets separated by " | " (ParseTable), or a grid's rows (ParseGrid).
func (r *Rules) ParseLayout(s string) (Layout, error) {
	if r.Table == TableGrid {
		return ParseGrid(s)
	}
	return ParseTable(s)
}

// Parts is l as the pair of fields Game holds side by side: a copy of the
// table of sets and an empty grid, or no sets and a copy of the grid.
func Parts(l Layout) (Table, Grid) {
	var t Table
	var g Grid
	if l != nil {
		l.into(&t, &g)
	}
	return t, g
}

// PlayAction is seat's Play ending the turn with after.
func PlayAction(seat int, after Layout) Action {
	return Action{Seat: seat, Kind: ActPlay, After: after}
}

// Judge judges a whole turn on either shape of table: JudgeTurn for a
// Table, JudgeGridTurn for a Grid. after must be of the shape r plays on.
func Judge(r *Rules, start TurnStart, after Layout) (TurnResult, error) {
	if r == nil {
		return TurnResult{}, errors.New("no rules to judge the turn by")
	}
	if after == nil {
		return TurnResult{}, errors.New("no table to judge the turn by")
	}
	if want := r.EmptyTable().shape(); after.shape() != want {
		return TurnResult{}, fmt.Errorf("the rules play on %s, but the turn ends with %s", want, after.shape())
	}
	return after.judge(r, start)
}

// Unfinished reports whether draft, a seat's working arrangement when its
// time runs out, is an unfinished rearrangement of table (docs/rules.md,
// "Time limit"): it differs from the table the turn began with (or holds
// tiles in hand, off the table) and it is not a valid table: a set or
// line breaks the rules, a tile of the table is no longer in it, or
// tiles are held. Such a turn is restored and penalised; any other
// time-out only draws.
func Unfinished(r *Rules, table, draft Layout, holding bool) bool {
	if draft == nil || table == nil {
		return false
	}
	if !holding && draft.sameAs(table) {
		return false
	}
	if holding {
		return true
	}
	on := map[TileID]bool{}
	for _, t := range draft.AllTiles() {
		on[t.ID] = true
	}
	for _, t := range table.AllTiles() {
		if !on[t.ID] {
			return true
		}
	}
	return draft.Check(r) != nil
}

// The Table's side of Layout.

// AllTiles is every tile of the table, set by set (as Tiles).
func (t Table) AllTiles() []Tile { return t.Tiles() }

// Empty reports a table with no tile.
func (t Table) Empty() bool { return t.Len() == 0 }

// Check returns nil when every non-empty set is a valid run or group, or a
// *TurnError (invalid_set) naming the first that is not.
func (t Table) Check(r *Rules) error {
	for i, s := range t {
		if len(s) == 0 {
			continue
		}
		if _, err := AnalyzeSet(s, r); err != nil {
			return turnErr(CodeInvalidSet, i, "set %d (%s) is not a valid set: %s", i+1, FormatTiles(s), reasonOf(err))
		}
	}
	return nil
}

func (t Table) judge(r *Rules, start TurnStart) (TurnResult, error) { return JudgeTurn(r, start, t) }
func (t Table) resolve(start TurnStart) Layout                      { return resolveIDs(start, t) }
func (t Table) clone() Layout                                       { return cloneSets(t) }
func (t Table) shape() string                                       { return "sets" }
func (t Table) into(s *Table, _ *Grid)                              { *s = cloneSets(t) }

// sameAs reports whether o is a table holding the same tiles (ids and
// faces) in the same sets and places, empty sets aside.
func (t Table) sameAs(o Layout) bool {
	u, ok := o.(Table)
	if !ok {
		return false
	}
	x, y := nonEmptySets(t), nonEmptySets(u)
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if len(x[i]) != len(y[i]) {
			return false
		}
		for j := range x[i] {
			if x[i][j].ID != y[i][j].ID || x[i][j].Face != y[i][j].Face {
				return false
			}
		}
	}
	return true
}

func nonEmptySets(t Table) Table {
	var out Table
	for _, s := range t {
		if len(s) > 0 {
			out = append(out, s)
		}
	}
	return out
}

// The Grid's side of Layout.

// Check returns nil when the grid reads as a valid table (ReadGrid).
func (g Grid) Check(r *Rules) error { return ReadGrid(g, r) }

func (g Grid) judge(r *Rules, start TurnStart) (TurnResult, error) {
	return JudgeGridTurn(r, start, g)
}
func (g Grid) resolve(start TurnStart) Layout { return resolveGridIDs(start, g) }
func (g Grid) clone() Layout                  { return g.Clone() }
func (g Grid) shape() string                  { return "a grid" }
func (g Grid) into(_ *Table, s *Grid)         { *s = g.Clone() }

// sameAs reports whether o is a grid with the same faces on the same
// cells.
func (g Grid) sameAs(o Layout) bool {
	u, ok := o.(Grid)
	return ok && g.String() == u.String()
}

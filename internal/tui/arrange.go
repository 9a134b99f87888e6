package tui

import (
	"errors"

	"rummikub/internal/game"
)

// Area says whether the cursor is on the rack or on the table.
type Area uint8

// The two areas of the board a cursor can be on.
const (
	AreaRack Area = iota
	AreaTable
)

// Cursor is a place in the working arrangement. On the table, Set indexes
// a set and Set == len(sets) is the "new set" slot; Pos indexes a tile in
// the set or rack, and Pos == length is the slot after the last tile (a
// set's end), where carried tiles can be dropped.
type Cursor struct {
	Area Area
	Set  int
	Pos  int
}

// arrState is one step of the working arrangement: everything undo and
// redo restore.
type arrState struct {
	// sets are the table's sets in the order shown. A set whose last tile
	// is picked up stays as an empty set until the turn ends, so no set
	// number changes under the player's eyes (Table leaves it out).
	sets game.Table
	// origin[i] is the index of the turn's start set that sets[i] is, or
	// -1 for a set begun this turn: the "moved this turn" marks follow it.
	origin []int
	rack   []game.Tile
	held   []game.Tile
	cursor Cursor
	// rackCursor and tableCursor remember where the cursor was in the
	// other area, so Tab returns to it.
	rackCursor, tableCursor Cursor
}

func (s arrState) clone() arrState {
	c := s
	c.sets = make(game.Table, len(s.sets))
	for i, set := range s.sets {
		c.sets[i] = append([]game.Tile(nil), set...)
	}
	c.origin = append([]int(nil), s.origin...)
	c.rack = append([]game.Tile(nil), s.rack...)
	c.held = append([]game.Tile(nil), s.held...)
	return c
}

// Arrangement is a player's working copy of the table and their rack during
// a turn: the tiles are moved freely here, every step can be undone, and
// nothing reaches the game until the turn is handed to the engine. It is
// pure data (no rendering): the board draws it.
type Arrangement struct {
	rules *game.Rules
	workspace[arrState]
	rackMarks
	// anchor is the other end of a selection in the cursor's line, or -1.
	anchor int
}

// Errors of arrangement steps that are refused. They are sentences the
// board shows on its status line.
var (
	ErrNothingHere    = errors.New("there is no tile here to pick up")
	ErrNotHolding     = errors.New("you are not carrying any tiles")
	ErrTableToRack    = errors.New("tiles from the table must stay on the table")
	ErrLockedToTable  = errors.New("the Plunder cannot be played this turn")
	ErrCannotSplit    = errors.New("move the cursor inside a set to split it there")
	ErrNothingToUndo  = errors.New("nothing to undo")
	ErrNothingToRedo  = errors.New("nothing to redo")
	ErrSelectionLines = errors.New("a selection stays within one set or the rack")
	ErrNoSuchSet      = errors.New("there is no set of that number on the table")
)

// NewArrangement starts a turn's working copy of table and rack. locked
// tiles (the Plunder of a River pull) may not go onto the table; must
// tiles (the Key Tile) are only marked. The inputs are copied.
func NewArrangement(rules *game.Rules, table game.Table, rack []game.Tile, locked, must []game.Tile) *Arrangement {
	a := &Arrangement{
		rules:  rules,
		anchor: -1,
	}
	st := arrState{sets: make(game.Table, 0, len(table))}
	for _, set := range table {
		if len(set) == 0 {
			continue
		}
		st.sets = append(st.sets, append([]game.Tile(nil), set...))
		st.origin = append(st.origin, len(st.origin))
	}
	a.rackMarks, st.rack = newRackMarks(rack, locked, must)
	st.cursor = Cursor{Area: AreaRack}
	st.rackCursor = st.cursor
	st.tableCursor = Cursor{Area: AreaTable}
	a.workspace = newWorkspace(st)
	return a
}

// Sets returns the table sets of the working arrangement as shown, an
// emptied set as an empty slice (not copies: do not modify).
func (a *Arrangement) Sets() game.Table { return a.cur.sets }

// Rack returns the working rack (not a copy: do not modify).
func (a *Arrangement) Rack() []game.Tile { return a.cur.rack }

// Held returns the tiles being carried, in order.
func (a *Arrangement) Held() []game.Tile { return a.cur.held }

// Holding reports whether tiles are being carried.
func (a *Arrangement) Holding() bool { return len(a.cur.held) > 0 }

// Cursor returns where the cursor is.
func (a *Arrangement) Cursor() Cursor { return a.cur.cursor }

// Table returns a copy of the table sets, ready to hand to the engine:
// the sets emptied this turn left out.
func (a *Arrangement) Table() game.Table { return nonEmpty(a.cur.clone().sets) }

// nonEmpty is sets without its empty sets.
func nonEmpty(sets game.Table) game.Table {
	out := make(game.Table, 0, len(sets))
	for _, set := range sets {
		if len(set) > 0 {
			out = append(out, set)
		}
	}
	return out
}

// SetIndex is the place on the board of set i of Table (which leaves
// the emptied sets out), or -1.
func (a *Arrangement) SetIndex(i int) int {
	for j, set := range a.cur.sets {
		if len(set) == 0 {
			continue
		}
		if i == 0 {
			return j
		}
		i--
	}
	return -1
}

// RackCopy returns a copy of the working rack.
func (a *Arrangement) RackCopy() []game.Tile { return append([]game.Tile(nil), a.cur.rack...) }

// Changed reports whether any tile is somewhere else than at the turn's
// start, or a joker on the table was given another meaning (rack order
// does not count).
func (a *Arrangement) Changed() bool {
	sets := nonEmpty(a.cur.sets)
	if len(a.cur.held) > 0 || len(sets) != len(a.start.sets) || len(a.cur.rack) != len(a.start.rack) {
		return true
	}
	for i, set := range sets {
		if len(set) != len(a.start.sets[i]) {
			return true
		}
		for j, t := range set {
			if u := a.start.sets[i][j]; t.ID != u.ID || t.As != u.As {
				return true
			}
		}
	}
	return false
}

// Placed reports whether t was on the rack at the turn's start and is now
// on the table: the tiles played this turn, which the board marks.
func (a *Arrangement) Placed(t game.Tile) bool {
	return a.fromRack[t.ID] && !a.inRack(t.ID) && !a.inHeld(t.ID)
}

// MovedTiles are the table tiles (not from the rack) that are now in
// another set than at the turn's start: a set keeps its identity (its
// origin) however many of its tiles leave it, so the tiles that left are
// the ones marked.
func (a *Arrangement) MovedTiles() map[game.TileID]bool {
	startSet := map[game.TileID]int{}
	for i, set := range a.start.sets {
		for _, t := range set {
			startSet[t.ID] = i
		}
	}
	moved := map[game.TileID]bool{}
	for i, set := range a.cur.sets {
		for _, t := range set {
			if s, ok := startSet[t.ID]; ok && s != a.cur.origin[i] {
				moved[t.ID] = true
			}
		}
	}
	return moved
}

// FromRack reports whether t was on the rack when the turn began.
func (a *Arrangement) FromRack(t game.Tile) bool { return a.fromRack[t.ID] }

// Locked reports whether t is a Plunder tile that may not be played.
func (a *Arrangement) Locked(t game.Tile) bool { return a.locked[t.ID] }

// Must reports whether t is a Key Tile that must be played this turn.
func (a *Arrangement) Must(t game.Tile) bool { return a.must[t.ID] }

// PlacedCount is the number of rack tiles now on the table.
func (a *Arrangement) PlacedCount() int {
	n := 0
	for _, set := range a.cur.sets {
		for _, t := range set {
			if a.fromRack[t.ID] {
				n++
			}
		}
	}
	return n
}

func (a *Arrangement) inRack(id game.TileID) bool {
	for _, t := range a.cur.rack {
		if t.ID == id {
			return true
		}
	}
	return false
}

func (a *Arrangement) inHeld(id game.TileID) bool {
	for _, t := range a.cur.held {
		if t.ID == id {
			return true
		}
	}
	return false
}

// SetStatus analyses table set i exactly as Table hands it to the engine:
// its canonical layout if valid, or the *game.SetError saying why not. The
// board's live check and the engine's verdict therefore always agree. An
// emptied set is left out of the play, so it is no error.
func (a *Arrangement) SetStatus(i int) (game.Meld, error) {
	if len(a.cur.sets[i]) == 0 {
		return game.Meld{}, nil
	}
	return game.AnalyzeSet(a.cur.sets[i], a.rules)
}

// settle gives the jokers of the table sets at idx (just edited) the
// meanings they should carry: a set laid exactly as at the turn's start
// takes back its start layout (the meanings the engine gave its jokers),
// any other set has its jokers' stated meanings cleared, so they are read
// from the order of the tiles until the player chooses one. A meaning the
// engine filled in for an old layout (R7 B7 J:O7) must not bind the
// joker once the set has changed (R7 B7 J O7 is a valid group).
func (a *Arrangement) settle(idx ...int) {
	for _, i := range idx {
		if i < 0 || i >= len(a.cur.sets) {
			continue
		}
		set := a.cur.sets[i]
		if s, ok := a.startSet(set); ok {
			a.cur.sets[i] = append([]game.Tile(nil), s...)
			continue
		}
		for k := range set {
			if set[k].IsJoker() {
				set[k].As = game.Face{}
			}
		}
		// A run that the engine reads in another order than it is laid
		// (R6 R7 R8 R5 is R5..R8; O9 O10 O11 J O12 is O9..O12 and the
		// joker as O13) is laid out as it is read, so every tile stands
		// where it counts.
		if m, err := game.AnalyzeSet(set, a.rules); err == nil && m.Kind == game.Run && !sameOrder(set, m.Tiles) {
			laid := append([]game.Tile(nil), m.Tiles...)
			for k := range laid {
				if laid[k].IsJoker() {
					laid[k].As = game.Face{}
				}
			}
			a.cur.sets[i] = laid
		}
	}
}

// sameOrder reports whether x and y hold the same tiles in the same order.
func sameOrder(x, y []game.Tile) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].ID != y[i].ID {
			return false
		}
	}
	return true
}

// posOf is the place of tile id in line, or -1.
func posOf(line []game.Tile, id game.TileID) int {
	for i, t := range line {
		if t.ID == id {
			return i
		}
	}
	return -1
}

// startSet returns the set of the turn's start that holds the same tiles
// as set in the same order, if there is one.
func (a *Arrangement) startSet(set []game.Tile) ([]game.Tile, bool) {
	for _, s := range a.start.sets {
		if sameTiles(s, set) {
			return s, true
		}
	}
	return nil, false
}

// sameTiles reports whether x and y hold the same physical tiles in the
// same order (stated joker meanings aside).
func sameTiles(x, y []game.Tile) bool {
	if len(x) != len(y) {
		return false
	}
	for i := range x {
		if x[i].ID != y[i].ID || x[i].Face != y[i].Face {
			return false
		}
	}
	return true
}

// Valid reports whether every table set is a valid set and no tile is
// being carried.
func (a *Arrangement) Valid() bool {
	if len(a.cur.held) > 0 {
		return false
	}
	for i := range a.cur.sets {
		if _, err := a.SetStatus(i); err != nil {
			return false
		}
	}
	return true
}

// InvalidSets lists the indexes of the table sets that are not valid.
func (a *Arrangement) InvalidSets() []int {
	var out []int
	for i := range a.cur.sets {
		if _, err := a.SetStatus(i); err != nil {
			out = append(out, i)
		}
	}
	return out
}

// PickUp lifts the tile under the cursor, or the selected tiles, and
// carries them. Carrying more tiles adds the new ones after those held.
func (a *Arrangement) PickUp() error {
	c := a.cur.cursor
	line := a.line(c)
	lo, hi, ok := a.Selection()
	if !ok {
		if c.Pos >= len(line) {
			return ErrNothingHere
		}
		lo, hi = c.Pos, c.Pos
	}
	a.step()
	taken := append([]game.Tile(nil), line[lo:hi+1]...)
	for i := range taken {
		if taken[i].IsJoker() {
			// A moved joker's meaning comes from where it is laid next.
			taken[i].As = game.Face{}
		}
	}
	rest := append(append([]game.Tile(nil), line[:lo]...), line[hi+1:]...)
	a.cur.held = append(a.cur.held, taken...)
	c.Pos = lo
	if c.Area == AreaRack {
		a.cur.rack = rest
	} else {
		// An emptied set keeps its place (and number) until the turn ends.
		a.cur.sets[c.Set] = rest
		a.settle(c.Set)
	}
	a.SetCursor(c)
	return nil
}

// Drop puts the carried tiles down at the cursor: before the tile under
// it, at a set's or the rack's end, or as a new set in the new set slot.
// Tiles that came from the table cannot go to the rack, and the Plunder
// cannot go to the table.
func (a *Arrangement) Drop() error {
	if !a.Holding() {
		return ErrNotHolding
	}
	c := a.cur.cursor
	held := a.cur.held
	if c.Area == AreaRack {
		for _, t := range held {
			if !a.fromRack[t.ID] {
				return ErrTableToRack
			}
		}
	} else {
		for _, t := range held {
			if a.locked[t.ID] {
				return ErrLockedToTable
			}
		}
	}
	a.step()
	ins := func(line []game.Tile, at int) []game.Tile {
		out := make([]game.Tile, 0, len(line)+len(held))
		out = append(out, line[:at]...)
		out = append(out, held...)
		return append(out, line[at:]...)
	}
	if c.Area == AreaRack {
		a.cur.rack = ins(a.cur.rack, c.Pos)
	} else if c.Set >= len(a.cur.sets) {
		a.cur.sets = append(a.cur.sets, append([]game.Tile(nil), held...))
		a.cur.origin = append(a.cur.origin, -1)
		c.Set = len(a.cur.sets) - 1
		c.Pos = 0
		a.settle(c.Set)
	} else {
		a.cur.sets[c.Set] = ins(a.cur.sets[c.Set], c.Pos)
		a.settle(c.Set)
		if p := posOf(a.cur.sets[c.Set], held[0].ID); p >= 0 {
			c.Pos = p // the set may be laid out afresh: follow the tile
		}
	}
	a.cur.held = nil
	a.SetCursor(c)
	return nil
}

// Return puts the carried tiles back where they were picked up, by undoing
// steps until nothing is carried.
func (a *Arrangement) Return() error {
	if !a.Holding() {
		return ErrNotHolding
	}
	for a.Holding() && len(a.undo) > 0 {
		a.Undo()
	}
	return nil
}

// Split cuts the set under the cursor into two before the cursor's tile.
func (a *Arrangement) Split() error {
	c := a.cur.cursor
	if c.Area != AreaTable || c.Set >= len(a.cur.sets) || c.Pos <= 0 || c.Pos >= len(a.cur.sets[c.Set]) {
		return ErrCannotSplit
	}
	a.step()
	set := a.cur.sets[c.Set]
	left := append([]game.Tile(nil), set[:c.Pos]...)
	right := append([]game.Tile(nil), set[c.Pos:]...)
	sets := make(game.Table, 0, len(a.cur.sets)+1)
	sets = append(sets, a.cur.sets[:c.Set]...)
	sets = append(sets, left, right)
	sets = append(sets, a.cur.sets[c.Set+1:]...)
	a.cur.sets = sets
	// The left part stays the set it was; the right part is a new one.
	origin := append(append([]int(nil), a.cur.origin[:c.Set+1]...), -1)
	a.cur.origin = append(origin, a.cur.origin[c.Set+1:]...)
	a.settle(c.Set, c.Set+1)
	a.SetCursor(Cursor{Area: AreaTable, Set: c.Set + 1, Pos: 0})
	return nil
}

// SortRack orders the rack by colour then number (the "789" sort, byNumber
// false) or by number then colour (the "777" sort).
func (a *Arrangement) SortRack(byNumber bool) {
	a.step()
	sortRack(a.cur.rack, byNumber)
}

// Undo goes back one step (and ends a selection).
func (a *Arrangement) Undo() error {
	a.anchor = -1
	return a.workspace.Undo()
}

// Redo goes forward one undone step (and ends a selection).
func (a *Arrangement) Redo() error {
	a.anchor = -1
	return a.workspace.Redo()
}

// Reset puts every tile back where it was at the turn's start, as one step
// that Undo takes back.
func (a *Arrangement) Reset() {
	if !a.Changed() {
		return
	}
	c := a.cur.cursor
	a.restart()
	a.SetCursor(c)
}

// Apply replaces the table and rack with an arrangement found elsewhere
// (a hint), as one step.
func (a *Arrangement) Apply(table game.Table, rack []game.Tile) {
	a.step()
	st := a.cur.clone()
	st.sets = nil
	for _, set := range table {
		if len(set) > 0 {
			st.sets = append(st.sets, append([]game.Tile(nil), set...))
		}
	}
	st.origin = claimOrigins(a.start.sets, st.sets)
	st.rack = append([]game.Tile(nil), rack...)
	st.held = nil
	a.cur = st
	a.SetCursor(a.cur.cursor)
}

package tui

import "rummikub/internal/game"

// line returns the tiles of the line the cursor c is on (nil for the new
// set slot).
func (a *Arrangement) line(c Cursor) []game.Tile {
	if c.Area == AreaRack {
		return a.cur.rack
	}
	if c.Set >= 0 && c.Set < len(a.cur.sets) {
		return a.cur.sets[c.Set]
	}
	return nil
}

// maxPos is the last position the cursor may take in a line of n tiles:
// the end slot while carrying, the last tile otherwise.
func (a *Arrangement) maxPos(n int) int {
	if a.Holding() || n == 0 {
		return n
	}
	return n - 1
}

// clamp keeps a cursor inside the arrangement.
func (a *Arrangement) clamp(c Cursor) Cursor {
	if c.Area == AreaTable {
		if c.Set < 0 {
			c.Set = 0
		}
		if c.Set > len(a.cur.sets) {
			c.Set = len(a.cur.sets)
		}
		if c.Set == len(a.cur.sets) {
			c.Pos = 0
			return c
		}
	}
	n := len(a.line(c))
	if c.Pos > a.maxPos(n) {
		c.Pos = a.maxPos(n)
	}
	if c.Pos < 0 {
		c.Pos = 0
	}
	return c
}

// SetCursor moves the cursor to c (clamped to the arrangement). It ends a
// selection that c leaves the line of.
func (a *Arrangement) SetCursor(c Cursor) {
	c = a.clamp(c)
	old := a.cur.cursor
	if old.Area != c.Area || (c.Area == AreaTable && old.Set != c.Set) {
		a.anchor = -1
	}
	a.cur.cursor = c
	if c.Area == AreaRack {
		a.cur.rackCursor = c
	} else {
		a.cur.tableCursor = c
	}
}

// Left moves the cursor one place left; on the table it goes on into the
// previous set.
func (a *Arrangement) Left() {
	c := a.cur.cursor
	a.anchor = -1
	if c.Pos > 0 {
		c.Pos--
		a.SetCursor(c)
		return
	}
	if c.Area == AreaTable && c.Set > 0 {
		c.Set--
		c.Pos = a.maxPos(len(a.cur.sets[c.Set]))
		a.SetCursor(c)
	}
}

// Right moves the cursor one place right; on the table it goes on into the
// next set and at last onto the new set slot.
func (a *Arrangement) Right() {
	c := a.cur.cursor
	a.anchor = -1
	n := len(a.line(c))
	if c.Area == AreaRack || c.Set == len(a.cur.sets) {
		if c.Pos < a.maxPos(n) {
			c.Pos++
			a.SetCursor(c)
		}
		return
	}
	if c.Pos < a.maxPos(n) {
		c.Pos++
	} else {
		c.Set++
		c.Pos = 0
	}
	a.SetCursor(c)
}

// NextSet jumps to the first tile of the next set (or the new set slot);
// from the rack it goes to the table.
func (a *Arrangement) NextSet() {
	c := a.cur.cursor
	if c.Area == AreaRack {
		a.SetCursor(Cursor{Area: AreaTable, Set: 0})
		return
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: c.Set + 1})
}

// PrevSet jumps to the first tile of the previous set, from anywhere in
// a set; from the rack it goes to the new set slot.
func (a *Arrangement) PrevSet() {
	c := a.cur.cursor
	if c.Area == AreaRack {
		a.SetCursor(Cursor{Area: AreaTable, Set: len(a.cur.sets)})
		return
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: c.Set - 1})
}

// Find is where the first tile showing face is, on the rack first and
// then on the table (ok false when there is none).
func (a *Arrangement) Find(f game.Face) (Cursor, bool) {
	for i, t := range a.cur.rack {
		if t.Face == f {
			return Cursor{Area: AreaRack, Pos: i}, true
		}
	}
	for s, set := range a.cur.sets {
		for i, t := range set {
			if t.Face == f {
				return Cursor{Area: AreaTable, Set: s, Pos: i}, true
			}
		}
	}
	return Cursor{}, false
}

// FindJoker is where the joker a typed j means is: on the rack first;
// on the table the joker just freed, that is one whose set stays valid
// without it (its real tile laid beside it), in the cursor's set before
// any other; else the first joker on the table.
func (a *Arrangement) FindJoker() (Cursor, bool) {
	for i, t := range a.cur.rack {
		if t.IsJoker() {
			return Cursor{Area: AreaRack, Pos: i}, true
		}
	}
	var first, freed *Cursor
	for s, set := range a.cur.sets {
		for i, t := range set {
			if !t.IsJoker() {
				continue
			}
			c := Cursor{Area: AreaTable, Set: s, Pos: i}
			if first == nil {
				first = &c
			}
			rest := append(append([]game.Tile(nil), set[:i]...), set[i+1:]...)
			if _, err := game.AnalyzeSet(rest, a.rules); err != nil {
				continue
			}
			if s == a.cur.cursor.Set && a.cur.cursor.Area == AreaTable {
				return c, true
			}
			if freed == nil {
				freed = &c
			}
		}
	}
	switch {
	case freed != nil:
		return *freed, true
	case first != nil:
		return *first, true
	}
	return Cursor{}, false
}

// PickUpAt picks up the tile at c (adding it to the tiles carried).
func (a *Arrangement) PickUpAt(c Cursor) error {
	a.ClearSelection()
	a.SetCursor(c)
	return a.PickUp()
}

// DropAtEnd puts the carried tiles down at the end of table set i (or
// of the rack for i < 0).
func (a *Arrangement) DropAtEnd(i int) error {
	if !a.Holding() {
		return ErrNotHolding
	}
	if i < 0 {
		a.SetCursor(Cursor{Area: AreaRack, Pos: len(a.cur.rack)})
		return a.Drop()
	}
	if i >= len(a.cur.sets) {
		return ErrNoSuchSet
	}
	a.SetCursor(Cursor{Area: AreaTable, Set: i, Pos: len(a.cur.sets[i])})
	return a.Drop()
}

// LineStart moves the cursor to the first tile of its set or the rack.
func (a *Arrangement) LineStart() {
	c := a.cur.cursor
	c.Pos = 0
	a.SetCursor(c)
}

// LineEnd moves the cursor to the end of its set or the rack: the end
// slot while carrying, else the last tile.
func (a *Arrangement) LineEnd() {
	c := a.cur.cursor
	c.Pos = a.maxPos(len(a.line(c)))
	a.SetCursor(c)
}

// NewSetSlot moves the cursor to the "new set" slot after the last set.
func (a *Arrangement) NewSetSlot() {
	a.SetCursor(Cursor{Area: AreaTable, Set: len(a.cur.sets)})
}

// Toggle moves the cursor between the rack and the table, back to where it
// last was in the other area.
func (a *Arrangement) Toggle() {
	if a.cur.cursor.Area == AreaRack {
		a.SetCursor(a.cur.tableCursor)
	} else {
		a.SetCursor(a.cur.rackCursor)
	}
}

// Selection returns the selected range [lo, hi] in the cursor's line, if a
// selection is active.
func (a *Arrangement) Selection() (lo, hi int, ok bool) {
	if a.anchor < 0 || a.Holding() {
		return 0, 0, false
	}
	c := a.cur.cursor
	n := len(a.line(c))
	if n == 0 || c.Pos >= n {
		return 0, 0, false
	}
	lo, hi = a.anchor, c.Pos
	if lo > hi {
		lo, hi = hi, lo
	}
	if hi >= n {
		hi = n - 1
	}
	return lo, hi, true
}

// Selecting reports whether a selection anchor is set.
func (a *Arrangement) Selecting() bool { return a.anchor >= 0 && !a.Holding() }

// StartSelection sets the selection anchor at the cursor (select mode).
func (a *Arrangement) StartSelection() {
	c := a.cur.cursor
	if a.Holding() || c.Pos >= len(a.line(c)) {
		return
	}
	a.anchor = c.Pos
}

// ClearSelection ends the selection.
func (a *Arrangement) ClearSelection() { a.anchor = -1 }

// Extend grows or shrinks the selection by moving the cursor dx places
// within its line (shift+arrows). The first call anchors at the cursor.
func (a *Arrangement) Extend(dx int) error {
	if a.Holding() {
		return nil
	}
	c := a.cur.cursor
	n := len(a.line(c))
	if n == 0 || c.Pos >= n {
		return nil
	}
	if a.anchor < 0 {
		a.anchor = c.Pos
	}
	p := c.Pos + dx
	if p < 0 || p >= n {
		return ErrSelectionLines
	}
	c.Pos = p
	a.cur.cursor = c
	if c.Area == AreaRack {
		a.cur.rackCursor = c
	} else {
		a.cur.tableCursor = c
	}
	return nil
}

// SelectSet selects the whole line under the cursor (a whole set, or the
// whole rack).
func (a *Arrangement) SelectSet() {
	c := a.cur.cursor
	n := len(a.line(c))
	if a.Holding() || n == 0 {
		return
	}
	a.anchor = 0
	c.Pos = n - 1
	a.cur.cursor = c
	if c.Area == AreaTable {
		a.cur.tableCursor = c
	}
}

// step records the current state for undo before a change.
func (a *Arrangement) step() {
	a.workspace.step()
	a.anchor = -1
}

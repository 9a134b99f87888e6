package tui

import "rummikub/internal/game"

// arrangement is a turn's working arrangement on either shape of table:
// Arrangement on the sets table, GridArrangement on the French grid. The
// board, the match screen, the served seat and the trainer talk to it
// through this one interface; only the board's surface of that shape
// (surface.go: drawing sets or cells, the cursor's geometry, picking and
// dropping) holds the concrete type.
type arrangement interface {
	// The shared edits: one undo stack (workspace), sorting the rack,
	// going back to the turn's start.
	SortRack(byNumber bool)
	Undo() error
	Redo() error
	Reset()
	// Changed reports whether any tile moved since the turn began.
	Changed() bool
	// Rack is the working rack; Held the tiles carried; Holding whether
	// any are.
	Rack() []game.Tile
	Held() []game.Tile
	Holding() bool
	// Layout is the working table in its shape, for the host and judge.
	Layout() game.Layout
	// draftHolding is what the host's time-out rule (game.Unfinished)
	// must know of the tiles carried.
	draftHolding() bool
	// HasFace reports whether a tile showing f is on the rack or table.
	HasFace(f game.Face) bool
	// Locked and Must mark a rack tile: the Plunder of a River pull, the
	// Key Tile.
	Locked(t game.Tile) bool
	Must(t game.Tile) bool
	// pickFace picks up the first tile showing f, typed by name; msg
	// says where it came from.
	pickFace(f game.Face) (msg string, err error)
	// applyHint lays a hint's play out, rack the rack it leaves.
	applyHint(h *Hint, rack []game.Tile)
	// endTurnWords are what the status line says when enter ends a turn
	// that still carries tiles, and one that moved none.
	endTurnWords() (putDown, moveFirst string)
	// rackCursor is where the cursor and selection lie on the rack (ok
	// false when the cursor is on the table).
	rackCursor() (pos int, onRack bool, selLo, selHi int, selOK bool)
}

var (
	_ arrangement = (*Arrangement)(nil)
	_ arrangement = (*GridArrangement)(nil)
)

// Layout is the working table.
func (a *Arrangement) Layout() game.Layout { return a.Table() }

// draftHolding is false on the sets table: a carried table tile is
// already missing from Table, and a carried rack tile alone leaves the
// table as it began, which is not an unfinished rearrangement.
func (a *Arrangement) draftHolding() bool { return false }

// HasFace reports whether a tile showing f is on the rack or the table.
func (a *Arrangement) HasFace(f game.Face) bool {
	_, ok := a.Find(f)
	return ok
}

func (a *Arrangement) rackCursor() (pos int, onRack bool, selLo, selHi int, selOK bool) {
	c := a.Cursor()
	selLo, selHi, selOK = a.Selection()
	return c.Pos, c.Area == AreaRack, selLo, selHi, selOK
}

// Layout is the working grid.
func (a *GridArrangement) Layout() game.Layout { return a.Grid() }

// draftHolding: on the grid, carried tiles make the draft unfinished.
func (a *GridArrangement) draftHolding() bool { return a.Holding() }

func (a *GridArrangement) rackCursor() (pos int, onRack bool, selLo, selHi int, selOK bool) {
	c := a.Cursor()
	return c.RackPos, c.OnRack, 0, 0, false
}

// work is the open working arrangement, or nil between turns.
func (p *Board) work() arrangement { return p.surf.work() }

// working reports whether a human turn's working arrangement is open.
func (p *Board) working() bool { return p.work() != nil }

// newWork opens the working arrangement of seat's turn, in the player's
// own rack order.
func (p *Board) newWork(seat int) { p.surf.open(p, seat, p.orderedRack(seat, p.v.Rack)) }

// clearWork drops the working arrangement (the turn is over).
func (p *Board) clearWork() { p.surf.close() }

// workRack is the working rack of either board.
func (p *Board) workRack() []game.Tile {
	if a := p.work(); a != nil {
		return a.Rack()
	}
	return nil
}

// workChanged reports whether the working arrangement moved any tile.
func (p *Board) workChanged() bool {
	a := p.work()
	return a != nil && a.Changed()
}

// resetWork puts every tile back where the turn began.
func (p *Board) resetWork() {
	if a := p.work(); a != nil {
		a.Reset()
	}
}

func (a *Arrangement) applyHint(h *Hint, rack []game.Tile) {
	a.Apply(keepPlaces(a.Sets(), game.SetsOf(h.After)), rack)
}

func (a *GridArrangement) applyHint(h *Hint, rack []game.Tile) { a.Apply(game.GridOf(h.After), rack) }

func (a *Arrangement) endTurnWords() (putDown, moveFirst string) {
	return "Put the tiles you carry down first (space), or press esc to put them back.",
		"Move tiles from your rack onto the table first, or press d to draw."
}

func (a *GridArrangement) endTurnWords() (putDown, moveFirst string) {
	return "Put the tiles you carry down first (space on an empty cell), or press esc to put them back.",
		"Put tiles from your rack on the grid first, or press d to draw."
}

package tui

import (
	"charm.land/bubbles/v2/help"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/tui/position"
)

// surface is the board's table in the shape the match plays on: the sets
// table (setsSurface, surface_sets.go) or the French grid (gridSurface,
// surface_grid.go). The board holds one, chosen once by surfaceFor when
// it learns the match's rules, and asks it for everything that truly
// differs with the shape: the working arrangement of a turn, where the
// table lies on the screen and how it is drawn, the keys and the mouse
// that move the cursor and tiles, what the status line says during a
// turn, what a refused turn marks, and how a play is told and marked.
// Everything else (the rack, the undo stack, sorting, typed tile names,
// ending the turn, the help bar's frame) is the board's own, written
// once for both.
type surface interface {
	// open begins seat's turn: the working arrangement of the board's
	// view, rack in the player's own order. close ends it.
	open(b *Board, seat int, rack []game.Tile)
	close()
	// work is the open working arrangement, or nil between turns.
	work() arrangement

	// rows are the lengths of the sets the table lays out in rows of the
	// screen (none on the grid), and whether each keeps a place for its
	// end slot; the rack's rows follow the same width.
	rows(b *Board) (lens []int, slots bool)
	// place works out where the table lies, avail lines from line top
	// (after b.lay is laid out), and gives the lines it takes.
	place(b *Board, g *geometry, top int) (lines int)
	// draw draws the table as placed, within avail lines; hintRow is the
	// line under it showing a hint (or "").
	draw(b *Board, avail int) string
	hintRow(b *Board) string
	// turnHint is what the status line says while the player works.
	turnHint(b *Board) string

	// nameKey takes the keys typed by name (a tile's, and on the sets
	// table a set's number); moveKey those that move the cursor and
	// tiles; ok false for any other key. mouse takes the mouse during a
	// turn; acted says whether it changed the arrangement.
	nameKey(b *Board, k tea.KeyPressMsg) (took bool, err error)
	moveKey(b *Board, k tea.KeyPressMsg) (err error, ok bool)
	mouse(b *Board, m mouseEvent) (acted bool, err error)
	// keyMap is the board's keys with this shape's words and lists, for
	// the help bar and the ? page.
	keyMap(k BoardKeys) help.KeyMap
	// invalidMark is the legend's words for the mark of what is not valid.
	invalidMark() string

	// markRefused marks what a refused turn's judge named (a set, or
	// cells); forget drops it once the player works on; newTurn drops it
	// and what was half typed (a set's number) when a turn begins.
	markRefused(te *game.TurnError)
	forget()
	newTurn()

	// keepPlaces is the table now, kept in the places the player saw in
	// base; changed are the tiles a play changed, marked until the
	// viewer's next turn; describePlay tells what a play did.
	keepPlaces(base, now game.Layout) game.Layout
	changed(before, after game.Layout, ev game.Event) map[game.TileID]bool
	describePlay(ev game.Event, before, after game.Layout, r *game.Rules) string
	// rulesNote is what the rules page adds for this shape, or "".
	rulesNote() string
}

var (
	_ surface = (*setsSurface)(nil)
	_ surface = (*gridSurface)(nil)
)

// surfaceFor is the surface of the shape of table r plays on. The shape
// is chosen in one place for every screen (position.Of, which the replay
// draws its positions with); the board picks its own implementation of
// that shape through it.
func surfaceFor(r *game.Rules) surface {
	var p surfacePick
	position.Of(r).Accept(&p)
	return p.s
}

// surfacePick is the board's implementation of each shape of table.
type surfacePick struct{ s surface }

func (p *surfacePick) VisitSets() { p.s = newSetsSurface() }
func (p *surfacePick) VisitGrid() { p.s = newGridSurface() }

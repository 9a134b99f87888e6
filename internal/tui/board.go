package tui

import (
	"time"

	"charm.land/bubbles/v2/help"

	"rummikub/internal/game"
)

// Board is the board component: the table and one seat's rack as that
// seat may see them, the working arrangement of a turn, the keys that
// move tiles, and the drawing of it all. What differs with the table's
// shape is its surface (surface.go: the sets table or the French grid,
// chosen once for the match's rules): the working arrangement (one
// workspace and one undo stack), the table's drawing, the cursor's keys
// and the mouse. The rack, the shared keys and the status are the
// board's own. The match screen (Play, which adds the host, the phases, the
// hand-over, the move log and the scores), the lesson and puzzle boards
// (Trainer) and the seat of a served table (TablePlay) each show one.
type Board struct {
	st   *Styles
	keys BoardKeys
	help help.Model
	now  func() time.Time

	width, height int

	// v is the match as the board's seat may see it.
	v      game.SeatView
	phase  phase
	viewer int // the seat whose rack is shown; -1 for none

	// surf is the table in the shape the match plays on, with the turn's
	// working arrangement (surfaceFor).
	surf  surface
	typed string // a tile name being typed ("r", "k1"), or ""

	status    string
	statusBad bool
	// laid is the table of the play just handed to the host, as the
	// player laid it, so the table stays as they left it.
	laid game.Layout

	riverSel int                  // the River place chosen for a pull / the reveal chosen
	summary  string               // what the last turn did
	lastMark map[game.TileID]bool // tiles changed since this seat's last turn
	hint     *Hint
	// drawn are, seat by seat, the tiles a human seat drew at its last
	// turn, marked on its rack.
	drawn map[int]map[game.TileID]bool

	// rackOrder keeps each seat's own order of its rack across turns.
	rackOrder map[int][]game.TileID
	rackSort  map[int]rackSort // how each seat keeps its rack

	lay layout
	geo geometry
}

// newBoard is an empty board at 80x24 drawn with st; its owner gives it
// the surface of its match's shape of table.
func newBoard(st *Styles) Board {
	return Board{
		st:        st,
		keys:      DefaultBoardKeys(),
		help:      newHelp(st),
		now:       time.Now,
		width:     80,
		height:    24,
		viewer:    -1,
		rackOrder: map[int][]game.TileID{},
		rackSort:  map[int]rackSort{},
		drawn:     map[int]map[game.TileID]bool{},
	}
}

// turnHint is what the status line says while the player works.
func (p *Board) turnHint() string { return p.surf.turnHint(p) }

// hintRow is the line under the table showing a hint, or "".
func (p *Board) hintRow() string { return p.surf.hintRow(p) }

// rackMarks are the marks of a rack tile: the River's Plunder and Key
// Tile, a hint's tiles, and the tiles drawn at the seat's last turn.
func (p *Board) rackMarks(t game.Tile) TileMarks {
	var m TileMarks
	if a := p.work(); a != nil {
		m.Locked = a.Locked(t)
		m.Key = a.Must(t)
		m.Hint = p.hint != nil && p.hint.Tiles[t.ID]
	}
	if p.viewer >= 0 && p.drawn[p.viewer][t.ID] {
		m.Drawn = true
	}
	return m
}

package tui

import (
	"time"

	"charm.land/bubbles/v2/help"

	"rummikub/internal/game"
)

// Board is the board component: the table and one seat's rack as that
// seat may see them, the working arrangement of a turn (Arrangement on
// the sets table, GridArrangement on the French grid: one workspace and
// one undo stack each), the keys that move tiles, and the drawing of it
// all. The match screen (Play, which adds the host, the phases, the
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

	arr *Arrangement
	// garr is the working arrangement on the French grid (table=grid),
	// in place of arr; gridBad the cells a refused turn named, ggeo and
	// gdrag where the grid was drawn and a mouse drag.
	garr     *GridArrangement
	gridBad  []game.Cell
	ggeo     gridGeo
	gdrag    *GridCursor
	typed    string // a tile name being typed ("r", "k1"), or ""
	typedSet string // a set number being typed ("1" of 10-19), or ""

	status    string
	statusBad bool
	badSet    int // a set a refused turn blames, or -1
	// laid is the table of the play just handed to the host, in the order
	// the player laid it, so the table stays as they left it.
	laid game.Table

	riverSel int                  // the River place chosen for a pull / the reveal chosen
	summary  string               // what the last turn did
	lastMark map[game.TileID]bool // tiles changed since this seat's last turn
	hint     *Hint
	// drawn are, seat by seat, the tiles a human seat drew at its last
	// turn, marked on its rack; moved are the table tiles moved this
	// turn (worked out as the board is drawn).
	drawn map[int]map[game.TileID]bool
	moved map[game.TileID]bool

	// rackOrder keeps each seat's own order of its rack across turns.
	rackOrder map[int][]game.TileID
	rackSort  map[int]rackSort // how each seat keeps its rack

	lay  layout
	geo  geometry
	drag *Cursor // where a mouse drag picked tiles up
}

// newBoard is an empty board at 80x24 drawn with st.
func newBoard(st *Styles) Board {
	return Board{
		st:        st,
		keys:      DefaultBoardKeys(),
		help:      newHelp(st),
		now:       time.Now,
		width:     80,
		height:    24,
		viewer:    -1,
		badSet:    -1,
		rackOrder: map[int][]game.TileID{},
		rackSort:  map[int]rackSort{},
		drawn:     map[int]map[game.TileID]bool{},
	}
}

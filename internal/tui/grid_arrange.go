package tui

import (
	"errors"

	"rummikub/internal/game"
)

// GridArrangement is a player's working copy of the French grid and their
// rack during a turn (table=grid), as Arrangement is for a table of sets:
// tiles are picked up from the rack or the grid and put down on cells,
// every step can be undone, and nothing reaches the game until the turn
// is handed to the engine. It is pure data: the grid board draws it.
type GridArrangement struct {
	workspace[gridState]
	// startCell is where each grid tile lay when the turn began.
	startCell map[game.TileID]game.Cell
	rackMarks
	// winRows and winCols are the board's window in cells, winAt its top
	// left cell as last drawn (when winKnown): the area the cursor may
	// visit fills at least the window, so a large terminal offers all the
	// room it shows, and holds the window where it is, so the window
	// stays put while tiles come and go.
	winRows, winCols int
	winAt            game.Cell
	winKnown         bool
}

// GridCursor is where the grid board's cursor is: on a cell of the grid,
// or on a place of the rack. Both are kept, so Tab goes back to the cell
// or rack place the cursor left.
type GridCursor struct {
	OnRack  bool
	Cell    game.Cell
	RackPos int
}

// gridHeld is a carried tile and where it was picked up.
type gridHeld struct {
	tile game.Tile
	from game.Cell // the cell, for a tile picked up from the grid
	rack bool      // picked up from the rack
}

// gridState is one step of the working grid: everything undo restores.
type gridState struct {
	cells  map[game.Cell]game.Tile
	rack   []game.Tile
	held   []gridHeld
	cursor GridCursor
	// dir is the way the cursor goes on after a tile is put down: the
	// way of the last arrow key, so a run is laid left to right and a
	// group top to bottom by putting tiles down one after another.
	dir game.Cell
}

func (s gridState) clone() gridState {
	c := s
	c.cells = make(map[game.Cell]game.Tile, len(s.cells))
	for k, v := range s.cells {
		c.cells[k] = v
	}
	c.rack = append([]game.Tile(nil), s.rack...)
	c.held = append([]gridHeld(nil), s.held...)
	return c
}

// gridMargin is how many cells beyond the tiles the cursor may go: room
// for extending every line and for a new set standing apart (an empty
// cell between), without letting the player wander off into emptiness.
const gridMargin = 4

// Refusals of grid steps, shown on the status line.
var (
	ErrGridToRack   = errors.New("tiles from the grid must stay on the grid")
	ErrCellEmpty    = errors.New("this cell is empty: there is no tile here to pick up")
	ErrRackEmptyPos = errors.New("there is no tile here on your rack to pick up")
)

// NewGridArrangement starts a turn's working copy of the grid and rack.
// locked tiles (the Plunder of a River pull) may not go onto the grid;
// must tiles (the Key Tile) are only marked. The inputs are copied.
func NewGridArrangement(grid game.Grid, rack []game.Tile, locked, must []game.Tile) *GridArrangement {
	a := &GridArrangement{
		startCell: map[game.TileID]game.Cell{},
	}
	st := gridState{cells: map[game.Cell]game.Tile{}, dir: game.Cell{Col: 1}}
	for _, gt := range grid.Tiles {
		st.cells[gt.Cell] = gt.Tile
		a.startCell[gt.Tile.ID] = gt.Cell
	}
	a.rackMarks, st.rack = newRackMarks(rack, locked, must)
	// The cursor starts on the rack, at the first free cell where a
	// new set may stand apart (the initial meld) for when Tab is pressed.
	st.cursor = GridCursor{OnRack: true, Cell: freeSpot(st.cells)}
	a.workspace = newWorkspace(st)
	return a
}

// Cursor is where the cursor is.
func (a *GridArrangement) Cursor() GridCursor { return a.cur.cursor }

// Dir is the way the cursor goes on after a tile is put down.
func (a *GridArrangement) Dir() game.Cell { return a.cur.dir }

// Rack is the working rack (not a copy: do not modify).
func (a *GridArrangement) Rack() []game.Tile { return a.cur.rack }

// At is the tile on cell c of the working grid.
func (a *GridArrangement) At(c game.Cell) (game.Tile, bool) {
	t, ok := a.cur.cells[c]
	return t, ok
}

// Held is the carried tiles, the next to be put down first.
func (a *GridArrangement) Held() []game.Tile {
	out := make([]game.Tile, len(a.cur.held))
	for i, h := range a.cur.held {
		out[i] = h.tile
	}
	return out
}

// Holding reports whether tiles are carried.
func (a *GridArrangement) Holding() bool { return len(a.cur.held) > 0 }

// Grid is the working grid, sorted, ready to hand to the engine; carried
// tiles are not on it.
func (a *GridArrangement) Grid() game.Grid {
	g := game.Grid{Tiles: make([]game.GridTile, 0, len(a.cur.cells))}
	for c, t := range a.cur.cells {
		g.Tiles = append(g.Tiles, game.GridTile{Cell: c, Tile: t})
	}
	g.Sort()
	return g
}

// StartGrid is the grid as the turn began.
func (a *GridArrangement) StartGrid() game.Grid {
	g := game.Grid{}
	for c, t := range a.start.cells {
		g.Tiles = append(g.Tiles, game.GridTile{Cell: c, Tile: t})
	}
	g.Sort()
	return g
}

// Changed reports whether any tile is somewhere else than at the turn's
// start (the rack's order does not count).
func (a *GridArrangement) Changed() bool {
	if len(a.cur.held) > 0 || len(a.cur.cells) != len(a.start.cells) || len(a.cur.rack) != len(a.start.rack) {
		return true
	}
	for c, t := range a.cur.cells {
		if u, ok := a.start.cells[c]; !ok || u.ID != t.ID {
			return true
		}
	}
	return false
}

// Placed reports whether t came from the rack this turn and lies on the grid.
func (a *GridArrangement) Placed(t game.Tile) bool {
	if !a.fromRack[t.ID] {
		return false
	}
	for _, u := range a.cur.cells {
		if u.ID == t.ID {
			return true
		}
	}
	return false
}

// PlacedCount is the number of rack tiles now on the grid.
func (a *GridArrangement) PlacedCount() int {
	n := 0
	for _, t := range a.cur.cells {
		if a.fromRack[t.ID] {
			n++
		}
	}
	return n
}

// Moved reports whether grid tile t, lying on c, lay on another cell when
// the turn began.
func (a *GridArrangement) Moved(t game.Tile, c game.Cell) bool {
	s, ok := a.startCell[t.ID]
	return ok && s != c
}

// Locked reports whether t is a Plunder tile that may not be played.
func (a *GridArrangement) Locked(t game.Tile) bool { return a.locked[t.ID] }

// Must reports whether t is a Key Tile that must be played this turn.
func (a *GridArrangement) Must(t game.Tile) bool { return a.must[t.ID] }

// Grab is the one key that moves tiles: on a tile it picks it up
// (adding it to what is carried); on an empty cell it puts the next
// carried tile down and goes on one cell the way of the last arrow; on
// the rack it picks the tile up, or puts carried rack tiles back there.
func (a *GridArrangement) Grab() error {
	c := a.cur.cursor
	if c.OnRack {
		if a.Holding() {
			return a.dropOnRack()
		}
		if c.RackPos >= len(a.cur.rack) {
			return ErrRackEmptyPos
		}
		return a.pickRack(c.RackPos)
	}
	if _, ok := a.cur.cells[c.Cell]; ok {
		return a.pickCell(c.Cell)
	}
	if !a.Holding() {
		return ErrCellEmpty
	}
	if err := a.PutDown(c.Cell); err != nil {
		return err
	}
	// The cursor goes on to the next empty cell that way, past the tiles
	// of the line, so the next space puts the next tile down (or finds
	// nothing) and never picks a tile of the line back up.
	d := a.cur.dir
	for i := 0; i <= game.MaxNumber; i++ {
		c.Cell = game.Cell{Row: c.Cell.Row + d.Row, Col: c.Cell.Col + d.Col}
		if _, ok := a.cur.cells[c.Cell]; !ok {
			break
		}
	}
	a.SetCursor(c)
	return nil
}

// pickRack picks up the rack tile at place i.
func (a *GridArrangement) pickRack(i int) error {
	a.step()
	t := a.cur.rack[i]
	a.cur.rack = append(a.cur.rack[:i:i], a.cur.rack[i+1:]...)
	a.cur.held = append(a.cur.held, gridHeld{tile: t, rack: true})
	a.SetCursor(a.cur.cursor)
	return nil
}

// pickCell picks up the tile on cell c.
func (a *GridArrangement) pickCell(c game.Cell) error {
	t, ok := a.cur.cells[c]
	if !ok {
		return ErrCellEmpty
	}
	a.step()
	delete(a.cur.cells, c)
	if t.IsJoker() {
		t.As = game.Face{} // its meaning comes from where it lies next
	}
	a.cur.held = append(a.cur.held, gridHeld{tile: t, from: c})
	return nil
}

// PutDown puts the next carried tile on the empty cell c.
func (a *GridArrangement) PutDown(c game.Cell) error {
	if !a.Holding() {
		return ErrNotHolding
	}
	if t, ok := a.cur.cells[c]; ok {
		return errors.New("cell " + c.String() + " already holds " + t.Face.String() + ": put the tile on an empty cell")
	}
	h := a.cur.held[0]
	if a.locked[h.tile.ID] {
		return ErrLockedToTable
	}
	a.step()
	a.cur.held = a.cur.held[1:]
	a.cur.cells[c] = h.tile
	return nil
}

// dropOnRack puts every carried tile back on the rack at the cursor, if
// they all came from it.
func (a *GridArrangement) dropOnRack() error {
	for _, h := range a.cur.held {
		if !a.fromRack[h.tile.ID] {
			return ErrGridToRack
		}
	}
	a.step()
	at := min(a.cur.cursor.RackPos, len(a.cur.rack))
	var tiles []game.Tile
	for _, h := range a.cur.held {
		t := h.tile
		t.As = game.Face{}
		tiles = append(tiles, t)
	}
	rack := append([]game.Tile(nil), a.cur.rack[:at]...)
	rack = append(rack, tiles...)
	a.cur.rack = append(rack, a.cur.rack[at:]...)
	a.cur.held = nil
	a.SetCursor(a.cur.cursor)
	return nil
}

// PickFace picks up a tile showing f: from the rack first, then the grid
// (the first in reading order). It reports where the tile was.
func (a *GridArrangement) PickFace(f game.Face) (fromRack bool, cell game.Cell, err error) {
	for i, t := range a.cur.rack {
		if t.Face == f && !a.locked[t.ID] {
			a.cur.cursor.OnRack = false // the tile goes onto the grid next
			return true, game.Cell{}, a.pickRack(i)
		}
	}
	g := a.Grid()
	for _, gt := range g.Tiles {
		if gt.Tile.Face == f {
			return false, gt.Cell, a.pickCell(gt.Cell)
		}
	}
	return false, game.Cell{}, errors.New("there is no " + f.String() + " on your rack or the grid")
}

// Return puts the carried tiles back where they were picked up, by
// undoing steps until nothing is carried.
func (a *GridArrangement) Return() error {
	if !a.Holding() {
		return ErrNotHolding
	}
	for a.Holding() && len(a.undo) > 0 {
		a.Undo()
	}
	return nil
}

// Reset puts every tile back where it was at the turn's start, as one
// step that Undo takes back; the cursor stays where it is.
func (a *GridArrangement) Reset() {
	if !a.Changed() {
		return
	}
	c, d := a.cur.cursor, a.cur.dir
	a.restart()
	a.cur.dir = d
	a.SetCursor(c)
}

// Apply replaces the grid and rack with a play found elsewhere (a hint),
// as one step.
func (a *GridArrangement) Apply(g game.Grid, rack []game.Tile) {
	a.step()
	st := a.cur.clone()
	st.cells = map[game.Cell]game.Tile{}
	for _, gt := range g.Tiles {
		st.cells[gt.Cell] = gt.Tile
	}
	st.rack = append([]game.Tile(nil), rack...)
	st.held = nil
	a.cur = st
	a.SetCursor(a.cur.cursor)
}

// SortRack orders the rack by colour (789) or by number (777).
func (a *GridArrangement) SortRack(byNumber bool) {
	a.step()
	sortRack(a.cur.rack, byNumber)
}

// HasFace reports whether a tile showing f is on the rack or the grid.
func (a *GridArrangement) HasFace(f game.Face) bool {
	for _, t := range a.cur.rack {
		if t.Face == f {
			return true
		}
	}
	for _, t := range a.cur.cells {
		if t.Face == f {
			return true
		}
	}
	return false
}

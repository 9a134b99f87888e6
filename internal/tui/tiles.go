package tui

import (
	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// Styles are the theme's styles for one terminal.
type Styles = style.Styles

// TileMarks says how a tile is drawn: cursor, selection, carried, placed
// this turn, invalid set, locked Plunder, Key Tile, hint.
type TileMarks = style.TileOpts

// size is the tile size for the current terminal.
func (p *Board) size() style.Size {
	if p.compact() {
		return style.Compact
	}
	return style.Full
}

// tileSize is a tile's width and height at the current size.
func (p *Board) tileSize() (int, int) {
	z := p.size()
	return z.Width(), z.Height()
}

// tile draws one tile.
func (p *Board) tile(t game.Tile, o TileMarks) string {
	o.Size = p.size()
	return p.st.GameTile(t, o)
}

// slot draws an empty place where carried tiles can be dropped.
func (p *Board) slot(o TileMarks, _ string) string {
	o.Size = p.size()
	return p.st.Slot(o)
}

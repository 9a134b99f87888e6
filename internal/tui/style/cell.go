package style

import (
	"strings"

	"rummikub/internal/game"
)

// Cells of the French grid (table=grid). A cell is one line high. The
// narrow cell, for 80x24, is four columns: one mark and the three of the
// face, so 18 cells fit beside the row numbers. The wide cell is the
// compact tile itself (five columns, a mark at each side) for larger
// terminals. Empty cells show a dot where the cursor may go.

// CellWidth is the width of a grid cell: 4 narrow, 5 wide.
func CellWidth(wide bool) int {
	if wide {
		return Compact.Width()
	}
	return 4
}

// Cell draws a tile lying on a grid cell. A narrow cell has one mark: the
// cursor, else the most urgent status mark.
func (s *Styles) Cell(t game.Tile, o TileOpts, wide bool) string {
	o.Size = Compact
	if wide {
		return s.GameTile(t, o)
	}
	if o.As.IsZero() {
		o.As = t.As
	}
	if !t.IsJoker() {
		o.As = game.Face{}
	}
	return s.memo.draw(memoKey{memoCell, t.Face, o}, func() string {
		var face strings.Builder
		for _, seg := range s.faceText(t.Face, o.As, Compact) {
			face.WriteString(s.faceStyle(seg.c, o).Render(seg.text))
		}
		return s.cellMark(o) + face.String()
	})
}

// cellMark is the one mark of a narrow cell.
func (s *Styles) cellMark(o TileOpts) string {
	k := interaction(o)
	if k == markNone {
		if st := statuses(o); len(st) > 0 {
			k = st[0]
		}
	}
	if k == markNone {
		return s.NewStyle().Render(" ")
	}
	return s.tile.mark[k].Render(s.glyph(k))
}

// EmptyCell draws an empty cell: a dot the cursor may visit, or blank
// beyond the area the cursor may reach (inside false).
func (s *Styles) EmptyCell(o TileOpts, wide, inside bool) string {
	dot := " · "
	if !inside {
		dot = "   "
	}
	in := s.tile.slot
	if o.Cursor {
		in = s.faceStyle(game.Black, TileOpts{Cursor: true})
	}
	left := s.NewStyle().Render(" ")
	if o.Cursor {
		left = s.tile.mark[markCursor].Render(s.glyph(markCursor))
	}
	out := left + in.Render(dot)
	if wide {
		out += s.NewStyle().Render(" ")
	}
	return out
}

// GhostCell draws a tile a hint would put on an empty cell: the face
// dimmed, with the hint's mark.
func (s *Styles) GhostCell(t game.Tile, o TileOpts, wide bool) string {
	o.Hint = true
	face := s.tile.slot
	if o.Cursor {
		face = s.faceStyle(game.Black, TileOpts{Cursor: true})
	}
	var text strings.Builder
	for _, seg := range s.faceText(t.Face, t.As, Compact) {
		text.WriteString(seg.text)
	}
	out := s.cellMark(o) + face.Render(text.String())
	if wide {
		out += s.tile.mark[markHint].Render(s.glyph(markHint))
	}
	return out
}

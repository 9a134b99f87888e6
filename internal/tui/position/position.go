// Package position draws a position of the table, in the shape the
// rules play on: the sets table or the French grid. It holds the one
// place the screens choose by the table's shape (Of): the replay draws
// its positions with the Shape it gives, and the match board picks its
// surface (tui's setsSurface or gridSurface) through the same Shape, by
// Accept. A new shape of table is a new Shape here and a new surface
// there; no screen asks the rules for the shape.
package position

import (
	"fmt"

	"rummikub/internal/game"
	"rummikub/internal/tui/style"
)

// Shape is one shape of table as the screens show it.
type Shape interface {
	// Noun is what the screens call the table: "Table" or "Grid".
	Noun() string
	// Lines draws l (a layout of this shape) in at most limit lines of
	// width columns (or the few lines the shape needs at least), the
	// tiles in marks drawn with mark.
	Lines(st *style.Styles, l game.Layout, marks map[game.TileID]bool, mark style.TileOpts, width, limit int) []string
	// Accept calls the visitor's method for this shape: how code with
	// an implementation per shape picks its own.
	Accept(v Visitor)
}

// Visitor is what has an implementation per shape of table.
type Visitor interface {
	VisitSets()
	VisitGrid()
}

// Of is the shape of table r plays on: the one place the screens choose
// by the table's shape.
func Of(r *game.Rules) Shape {
	if r.Table == game.TableGrid {
		return gridShape{}
	}
	return setsShape{}
}

const tileWidth = 5

// tile draws one tile, marked when its id is in marks.
func tile(st *style.Styles, t game.Tile, marks map[game.TileID]bool, mark style.TileOpts) string {
	o := style.TileOpts{}
	if marks[t.ID] {
		o = mark
	}
	return st.GameTile(t, o)
}

func plural(n int, word string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

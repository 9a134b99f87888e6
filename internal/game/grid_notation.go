package game

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
)

// The notation of a grid (table=grid).
//
// Text, for the command line: an optional origin "@ROW,COL" (the cell of
// the first cell written; 0,0 when left out), then the rows from the top,
// separated by "/", each row its cells from the left separated by spaces,
// "." for an empty cell. Rows may be of different lengths (missing cells
// are empty). The source's example, the run R3 R4 R5 at row 0 and then
// R2 added to its left and the group of 4s through its R4:
//
//	R3 R4 R5
//	@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .
//
// The canonical form starts at the top-left of the tiles' bounding box,
// always gives the origin, and writes every row across the whole box:
// "@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .". The empty grid is ".".
//
// JSON: {"origin": [ROW, COL], "rows": [[".", ".", "B4", "."], ...]}, the
// same rows as arrays of cells; an absent origin is [0, 0].

// GridJSON is the JSON form of a grid.
type GridJSON struct {
	Origin [2]int     `json:"origin"`
	Rows   [][]string `json:"rows"`
}

// ParseGrid reads a grid in the text notation.
func ParseGrid(s string) (Grid, error) {
	in := strings.TrimSpace(s)
	origin := Cell{}
	if strings.HasPrefix(in, "@") {
		head, rest, _ := strings.Cut(in[1:], " ")
		rs, cs, ok := strings.Cut(head, ",")
		r, err1 := strconv.Atoi(strings.TrimSpace(rs))
		c, err2 := strconv.Atoi(strings.TrimSpace(cs))
		if !ok || err1 != nil || err2 != nil {
			return Grid{}, fmt.Errorf("the grid's origin %q is not @ROW,COL (for example @0,0, with no space inside)", "@"+head)
		}
		origin = Cell{r, c}
		in = rest
	}
	var rows [][]string
	if strings.TrimSpace(in) != "" {
		for _, row := range strings.Split(in, "/") {
			rows = append(rows, strings.Fields(row))
		}
	}
	return gridFromRows(origin, rows, func(s string) (Tile, error) { return ParseTile(s) })
}

// ParseGridJSON reads a grid in its JSON form.
func ParseGridJSON(gj GridJSON) (Grid, error) {
	return gridFromRows(Cell{gj.Origin[0], gj.Origin[1]}, gj.Rows, func(s string) (Tile, error) { return ParseTile(s) })
}

// gridFromRows builds a grid from rows of cell strings starting at origin;
// tile reads one cell that is not ".".
func gridFromRows(origin Cell, rows [][]string, tile func(string) (Tile, error)) (Grid, error) {
	if err := checkCoord(origin); err != nil {
		return Grid{}, err
	}
	if len(rows) > 2*GridCoordLimit || origin.Row+len(rows) > GridCoordLimit+1 {
		return Grid{}, fmt.Errorf("the grid has %d rows from row %d, past the grid's last row %d", len(rows), origin.Row, GridCoordLimit)
	}
	var g Grid
	for r, row := range rows {
		if origin.Col+len(row) > GridCoordLimit+1 {
			return Grid{}, fmt.Errorf("row %d of the grid runs past the grid's last column %d", origin.Row+r, GridCoordLimit)
		}
		for c, cell := range row {
			cell = strings.TrimSpace(cell)
			if cell == "." {
				continue
			}
			at := Cell{origin.Row + r, origin.Col + c}
			if cell == "" {
				return Grid{}, fmt.Errorf("cell %v of the grid is empty text; write . for an empty cell", at)
			}
			t, err := tile(cell)
			if err != nil {
				return Grid{}, fmt.Errorf("cell %v of the grid: %v", at, err)
			}
			g.Tiles = append(g.Tiles, GridTile{Cell: at, Tile: t})
		}
	}
	if cells, msg := g.checkShape(); cells != nil {
		return Grid{}, fmt.Errorf("%s", msg)
	}
	return g, nil
}

func checkCoord(c Cell) error {
	if c.Row < -GridCoordLimit || c.Row > GridCoordLimit || c.Col < -GridCoordLimit || c.Col > GridCoordLimit {
		return fmt.Errorf("the grid's origin %d,%d is off the grid: rows and columns run from %d to %d", c.Row, c.Col, -GridCoordLimit, GridCoordLimit)
	}
	return nil
}

// Rows is the grid as its bounding box: the top-left cell and the rows of
// cells, "." for an empty one, each tile written by cell.
func (g Grid) Rows(cell func(Tile) string) (Cell, [][]string) {
	lo, hi, ok := g.Bounds()
	if !ok {
		return Cell{}, nil
	}
	rows := make([][]string, hi.Row-lo.Row+1)
	for r := range rows {
		rows[r] = make([]string, hi.Col-lo.Col+1)
		for c := range rows[r] {
			rows[r][c] = "."
		}
	}
	for _, gt := range g.Tiles {
		rows[gt.Row-lo.Row][gt.Col-lo.Col] = cell(gt.Tile)
	}
	return lo, rows
}

// FormatGrid writes a grid in the canonical text notation.
func FormatGrid(g Grid) string {
	lo, rows := g.Rows(Tile.String)
	if rows == nil {
		return "."
	}
	parts := make([]string, len(rows))
	for i, r := range rows {
		parts[i] = strings.Join(r, " ")
	}
	return fmt.Sprintf("@%d,%d %s", lo.Row, lo.Col, strings.Join(parts, " / "))
}

// String is the grid in the canonical text notation.
func (g Grid) String() string { return FormatGrid(g) }

// JSON is the grid's JSON form, canonical like FormatGrid (the empty grid
// has no rows).
func (g Grid) JSON() GridJSON { return g.jsonWith(Tile.String) }

// MarshalJSON writes the grid's JSON form.
func (g Grid) MarshalJSON() ([]byte, error) { return json.Marshal(g.JSON()) }

// UnmarshalJSON reads the grid's JSON form.
func (g *Grid) UnmarshalJSON(data []byte) error {
	var gj GridJSON
	if err := json.Unmarshal(data, &gj); err != nil {
		return fmt.Errorf("a grid is {\"origin\": [ROW, COL], \"rows\": [[cells...], ...]}: %v", err)
	}
	out, err := ParseGridJSON(gj)
	if err != nil {
		return err
	}
	*g = out
	return nil
}

// Drawing is the grid as aligned lines of text, one cell a column, under
// a line saying which rows and columns it shows.
func (g Grid) Drawing() string { return strings.Join(g.Draw(Tile.String, nil), "\n") + "\n" }

// Draw is the grid as lines of text for a drawing: a line saying which
// rows and columns it shows, then its rows, one cell a column. cell
// writes a tile; width measures a cell's text as it shows (nil: its
// length), so the columns line up when cell adds colour.
func (g Grid) Draw(cell func(Tile) string, width func(string) int) []string {
	if width == nil {
		width = func(s string) int { return len(s) }
	}
	lo, rows := g.Rows(cell)
	if rows == nil {
		return []string{"(the grid is empty)"}
	}
	w := 2
	for _, r := range rows {
		for _, c := range r {
			w = max(w, width(c))
		}
	}
	lines := []string{fmt.Sprintf("rows %d..%d, columns %d..%d", lo.Row, lo.Row+len(rows)-1, lo.Col, lo.Col+len(rows[0])-1)}
	for _, r := range rows {
		var line strings.Builder
		for i, c := range r {
			if i > 0 {
				line.WriteByte(' ')
			}
			line.WriteString(c)
			if i < len(r)-1 {
				line.WriteString(strings.Repeat(" ", w-width(c)))
			}
		}
		lines = append(lines, strings.TrimRight(line.String(), " "))
	}
	return lines
}

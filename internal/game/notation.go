package game

import (
	"fmt"
	"strconv"
	"strings"
)

// The tile notation (DESIGN.md): a colour letter and a number (R7, B13, O1,
// K10), J for a joker, and J:R4 for a joker laid as the tile it stands for.
// Input is case-insensitive and may surround tiles with spaces; output is
// canonical upper case. A set is tiles separated by spaces; a table is sets
// separated by " | ".

// NotationError explains why a piece of notation is not a tile, a set or a
// table. Its message is one sentence a player can act on.
type NotationError struct {
	Input  string
	Reason string
}

func (e *NotationError) Error() string {
	return fmt.Sprintf("%q is not a tile: %s", e.Input, e.Reason)
}

const tileHint = "a tile is a colour letter R, B, O or K followed by a number from 1 to 13, or J for a joker"

// ParseFace reads one face: R7, b13, J. It refuses a joker annotation.
func ParseFace(s string) (Face, error) {
	in := strings.TrimSpace(s)
	u := strings.ToUpper(in)
	if u == "" {
		return Face{}, &NotationError{Input: s, Reason: "it is empty; " + tileHint}
	}
	if u == "J" {
		return JokerFace, nil
	}
	var c Color
	switch u[0] {
	case 'R':
		c = Red
	case 'B':
		c = Blue
	case 'O', 'Y':
		// Yellow is the colour's other name in the sources; accept its letter.
		c = Orange
	case 'K':
		c = Black
	default:
		return Face{}, &NotationError{Input: in, Reason: tileHint}
	}
	n, err := strconv.Atoi(u[1:])
	if err != nil || u[1] == '+' || u[1] == '-' {
		return Face{}, &NotationError{Input: in, Reason: tileHint}
	}
	if n < 1 || n > MaxNumber {
		return Face{}, &NotationError{Input: in, Reason: "numbers run from 1 to 13"}
	}
	return F(c, n), nil
}

// ParseTile reads one tile, allowing the joker annotation J:R4.
func ParseTile(s string) (Tile, error) {
	in := strings.TrimSpace(s)
	if head, as, ok := strings.Cut(in, ":"); ok {
		if strings.ToUpper(strings.TrimSpace(head)) != "J" {
			return Tile{}, &NotationError{Input: in, Reason: "only a joker can carry what it stands for (J:R4)"}
		}
		f, err := ParseFace(as)
		if err != nil {
			return Tile{}, &NotationError{Input: in, Reason: "a joker stands for a numbered tile, as in J:R4"}
		}
		if f.IsJoker() {
			return Tile{}, &NotationError{Input: in, Reason: "a joker stands for a numbered tile, not another joker"}
		}
		return Tile{ID: NoID, Face: JokerFace, As: f}, nil
	}
	f, err := ParseFace(in)
	if err != nil {
		return Tile{}, err
	}
	return T(f), nil
}

// ParseTiles reads tiles separated by spaces or commas: "R3 R4 J".
func ParseTiles(s string) ([]Tile, error) {
	fields := strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == '\t' || r == '\n' })
	tiles := make([]Tile, 0, len(fields))
	for _, f := range fields {
		t, err := ParseTile(f)
		if err != nil {
			return nil, err
		}
		tiles = append(tiles, t)
	}
	return tiles, nil
}

// ParseTable reads sets separated by "|": "R3 R4 R5 | B7 K7 O7". Empty
// input is an empty table; an empty set between two bars is an error.
func ParseTable(s string) (Table, error) {
	if strings.TrimSpace(s) == "" {
		return nil, nil
	}
	parts := strings.Split(s, "|")
	table := make(Table, 0, len(parts))
	for i, p := range parts {
		set, err := ParseTiles(p)
		if err != nil {
			return nil, err
		}
		if len(set) == 0 {
			return nil, fmt.Errorf("set %d of the table is empty; separate sets with a single |", i+1)
		}
		table = append(table, set)
	}
	return table, nil
}

// String formats a face canonically: R7, K13, J.
func (f Face) String() string {
	switch {
	case f.IsJoker():
		return "J"
	case f.IsZero():
		return "-"
	}
	return string(f.Color.Letter()) + strconv.Itoa(int(f.Num))
}

// String formats a tile canonically; a joker with a known meaning as J:R4.
func (t Tile) String() string {
	if t.Face.IsJoker() && !t.As.IsZero() {
		return "J:" + t.As.String()
	}
	return t.Face.String()
}

// IDText formats a tile with its physical id after an @ (R7@20,
// J:R4@104), the form saves write and bots that ask for ids read; a tile
// with no id is written as String does.
func (t Tile) IDText() string {
	if t.ID == NoID {
		return t.String()
	}
	return t.String() + "@" + strconv.Itoa(int(t.ID))
}

// FormatTiles formats tiles separated by single spaces.
func FormatTiles(tiles []Tile) string {
	parts := make([]string, len(tiles))
	for i, t := range tiles {
		parts[i] = t.String()
	}
	return strings.Join(parts, " ")
}

// FormatTable formats sets separated by " | ".
func FormatTable(sets Table) string {
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = FormatTiles(s)
	}
	return strings.Join(parts, " | ")
}

// TileStrings formats each tile on its own, for JSON output.
func TileStrings(tiles []Tile) []string {
	out := make([]string, len(tiles))
	for i, t := range tiles {
		out[i] = t.String()
	}
	return out
}

// ParseTileStrings parses tiles given one per string, as in JSON input.
func ParseTileStrings(ss []string) ([]Tile, error) {
	out := make([]Tile, len(ss))
	for i, s := range ss {
		t, err := ParseTile(s)
		if err != nil {
			return nil, err
		}
		out[i] = t
	}
	return out, nil
}

// Draw is the table as lines of text for a drawing: one set a line, its
// tiles written by cell and separated by a space (width is not needed).
func (t Table) Draw(cell func(Tile) string, _ func(string) int) []string {
	lines := make([]string, len(t))
	for i, s := range t {
		parts := make([]string, len(s))
		for k, tl := range s {
			parts[k] = cell(tl)
		}
		lines[i] = strings.Join(parts, " ")
	}
	return lines
}

package scorebook

import (
	"fmt"
	"strconv"
	"strings"

	"rummikub/internal/game"
)

// Limits that keep a typing slip from becoming a score: no real rack holds
// more tiles or points than the largest set has.
const (
	MaxRackTotal = 2000
	MaxRackTiles = 160
)

// Rack is what a player had left at the end of a game, entered either as a
// total or as the tiles themselves (which the keeper adds up, so a change
// of the joker value re-scores it).
type Rack struct {
	Given   bool        // false: not entered
	AsTiles bool        // entered as tiles; else as a total
	Tiles   []game.Tile // the tiles, when AsTiles
	Points  int         // the total, when not AsTiles
}

// TotalRack is a rack entered as a total.
func TotalRack(n int) Rack { return Rack{Given: true, Points: n} }

// TileRack is a rack entered as tiles.
func TileRack(tiles []game.Tile) Rack {
	return Rack{Given: true, AsTiles: true, Tiles: tiles}
}

// ParseRack reads what a player typed for a rack: a whole number (a total)
// or tiles in the notation, as in "R7 K11 J". Empty text is an error.
func ParseRack(text string) (Rack, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return Rack{}, fmt.Errorf("the rack is empty: type a total (0 if nothing is left) or the tiles, as in R7 K11 J")
	}
	if isNumber(s) {
		neg := s[0] == '-'
		digits := strings.TrimLeft(s, "+-")
		digits = strings.TrimLeft(digits, "0") + "0"
		digits = digits[:len(digits)-1]
		if digits == "" {
			digits = "0"
		}
		if neg && digits != "0" {
			return Rack{}, fmt.Errorf("a rack total cannot be negative (%s): type what is left on the rack", s)
		}
		n, err := strconv.Atoi(digits)
		if err != nil || n > MaxRackTotal {
			return Rack{}, fmt.Errorf("a rack total of %s is more than any rack can hold (at most %d)", s, MaxRackTotal)
		}
		return TotalRack(n), nil
	}
	tiles, err := game.ParseTiles(s)
	if err != nil {
		return Rack{}, err
	}
	for i := range tiles {
		tiles[i].As = game.Face{} // on a rack a joker stands for nothing
	}
	k := TileRack(tiles)
	if err := k.check(); err != nil {
		return Rack{}, err
	}
	return k, nil
}

// isNumber reports whether s looks like a signed whole number.
func isNumber(s string) bool {
	if s != "" && (s[0] == '-' || s[0] == '+') {
		s = s[1:]
	}
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// check refuses racks no physical set can produce.
func (k Rack) check() error {
	switch {
	case !k.Given:
		return nil
	case k.AsTiles && len(k.Tiles) > MaxRackTiles:
		return fmt.Errorf("%d tiles are more than any rack can hold (at most %d)", len(k.Tiles), MaxRackTiles)
	case !k.AsTiles && k.Points < 0:
		return fmt.Errorf("a rack total cannot be negative (%d)", k.Points)
	case !k.AsTiles && k.Points > MaxRackTotal:
		return fmt.Errorf("a rack total of %d is more than any rack can hold (at most %d)", k.Points, MaxRackTotal)
	}
	for _, t := range k.Tiles {
		if !t.Face.Valid() {
			return fmt.Errorf("%s is not a tile", t.Face)
		}
	}
	return nil
}

// Clone returns a deep copy.
func (k Rack) Clone() Rack {
	k.Tiles = append([]game.Tile(nil), k.Tiles...)
	return k
}

// Total is the rack's penalty under the rulebook's joker value of 30; use
// Value for the session's own joker value.
func (k Rack) Total() int {
	r := game.Standard()
	return k.Value(&r)
}

// Value is the rack's penalty under r (a joker costs r.JokerPenalty).
func (k Rack) Value(r *game.Rules) int {
	if k.AsTiles {
		return r.RackValue(k.Tiles)
	}
	return k.Points
}

// Tally is the rack as game.ScoreGame takes it. A rack entered as a total
// has no tile count; CheckGame refuses such racks where the count matters
// (a blocked game scored by fewest tiles).
func (k Rack) Tally(r *game.Rules) game.RackTally {
	return game.RackTally{Total: k.Value(r), Tiles: len(k.Tiles), Melded: true}
}

// String is the rack as the player would type it: "22", "R7 K11 J", or ""
// when not entered.
func (k Rack) String() string {
	switch {
	case !k.Given:
		return ""
	case k.AsTiles:
		return game.FormatTiles(k.Tiles)
	}
	return strconv.Itoa(k.Points)
}

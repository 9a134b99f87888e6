package game

import "fmt"

// Color is the colour of a numbered tile. The order Red, Blue, Orange, Black
// is the canonical order used when laying out groups and sorting racks.
type Color uint8

// The four tile colours, and the pseudo-colour of a joker.
const (
	Red Color = iota
	Blue
	Orange
	Black
	JokerColor
)

// NumColors is the number of tile colours in every edition.
const NumColors = 4

// MaxNumber is the highest number printed on a tile.
const MaxNumber = 13

// Colors lists the four tile colours in canonical order.
var Colors = [NumColors]Color{Red, Blue, Orange, Black}

var colorLetters = [...]byte{'R', 'B', 'O', 'K', 'J'}
var colorNames = [...]string{"red", "blue", "orange", "black", "joker"}

// Letter is the colour's letter in the notation: R, B, O, K (J for a joker).
func (c Color) Letter() byte {
	if int(c) < len(colorLetters) {
		return colorLetters[c]
	}
	return '?'
}

// String is the colour's English name.
func (c Color) String() string {
	if int(c) < len(colorNames) {
		return colorNames[c]
	}
	return fmt.Sprintf("color(%d)", uint8(c))
}

// Face is what is printed on a tile: a colour and a number, or a joker.
// Copies of the same face are interchangeable for every rule. The zero Face
// is "no face" (it is not a tile); a joker is Face{Color: JokerColor}.
type Face struct {
	Color Color
	Num   uint8
}

// JokerFace is the face of every joker.
var JokerFace = Face{Color: JokerColor}

// F builds a numbered face. It does not check the range; use Valid.
func F(c Color, n int) Face { return Face{Color: c, Num: uint8(n)} }

// IsJoker reports whether the face is a joker.
func (f Face) IsJoker() bool { return f.Color == JokerColor }

// IsZero reports whether f is the zero Face, which stands for no tile.
func (f Face) IsZero() bool { return f == Face{} }

// Valid reports whether f is a joker or a numbered tile 1..13 of a colour.
func (f Face) Valid() bool {
	if f.IsJoker() {
		return f.Num == 0
	}
	return f.Color < NumColors && f.Num >= 1 && f.Num <= MaxNumber
}

// Index maps a valid face to 0..52: numbered tiles by colour then number,
// the joker last. It lets callers count faces in fixed arrays.
func (f Face) Index() int {
	if f.IsJoker() {
		return NumFaces - 1
	}
	return int(f.Color)*MaxNumber + int(f.Num) - 1
}

// NumFaces is the number of distinct faces (52 numbered and the joker).
const NumFaces = NumColors*MaxNumber + 1

// FaceAt is the inverse of Face.Index.
func FaceAt(i int) Face {
	if i == NumFaces-1 {
		return JokerFace
	}
	return Face{Color: Color(i / MaxNumber), Num: uint8(i%MaxNumber + 1)}
}

// Less orders faces canonically: by colour, then number; jokers last.
func (f Face) Less(g Face) bool { return f.Index() < g.Index() }

// LessByNumber orders faces by number, then colour; jokers last. It is the
// order of the "777" rack sort.
func (f Face) LessByNumber(g Face) bool {
	if f.IsJoker() || g.IsJoker() {
		return !f.IsJoker() && g.IsJoker()
	}
	if f.Num != g.Num {
		return f.Num < g.Num
	}
	return f.Color < g.Color
}

// TileID identifies one physical tile of a game's tile set. IDs are dense,
// starting at 0, and stable for the whole match, so a UI can follow a tile
// and tests can check that every tile is in exactly one place.
type TileID uint16

// NoID marks a tile whose physical identity is not known (for example a
// tile parsed from notation). Rules never depend on ids.
const NoID TileID = 0xFFFF

// Tile is one physical tile. As is used only for a joker laid in a set: the
// tile the player said it stands for (notation J:R4), or the zero Face when
// the layout alone decides.
type Tile struct {
	ID   TileID
	Face Face
	As   Face
}

// T is a convenience constructor for a tile with no physical id.
func T(f Face) Tile { return Tile{ID: NoID, Face: f} }

// IsJoker reports whether the tile is a joker.
func (t Tile) IsJoker() bool { return t.Face.IsJoker() }

// TileSet returns every physical tile of an edition in id order: for each
// copy, the numbered tiles by colour and number, then the jokers.
func TileSet(copies, jokers int) []Tile {
	tiles := make([]Tile, 0, copies*NumColors*MaxNumber+jokers)
	for c := 0; c < copies; c++ {
		for _, col := range Colors {
			for n := 1; n <= MaxNumber; n++ {
				tiles = append(tiles, Tile{ID: TileID(len(tiles)), Face: F(col, n)})
			}
		}
	}
	for j := 0; j < jokers; j++ {
		tiles = append(tiles, Tile{ID: TileID(len(tiles)), Face: JokerFace})
	}
	return tiles
}

// Faces returns the faces of tiles, in order.
func Faces(tiles []Tile) []Face {
	out := make([]Face, len(tiles))
	for i, t := range tiles {
		out[i] = t.Face
	}
	return out
}

// FaceCounts counts faces by Face.Index.
type FaceCounts [NumFaces]int

// CountFaces counts the faces of tiles.
func CountFaces(tiles []Tile) FaceCounts {
	var c FaceCounts
	for _, t := range tiles {
		c[t.Face.Index()]++
	}
	return c
}

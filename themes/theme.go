// Package themes holds the colour themes of the terminal game: the theme
// files (TOML, embedded in the binary) and the code that reads them, the
// built-in ones and a player's own from the config directory.
//
// A theme names the four tile colours and the joker, the tiles' face, the
// board, the accents that mark tiles (cursor, selection, carried, placed
// this turn, invalid, locked, key tile, hint) and the one-cell glyphs that
// show those marks without colour. The mono theme uses no colour at all;
// NO_COLOR (set and not empty) selects it whatever theme was asked for.
//
// This package knows nothing of terminals; internal/tui/style turns a Theme
// into lipgloss styles for one terminal.
package themes

// Marks says what a tile shows beside its number.
const (
	MarkLetter = "letter" // the colour letter: R7 B7 O7 K7
	MarkSymbol = "symbol" // the theme's symbol per colour: ●7 ▲7
	MarkNone   = "none"   // the number only; colour alone tells
)

// Theme is one complete theme. Every field is filled after Load: a user
// file leaves out what it does not change.
type Theme struct {
	// Name is the theme's name (its file name without .toml).
	Name string `toml:"-"`
	// Base is the theme a user file starts from (user files only).
	Base string `toml:"base"`
	// Description is one line for the setup screen.
	Description string `toml:"description"`
	// Mono means no colour at all: colour letters always, and marks by
	// glyphs and text attributes only.
	Mono bool `toml:"mono"`
	// Marks is MarkLetter, MarkSymbol or MarkNone. Where colour cannot be
	// shown (Mono, or a terminal without colour) letters are used.
	Marks string `toml:"marks"`

	Tiles   Tiles   `toml:"tiles"`
	Symbols Symbols `toml:"symbols"`
	Face    Face    `toml:"face"`
	Board   Board   `toml:"board"`
	Accents Accents `toml:"accents"`
	Glyphs  Glyphs  `toml:"glyphs"`
}

// Tiles are the colours of the numbers on the tiles, and of the joker.
type Tiles struct {
	Red    Color `toml:"red"`
	Blue   Color `toml:"blue"`
	Orange Color `toml:"orange"`
	Black  Color `toml:"black"`
	Joker  Color `toml:"joker"`
}

// Symbols are one-cell symbols per colour, shown with Marks = "symbol",
// and the joker's symbol, always shown for a joker.
type Symbols struct {
	Red    string `toml:"red"`
	Blue   string `toml:"blue"`
	Orange string `toml:"orange"`
	Black  string `toml:"black"`
	Joker  string `toml:"joker"`
}

// Face is the look of a tile itself.
type Face struct {
	Background Color `toml:"background"` // the tile's face
	Edge       Color `toml:"edge"`       // the tile's outline in the full size
	Meaning    Color `toml:"meaning"`    // a joker's stated meaning (J:R4), written under a full-size joker on the board
	Back       Color `toml:"back"`       // a face-down tile
}

// Board is the look of everything around the tiles.
type Board struct {
	Background Color `toml:"background"` // "none": the terminal's own
	Text       Color `toml:"text"`
	Dim        Color `toml:"dim"`
	Border     Color `toml:"border"`
	Title      Color `toml:"title"`
}

// Accents are the colours of marks and messages.
type Accents struct {
	Cursor    Color `toml:"cursor"`    // the tile or slot under the cursor
	Selection Color `toml:"selection"` // tiles picked up together (face tint)
	Lifted    Color `toml:"lifted"`    // tiles being carried
	Placed    Color `toml:"placed"`    // tiles placed this turn
	Invalid   Color `toml:"invalid"`   // tiles of a set that does not stand
	Locked    Color `toml:"locked"`    // River plunder, not playable this turn
	Key       Color `toml:"key"`       // the River's key tile
	Hint      Color `toml:"hint"`      // the solver's suggestion
	Current   Color `toml:"current"`   // the player whose turn it is
	Melded    Color `toml:"melded"`    // the "has melded" marker
	Error     Color `toml:"error"`     // error messages
	Info      Color `toml:"info"`      // other status messages
}

// Glyphs are one-cell marks beside a tile; they carry every mark when
// colour is absent, and add to it when present.
type Glyphs struct {
	Cursor   string `toml:"cursor"`
	Selected string `toml:"selected"`
	Lifted   string `toml:"lifted"`
	Placed   string `toml:"placed"`
	Invalid  string `toml:"invalid"`
	Locked   string `toml:"locked"`
	Key      string `toml:"key"`
	Hint     string `toml:"hint"`
	Melded   string `toml:"melded"`
}

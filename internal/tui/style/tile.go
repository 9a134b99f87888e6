package style

import (
	"strconv"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/themes"
)

// Size is how big tiles are drawn.
type Size int

const (
	// Compact is one line per tile, five cells wide: a left mark cell,
	// three cells of face, a right mark cell. In mono: [R7 ] [R13] [J  ].
	// It fits 16 tiles in 80 columns, so a 13-tile run fits on one line.
	Compact Size = iota
	// Full is a framed tile, five cells wide and three lines high, for
	// terminals of 100x30 and more:
	//
	//	╭───╮
	//	│R7 │
	//	╰───╯
	Full
)

// Width is the width in cells of one tile (and slot) of this size. Tiles
// include their own margins: lay them side by side with no gap and put
// one or two spaces between sets.
func (z Size) Width() int { return 5 }

// Height is the height in lines of one tile of this size.
func (z Size) Height() int {
	if z == Full {
		return 3
	}
	return 1
}

// String names the size.
func (z Size) String() string {
	if z == Full {
		return "full"
	}
	return "compact"
}

// TileOpts says how to draw one tile. The zero value is a plain tile in
// the compact size. Any combination is allowed; where marks compete for
// the one glyph cell, the more urgent wins (see Tile).
type TileOpts struct {
	Size Size

	// Interaction marks (the left glyph; in Full, the frame's shape).
	Cursor   bool // the tile is under the cursor
	Selected bool // the tile is part of a multi-tile selection
	Lifted   bool // the tile is being carried

	// Status marks (the right glyph; in Full, the frame's top edge).
	Placed  bool // placed from the rack this turn
	Invalid bool // in a set that does not stand
	Locked  bool // River plunder: not playable this turn
	Key     bool // the River's key tile, which must be played
	Hint    bool // part of the solver's suggested play
	Drawn   bool // drawn at the player's last turn (on the rack)
	Moved   bool // a table tile moved to another set this turn
	Changed bool // changed by the last player's turn

	// Label is what an empty slot shows in place of "+" (a set's number).
	Label string

	// As is what a joker stands for (J:R4); the zero Face when unknown.
	// It is ignored for numbered tiles.
	As game.Face
}

// tileStyles are the ready-made pieces tiles are drawn from.
type tileStyles struct {
	num     [game.NumColors + 1]lipgloss.Style // a number or symbol on the face, per colour
	face    lipgloss.Style                     // the face's background
	edge    lipgloss.Style                     // the Full frame, unmarked
	meaning lipgloss.Style                     // a joker's meaning under a Full tile
	back    lipgloss.Style                     // a face-down tile
	slot    lipgloss.Style                     // an empty drop place
	mark    map[markKind]lipgloss.Style        // glyphs and framed edges per mark
}

type markKind int

const (
	markNone markKind = iota
	markCursor
	markSelected
	markLifted
	markPlaced
	markInvalid
	markLocked
	markKey
	markHint
	markDrawn
	markMoved
	markChanged
)

func (s *Styles) buildTiles() tileStyles {
	th := s.Theme
	var t tileStyles
	t.mark = map[markKind]lipgloss.Style{}
	if s.Mono {
		plain := s.NewStyle()
		for i := range t.num {
			t.num[i] = plain
		}
		t.face, t.edge, t.meaning, t.back, t.slot = plain, plain, plain, plain, plain
		for k := markCursor; k <= markChanged; k++ {
			t.mark[k] = plain.Bold(true)
		}
		return t
	}
	bg := s.color(th.Face.Background)
	t.face = lipgloss.NewStyle().Background(bg)
	for i, c := range []themes.Color{th.Tiles.Red, th.Tiles.Blue, th.Tiles.Orange, th.Tiles.Black, th.Tiles.Joker} {
		t.num[i] = t.face.Foreground(s.color(c)).Bold(true)
	}
	t.edge = s.NewStyle().Foreground(s.color(th.Face.Edge))
	t.meaning = s.NewStyle().Foreground(s.color(th.Face.Meaning))
	t.back = lipgloss.NewStyle().Background(s.color(th.Face.Back)).Foreground(s.color(th.Face.Edge))
	t.slot = s.Dim
	a := th.Accents
	for k, c := range map[markKind]themes.Color{
		markCursor: a.Cursor, markSelected: a.Cursor, markLifted: a.Cursor,
		markPlaced: a.Placed, markInvalid: a.Invalid, markLocked: a.Locked,
		markKey: a.Key, markHint: a.Hint,
		markDrawn: a.Key, markMoved: a.Placed, markChanged: a.Info,
	} {
		t.mark[k] = s.NewStyle().Foreground(s.color(c)).Bold(true)
	}
	return t
}

// interaction is the strongest interaction mark of opts.
func interaction(o TileOpts) markKind {
	switch {
	case o.Lifted:
		return markLifted
	case o.Cursor:
		return markCursor
	case o.Selected:
		return markSelected
	}
	return markNone
}

// statuses are the status marks of opts, most urgent first.
func statuses(o TileOpts) []markKind {
	var m []markKind
	for _, x := range []struct {
		on bool
		k  markKind
	}{{o.Invalid, markInvalid}, {o.Key, markKey}, {o.Locked, markLocked}, {o.Hint, markHint}, {o.Drawn, markDrawn}, {o.Placed, markPlaced}, {o.Moved, markMoved}, {o.Changed, markChanged}} {
		if x.on {
			m = append(m, x.k)
		}
	}
	return m
}

func (s *Styles) glyph(k markKind) string {
	g := s.Theme.Glyphs
	switch k {
	case markCursor:
		return g.Cursor
	case markSelected:
		return g.Selected
	case markLifted:
		return g.Lifted
	case markPlaced:
		return g.Placed
	case markInvalid:
		return g.Invalid
	case markLocked:
		return g.Locked
	case markKey:
		return g.Key
	case markHint:
		return g.Hint
	case markDrawn:
		return s.DrawnMark
	case markMoved:
		return s.MovedMark
	case markChanged:
		return s.ChangedMark
	}
	return " "
}

// symbol is what stands for colour c beside a number: letter or symbol.
func (s *Styles) symbol(c game.Color) string {
	if c == game.JokerColor {
		if s.Mono {
			return "J"
		}
		return s.Theme.Symbols.Joker
	}
	if s.Marks == themes.MarkSymbol {
		sy := s.Theme.Symbols
		return [...]string{sy.Red, sy.Blue, sy.Orange, sy.Black}[c]
	}
	return string(c.Letter())
}

// segment is a run of face text in one tile colour.
type segment struct {
	text string
	c    game.Color
}

// faceText is the three cells of a tile's face, as coloured segments.
func (s *Styles) faceText(f game.Face, as game.Face, size Size) []segment {
	if !f.IsJoker() {
		if !f.Valid() {
			return []segment{{" ? ", game.Black}}
		}
		n := strconv.Itoa(int(f.Num))
		if s.Marks == themes.MarkNone {
			return []segment{{pad(strings.Repeat(" ", max(0, 2-len(n)))+n, 3), f.Color}}
		}
		return []segment{{s.symbol(f.Color), f.Color}, {pad(n, 2), f.Color}}
	}
	j := s.symbol(game.JokerColor)
	if size == Full || !as.Valid() || as.IsJoker() {
		return []segment{{" " + j + " ", game.JokerColor}}
	}
	// A compact joker shows what it stands for in that tile's colour.
	m := strconv.Itoa(int(as.Num))
	if len(m) == 1 {
		m = s.symbol(as.Color) + m
	} else if s.Mono || s.Marks != themes.MarkNone {
		// No room for the letter of a two-digit meaning: the face says J
		// and the number; the Full size and the set's layout say the rest.
		m = m[:2]
	}
	return []segment{{j, game.JokerColor}, {pad(m, 2), as.Color}}
}

// pad right-pads s with spaces to w cells.
func pad(s string, w int) string {
	if n := lipgloss.Width(s); n < w {
		return s + strings.Repeat(" ", w-n)
	}
	return s
}

// faceStyle is the style of one face segment under opts.
func (s *Styles) faceStyle(c game.Color, o TileOpts) lipgloss.Style {
	st := s.tile.num[min(int(c), game.NumColors)]
	if !s.Mono && !s.ansi16 {
		switch {
		case o.Lifted:
			st = st.Background(s.color(s.Theme.Accents.Lifted))
		case o.Selected && !o.Cursor:
			st = st.Background(s.color(s.Theme.Accents.Selection))
		}
		if o.Cursor && !o.Lifted {
			st = st.Reverse(true)
		}
	} else {
		// Mono, and 16 colours, where no tint reads well under every
		// tile colour: text attributes instead.
		switch {
		case o.Lifted:
			st = st.Bold(true).Reverse(true)
		case o.Cursor:
			st = st.Reverse(true)
		case o.Selected:
			st = st.Underline(true)
		}
	}
	if o.Locked {
		st = st.Faint(true)
	}
	return st
}

// Tile draws face f. A compact tile is one line of Size.Width() cells: the
// left cell marks the cursor, a selection or a carried tile; the right
// cell marks the most urgent of invalid, key tile, locked, hint, placed
// (the left cell shows the second one when it is free).
// In mono the unmarked cells are [ and ], so tiles read [R7 ][R8 ][R9 ].
// A full tile is a frame of 3 lines whose shape marks interaction (rounded
// plain, double under the cursor, heavy when carried, dashed when
// selected) and whose top edge holds up to two status glyphs; a joker's
// meaning is written in its bottom edge.
func (s *Styles) Tile(f game.Face, o TileOpts) string {
	if !f.IsJoker() {
		o.As = game.Face{} // ignored for numbered tiles: one drawing each
	}
	return s.memo.draw(memoKey{memoTile, f, o}, func() string { return s.tile1(f, o) })
}

// tile1 draws a tile (see Tile) through Lip Gloss.
func (s *Styles) tile1(f game.Face, o TileOpts) string {
	var face strings.Builder
	for _, seg := range s.faceText(f, o.As, o.Size) {
		face.WriteString(s.faceStyle(seg.c, o).Render(seg.text))
	}
	if o.Size == Full {
		return s.frame(face.String(), o, s.meaningEdge(f, o.As))
	}
	return s.left(o) + face.String() + s.right(o)
}

// GameTile draws a game tile, with a joker's stated meaning taken from t.As
// unless opts gives one.
func (s *Styles) GameTile(t game.Tile, o TileOpts) string {
	if o.As.IsZero() {
		o.As = t.As
	}
	return s.Tile(t.Face, o)
}

func (s *Styles) left(o TileOpts) string {
	k := interaction(o)
	if st := statuses(o); k == markNone && len(st) > 1 {
		// A free left cell shows the second status mark.
		k = st[1]
	}
	if k == markNone {
		if s.Mono {
			return "["
		}
		return s.NewStyle().Render(" ")
	}
	return s.tile.mark[k].Render(s.glyph(k))
}

func (s *Styles) right(o TileOpts) string {
	st := statuses(o)
	if len(st) == 0 {
		if s.Mono {
			return "]"
		}
		return s.NewStyle().Render(" ")
	}
	return s.tile.mark[st[0]].Render(s.glyph(st[0]))
}

// frame parts: top-left, top, top-right, side, bottom-left, bottom, bottom-right.
var (
	frameRounded = [7]string{"╭", "─", "╮", "│", "╰", "─", "╯"}
	frameDouble  = [7]string{"╔", "═", "╗", "║", "╚", "═", "╝"}
	frameHeavy   = [7]string{"┏", "━", "┓", "┃", "┗", "━", "┛"}
	frameDashed  = [7]string{"┌", "╌", "┐", "╎", "└", "╌", "┘"}
)

// frame draws a Full tile around a three-cell face.
func (s *Styles) frame(face string, o TileOpts, bottom []segment) string {
	parts := frameRounded
	edge := s.tile.edge
	switch interaction(o) {
	case markLifted:
		parts, edge = frameHeavy, s.tile.mark[markLifted]
	case markCursor:
		parts, edge = frameDouble, s.tile.mark[markCursor]
	case markSelected:
		parts, edge = frameDashed, s.tile.mark[markSelected]
	}
	st := statuses(o)
	if interaction(o) == markNone && len(st) > 0 {
		edge = s.tile.mark[st[0]].UnsetBold()
	}
	h := parts[1]
	top := edge.Render(parts[0])
	// Top edge: second status glyph at the left, the first at the right.
	cells := [3]string{edge.Render(h), edge.Render(h), edge.Render(h)}
	if len(st) > 0 {
		cells[2] = s.tile.mark[st[0]].Render(s.glyph(st[0]))
	}
	if len(st) > 1 {
		cells[0] = s.tile.mark[st[1]].Render(s.glyph(st[1]))
	}
	top += cells[0] + cells[1] + cells[2] + edge.Render(parts[2])
	mid := edge.Render(parts[3]) + face + edge.Render(parts[3])
	bot := edge.Render(parts[4])
	w := 0
	for _, seg := range bottom {
		bot += s.tile.meaning.Render(seg.text)
		w += lipgloss.Width(seg.text)
	}
	bot += edge.Render(strings.Repeat(parts[5], max(0, 3-w))) + edge.Render(parts[6])
	return top + "\n" + mid + "\n" + bot
}

// meaningEdge is a Full joker's meaning for its bottom edge ("R4", "R13").
func (s *Styles) meaningEdge(f, as game.Face) []segment {
	if !f.IsJoker() || !as.Valid() || as.IsJoker() {
		return nil
	}
	sym := s.symbol(as.Color)
	if s.Marks == themes.MarkNone {
		sym = string(as.Color.Letter())
	}
	return []segment{{sym + strconv.Itoa(int(as.Num)), as.Color}}
}

// Slot draws an empty place a tile can be dropped on (the end of a set, a
// new set), the same size as a tile; opts.Cursor marks it as the target.
func (s *Styles) Slot(o TileOpts) string {
	return s.memo.draw(memoKey{kind: memoSlot, opts: o}, func() string { return s.slot1(o) })
}

// slot1 draws a slot (Slot keeps what it drew).
func (s *Styles) slot1(o TileOpts) string {
	target := o.Cursor || o.Lifted
	in := s.tile.slot
	if target {
		in = s.tile.mark[markCursor]
	}
	label := " + "
	if o.Label != "" {
		label = pad(o.Label, 3)
	}
	if o.Size == Full {
		// A target gets the cursor's double frame; an idle slot the
		// dashed frame of an empty place.
		return s.frame(in.Render(label), TileOpts{Size: Full, Cursor: target, Selected: !target}, nil)
	}
	l, r := "(", ")"
	if !s.Mono {
		l, r = " ", " "
	}
	if target {
		l = s.glyph(markCursor)
	}
	return s.tile.mark[markCursor].Render(l) + in.Render(label) + s.NewStyle().Render(r)
}

// Back draws a face-down tile, for the pool and other players' racks.
func (s *Styles) Back(size Size) string {
	if s.Mono {
		if size == Full {
			return "╭───╮\n│///│\n╰───╯"
		}
		return "[///]"
	}
	face := s.tile.back.Render("░░░")
	if size == Full {
		return s.frame(face, TileOpts{Size: Full}, nil)
	}
	sp := s.NewStyle().Render(" ")
	return sp + face + sp
}

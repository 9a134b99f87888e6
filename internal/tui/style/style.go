// Package style turns a theme into lipgloss styles for one renderer and
// draws tiles with them. Every style comes from the renderer it was built
// with, never from lipgloss's global one, so that each terminal (each SSH
// session, later) gets colours fit for that terminal.
//
// Where colour cannot be shown (the mono theme, NO_COLOR, a terminal with
// no colour) every mark is carried by text alone: colour letters on tiles
// and one-cell glyphs beside them. Golden tests rely on that.
package style

import (
	"strconv"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"rummikub/themes"
)

// Styles holds everything drawn in one theme on one renderer. The exported
// styles are for the board around the tiles; tiles are drawn by Tile,
// Slot and Back.
type Styles struct {
	// Theme is the theme the styles were made from.
	Theme themes.Theme
	// Mono is true when nothing may depend on colour: the mono theme, or a
	// renderer without colour. Then tiles show colour letters and every
	// mark is a glyph.
	Mono bool
	// Marks is what tiles show beside the number (themes.MarkLetter,
	// MarkSymbol or MarkNone), after Mono and 16-colour terminals forced
	// letters.
	Marks string

	Title    lipgloss.Style // the game's title and screen headings
	Text     lipgloss.Style // ordinary text
	Dim      lipgloss.Style // secondary text: counts, labels, hints of keys
	Border   lipgloss.Style // a rounded border in the board's border colour
	Panel    lipgloss.Style // Border with one cell of horizontal padding
	Focus    lipgloss.Style // a rounded border in the cursor colour: the focused area
	Invalid  lipgloss.Style // a rounded border in the invalid colour: a set that does not stand
	Player   lipgloss.Style // a player's name in the player bar
	Current  lipgloss.Style // the name of the player whose turn it is
	Melded   lipgloss.Style // the melded marker (render MeldedMark with it)
	Status   lipgloss.Style // the status line's ordinary messages
	Error    lipgloss.Style // the status line's errors, and the reason on an invalid set
	Success  lipgloss.Style // good news: a valid turn, a win
	Warning  lipgloss.Style // the turn timer running out, the River's key tile
	Hint     lipgloss.Style // text about the hint
	Selected lipgloss.Style // the chosen line of a menu
	HelpKey  lipgloss.Style // a key in the help bar
	HelpDesc lipgloss.Style // what the key does
	HelpSep  lipgloss.Style // separators in the help bar

	// MeldedMark is the one-cell mark of a player who has made the
	// initial meld; CursorMark the one a cursor line or menu item can use.
	MeldedMark string
	CursorMark string
	// DrawnMark, MovedMark and ChangedMark are the glyphs of a tile just
	// drawn, a table tile moved this turn and one the last player changed:
	// chosen so that no two marks of the theme look alike.
	DrawnMark, MovedMark, ChangedMark string

	r      *lipgloss.Renderer
	ansi16 bool                   // a 16-colour terminal: tints become attributes
	board  lipgloss.TerminalColor // nil: the terminal's own background
	tile   tileStyles
	memo   *memo // tiles and cells already drawn
}

// New builds the styles of theme th for renderer r. Use one Styles per
// renderer (per terminal); it is safe for concurrent reads. New asks the
// terminal for its colours the first time a renderer is used, so build the
// first styles before the program reads keys, and keep the renderer for
// later theme changes.
func New(r *lipgloss.Renderer, th themes.Theme) *Styles {
	s := &Styles{Theme: th, r: r}
	profile := r.ColorProfile()
	// Ask the terminal for its background now, once per renderer, rather
	// than on the first adaptive colour drawn: by then the program reads
	// the keyboard, and the terminal's answer and the player's keys would
	// be read by the wrong party. Build styles before the program starts,
	// and reuse the renderer when the theme changes.
	r.HasDarkBackground()
	s.Mono = th.Mono || profile == termenv.Ascii
	s.ansi16 = profile == termenv.ANSI
	s.Marks = th.Marks
	if s.Mono || (profile == termenv.ANSI && th.Marks == themes.MarkNone) {
		// Sixteen-colour palettes differ from terminal to terminal; the
		// letter keeps the tile readable whatever the palette does.
		s.Marks = themes.MarkLetter
	}
	if !s.Mono && !th.Board.Background.IsZero() {
		s.board = color(th.Board.Background)
	}
	s.MeldedMark = th.Glyphs.Melded
	s.CursorMark = th.Glyphs.Cursor
	s.pickMarkGlyphs()
	if s.Mono {
		s.buildMono()
	} else {
		s.buildColor()
	}
	s.tile = s.buildTiles()
	s.memo = &memo{m: map[memoKey]string{}}
	return s
}

// Renderer is the renderer the styles draw for.
func (s *Styles) Renderer() *lipgloss.Renderer { return s.r }

// NewStyle is a blank style of this renderer on the board's background,
// for anything the exported styles do not cover.
func (s *Styles) NewStyle() lipgloss.Style {
	st := s.r.NewStyle()
	if s.board != nil {
		st = st.Background(s.board)
	}
	return st
}

// BoardBackground is the board's colour, or nil when the theme leaves the
// terminal's own background (every built-in theme does).
func (s *Styles) BoardBackground() lipgloss.TerminalColor { return s.board }

// HelpStyles are the styles for a bubbles help.Model in this theme.
func (s *Styles) HelpStyles() help.Styles {
	return help.Styles{
		Ellipsis:       s.HelpSep,
		ShortKey:       s.HelpKey,
		ShortDesc:      s.HelpDesc,
		ShortSeparator: s.HelpSep,
		FullKey:        s.HelpKey,
		FullDesc:       s.HelpDesc,
		FullSeparator:  s.HelpSep,
	}
}

// color turns a theme colour into a lipgloss colour with explicit values
// for true-colour, 256-colour and 16-colour terminals, light and dark.
func color(c themes.Color) lipgloss.TerminalColor {
	if c.IsZero() {
		return lipgloss.NoColor{}
	}
	return lipgloss.CompleteAdaptiveColor{Light: complete(c.Light), Dark: complete(c.Dark)}
}

func complete(s themes.Spec) lipgloss.CompleteColor {
	return lipgloss.CompleteColor{
		TrueColor: s.Hex,
		ANSI256:   strconv.Itoa(s.ANSI256),
		ANSI:      strconv.Itoa(s.ANSI),
	}
}

func (s *Styles) buildColor() {
	th := s.Theme
	a := th.Accents
	fg := func(c themes.Color) lipgloss.Style { return s.NewStyle().Foreground(color(c)) }
	s.Title = fg(th.Board.Title).Bold(true)
	s.Text = fg(th.Board.Text)
	s.Dim = fg(th.Board.Dim)
	s.Border = s.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(color(th.Board.Border))
	if s.board != nil {
		s.Border = s.Border.BorderBackground(s.board)
	}
	s.Panel = s.Border.Padding(0, 1)
	s.Focus = s.Border.BorderForeground(color(a.Cursor))
	s.Invalid = s.Border.BorderForeground(color(a.Invalid))
	s.Player = fg(th.Board.Text)
	s.Current = fg(a.Current).Bold(true).Underline(true)
	s.Melded = fg(a.Melded).Bold(true)
	s.Status = fg(a.Info)
	s.Error = fg(a.Error).Bold(true)
	s.Success = fg(a.Placed).Bold(true)
	s.Warning = fg(a.Key).Bold(true)
	s.Hint = fg(a.Hint)
	s.Selected = fg(a.Cursor).Bold(true)
	s.HelpKey = fg(th.Board.Text).Bold(true)
	s.HelpDesc = fg(th.Board.Dim)
	s.HelpSep = fg(th.Board.Border)
}

// buildMono uses text attributes only; on a terminal without any (and in
// golden tests) the glyphs and letters still say everything.
func (s *Styles) buildMono() {
	n := s.NewStyle
	s.Title = n().Bold(true)
	s.Text = n()
	s.Dim = n().Faint(true)
	s.Border = n().Border(lipgloss.NormalBorder())
	s.Panel = s.Border.Padding(0, 1)
	s.Focus = n().Border(lipgloss.DoubleBorder())
	s.Invalid = n().Border(lipgloss.ThickBorder())
	s.Player = n()
	s.Current = n().Bold(true).Reverse(true)
	s.Melded = n().Bold(true)
	s.Status = n()
	s.Error = n().Bold(true)
	s.Success = n().Bold(true)
	s.Warning = n().Bold(true)
	s.Hint = n().Underline(true)
	s.Selected = n().Reverse(true)
	s.HelpKey = n().Bold(true)
	s.HelpDesc = n()
	s.HelpSep = n().Faint(true)
}

// pickMarkGlyphs chooses the drawn, moved and changed glyphs among
// candidates the theme's own glyphs do not use.
func (s *Styles) pickMarkGlyphs() {
	g := s.Theme.Glyphs
	used := map[string]bool{}
	for _, x := range []string{g.Cursor, g.Selected, g.Lifted, g.Placed, g.Invalid, g.Locked, g.Key, g.Hint, g.Melded} {
		used[x] = true
	}
	pick := func(cands ...string) string {
		for _, c := range cands {
			if !used[c] {
				used[c] = true
				return c
			}
		}
		return cands[len(cands)-1]
	}
	s.DrawnMark = pick("+", "=", "&")
	s.ChangedMark = pick("*", "@", "%")
	s.MovedMark = pick("~", ":", "'")
}

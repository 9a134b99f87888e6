// Package style turns a theme into lipgloss styles for one terminal (its
// colour profile and whether its background is dark) and draws tiles with
// them. Each terminal (each SSH session) gets styles of its own, with
// colours fit for that terminal; Bubble Tea downsamples what is drawn to
// the terminal's profile on the way out.
//
// Where colour cannot be shown (the mono theme, NO_COLOR, a terminal with
// no colour) every mark is carried by text alone: colour letters on tiles
// and one-cell glyphs beside them. Golden tests rely on that.
package style

import (
	"image/color"
	"strconv"

	"charm.land/bubbles/v2/help"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/themes"
)

// Styles holds everything drawn in one theme for one terminal. The exported
// styles are for the board around the tiles; tiles are drawn by Tile,
// Slot and Back.
type Styles struct {
	// Theme is the theme the styles were made from.
	Theme themes.Theme
	// Mono is true when nothing may depend on colour: the mono theme, or a
	// terminal without colour. Then tiles show colour letters and every
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

	// DimInk and SelectedInk are Dim and Selected for lines drawn on
	// every frame (see Ink).
	DimInk, SelectedInk Ink

	// MeldedMark is the one-cell mark of a player who has made the
	// initial meld; CursorMark the one a cursor line or menu item can use.
	MeldedMark string
	CursorMark string
	// DrawnMark, MovedMark and ChangedMark are the glyphs of a tile just
	// drawn, a table tile moved this turn and one the last player changed:
	// chosen so that no two marks of the theme look alike.
	DrawnMark, MovedMark, ChangedMark string

	profile colorprofile.Profile
	dark    bool        // the terminal's background is dark
	ansi16  bool        // a 16-colour terminal: tints become attributes
	board   color.Color // nil: the terminal's own background
	tile    tileStyles
	memo    *memo // tiles and cells already drawn
}

// New builds the styles of theme th for a terminal of colour profile p,
// whose background is dark (or light). Use one Styles per terminal; it is
// safe for concurrent reads. A terminal that has not said its background
// is taken as dark, as before the background could be asked.
func New(p colorprofile.Profile, dark bool, th themes.Theme) *Styles {
	s := &Styles{Theme: th, profile: p, dark: dark}
	profile := p
	s.Mono = th.Mono || profile <= colorprofile.Ascii
	s.ansi16 = profile == colorprofile.ANSI
	s.Marks = th.Marks
	if s.Mono || (profile == colorprofile.ANSI && th.Marks == themes.MarkNone) {
		// Sixteen-colour palettes differ from terminal to terminal; the
		// letter keeps the tile readable whatever the palette does.
		s.Marks = themes.MarkLetter
	}
	if !s.Mono && !th.Board.Background.IsZero() {
		s.board = s.color(th.Board.Background)
	}
	s.MeldedMark = th.Glyphs.Melded
	s.CursorMark = th.Glyphs.Cursor
	s.pickMarkGlyphs()
	if s.Mono {
		s.buildMono()
	} else {
		s.buildColor()
	}
	s.DimInk, s.SelectedInk = InkOf(s.Dim), InkOf(s.Selected)
	s.tile = s.buildTiles()
	s.memo = &memo{m: map[memoKey]string{}}
	return s
}

// Profile is the colour profile of the terminal the styles are for.
func (s *Styles) Profile() colorprofile.Profile { return s.profile }

// Dark reports whether the styles are for a dark background.
func (s *Styles) Dark() bool { return s.dark }

// ForBackground is the styles for a terminal whose background is dark (or
// light): s itself when it already is.
func (s *Styles) ForBackground(dark bool) *Styles {
	if s.dark == dark {
		return s
	}
	return New(s.profile, dark, s.Theme)
}

// NewStyle is a blank style on the board's background, for anything the
// exported styles do not cover.
func (s *Styles) NewStyle() lipgloss.Style {
	st := lipgloss.NewStyle()
	if s.board != nil {
		st = st.Background(s.board)
	}
	return st
}

// BoardBackground is the board's colour, or nil when the theme leaves the
// terminal's own background (every built-in theme does).
func (s *Styles) BoardBackground() color.Color { return s.board }

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

// color turns a theme colour into the colour for this terminal: the light
// or dark one, in the theme's own value for a true-colour, 256-colour or
// 16-colour terminal.
func (s *Styles) color(c themes.Color) color.Color {
	if c.IsZero() {
		return lipgloss.NoColor{}
	}
	spec := c.Light
	if s.dark {
		spec = c.Dark
	}
	return lipgloss.Complete(s.profile)(lipgloss.Color(strconv.Itoa(spec.ANSI)),
		lipgloss.Color(strconv.Itoa(spec.ANSI256)), lipgloss.Color(spec.Hex))
}

func (s *Styles) buildColor() {
	th := s.Theme
	a := th.Accents
	fg := func(c themes.Color) lipgloss.Style { return s.NewStyle().Foreground(s.color(c)) }
	s.Title = fg(th.Board.Title).Bold(true)
	s.Text = fg(th.Board.Text)
	s.Dim = fg(th.Board.Dim)
	s.Border = s.NewStyle().Border(lipgloss.RoundedBorder()).BorderForeground(s.color(th.Board.Border))
	if s.board != nil {
		s.Border = s.Border.BorderBackground(s.board)
	}
	s.Panel = s.Border.Padding(0, 1)
	s.Focus = s.Border.BorderForeground(s.color(a.Cursor))
	s.Invalid = s.Border.BorderForeground(s.color(a.Invalid))
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

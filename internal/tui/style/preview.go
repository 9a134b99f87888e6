package style

import (
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/game"
)

// States are the tile marks one at a time, named, in the order a preview
// and the golden tests show them.
var States = []struct {
	Name string
	Opts TileOpts
}{
	{"normal", TileOpts{}},
	{"cursor", TileOpts{Cursor: true}},
	{"selected", TileOpts{Selected: true}},
	{"lifted", TileOpts{Lifted: true}},
	{"placed", TileOpts{Placed: true}},
	{"invalid", TileOpts{Invalid: true}},
	{"locked", TileOpts{Locked: true}},
	{"key", TileOpts{Key: true}},
	{"hint", TileOpts{Hint: true}},
	{"cursor+invalid", TileOpts{Cursor: true, Invalid: true}},
	{"placed+invalid", TileOpts{Placed: true, Invalid: true}},
}

// PreviewWidth is the width the preview sheet keeps within.
const PreviewWidth = 80

// Preview draws a sheet of the theme: every tile colour, jokers, every
// mark in both sizes and the board's text styles. `rummikub themes` and
// the preview test show it; it is also a quick look for a theme author.
func (s *Styles) Preview() string {
	var b strings.Builder
	line := func(parts ...string) { b.WriteString(strings.Join(parts, "") + "\n") }
	line(s.Title.Render("Theme " + s.Theme.Name))
	if s.Theme.Description != "" {
		line(s.Dim.Render(ansi.Wordwrap(s.Theme.Description, PreviewWidth, "")))
	}
	line()
	for _, c := range game.Colors {
		var row []string
		for n := 1; n <= game.MaxNumber; n++ {
			row = append(row, s.Tile(game.F(c, n), TileOpts{}))
		}
		line(append(row, "  ", s.Dim.Render(c.String()))...)
	}
	line(s.Tile(game.JokerFace, TileOpts{}), s.Tile(game.JokerFace, TileOpts{As: game.F(game.Red, 4)}),
		s.Tile(game.JokerFace, TileOpts{As: game.F(game.Blue, 13)}), "  ",
		s.Slot(TileOpts{}), s.Slot(TileOpts{Cursor: true}), "  ", s.Back(Compact), "  ",
		s.Dim.Render("jokers (J, J:R4, J:B13), slots, back"))
	line()
	// Each mark beside its name, as many to a line as fit.
	row, width := "", 0
	for _, st := range States[:9] {
		item := s.Dim.Render(st.Name) + " " + s.Tile(game.F(game.Red, 7), st.Opts)
		w := lipgloss.Width(item)
		if width > 0 && width+3+w > PreviewWidth {
			line(row)
			row, width = "", 0
		}
		if width > 0 {
			row, width = row+"   ", width+3
		}
		row, width = row+item, width+w
	}
	line(row)
	line()
	var full []string
	for _, st := range States[:9] {
		o := st.Opts
		o.Size = Full
		full = append(full, s.Tile(game.F(game.Orange, 12), o), " ")
	}
	full = append(full, s.Tile(game.JokerFace, TileOpts{Size: Full, As: game.F(game.Black, 13)}), " ",
		s.Slot(TileOpts{Size: Full}), " ", s.Back(Full))
	line(lipgloss.JoinHorizontal(lipgloss.Top, full...))
	line()
	line(s.Current.Render("Ana"), " ", s.Melded.Render(s.MeldedMark), "  ",
		s.Player.Render("Ben"), "  ", s.Status.Render("Ben drew a tile."), "  ",
		s.Error.Render("This run has a gap."), "  ", s.Warning.Render("0:05"))
	line(s.HelpKey.Render("space"), " ", s.HelpDesc.Render("pick up"), s.HelpSep.Render(" • "),
		s.HelpKey.Render("?"), " ", s.HelpDesc.Render("more keys"), "  ", s.Success.Render("Valid turn."), "  ",
		s.Hint.Render("Hint: 3 tiles"))
	return b.String()
}

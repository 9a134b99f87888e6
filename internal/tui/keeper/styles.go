package keeper

import (
	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/list"
	"charm.land/bubbles/v2/table"
	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// styles are the few looks the keeper uses, taken from the caller's
// style.Styles: its theme, drawn for its terminal. Nothing here comes
// from bubbles' default styles, so each terminal (each SSH session) gets
// its own colours, and the theme and NO_COLOR apply. Meaning never rests on colour alone: the focused line
// has "> ", errors say "Error:", so a terminal without colour loses nothing.
type styles struct {
	base     *style.Styles
	title    lipgloss.Style // screen headings
	subtle   lipgloss.Style // option summaries, hints, placeholders
	label    lipgloss.Style // ordinary lines
	focus    lipgloss.Style // the line under the cursor
	choice   lipgloss.Style // the value of a left/right choice
	err      lipgloss.Style // errors
	ok       lipgloss.Style // good news: the zero-sum check holds
	info     lipgloss.Style // the status line: saved, undone, resumed
	banner   lipgloss.Style // the match winner (the theme's gold)
	header   lipgloss.Style // column headings and the totals row
	selected lipgloss.Style // the selected game's row
}

// plainStyles are the styles used when the caller gives none: the mono
// theme for a terminal without colour (tests).
func plainStyles() *style.Styles {
	th, err := themes.Builtin(themes.Mono)
	if err != nil {
		// The mono theme is built in and tested; should it ever fail to
		// load, an empty colourless theme still draws every word.
		th = themes.Theme{Name: themes.Mono, Mono: true}
	}
	return style.New(colorprofile.Ascii, true, th)
}

func newStyles(s *style.Styles) styles {
	if s == nil {
		s = plainStyles()
	}
	return styles{
		base:     s,
		title:    s.Title,
		subtle:   s.Dim,
		label:    s.Text,
		focus:    s.Selected,
		choice:   s.Text.Bold(true),
		err:      s.Error,
		ok:       s.Success,
		info:     s.Status,
		banner:   s.Warning,
		header:   s.Text.Bold(true),
		selected: s.Selected,
	}
}

// plain is a style with no colour at all, for
// layout (padding, cutting to size).
func (s styles) plain() lipgloss.Style { return lipgloss.NewStyle() }

// paint lays the finished screen on the theme's board background (felt);
// the view is unchanged for themes without one.
func (s styles) paint(view string, width, height int) string {
	return s.base.Paint(view, width, height)
}

// helpModel is bubbles' help with ASCII separators in the theme's colours.
func (s styles) helpModel() help.Model {
	h := help.New()
	h.ShortSeparator = " | "
	h.Ellipsis = "..."
	h.Styles = s.base.HelpStyles()
	return h
}

// tableStyles colour the scoreboard. Cells carry no colour of their own:
// the selected row's style wraps the whole row, and an inner reset would
// end it after the first cell.
func (s styles) tableStyles() table.Styles {
	return table.Styles{
		Header:   s.header.Padding(0, 1),
		Cell:     s.plain().Padding(0, 1),
		Selected: s.selected,
	}
}

// listStyles replace every default style of the session picker (bubbles'
// own colours) with the keeper's.
func (s styles) listStyles() list.Styles {
	p := s.plain
	return list.Styles{
		TitleBar:                    p().Padding(0, 0, 1, 2),
		Title:                       s.title,
		Spinner:                     s.subtle,
		Filter:                      s.inputStyles(),
		DefaultFilterCharacterMatch: p().Underline(true),
		StatusBar:                   s.subtle.Padding(0, 0, 1, 2),
		StatusEmpty:                 s.subtle,
		StatusBarActiveFilter:       s.label,
		StatusBarFilterCount:        s.subtle,
		NoItems:                     s.subtle,
		PaginationStyle:             p().PaddingLeft(2),
		HelpStyle:                   p().Padding(1, 0, 0, 2),
		ActivePaginationDot:         s.label,
		InactivePaginationDot:       s.subtle,
		ArabicPagination:            s.subtle,
		DividerDot:                  s.subtle,
	}
}

// inputStyles are the keeper's styles of a text field (textinput's
// defaults are made for a dark terminal of their own colours).
func (s styles) inputStyles() textinput.Styles {
	st := textinput.Styles{
		Focused: textinput.StyleState{Prompt: s.label, Text: s.label, Placeholder: s.subtle, Suggestion: s.subtle},
		Blurred: textinput.StyleState{Prompt: s.label, Text: s.label, Placeholder: s.subtle, Suggestion: s.subtle},
	}
	st.Cursor.Color = s.label.GetForeground()
	st.Cursor.Blink = true
	return st
}

// styleInput gives a text field the keeper's styles.
func (s styles) styleInput(t *textinput.Model) { t.SetStyles(s.inputStyles()) }

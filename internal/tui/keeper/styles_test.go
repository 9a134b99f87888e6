package keeper

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// renderer is a terminal of the given colour support that writes nowhere
// and never asks anything.
func renderer(p termenv.Profile) *lipgloss.Renderer {
	r := lipgloss.NewRenderer(io.Discard)
	r.SetColorProfile(p)
	r.SetHasDarkBackground(true)
	return r
}

// themed is a built-in theme drawn for a renderer of profile p.
func themed(t *testing.T, theme string, p termenv.Profile) *style.Styles {
	t.Helper()
	th, err := themes.Builtin(theme)
	if err != nil {
		t.Fatal(err)
	}
	return style.New(renderer(p), th)
}

// everyScreen walks through every screen of the keeper (picker with its
// full help, a new session's form, the board with games, a selected row,
// a confirmation and the winner, a game being entered with a bad tile and
// an error) and returns each view.
func everyScreen(t *testing.T, st *style.Styles) []string {
	t.Helper()
	dir := t.TempDir()
	var views []string
	look := func(m Model) Model {
		views = append(views, m.View())
		return m
	}
	m := newKeeper(t, dir, Options{Styles: st})
	m = look(m)
	m = look(press(t, m, "enter"))                   // new session: the date as placeholder
	m = look(press(t, m, "tab", "Ana", "tab", "Be")) // typing, with the text cursor
	m = look(press(t, m, "n", "tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab", "2", "ctrl+s"))
	m = look(press(t, m, "a", "1", "tab", "R7 X9")) // the game form, an unknown tile
	m = look(press(t, m, "ctrl+s"))                 // refused: an error
	m = look(press(t, m, "backspace", "backspace", "J", "enter"))
	m = look(press(t, m, "?")) // the board's full help
	m = look(press(t, m, "?", "x"))
	m = look(press(t, m, "n", "a", "2", "tab", "30", "enter")) // the match is over: the winner
	m = look(press(t, m, "o"))                                 // options of the open session
	m = look(press(t, m, "esc", "q"))                          // back to the picker
	look(press(t, m, "?"))
	if !strings.Contains(views[len(views)-4], "winner is") {
		t.Fatalf("the walk did not reach the winner:\n%s", views[len(views)-4])
	}
	return views
}

// TestKeeperOwnRenderer checks that everything the keeper draws comes from
// the renderer it was given, never from lipgloss's global one: with a
// global renderer that colours everything, a keeper on a colourless
// terminal shows no escape code on any screen (any style, bubbles'
// defaults included, that came from the global renderer would show one);
// and with a colourless global renderer, keepers on true-colour and
// 16-colour terminals are coloured, each in its own way.
func TestKeeperOwnRenderer(t *testing.T) {
	saved := lipgloss.DefaultRenderer()
	defer lipgloss.SetDefaultRenderer(saved)

	lipgloss.SetDefaultRenderer(renderer(termenv.TrueColor))
	for i, v := range everyScreen(t, themed(t, "classic", termenv.Ascii)) {
		if strings.Contains(v, "\x1b") {
			t.Errorf("screen %d of a colourless terminal has escape codes (a style of the global renderer):\n%q", i, v)
		}
	}

	lipgloss.SetDefaultRenderer(renderer(termenv.Ascii))
	tc := everyScreen(t, themed(t, "classic", termenv.TrueColor))
	c16 := everyScreen(t, themed(t, "classic", termenv.ANSI))
	for i := range tc {
		if !strings.Contains(tc[i], "\x1b[38;2;") {
			t.Errorf("screen %d in true colour has no true colour:\n%q", i, tc[i])
		}
		if !strings.Contains(c16[i], "\x1b[") || strings.Contains(c16[i], "38;2;") {
			t.Errorf("screen %d on 16 colours is not drawn in 16 colours:\n%q", i, c16[i])
		}
		if ansi.Strip(tc[i]) != ansi.Strip(c16[i]) {
			t.Errorf("screen %d says different things on two terminals:\n%s\n%s", i, ansi.Strip(tc[i]), ansi.Strip(c16[i]))
		}
	}
}

// The theme is the caller's: two themes give two looks on one terminal,
// and a theme with a board colour (felt) covers the whole screen with it.
func TestKeeperFollowsTheTheme(t *testing.T) {
	dir := t.TempDir()
	classic := newKeeper(t, dir, Options{Styles: themed(t, "classic", termenv.TrueColor)})
	dark := newKeeper(t, dir, Options{Styles: themed(t, "high-contrast", termenv.TrueColor)})
	if classic.View() == dark.View() {
		t.Errorf("classic and high-contrast draw the keeper alike")
	}
	felt := themed(t, "felt", termenv.TrueColor)
	m := newKeeper(t, dir, Options{Styles: felt})
	m = press(t, m, "enter", "tab", "Ana", "tab", "Ben", "ctrl+s", "a", "1", "tab", "R7 J", "enter")
	probe := felt.NewStyle().Render("x")
	on, _, _ := strings.Cut(probe, "x")
	lines := strings.Split(m.View(), "\n")
	if len(lines) != 24 || on == "" {
		t.Fatalf("felt board: %d lines, background %q", len(lines), on)
	}
	for i, l := range lines {
		if w := lipgloss.Width(l); w != 80 || !strings.HasPrefix(l, on) {
			t.Errorf("felt line %d is %d wide or not on the board colour: %q", i, w, l)
		}
	}
}

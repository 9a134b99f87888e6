package keeper

import (
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// themed is a built-in theme drawn for a terminal of profile p.
func themed(t *testing.T, theme string, p colorprofile.Profile) *style.Styles {
	t.Helper()
	th, err := themes.Builtin(theme)
	if err != nil {
		t.Fatal(err)
	}
	return style.New(p, true, th)
}

// viewText is a view as a terminal without colour or attributes shows it.
func viewText(v tea.View) string { return ansi.Strip(v.Content) }

// clock finds a time of day (hh:mm).
var clock = regexp.MustCompile(`\b\d\d:\d\d\b`)

// colourCode finds a colour in an SGR sequence (a foreground or
// background of any kind).
var colourCode = regexp.MustCompile(`\x1b\[([0-9]*;)*(3[0-9]|4[0-9]|9[0-7]|10[0-7])[;m]`)

// everyScreen walks through every screen of the keeper (picker with its
// full help, a new session's form, the board with games, a selected row,
// a confirmation and the winner, a game being entered with a bad tile and
// an error) and returns each view.
func everyScreen(t *testing.T, st *style.Styles) []string {
	t.Helper()
	dir := t.TempDir()
	var views []string
	look := func(m Model) Model {
		views = append(views, m.View().Content)
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

// TestKeeperOwnStyles checks that everything the keeper draws comes from
// the styles it was given: a keeper for a colourless terminal shows no
// colour on any screen (any style of bubbles' defaults would show one);
// keepers on true-colour and 16-colour terminals are coloured, each in its
// own way.
func TestKeeperOwnStyles(t *testing.T) {
	for i, v := range everyScreen(t, themed(t, "classic", colorprofile.Ascii)) {
		if colourCode.MatchString(v) {
			t.Errorf("screen %d of a colourless terminal has colour (a style not the keeper's):\n%q", i, v)
		}
	}

	tc := everyScreen(t, themed(t, "classic", colorprofile.TrueColor))
	c16 := everyScreen(t, themed(t, "classic", colorprofile.ANSI))
	for i := range tc {
		if !strings.Contains(tc[i], "\x1b[38;2;") {
			t.Errorf("screen %d in true colour has no true colour:\n%q", i, tc[i])
		}
		if !strings.Contains(c16[i], "\x1b[") || strings.Contains(c16[i], "38;2;") {
			t.Errorf("screen %d on 16 colours is not drawn in 16 colours:\n%q", i, c16[i])
		}
		// The picker shows when a session was saved: the two walks may
		// straddle a minute.
		a, b := clock.ReplaceAllString(ansi.Strip(tc[i]), "hh:mm"), clock.ReplaceAllString(ansi.Strip(c16[i]), "hh:mm")
		if a != b {
			t.Errorf("screen %d says different things on two terminals:\n%s\n%s", i, a, b)
		}
	}
}

// The theme is the caller's: two themes give two looks on one terminal,
// and a theme with a board colour (felt) covers the whole screen with it.
func TestKeeperFollowsTheTheme(t *testing.T) {
	dir := t.TempDir()
	classic := newKeeper(t, dir, Options{Styles: themed(t, "classic", colorprofile.TrueColor)})
	dark := newKeeper(t, dir, Options{Styles: themed(t, "high-contrast", colorprofile.TrueColor)})
	if classic.View().Content == dark.View().Content {
		t.Errorf("classic and high-contrast draw the keeper alike")
	}
	felt := themed(t, "felt", colorprofile.TrueColor)
	m := newKeeper(t, dir, Options{Styles: felt})
	m = press(t, m, "enter", "tab", "Ana", "tab", "Ben", "ctrl+s", "a", "1", "tab", "R7 J", "enter")
	probe := felt.NewStyle().Render("x")
	on, _, _ := strings.Cut(probe, "x")
	lines := strings.Split(m.View().Content, "\n")
	if len(lines) != 24 || on == "" {
		t.Fatalf("felt board: %d lines, background %q", len(lines), on)
	}
	for i, l := range lines {
		if w := lipgloss.Width(l); w != 80 || !strings.HasPrefix(l, on) {
			t.Errorf("felt line %d is %d wide or not on the board colour: %q", i, w, l)
		}
	}
}

package tui

import (
	"image/color"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// The terminal's answer about its background draws the setup screen and
// the match in the theme's light or dark colours; themes tried later keep
// to it; no answer keeps the dark colours.
func TestBackgroundAnswerPicksTheThemeColours(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	restyle := trueColorBuiltin
	st, err := restyle("classic")
	if err != nil {
		t.Fatal(err)
	}
	svc := Services{NoKeeper: true, Themes: []string{"classic", "dark"}, Restyle: restyle}
	a := NewApp(st, svc, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	dark := a.View().Content
	if !a.setup.Styles().Dark() {
		t.Fatal("before an answer the styles should be the dark ones")
	}
	a.Update(tea.BackgroundColorMsg{Color: color.White})
	if a.setup.Styles().Dark() || a.st.Dark() {
		t.Fatal("a white background left the dark colours")
	}
	light := a.View().Content
	if light == dark {
		t.Error("the setup screen looks the same on a light background")
	}
	// "#303030" is classic's text on a light background: 48;48;48.
	if !strings.Contains(light, "38;2;48;48;48") || strings.Contains(dark, "38;2;48;48;48") {
		t.Error("the light screen does not use the theme's light text colour")
	}
	a.setup.setTheme("dark")
	if a.setup.Styles().Dark() {
		t.Error("a theme tried after the answer went back to the dark colours")
	}
	a.Update(tea.BackgroundColorMsg{Color: color.Black})
	if !a.setup.Styles().Dark() {
		t.Error("a black background kept the light colours")
	}

	// In a match.
	tp := twoHumans(t, "R1 R2 R3")
	tp.Restyle(tp.st.ForBackground(false))
	if tp.st.Dark() {
		t.Error("Restyle did not reach the match")
	}
}

package style

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/game"
	"rummikub/themes"
)

func TestPaint(t *testing.T) {
	felt, err := themes.Parse("felt", "felt.toml", []byte("[board]\nbackground = \"#0b5a2a\"\n"), ptr(mustBuiltin(t, "classic")))
	if err != nil {
		t.Fatal(err)
	}
	s := New(colorprofile.TrueColor, true, felt)
	view := s.Title.Render("Rummikub") + "\n" + s.Tile(game.F(game.Red, 7), TileOpts{}) + s.Tile(game.F(game.Blue, 7), TileOpts{}) + " x"
	got := s.Paint(view, 20, 4)
	lines := strings.Split(got, "\n")
	if len(lines) != 4 {
		t.Fatalf("%d lines, want 4", len(lines))
	}
	// #0b5a2a: Lip Gloss v2 writes 90 where v1 rounded to 89.
	const on = "\x1b[48;2;11;90;42m"
	for i, l := range lines {
		if w := lipgloss.Width(l); w != 20 {
			t.Errorf("line %d is %d wide, want 20: %q", i, w, l)
		}
		if !strings.HasPrefix(l, on) {
			t.Errorf("line %d does not start on the board colour: %q", i, l)
		}
		if n, m := strings.Count(l, "\x1b[m"), strings.Count(l, "\x1b[m"+on); n != m+1 {
			t.Errorf("line %d: %d resets, only %d restore the board: %q", i, n, m, l)
		}
	}
	// Without a board colour, or without colour, the view is untouched.
	for _, s := range []*Styles{New(colorprofile.TrueColor, true, mustBuiltin(t, "classic")), New(colorprofile.Ascii, true, felt)} {
		if got := s.Paint(view, 20, 4); got != view {
			t.Errorf("%s: Paint changed a view without a board colour: %q", s.Theme.Name, got)
		}
	}
}

func mustBuiltin(t *testing.T, name string) themes.Theme {
	t.Helper()
	th, err := themes.Builtin(name)
	if err != nil {
		t.Fatal(err)
	}
	return th
}

func ptr[T any](v T) *T { return &v }

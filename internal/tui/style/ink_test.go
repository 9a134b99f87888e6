package style

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/colorprofile"

	"rummikub/themes"
)

// An Ink paints a line as Lip Gloss's Render of its style does, for every
// built-in theme, colour profile and background, on the lines the board
// paints with one: labels, numbers, spaces, rules, names.
func TestInkPaintsAsLipGloss(t *testing.T) {
	lines := []string{"", " ", "x", "  -9", " 10 ", "↑", "→", " Ana's rack · 14 tiles · value 60 · pool 50 ─────",
		"Zoë 红 🀄", "a  b  "}
	for _, name := range themes.BuiltinNames() {
		th, err := themes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii, colorprofile.NoTTY} {
			for _, dark := range []bool{true, false} {
				s := New(p, dark, th)
				for _, c := range []struct {
					name string
					ink  Ink
					st   func(string) string
				}{
					{"Dim", s.DimInk, func(l string) string { return s.Dim.Render(l) }},
					{"Selected", s.SelectedInk, func(l string) string { return s.Selected.Render(l) }},
				} {
					t.Run(fmt.Sprintf("%s/%s/dark=%v/%s", name, p, dark, c.name), func(t *testing.T) {
						for _, l := range lines {
							if got, want := c.ink.Line(l), c.st(l); got != want {
								t.Errorf("Line(%q) = %q, Render gives %q", l, got, want)
							}
						}
					})
				}
			}
		}
	}
}

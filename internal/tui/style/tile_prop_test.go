package style

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"pgregory.net/rapid"

	"rummikub/internal/game"
	"rummikub/themes"
)

// TestTileShapeProperty: whatever the theme, terminal, face (even a
// malformed one), joker meaning and marks, a tile has its size's exact
// width and height, and a slot and a back do too.
func TestTileShapeProperty(t *testing.T) {
	var all []themes.Theme
	for _, n := range themes.BuiltinNames() {
		th, err := themes.Builtin(n)
		if err != nil {
			t.Fatal(err)
		}
		all = append(all, th)
	}
	profiles := []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii}
	rapid.Check(t, func(t *rapid.T) {
		th := rapid.SampledFrom(all).Draw(t, "theme")
		p := rapid.SampledFrom(profiles).Draw(t, "profile")
		s := New(p, rapid.Bool().Draw(t, "dark"), th)
		face := func(label string) game.Face {
			return game.Face{Color: game.Color(rapid.IntRange(0, 6).Draw(t, label+"c")), Num: uint8(rapid.IntRange(0, 15).Draw(t, label+"n"))}
		}
		o := TileOpts{
			Size:   Size(rapid.IntRange(0, 1).Draw(t, "size")),
			Cursor: rapid.Bool().Draw(t, "cursor"), Selected: rapid.Bool().Draw(t, "selected"), Lifted: rapid.Bool().Draw(t, "lifted"),
			Placed: rapid.Bool().Draw(t, "placed"), Invalid: rapid.Bool().Draw(t, "invalid"), Locked: rapid.Bool().Draw(t, "locked"),
			Key: rapid.Bool().Draw(t, "key"), Hint: rapid.Bool().Draw(t, "hint"),
			As: face("as"),
		}
		for what, out := range map[string]string{"tile": s.Tile(face("f"), o), "slot": s.Slot(o), "back": s.Back(o.Size)} {
			if w, h := lipgloss.Width(out), lipgloss.Height(out); w != o.Size.Width() || h != o.Size.Height() {
				t.Fatalf("%s %s/%v %+v: %dx%d, want %dx%d: %q", what, th.Name, p, o, w, h, o.Size.Width(), o.Size.Height(), out)
			}
		}
	})
}

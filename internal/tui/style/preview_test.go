package style

import (
	"fmt"
	"os"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"rummikub/themes"
)

// TestPreview prints every built-in theme when RUMMIKUB_PREVIEW is set, for
// a person to look at in a real terminal:
//
//	RUMMIKUB_PREVIEW=truecolor go test ./internal/tui/style -run TestPreview -v
//
// The value picks the colour profile: truecolor, 256, 16 or ascii; add
// RUMMIKUB_PREVIEW_BG=light for a light terminal, RUMMIKUB_PREVIEW_THEME=name
// for one theme. Without the variable it
// still renders every theme in every profile and checks the sheets differ.
func TestPreview(t *testing.T) {
	want := os.Getenv("RUMMIKUB_PREVIEW")
	profiles := map[string]colorprofile.Profile{
		"truecolor": colorprofile.TrueColor, "256": colorprofile.ANSI256, "16": colorprofile.ANSI, "ascii": colorprofile.Ascii,
	}
	for _, name := range themes.BuiltinNames() {
		th, err := themes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if only := os.Getenv("RUMMIKUB_PREVIEW_THEME"); only != "" && only != name {
			continue
		}
		if want != "" {
			p, ok := profiles[want]
			if !ok {
				t.Fatalf("RUMMIKUB_PREVIEW=%q: use truecolor, 256, 16 or ascii", want)
			}
			s := New(p, os.Getenv("RUMMIKUB_PREVIEW_BG") != "light", th)
			sheet := s.Preview()
			fmt.Println(s.Paint(sheet, 100, strings.Count(sheet, "\n")))
			continue
		}
		seen := map[string]string{}
		for pn, p := range profiles {
			sheet := New(p, true, th).Preview()
			if sheet == "" {
				t.Fatalf("%s/%s: empty preview", name, pn)
			}
			if other, dup := seen[sheet]; dup && !th.Mono && pn != "ascii" && other != "ascii" {
				t.Errorf("%s: the %s and %s previews are identical: colours do not reach the profile", name, pn, other)
			}
			seen[sheet] = pn
		}
	}
}

// Issue 25 defect 12: the preview keeps within 80 columns in every
// built-in theme, and each mark's name stands apart beside its tile.
func TestPreviewFitsEightyColumns(t *testing.T) {
	for _, name := range themes.BuiltinNames() {
		t.Run(name, func(t *testing.T) {
			th, err := themes.Builtin(name)
			if err != nil {
				t.Fatal(err)
			}
			sheet := New(colorprofile.TrueColor, true, th).Preview()
			for _, l := range strings.Split(sheet, "\n") {
				if w := lipgloss.Width(l); w > PreviewWidth {
					t.Errorf("a line of %d columns: %q", w, l)
				}
			}
			plain := ansi.Strip(New(colorprofile.Ascii, true, th).Preview())
			for _, st := range States[:9] {
				if !strings.Contains(plain, st.Name+" ") {
					t.Errorf("the mark %q is not named apart:\n%s", st.Name, plain)
				}
			}
		})
	}
}

package serve

import (
	"testing"

	"github.com/charmbracelet/colorprofile"
)

// Sessions of one kind of terminal share one Styles (and so the tiles it
// drew); another profile, background or mono gets its own, and the book
// holds no more than its keys.
func TestStyleBookSharesStyles(t *testing.T) {
	var b styleBook
	get := func(p colorprofile.Profile, mono, dark bool) any {
		t.Helper()
		st, err := b.get(p, mono, dark)
		if err != nil {
			t.Fatal(err)
		}
		if st.Profile() != p || st.Dark() != dark || (mono && !st.Mono) {
			t.Fatalf("get(%v, mono %v, dark %v) made styles for %v, dark %v, mono %v", p, mono, dark, st.Profile(), st.Dark(), st.Mono)
		}
		return st
	}
	for _, c := range []struct {
		name       string
		p          colorprofile.Profile
		mono, dark bool
	}{
		{"true colour, dark", colorprofile.TrueColor, false, true},
		{"true colour, light", colorprofile.TrueColor, false, false},
		{"256 colours", colorprofile.ANSI256, false, true},
		{"no colour", colorprofile.Ascii, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			a, again := get(c.p, c.mono, c.dark), get(c.p, c.mono, c.dark)
			if a != again {
				t.Error("the same terminal got a second Styles")
			}
		})
	}
	if a, b := get(colorprofile.TrueColor, false, true), get(colorprofile.TrueColor, false, false); a == b {
		t.Error("a light terminal got the dark one's styles")
	}
	if len(b.m) != 4 {
		t.Errorf("the book holds %d styles for 4 kinds of terminal", len(b.m))
	}
}

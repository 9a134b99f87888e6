package themes

import (
	"math"
	"testing"
)

// luminance is the WCAG relative luminance of an sRGB colour.
func luminance(r, g, b uint8) float64 {
	ch := func(v uint8) float64 {
		c := float64(v) / 255
		if c <= 0.03928 {
			return c / 12.92
		}
		return math.Pow((c+0.055)/1.055, 2.4)
	}
	return 0.2126*ch(r) + 0.7152*ch(g) + 0.0722*ch(b)
}

func contrast(a, b [3]uint8) float64 {
	la, lb := luminance(a[0], a[1], a[2]), luminance(b[0], b[1], b[2])
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// rgb is what a terminal of the given profile shows for s, taking the
// xterm palettes for 256 and 16 colours.
func rgb(s Spec, profile string) [3]uint8 {
	switch profile {
	case "256":
		r, g, b := xterm256(s.ANSI256)
		if s.ANSI256 < 16 {
			return ansi16[s.ANSI256]
		}
		return [3]uint8{r, g, b}
	case "16":
		return ansi16[s.ANSI]
	}
	r, g, b, _ := parseHex(s.Hex)
	return [3]uint8{r, g, b}
}

// TestContrast checks that numbers stay readable on every tile face and
// tint, and marks on the board, in true colour and on the xterm 256- and
// 16-colour palettes. Tile numbers are bold; 3:1 is the WCAG floor for
// large or bold text, and what a player squinting at a laptop needs.
func TestContrast(t *testing.T) {
	for _, name := range BuiltinNames() {
		th, err := Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		if th.Mono {
			continue
		}
		tiles := map[string]Color{"red": th.Tiles.Red, "blue": th.Tiles.Blue, "orange": th.Tiles.Orange,
			"black": th.Tiles.Black, "joker": th.Tiles.Joker}
		faces := []struct {
			name string
			c    Color
			min  float64
		}{{"face", th.Face.Background, 3}, {"selection", th.Accents.Selection, 2}, {"lifted", th.Accents.Lifted, 2}}
		for _, profile := range []string{"true", "256", "16"} {
			for _, f := range faces {
				if profile == "16" && f.name != "face" {
					continue // 16 colours mark selection with attributes, not tints
				}
				for tn, tc := range tiles {
					if c := contrast(rgb(tc.Dark, profile), rgb(f.c.Dark, profile)); c < f.min {
						t.Errorf("%s/%s: %s on %s contrast %.2f < %.1f", name, profile, tn, f.name, c, f.min)
					}
				}
			}
			if profile == "16" {
				// Board marks keep their hue on 16 colours (green for
				// placed, yellow for the key); how readable that is
				// depends on the terminal's palette, not on the theme.
				continue
			}
			// Marks and text on the terminal's own background.
			bgs := map[string][3]uint8{"light": {255, 255, 255}, "dark": {0, 0, 0}}
			if b := th.Board.Background; !b.IsZero() {
				// A painted board: judged against the board itself.
				bgs = map[string][3]uint8{"light": rgb(b.Light, profile), "dark": rgb(b.Dark, profile)}
			}
			for _, c := range th.colors() {
				if c.section == "tiles" || c.section == "face" && c.key != "edge" && c.key != "meaning" ||
					c.key == "selection" || c.key == "lifted" || c.section == "board" && (c.key == "background" || c.key == "border") {
					continue
				}
				for which, bg := range bgs {
					s := c.c.Light
					if which == "dark" {
						s = c.c.Dark
					}
					min := 3.0
					if c.key == "dim" || c.key == "locked" || c.key == "edge" || c.key == "meaning" {
						min = 2.0 // meant to recede
					}
					if got := contrast(rgb(s, profile), bg); got < min {
						t.Errorf("%s/%s: %s.%s on a %s terminal contrast %.2f < %.1f", name, profile, c.section, c.key, which, got, min)
					}
				}
			}
		}
	}
}

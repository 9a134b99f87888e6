package themes

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Spec is one colour on every kind of terminal: Hex on true-colour
// terminals, ANSI256 on 256-colour ones and ANSI (0-15) on 16-colour ones.
// A theme file may give only the hex value; the stand-ins are then the
// nearest colours of the xterm palettes.
type Spec struct {
	Hex     string
	ANSI256 int
	ANSI    int
}

// Color is a theme colour. Light is used on terminals with a light
// background and Dark on dark ones; most entries give one Spec for both.
// The zero Color means "no colour": the terminal's own colour is kept.
type Color struct {
	Light, Dark Spec
	set         bool
}

// IsZero reports whether the colour is "none".
func (c Color) IsZero() bool { return !c.set }

// Solid builds a colour that is the same on light and dark backgrounds.
func Solid(s Spec) Color { return Color{Light: s, Dark: s, set: true} }

// UnmarshalTOML reads a colour from a theme file. Accepted forms:
//
//	"#c8102e"                                   hex; stand-ins computed
//	"none" or ""                                no colour
//	{ hex = "#c8102e", ansi256 = 160, ansi = 1 } explicit stand-ins
//	{ light = <colour>, dark = <colour> }        by terminal background
func (c *Color) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		if isNone(v) {
			*c = Color{}
			return nil
		}
		s, err := parseSpec(v)
		if err != nil {
			return err
		}
		*c = Solid(s)
		return nil
	case map[string]any:
		_, hasL := v["light"]
		_, hasD := v["dark"]
		if hasL || hasD {
			if !hasL || !hasD {
				return fmt.Errorf("a colour with light and dark variants needs both")
			}
			for k := range v {
				if k != "light" && k != "dark" {
					return fmt.Errorf("unknown colour key %q (use light and dark)", k)
				}
			}
			l, err := parseSpecValue(v["light"])
			if err != nil {
				return fmt.Errorf("light: %w", err)
			}
			d, err := parseSpecValue(v["dark"])
			if err != nil {
				return fmt.Errorf("dark: %w", err)
			}
			*c = Color{Light: l, Dark: d, set: true}
			return nil
		}
		s, err := parseSpecValue(v)
		if err != nil {
			return err
		}
		*c = Solid(s)
		return nil
	default:
		return fmt.Errorf("a colour is a hex string such as \"#c8102e\", \"none\", or a table { hex = ..., ansi256 = ..., ansi = ... }")
	}
}

func isNone(s string) bool {
	s = strings.TrimSpace(s)
	return s == "" || strings.EqualFold(s, "none")
}

// parseSpecValue reads one Spec from a string or an inline table.
func parseSpecValue(v any) (Spec, error) {
	switch v := v.(type) {
	case string:
		if isNone(v) {
			return Spec{}, fmt.Errorf("a light or dark variant cannot be none")
		}
		return parseSpec(v)
	case map[string]any:
		hex, ok := v["hex"].(string)
		if !ok {
			return Spec{}, fmt.Errorf("a colour table needs hex = \"#rrggbb\"")
		}
		s, err := parseSpec(hex)
		if err != nil {
			return Spec{}, err
		}
		for k, x := range v {
			switch k {
			case "hex":
			case "ansi256":
				n, ok := x.(int64)
				if !ok || n < 0 || n > 255 {
					return Spec{}, fmt.Errorf("ansi256 is a number from 0 to 255")
				}
				s.ANSI256 = int(n)
			case "ansi":
				n, ok := x.(int64)
				if !ok || n < 0 || n > 15 {
					return Spec{}, fmt.Errorf("ansi is a number from 0 to 15")
				}
				s.ANSI = int(n)
			default:
				return Spec{}, fmt.Errorf("unknown colour key %q (use hex, ansi256, ansi)", k)
			}
		}
		return s, nil
	default:
		return Spec{}, fmt.Errorf("a colour is a hex string such as \"#c8102e\" or a table { hex = ..., ansi256 = ..., ansi = ... }")
	}
}

// parseSpec reads "#rrggbb" or "#rgb" and computes the palette stand-ins.
func parseSpec(hex string) (Spec, error) {
	r, g, b, err := parseHex(hex)
	if err != nil {
		return Spec{}, err
	}
	return Spec{
		Hex:     fmt.Sprintf("#%02x%02x%02x", r, g, b),
		ANSI256: nearest256(r, g, b),
		ANSI:    nearest16(r, g, b),
	}, nil
}

func parseHex(s string) (r, g, b uint8, err error) {
	t := strings.TrimSpace(s)
	bad := fmt.Errorf("%q is not a colour; write it as \"#rrggbb\"", s)
	if !strings.HasPrefix(t, "#") {
		return 0, 0, 0, bad
	}
	t = t[1:]
	if len(t) == 3 {
		t = string([]byte{t[0], t[0], t[1], t[1], t[2], t[2]})
	}
	if len(t) != 6 {
		return 0, 0, 0, bad
	}
	v, e := strconv.ParseUint(t, 16, 32)
	if e != nil {
		return 0, 0, 0, bad
	}
	return uint8(v >> 16), uint8(v >> 8), uint8(v), nil
}

// ansi16 is the xterm default palette of the 16 basic colours.
var ansi16 = [16][3]uint8{
	{0, 0, 0}, {205, 0, 0}, {0, 205, 0}, {205, 205, 0},
	{0, 0, 238}, {205, 0, 205}, {0, 205, 205}, {229, 229, 229},
	{127, 127, 127}, {255, 0, 0}, {0, 255, 0}, {255, 255, 0},
	{92, 92, 255}, {255, 0, 255}, {0, 255, 255}, {255, 255, 255},
}

// cube6 are the channel levels of the xterm 6x6x6 colour cube.
var cube6 = [6]int{0, 95, 135, 175, 215, 255}

// nearest256 maps a colour to the closest entry of the xterm 256-colour
// palette outside the basic 16 (whose actual colours vary by terminal).
func nearest256(r, g, b uint8) int {
	best, bestD := 16, math.MaxFloat64
	for i := 16; i < 256; i++ {
		cr, cg, cb := xterm256(i)
		if d := dist(r, g, b, cr, cg, cb); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

func xterm256(i int) (uint8, uint8, uint8) {
	if i >= 232 {
		v := uint8(8 + 10*(i-232))
		return v, v, v
	}
	i -= 16
	return uint8(cube6[i/36]), uint8(cube6[i/6%6]), uint8(cube6[i%6])
}

// nearest16 maps a colour to the closest basic ANSI colour. Hue matters
// more than lightness here: a dark red must stay red, not become black.
func nearest16(r, g, b uint8) int {
	best, bestD := 0, math.MaxFloat64
	for i, c := range ansi16 {
		if d := dist(r, g, b, c[0], c[1], c[2]); d < bestD {
			best, bestD = i, d
		}
	}
	return best
}

// dist is a cheap perceptual distance ("redmean" weighting).
func dist(r1, g1, b1, r2, g2, b2 uint8) float64 {
	rm := (float64(r1) + float64(r2)) / 2
	dr := float64(r1) - float64(r2)
	dg := float64(g1) - float64(g2)
	db := float64(b1) - float64(b2)
	return (2+rm/256)*dr*dr + 4*dg*dg + (2+(255-rm)/256)*db*db
}

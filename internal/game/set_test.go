package game

import "testing"

func mustTiles(t *testing.T, s string) []Tile {
	t.Helper()
	tiles, err := ParseTiles(s)
	if err != nil {
		t.Fatalf("parse %q: %v", s, err)
	}
	return tiles
}

func TestAnalyzeSet(t *testing.T) {
	std := Standard()
	wrap, _ := Preset("wrap")
	fixed := Standard()
	fixed.JokerMeldValue = 25
	cases := []struct {
		name  string
		rules *Rules
		in    string
		ok    bool
		out   string // canonical layout
		value int
	}{
		{"run", &std, "R3 R4 R5", true, "R3 R4 R5", 12},
		{"run unordered", &std, "r5 r3 r4", true, "R3 R4 R5", 12},
		{"group", &std, "K7 R7 B7", true, "R7 B7 K7", 21},
		{"group of four", &std, "R7 B7 O7 K7", true, "R7 B7 O7 K7", 28},
		{"two of a colour in a group", &std, "R7 R7 B7", false, "", 0},
		{"group of five", &std, "R7 B7 O7 K7 J", false, "", 0},
		{"mixed colours run", &std, "R3 B4 R5", false, "", 0},
		{"gap", &std, "R3 R4 R6", false, "", 0},
		{"too short", &std, "R3 R4", false, "", 0},
		{"jokers only", &std, "J J J", false, "", 0},
		{"joker at the high end as laid", &std, "R5 R6 J", true, "R5 R6 J:R7", 18},
		{"joker at the low end as laid", &std, "J R5 R6", true, "J:R4 R5 R6", 15},
		{"joker in the middle", &std, "R5 J R7", true, "R5 J:R6 R7", 18},
		{"joker annotated", &std, "R5 R6 J:R4", true, "J:R4 R5 R6", 15},
		{"joker annotation wrong", &std, "R5 R6 J:R9", false, "", 0},
		{"joker at 13 goes low", &std, "R12 R13 J", true, "J:R11 R12 R13", 36},
		{"two jokers", &std, "J J R5", true, "J:R3 J:R4 R5", 12},
		{"joker in group", &std, "R7 B7 J", true, "R7 B7 J:O7", 21},
		{"joker fixed meld value", &fixed, "R7 B7 J", true, "R7 B7 J:O7", 39},
		{"12-13-1 not standard", &std, "R12 R13 R1", false, "", 0},
		{"12-13-1 under wrap", &wrap, "R12 R13 R1", true, "R12 R13 R1", 26},
		{"13-1-2 never", &wrap, "R13 R1 R2", false, "", 0},
		{"1-2-3 under wrap", &wrap, "R1 R2 R3", true, "R1 R2 R3", 6},
		{"joker after 13 under wrap", &wrap, "R12 R13 J", true, "R12 R13 J:R1", 26},
		{"long run", &std, "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13", true, "K1 K2 K3 K4 K5 K6 K7 K8 K9 K10 K11 K12 K13", 91},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m, err := AnalyzeSet(mustTiles(t, c.in), c.rules)
			if (err == nil) != c.ok {
				t.Fatalf("AnalyzeSet(%s) error = %v, want ok=%v", c.in, err, c.ok)
			}
			if !c.ok {
				return
			}
			if got := FormatTiles(m.Tiles); got != c.out {
				t.Errorf("layout %q, want %q", got, c.out)
			}
			if got := m.Value(c.rules); got != c.value {
				t.Errorf("value %d, want %d", got, c.value)
			}
		})
	}
}

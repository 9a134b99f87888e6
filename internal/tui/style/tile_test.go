package style

import (
	xgolden "github.com/charmbracelet/x/exp/golden"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/game"
	"rummikub/themes"
)

func mono(t *testing.T) *Styles {
	t.Helper()
	th, err := themes.Builtin("mono")
	if err != nil {
		t.Fatal(err)
	}
	return New(colorprofile.Ascii, true, th)
}

// golden compares got with testdata/<test>/<name>.golden through
// x/exp/golden (go test -update rewrites it).
// Goldens hold the text a terminal without attributes shows (mono on
// such a terminal carries every mark in text): escape codes are dropped.
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(strings.TrimSuffix(name, ".golden"), func(t *testing.T) { xgolden.RequireEqual(t, []byte(ansi.Strip(got))) })
}

// sampleFaces are a one-digit and a two-digit tile, a joker, and jokers
// standing for a one-digit and a two-digit tile.
var sampleFaces = []struct {
	name string
	f    game.Face
	as   game.Face
}{
	{"R7", game.F(game.Red, 7), game.Face{}},
	{"B13", game.F(game.Blue, 13), game.Face{}},
	{"O1", game.F(game.Orange, 1), game.Face{}},
	{"K10", game.F(game.Black, 10), game.Face{}},
	{"J", game.JokerFace, game.Face{}},
	{"J:R4", game.JokerFace, game.F(game.Red, 4)},
	{"J:K12", game.JokerFace, game.F(game.Black, 12)},
}

func TestTilesMonoGolden(t *testing.T) {
	s := mono(t)
	for _, size := range []Size{Compact, Full} {
		var b strings.Builder
		for _, st := range States {
			var row []string
			for _, sf := range sampleFaces {
				o := st.Opts
				o.Size, o.As = size, sf.as
				tile := s.Tile(sf.f, o)
				if w, h := lipgloss.Width(tile), lipgloss.Height(tile); w != size.Width() || h != size.Height() {
					t.Errorf("%s %s %s: %dx%d, want %dx%d:\n%s", size, st.Name, sf.name, w, h, size.Width(), size.Height(), tile)
				}
				row = append(row, tile, " ")
			}
			b.WriteString(st.Name + "\n" + lipgloss.JoinHorizontal(lipgloss.Top, row...) + "\n")
		}
		b.WriteString("slot, slot under cursor, back\n")
		b.WriteString(lipgloss.JoinHorizontal(lipgloss.Top,
			s.Slot(TileOpts{Size: size}), " ", s.Slot(TileOpts{Size: size, Cursor: true}), " ", s.Back(size)) + "\n")
		golden(t, "tiles-mono-"+size.String()+".golden", b.String())
	}
}

// TestMonoMarksAreText checks that in mono every mark changes the text
// itself, so nothing depends on colour or attributes: with every escape
// code taken away (a terminal that shows none) the states still differ.
func TestMonoMarksAreText(t *testing.T) {
	s := mono(t)
	for _, size := range []Size{Compact, Full} {
		seen := map[string]string{}
		for _, st := range States {
			got := ansi.Strip(s.Tile(game.F(game.Red, 7), TileOpts{Size: size, Cursor: st.Opts.Cursor, Selected: st.Opts.Selected,
				Lifted: st.Opts.Lifted, Placed: st.Opts.Placed, Invalid: st.Opts.Invalid, Locked: st.Opts.Locked,
				Key: st.Opts.Key, Hint: st.Opts.Hint}))
			if other, dup := seen[got]; dup {
				t.Errorf("%s: %s and %s look the same:\n%s", size, st.Name, other, got)
			}
			seen[got] = st.Name
			if !strings.Contains(got, "R7") {
				t.Errorf("%s %s: the colour letter is missing: %q", size, st.Name, got)
			}
		}
	}
}

// TestTileSizesAllThemes checks every theme, every profile, every face and
// mark keeps the promised size, so layouts never break.
func TestTileSizesAllThemes(t *testing.T) {
	for _, name := range themes.BuiltinNames() {
		th, err := themes.Builtin(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range []colorprofile.Profile{colorprofile.TrueColor, colorprofile.ANSI256, colorprofile.ANSI, colorprofile.Ascii} {
			s := New(p, p != colorprofile.ANSI, th)
			check := func(f game.Face, state string, o TileOpts) {
				tile := s.Tile(f, o)
				if w, h := lipgloss.Width(tile), lipgloss.Height(tile); w != o.Size.Width() || h != o.Size.Height() {
					t.Fatalf("%s/%v %v %s %s: %dx%d, want %dx%d: %q", name, p, f, o.Size, state, w, h, o.Size.Width(), o.Size.Height(), tile)
				}
			}
			for _, size := range []Size{Compact, Full} {
				for i := 0; i < game.NumFaces; i++ {
					f := game.FaceAt(i)
					check(f, "normal", TileOpts{Size: size})
					if f.IsJoker() {
						for j := 0; j < game.NumFaces-1; j++ {
							check(f, "joker as "+game.FaceAt(j).String(), TileOpts{Size: size, As: game.FaceAt(j)})
						}
					}
				}
				for _, st := range States {
					for _, sf := range sampleFaces {
						o := st.Opts
						o.Size, o.As = size, sf.as
						check(sf.f, st.Name, o)
					}
				}
			}
		}
	}
}

// TestColourThemesUseColour checks that colour themes really emit colours
// on colour terminals and letters on 16-colour ones.
func TestColourThemesUseColour(t *testing.T) {
	th, err := themes.Builtin("classic")
	if err != nil {
		t.Fatal(err)
	}
	tc := New(colorprofile.TrueColor, true, th).Tile(game.F(game.Red, 7), TileOpts{})
	if !strings.Contains(tc, "38;2;200;16;46") {
		t.Errorf("true colour classic R7 lacks its red: %q", tc)
	}
	if strings.Contains(tc, "R") {
		t.Errorf("classic shows no letter where colour shows: %q", tc)
	}
	c16 := New(colorprofile.ANSI, true, th).Tile(game.F(game.Red, 7), TileOpts{})
	if !strings.Contains(ansi.Strip(c16), "R7") || !strings.Contains(c16, "91;40") {
		t.Errorf("16-colour classic R7 must show its letter: %q", c16)
	}
	c256 := New(colorprofile.ANSI256, true, th).Tile(game.F(game.Red, 7), TileOpts{})
	if !strings.Contains(c256, "38;5;160") {
		t.Errorf("256-colour classic R7 lacks colour 160: %q", c256)
	}
	cb, err := themes.Builtin("colorblind")
	if err != nil {
		t.Fatal(err)
	}
	got := New(colorprofile.TrueColor, true, cb).Tile(game.F(game.Blue, 7), TileOpts{})
	if !strings.Contains(got, "▲") {
		t.Errorf("colorblind B7 lacks its triangle: %q", got)
	}
}

// TestOwnProfile checks that styles follow the terminal they were built
// for: two terminals (SSH sessions) with different colour support draw the
// same theme each in its own way.
func TestOwnProfile(t *testing.T) {
	th, err := themes.Builtin("dark")
	if err != nil {
		t.Fatal(err)
	}
	tc, c16 := New(colorprofile.TrueColor, true, th), New(colorprofile.ANSI, true, th)
	for name, s := range map[string]*Styles{"true colour": tc, "16 colours": c16} {
		for _, out := range []string{s.Tile(game.F(game.Red, 7), TileOpts{Size: Full}), s.Title.Render("x"),
			s.Error.Render("x"), s.Border.Render("x"), s.HelpStyles().ShortKey.Render("x")} {
			if !strings.Contains(out, "\x1b[") {
				t.Errorf("%s: %q has no colour: a style ignored its terminal", name, out)
			}
		}
	}
	if a, b := tc.Tile(game.F(game.Red, 7), TileOpts{}), c16.Tile(game.F(game.Red, 7), TileOpts{}); a == b {
		t.Errorf("true colour and 16 colours draw R7 alike: %q", a)
	}
}

package themes

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// isolate points the config directory at a fresh temporary one and clears
// NO_COLOR, so tests never read the player's own themes.
func isolate(t *testing.T) string {
	t.Helper()
	home := t.TempDir()
	t.Setenv("RUMMIKUB_HOME", home)
	t.Setenv("NO_COLOR", "")
	dir := filepath.Join(home, "config", "themes")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// checkComplete fails unless every colour (save the board's background)
// and every glyph of th is set, walking the struct so that a field added
// later is checked too.
func checkComplete(t *testing.T, th Theme) {
	t.Helper()
	var walk func(v reflect.Value, path string)
	walk = func(v reflect.Value, path string) {
		switch v.Type() {
		case reflect.TypeOf(Color{}):
			if c := v.Interface().(Color); c.IsZero() && !th.Mono && path != "Board.Background" {
				t.Errorf("%s: %s has no colour", th.Name, path)
			} else if !c.IsZero() {
				for _, s := range []Spec{c.Light, c.Dark} {
					if len(s.Hex) != 7 || s.ANSI256 < 0 || s.ANSI256 > 255 || s.ANSI < 0 || s.ANSI > 15 {
						t.Errorf("%s: %s is incomplete: %+v", th.Name, path, s)
					}
				}
			}
			return
		}
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				f := v.Type().Field(i)
				if f.IsExported() {
					walk(v.Field(i), strings.TrimPrefix(path+"."+f.Name, "."))
				}
			}
		case reflect.String:
			if v.String() == "" && path != "Base" {
				t.Errorf("%s: %s is empty", th.Name, path)
			}
		}
	}
	walk(reflect.ValueOf(th), "")
}

func TestBuiltinThemesComplete(t *testing.T) {
	isolate(t)
	names := BuiltinNames()
	for _, want := range []string{"classic", "dark", "high-contrast", "colorblind", "mono"} {
		if !slices.Contains(names, want) {
			t.Errorf("built-in theme %s is missing", want)
		}
	}
	entries, err := builtinFS.ReadDir(".")
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != len(names) {
		t.Errorf("%d theme files are embedded but %d are listed", len(entries), len(names))
	}
	for _, n := range names {
		th, err := Load(n)
		if err != nil {
			t.Fatalf("%s: %v", n, err)
		}
		if th.Name != n {
			t.Errorf("Load(%q).Name = %q", n, th.Name)
		}
		checkComplete(t, th)
	}
	mono, _ := Builtin("mono")
	if !mono.Mono || mono.Marks != MarkLetter {
		t.Errorf("mono must be colourless with letters: %+v", mono)
	}
	cb, _ := Builtin("colorblind")
	syms := []string{cb.Symbols.Red, cb.Symbols.Blue, cb.Symbols.Orange, cb.Symbols.Black}
	if cb.Marks != MarkSymbol || len(slices.Compact(slices.Sorted(slices.Values(syms)))) != 4 {
		t.Errorf("colorblind needs four distinct symbols shown on tiles: %q, marks %q", syms, cb.Marks)
	}
	if cb.Tiles.Red.Light.Hex != "#d55e00" || cb.Tiles.Orange.Light.Hex != "#f0e442" {
		t.Errorf("colorblind strays from the Okabe-Ito palette: %+v", cb.Tiles)
	}
}

func TestDefaultAndUnknown(t *testing.T) {
	isolate(t)
	th, err := Load("")
	if err != nil || th.Name != Default {
		t.Fatalf("Load(\"\") = %q, %v; want %s", th.Name, err, Default)
	}
	for _, bad := range []string{"nope", "../classic", "Classic", "classic.toml"} {
		_, err := Load(bad)
		if err == nil {
			t.Fatalf("Load(%q) succeeded", bad)
		}
		for _, n := range BuiltinNames() {
			if !strings.Contains(err.Error(), n) {
				t.Errorf("Load(%q): %q does not list %s", bad, err, n)
			}
		}
	}
}

func TestUserThemeOverrides(t *testing.T) {
	dir := isolate(t)
	classic, _ := Builtin("classic")
	write(t, dir, "classic.toml", "[tiles]\nred = \"#ff0000\"\n")
	th, err := Load("classic")
	if err != nil {
		t.Fatal(err)
	}
	if th.Tiles.Red.Light.Hex != "#ff0000" || th.Tiles.Red.Dark.ANSI != 9 {
		t.Errorf("user red not applied: %+v", th.Tiles.Red)
	}
	if th.Tiles.Blue != classic.Tiles.Blue || th.Glyphs != classic.Glyphs {
		t.Errorf("user file lost the entries it did not change")
	}
	write(t, dir, "mine.toml", "base = \"dark\"\ndescription = \"Mine\"\nmarks = \"letter\"\n[glyphs]\nkey = \"K\"\n")
	if !slices.Contains(Names(), "mine") {
		t.Errorf("Names() = %v lacks the user theme", Names())
	}
	mine, err := Load("mine")
	if err != nil {
		t.Fatal(err)
	}
	dark, _ := Builtin("dark")
	if mine.Name != "mine" || mine.Description != "Mine" || mine.Glyphs.Key != "K" || mine.Face != dark.Face {
		t.Errorf("user theme over dark: %+v", mine)
	}
	checkComplete(t, mine)
	write(t, dir, "plain.toml", "[accents]\ncursor = { light = \"#000000\", dark = { hex = \"#ffffff\", ansi = 15 } }\n")
	plain, err := Load("plain")
	if err != nil {
		t.Fatal(err)
	}
	if c := plain.Accents.Cursor; c.Light.Hex != "#000000" || c.Dark.Hex != "#ffffff" || c.Dark.ANSI != 15 {
		t.Errorf("adaptive user colour: %+v", c)
	}
}

func TestBadUserTheme(t *testing.T) {
	dir := isolate(t)
	cases := []struct{ file, text, want string }{
		{"a.toml", "description = \"x\"\n[tiles]\nred = \"#12\"\n", "line 3"},
		{"b.toml", "[tiles]\nred = \"#ff0000\"\nblu = \"#0000ff\"\n", "line 3"},
		{"c.toml", "marks = \"shapes\"\n", "line 1"},
		{"d.toml", "[glyphs]\n\nkey = \"**\"\n", "line 3"},
		{"e.toml", "[tiles\nred = 1\n", "line 2"}, // the parser notices at the line end
		{"f.toml", "[tiles]\nred = { hex = \"#ff0000\", ansi = 99 }\n", "line 2"},
		{"g.toml", "base = \"mine\"\n", "line 1"},
		{"h.toml", "marks = \"symbol\"\n[symbols]\nred = \"R\"\nblue = \"R\"\n", "line 4"},
		{"i.toml", "mono = false\n[face]\nbackground = \"none\"\n", "line 3"},
	}
	for _, c := range cases {
		write(t, dir, c.file, c.text)
		name := strings.TrimSuffix(c.file, ".toml")
		_, err := Load(name)
		if err == nil {
			t.Errorf("%s: no error for %q", c.file, c.text)
			continue
		}
		if !strings.Contains(err.Error(), filepath.Join(dir, c.file)) || !strings.Contains(err.Error(), c.want+":") {
			t.Errorf("%s: error %q should name the file and %s", c.file, err, c.want)
		}
		if strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error is not one line: %q", c.file, err)
		}
	}
}

func TestNoColorGivesMono(t *testing.T) {
	isolate(t)
	t.Setenv("NO_COLOR", "1")
	for _, n := range BuiltinNames() {
		th, err := Load(n)
		if err != nil {
			t.Fatal(err)
		}
		if !th.Mono || th.Name != Mono {
			t.Errorf("NO_COLOR with %s gave %s (mono %v)", n, th.Name, th.Mono)
		}
	}
	if _, err := Load("nope"); err == nil {
		t.Errorf("NO_COLOR must not hide an unknown theme name")
	}
	t.Setenv("NO_COLOR", "")
	if th, _ := Load("dark"); th.Mono {
		t.Errorf("an empty NO_COLOR must not force mono")
	}
}

func TestStandIns(t *testing.T) {
	for _, c := range []struct {
		hex       string
		a256, a16 int
	}{
		{"#000000", 16, 0}, {"#ffffff", 231, 15}, {"#ff0000", 196, 9}, {"#0000ff", 21, 4},
		{"#808080", 244, 8}, {"#cd0000", 160, 1},
	} {
		s, err := parseSpec(c.hex)
		if err != nil {
			t.Fatal(err)
		}
		if s.ANSI256 != c.a256 || s.ANSI != c.a16 {
			t.Errorf("%s: stand-ins %d/%d, want %d/%d", c.hex, s.ANSI256, s.ANSI, c.a256, c.a16)
		}
	}
}

func write(t *testing.T, dir, name, text string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

func FuzzParse(f *testing.F) {
	for _, n := range BuiltinNames() {
		data, err := builtinFS.ReadFile(n + ".toml")
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Add("[tiles]\nred = { light = \"#fff\", dark = { hex = \"#000\", ansi256 = 300 } }\n")
	f.Add("base = \"dark\"\n[glyphs]\nkey = \"\\u001b\"\n")
	f.Add("[[tiles]]\nred = 1\n")
	classic, err := Builtin("classic")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, text string) {
		for _, base := range []*Theme{nil, &classic} {
			th, err := Parse("fuzz", "fuzz.toml", []byte(text), base)
			if err != nil {
				if !strings.Contains(err.Error(), "fuzz.toml") {
					t.Fatalf("error does not name the file: %v", err)
				}
				continue
			}
			if err := th.validate(); err != nil {
				t.Fatalf("accepted theme does not validate: %v", err)
			}
		}
	})
}

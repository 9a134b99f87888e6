package themes

import (
	"bytes"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"github.com/BurntSushi/toml"
	"github.com/mattn/go-runewidth"

	"rummikub/internal/paths"
)

//go:embed *.toml
var builtinFS embed.FS

// Default is the theme used when none is chosen.
const Default = "classic"

// Mono is the name of the colourless theme that NO_COLOR selects.
const Mono = "mono"

// builtinOrder lists the embedded themes in the order menus show them.
var builtinOrder = []string{"classic", "dark", "high-contrast", "colorblind", "felt", "mono"}

var validName = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]*$`)

// BuiltinNames lists the themes embedded in the binary.
func BuiltinNames() []string { return slices.Clone(builtinOrder) }

// Names lists every theme that Load accepts: the built-in ones first, then
// the player's own from the config directory, by name.
func Names() []string {
	names := BuiltinNames()
	var extra []string
	for _, n := range userNames() {
		if !slices.Contains(names, n) {
			extra = append(extra, n)
		}
	}
	sort.Strings(extra)
	return append(names, extra...)
}

// Builtin returns an embedded theme as shipped, ignoring user files and
// NO_COLOR.
func Builtin(name string) (Theme, error) {
	data, err := builtinFS.ReadFile(name + ".toml")
	if err != nil || !validName.MatchString(name) {
		return Theme{}, unknownTheme(name)
	}
	return Parse(name, "themes/"+name+".toml", data, nil)
}

// Source is the text of an embedded theme file, a starting point for a
// player's own theme.
func Source(name string) ([]byte, error) {
	data, err := builtinFS.ReadFile(name + ".toml")
	if err != nil || !validName.MatchString(name) {
		return nil, unknownTheme(name)
	}
	return data, nil
}

// UserDir is the directory of the player's own theme files:
// <config>/themes (see paths.ConfigDir), created on demand so a player
// finds it where the game says.
func UserDir() (string, error) {
	d, err := paths.ConfigDir()
	if err != nil {
		return "", err
	}
	dir := filepath.Join(d, "themes")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return dir, nil
}

// NoColor reports whether the NO_COLOR convention asks for no colour:
// the variable is set and not empty (https://no-color.org).
func NoColor() bool { return os.Getenv("NO_COLOR") != "" }

// Load returns the theme to play with for the name a player chose (--theme,
// the setup screen): Find(name), except that when NO_COLOR is set the
// result is the mono theme, whatever name asked for (the name must still
// exist, so a typo is reported). An empty name means Default.
func Load(name string) (Theme, error) {
	th, err := Find(name)
	if err != nil {
		return Theme{}, err
	}
	if NoColor() && !th.Mono {
		if th, err = Find(Mono); err != nil {
			return Theme{}, err
		}
		th.Mono = true
	}
	return th, nil
}

// Find returns the theme called name, ignoring NO_COLOR: the player's file
// <UserDir>/<name>.toml if there is one (layered over the built-in theme of
// that name, or over its "base", or over classic), else the built-in
// theme. An empty name means Default.
func Find(name string) (Theme, error) {
	if name == "" {
		name = Default
	}
	return load(name)
}

func load(name string) (Theme, error) {
	if !validName.MatchString(name) {
		return Theme{}, unknownTheme(name)
	}
	if dir, ok := userDir(); ok {
		file := filepath.Join(dir, name+".toml")
		data, err := os.ReadFile(file)
		switch {
		case err == nil:
			return parseUser(name, file, data)
		case !errors.Is(err, fs.ErrNotExist):
			return Theme{}, fmt.Errorf("cannot read theme file %s: %v", file, err)
		}
	}
	return Builtin(name)
}

// parseUser reads a player's theme file over its base theme.
func parseUser(name, file string, data []byte) (Theme, error) {
	var head struct {
		Base string `toml:"base"`
	}
	if _, err := toml.Decode(string(data), &head); err != nil {
		return Theme{}, fileError(file, data, err)
	}
	base := head.Base
	if base == "" {
		base = Default
		if slices.Contains(builtinOrder, name) {
			base = name
		}
	}
	if !slices.Contains(builtinOrder, base) {
		return Theme{}, fmt.Errorf("theme file %s, line %d: base %q is not a built-in theme (use one of %s)",
			file, lineOf(data, "", "base"), base, strings.Join(builtinOrder, ", "))
	}
	b, err := Builtin(base)
	if err != nil {
		return Theme{}, err
	}
	b.Base = ""
	return Parse(name, file, data, &b)
}

// Parse reads a theme file's text. With base nil the file must give every
// entry; otherwise it changes base's entries. file names the file in
// errors, which say the line where they can.
func Parse(name, file string, data []byte, base *Theme) (Theme, error) {
	var th Theme
	if base != nil {
		th = *base
	}
	md, err := toml.Decode(string(data), &th)
	if err != nil {
		return Theme{}, fileError(file, data, err)
	}
	if und := md.Undecoded(); len(und) > 0 {
		k := und[0]
		section, key := "", k[len(k)-1]
		if len(k) > 1 {
			section = k[0]
		}
		return Theme{}, fmt.Errorf("theme file %s, line %d: unknown entry %q", file, lineOf(data, section, key), k.String())
	}
	th.Name = name
	if err := th.validate(); err != nil {
		var ve *validationError
		if errors.As(err, &ve) {
			return Theme{}, fmt.Errorf("theme file %s, line %d: %s", file, lineOf(data, ve.section, ve.key), ve.msg)
		}
		return Theme{}, fmt.Errorf("theme file %s: %v", file, err)
	}
	return th, nil
}

func fileError(file string, data []byte, err error) error {
	var pe toml.ParseError
	if errors.As(err, &pe) {
		line := pe.Position.Line
		if line == 0 && pe.LastKey != "" {
			k := strings.Split(pe.LastKey, ".")
			section := ""
			if len(k) > 1 {
				section = k[0]
			}
			line = lineOf(data, section, k[len(k)-1])
		}
		msg := strings.TrimPrefix(pe.Message, "toml: ")
		if pe.LastKey != "" {
			return fmt.Errorf("theme file %s, line %d: %s: %s", file, line, pe.LastKey, msg)
		}
		return fmt.Errorf("theme file %s, line %d: %s", file, line, msg)
	}
	return fmt.Errorf("theme file %s: %v", file, strings.TrimPrefix(err.Error(), "toml: "))
}

// lineOf finds the line (from 1) where key is set inside [section], for
// messages about values that parsed but do not make sense. 0 if unknown.
func lineOf(data []byte, section, key string) int {
	cur := ""
	keyRe := regexp.MustCompile(`^\s*"?` + regexp.QuoteMeta(key) + `"?\s*=`)
	dotted := regexp.MustCompile(`^\s*` + regexp.QuoteMeta(section) + `\.` + regexp.QuoteMeta(key) + `\s*=`)
	for i, line := range bytes.Split(data, []byte("\n")) {
		t := strings.TrimSpace(string(line))
		if strings.HasPrefix(t, "[") {
			cur = strings.Trim(strings.TrimSpace(strings.SplitN(t, "#", 2)[0]), "[] ")
			continue
		}
		if cur == section && keyRe.Match(line) {
			return i + 1
		}
		if section != "" && cur == "" && dotted.Match(line) {
			return i + 1
		}
	}
	return 0
}

func unknownTheme(name string) error {
	return fmt.Errorf("there is no theme %q; the themes are %s", name, strings.Join(Names(), ", "))
}

// userDir is where user themes are looked for, without creating it (a
// lookup must not leave directories behind); false if there is no config
// directory.
func userDir() (string, bool) {
	d, err := paths.ConfigDir()
	if err != nil {
		return "", false
	}
	return filepath.Join(d, "themes"), true
}

func userNames() []string {
	dir, ok := userDir()
	if !ok {
		return nil
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var names []string
	for _, e := range entries {
		n, ok := strings.CutSuffix(e.Name(), ".toml")
		if ok && !e.IsDir() && validName.MatchString(n) {
			names = append(names, n)
		}
	}
	return names
}

// narrow measures glyphs as terminals outside East Asian locales draw them,
// and as lipgloss lays them out, whatever the locale: a CJK locale must not
// make the built-in themes invalid.
var narrow = &runewidth.Condition{EastAsianWidth: false}

// validationError is a complaint about one entry of a theme file.
type validationError struct {
	section, key, msg string
}

func (e *validationError) Error() string { return e.msg }

func bad(section, key, format string, args ...any) error {
	return &validationError{section: section, key: key, msg: fmt.Sprintf(format, args...)}
}

// validate checks that a theme is complete and usable.
func (t *Theme) validate() error {
	switch t.Marks {
	case MarkLetter, MarkSymbol, MarkNone:
	case "":
		return bad("", "marks", "marks is missing (letter, symbol or none)")
	default:
		return bad("", "marks", "marks is %q; it is letter, symbol or none", t.Marks)
	}
	if !t.Mono {
		for _, c := range t.colors() {
			if c.c.IsZero() && !(c.section == "board" && c.key == "background") {
				return bad(c.section, c.key, "%s.%s needs a colour (only a mono theme goes without)", c.section, c.key)
			}
		}
	}
	syms := map[string]string{}
	for _, g := range t.glyphs() {
		if g.s == "" {
			return bad(g.section, g.key, "%s.%s is missing", g.section, g.key)
		}
		if w := narrow.StringWidth(g.s); w != 1 || strings.ContainsAny(g.s, "\x1b\t\r\n") {
			return bad(g.section, g.key, "%s.%s is %q; it must be one character one cell wide", g.section, g.key, g.s)
		}
		if g.section == "symbols" && g.key != "joker" && t.Marks == MarkSymbol {
			if other, dup := syms[g.s]; dup {
				return bad(g.section, g.key, "symbols.%s and symbols.%s are both %q; each colour needs its own symbol", other, g.key, g.s)
			}
			syms[g.s] = g.key
		}
	}
	return nil
}

type namedColor struct {
	section, key string
	c            Color
}

type namedGlyph struct {
	section, key, s string
}

// colors lists every colour entry with its place in the file.
func (t *Theme) colors() []namedColor {
	return []namedColor{
		{"tiles", "red", t.Tiles.Red}, {"tiles", "blue", t.Tiles.Blue},
		{"tiles", "orange", t.Tiles.Orange}, {"tiles", "black", t.Tiles.Black},
		{"tiles", "joker", t.Tiles.Joker},
		{"face", "background", t.Face.Background}, {"face", "edge", t.Face.Edge},
		{"face", "meaning", t.Face.Meaning}, {"face", "back", t.Face.Back},
		{"board", "background", t.Board.Background}, {"board", "text", t.Board.Text},
		{"board", "dim", t.Board.Dim}, {"board", "border", t.Board.Border},
		{"board", "title", t.Board.Title},
		{"accents", "cursor", t.Accents.Cursor}, {"accents", "selection", t.Accents.Selection},
		{"accents", "lifted", t.Accents.Lifted}, {"accents", "placed", t.Accents.Placed},
		{"accents", "invalid", t.Accents.Invalid}, {"accents", "locked", t.Accents.Locked},
		{"accents", "key", t.Accents.Key}, {"accents", "hint", t.Accents.Hint},
		{"accents", "current", t.Accents.Current}, {"accents", "melded", t.Accents.Melded},
		{"accents", "error", t.Accents.Error}, {"accents", "info", t.Accents.Info},
	}
}

// glyphs lists every one-cell symbol with its place in the file.
func (t *Theme) glyphs() []namedGlyph {
	return []namedGlyph{
		{"symbols", "red", t.Symbols.Red}, {"symbols", "blue", t.Symbols.Blue},
		{"symbols", "orange", t.Symbols.Orange}, {"symbols", "black", t.Symbols.Black},
		{"symbols", "joker", t.Symbols.Joker},
		{"glyphs", "cursor", t.Glyphs.Cursor}, {"glyphs", "selected", t.Glyphs.Selected},
		{"glyphs", "lifted", t.Glyphs.Lifted}, {"glyphs", "placed", t.Glyphs.Placed},
		{"glyphs", "invalid", t.Glyphs.Invalid}, {"glyphs", "locked", t.Glyphs.Locked},
		{"glyphs", "key", t.Glyphs.Key}, {"glyphs", "hint", t.Glyphs.Hint},
		{"glyphs", "melded", t.Glyphs.Melded},
	}
}

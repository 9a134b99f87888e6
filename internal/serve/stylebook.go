package serve

import (
	"sync"

	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// styleBook keeps the styles the sessions share: one Styles for each
// colour profile, theme and background, made on first use. Making one
// reads the theme's file and builds every tile style; and what a Styles
// draws stays in its memo, so sessions of one kind of terminal draw a tile
// once between them rather than once each. Its size is bounded by what it
// is keyed on: five profiles, two themes (the server's and mono), two
// backgrounds.
type styleBook struct {
	mu sync.Mutex
	m  map[styleKey]*style.Styles
}

type styleKey struct {
	profile    colorprofile.Profile
	mono, dark bool
}

// get is the styles for a terminal of profile p, in mono (NO_COLOR, or a
// terminal that shows no colour) or the server's theme, on a dark
// background or a light one.
func (b *styleBook) get(p colorprofile.Profile, mono, dark bool) (*style.Styles, error) {
	k := styleKey{profile: p, mono: mono, dark: dark}
	b.mu.Lock()
	st, ok := b.m[k]
	b.mu.Unlock()
	if ok {
		return st, nil
	}
	// Made off the lock: loading a theme reads its file, and other
	// sessions' set-up must not wait on that. Two sessions making the
	// same styles at once keep the first.
	name := ""
	if mono {
		name = "mono"
	}
	th, err := themes.Load(name)
	if err != nil {
		return nil, err
	}
	st = style.New(p, dark, th)
	b.mu.Lock()
	defer b.mu.Unlock()
	if kept, ok := b.m[k]; ok {
		return kept, nil
	}
	if b.m == nil {
		b.m = map[styleKey]*style.Styles{}
	}
	b.m[k] = st
	return st, nil
}

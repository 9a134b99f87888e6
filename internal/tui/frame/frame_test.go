package frame

import (
	"testing"

	tea "charm.land/bubbletea/v2"
)

func TestFrames(t *testing.T) {
	for _, c := range []struct {
		name  string
		v     tea.View
		mouse tea.MouseMode
	}{
		{"Full", Full("board"), tea.MouseModeNone},
		{"WithMouse", WithMouse("board"), tea.MouseModeCellMotion},
	} {
		t.Run(c.name, func(t *testing.T) {
			if !c.v.AltScreen || c.v.MouseMode != c.mouse || c.v.Content != "board" {
				t.Errorf("alt screen %v, mouse %v, content %q", c.v.AltScreen, c.v.MouseMode, c.v.Content)
			}
		})
	}
}

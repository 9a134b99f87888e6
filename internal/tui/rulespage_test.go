package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// The rules page scrolls with the wheel, as its help line's arrows do.
func TestRulesPageWheelScrolls(t *testing.T) {
	p := NewRulesPage(monoStyles(t), game.Standard())
	p.SetSize(80, 24)
	if p.vp.YOffset() != 0 {
		t.Fatalf("the page opens %d lines down", p.vp.YOffset())
	}
	p.Update(tea.MouseWheelMsg{Button: tea.MouseWheelDown})
	if p.vp.YOffset() == 0 {
		t.Fatal("a notch down did not scroll the rules page")
	}
	p.Update(tea.MouseWheelMsg{Button: tea.MouseWheelUp})
	if p.vp.YOffset() != 0 {
		t.Fatalf("a notch back up left the page %d lines down", p.vp.YOffset())
	}
}

package serve

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
)

// The program's size filter clamps every size, lets one through per
// resizeGap, holds the last of a burst for the gap's end, drops a held
// size that a newer one overtook, and a late copy of the starting size.
func TestSizesFilter(t *testing.T) {
	z := &sizes{}
	pass := func(w, h int) tea.Msg { return z.filter(nil, tea.WindowSizeMsg{Width: w, Height: h}) }
	if got := pass(100000, 7); got != (tea.WindowSizeMsg{Width: MaxWidth, Height: 7}) {
		t.Fatalf("the first size: %v", got)
	}
	z.timer = time.NewTimer(time.Hour) // no release of its own: the test sends heldSize
	for _, w := range []int{90, 91, 92} {
		if got := pass(w, 30); got != nil {
			t.Fatalf("a size within the gap went through: %v", got)
		}
	}
	if got := z.filter(nil, heldSize{}); got != (tea.WindowSizeMsg{Width: 92, Height: 30}) {
		t.Fatalf("the held size: %v, want the last of the burst", got)
	}
	if got := z.filter(nil, heldSize{}); got != nil {
		t.Fatalf("a second release drew %v", got)
	}
	// A held size overtaken by a newer one that got through is dropped.
	pass(80, 24)
	z.last = time.Now().Add(-time.Second)
	z.held = &tea.WindowSizeMsg{Width: 81, Height: 24}
	if got := pass(120, 40); got != (tea.WindowSizeMsg{Width: 120, Height: 40}) {
		t.Fatalf("a size after the gap: %v", got)
	}
	if got := z.filter(nil, heldSize{}); got != nil {
		t.Fatalf("a stale held size was drawn after a newer one: %v", got)
	}
	// The copies of the starting size Bubble Tea and Wish send: the first
	// goes through, one that comes after the client's new size does not,
	// and the client's own return to that size later does.
	start := tea.WindowSizeMsg{Width: 100, Height: 30}
	z = &sizes{start: start, echoes: startEchoes}
	if got := pass(100, 30); got != start {
		t.Fatalf("the first copy of the starting size: %v", got)
	}
	z.last = time.Now().Add(-time.Second)
	if got := pass(0, 0); got != (tea.WindowSizeMsg{}) {
		t.Fatalf("the client's new size: %v", got)
	}
	z.last = time.Now().Add(-time.Second)
	if got := pass(100, 30); got != nil {
		t.Fatalf("a late copy of the starting size put the session back: %v", got)
	}
	z.last = time.Now().Add(-time.Second)
	if got := pass(100, 30); got != start {
		t.Fatalf("the client's return to the starting size: %v", got)
	}
	if got := z.filter(nil, tea.SuspendMsg{}); got != (tea.ResumeMsg{}) {
		t.Fatalf("suspend: %v", got)
	}
}

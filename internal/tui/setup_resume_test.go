package tui

import (
	"testing"
	"time"

	"rummikub/internal/host"
)

// A resume line names the rules when they are not the standard ones, and
// the match itself when another line would read the same.
func TestResumeText(t *testing.T) {
	at := time.Date(2026, 12, 1, 23, 26, 0, 0, time.Local)
	list := []host.Entry{
		{Name: "2026-12-01-2326-ana-cpuhard-2", Players: []string{"Ana", "CPU hard"}, Game: 1, Games: 2, Saved: at, Rules: "french"},
		{Name: "2026-12-01-2326-ana-cpuhard", Players: []string{"Ana", "CPU hard"}, Game: 1, Games: 2, Saved: at, Rules: "french"},
		{Name: "2026-12-01-2301-ana-ben", Players: []string{"Ana", "Ben"}, Game: 2, Games: 0, Saved: at, Rules: "standard"},
	}
	want := []string{
		"Resume Ana, CPU hard · french · game 1 of 2 · 1 Dec 23:26 · 2026-12-01-2326-ana-cpuhard-2",
		"Resume Ana, CPU hard · french · game 1 of 2 · 1 Dec 23:26 · 2026-12-01-2326-ana-cpuhard",
		"Resume Ana, Ben · game 2 · 1 Dec 23:26",
	}
	for k := range list {
		if got := resumeText(list, k); got != want[k] {
			t.Errorf("line %d: %q, want %q", k, got, want[k])
		}
	}
}

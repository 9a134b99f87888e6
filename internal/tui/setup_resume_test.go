package tui

import (
	"os"
	"strings"
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

// Issue 25 friction: an unfinished saved match is dropped from the setup
// screen with del and a y to the question; n keeps it; the file goes in
// a command, not in Update.
func TestSetupDropsASavedMatch(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tp := newTestPlayIn(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil, store)
	tp.start()
	tp.press("enter d")
	if err := tp.host.Flush(); err != nil {
		t.Fatal(err)
	}
	name := tp.host.Name()
	s := NewSetup(monoStyles(t), Services{NoKeeper: true, Store: store}, Config{})
	s.SetSize(80, 24)
	s.Update(s.listSaved()())
	if len(s.saved) != 1 {
		t.Fatalf("%d saved matches listed", len(s.saved))
	}
	for i, it := range s.items() {
		if it.kind == itemResume {
			s.cursor = i
		}
	}
	run := func(keys ...string) {
		for _, k := range keys {
			_, cmd := s.Update(keyMsg(k))
			for cmd != nil {
				_, cmd = s.Update(cmd())
			}
		}
	}
	run("delete")
	if v := plain(s.View()); !strings.Contains(v, "Drop the unfinished match "+name) {
		t.Fatalf("del does not ask:\n%s", v)
	}
	run("n")
	if _, err := os.Stat(store.Path(name)); err != nil || len(s.saved) != 1 {
		t.Fatalf("n dropped the match: %v", err)
	}
	run("delete", "y")
	if _, err := os.Stat(store.Path(name)); !os.IsNotExist(err) {
		t.Fatalf("y did not drop the match: %v", err)
	}
	if len(s.saved) != 0 || !strings.Contains(plain(s.View()), "is dropped") {
		t.Fatalf("the list still holds %d matches:\n%s", len(s.saved), plain(s.View()))
	}
}

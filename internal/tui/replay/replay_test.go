package replay

import (
	xgolden "github.com/charmbracelet/x/exp/golden"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"rummikub/internal/analysis"
	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// golden compares got with testdata/<test>/<name>.golden through
// x/exp/golden (go test -update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(strings.TrimSuffix(name, ".golden"), func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

func record(t *testing.T) *analysis.Record {
	t.Helper()
	rec, err := analysis.LoadMatchFile(filepath.Join("..", "..", "analysis", "testdata", "match-seed7.json"))
	if err != nil {
		t.Fatal(err)
	}
	return rec
}

// run feeds msg to the model and then carries out every command it
// returns, feeding their messages back, until none is left: the solver's
// background work included, so the screens do not depend on timing.
func run(m Model, msg tea.Msg) Model {
	queue := []tea.Msg{msg}
	for len(queue) > 0 && len(queue) < 1000 {
		next, cmd := m.Update(queue[0])
		m = next.(Model)
		queue = queue[1:]
		if cmd == nil {
			continue
		}
		out := cmd()
		if _, quit := out.(tea.QuitMsg); quit || out == nil {
			continue
		}
		queue = append(queue, out)
	}
	return m
}

func keys(m Model, ks ...string) Model {
	named := map[string]rune{"left": tea.KeyLeft, "right": tea.KeyRight, "enter": tea.KeyEnter, "esc": tea.KeyEsc, "home": tea.KeyHome, "end": tea.KeyEnd}
	for _, k := range ks {
		if kt, ok := named[k]; ok {
			m = run(m, tea.KeyPressMsg{Code: kt})
			continue
		}
		for _, r := range k {
			m = run(m, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return m
}

func open(t *testing.T, w, h int) Model {
	t.Helper()
	m := New(Options{Record: record(t)})
	m = run(m, tea.WindowSizeMsg{Width: w, Height: h})
	if cmd := m.Init(); cmd != nil {
		m = run(m, cmd())
	}
	return m
}

func checkFits(t *testing.T, m Model, w, h int) {
	t.Helper()
	v := plain(m.View())
	ls := strings.Split(v, "\n")
	if len(ls) > h {
		t.Errorf("turn %d: %d lines in a terminal of %d", m.idx, len(ls), h)
	}
	for _, l := range ls {
		if lipgloss.Width(l) > w {
			t.Errorf("turn %d: a line wider than %d: %q", m.idx, w, l)
		}
	}
}

// Stepping forward then back shows the same screens, at every turn of
// the match, and every screen fits 80x24.
func TestStepForwardAndBack(t *testing.T) {
	m := open(t, 80, 24)
	if len(m.best) != len(m.turns) {
		t.Fatalf("the background solving covered %d of %d turns", len(m.best), len(m.turns))
	}
	var forward []string
	for i := range m.turns {
		if m.idx != i {
			t.Fatalf("at step %d the replay shows turn %d", i, m.idx)
		}
		forward = append(forward, plain(m.View()))
		checkFits(t, m, 80, 24)
		m = keys(m, "right")
	}
	if m.idx != len(m.turns)-1 {
		t.Fatalf("right past the end moved to %d", m.idx)
	}
	for i := len(m.turns) - 1; i >= 0; i-- {
		if got := plain(m.View()); got != forward[i] {
			t.Fatalf("turn %d differs going back:\n%s\n--- going forward:\n%s", i, got, forward[i])
		}
		m = keys(m, "left")
	}
	if forward[0] == forward[1] {
		t.Error("two different turns drew the same screen")
	}
}

func TestScreensGolden(t *testing.T) {
	m := open(t, 80, 24)
	golden(t, "first-80x24.txt", plain(m.View()))
	// The first miss of the match: n from the start.
	m = keys(m, "n")
	golden(t, "first-miss-80x24.txt", plain(m.View()))
	m = keys(m, "b")
	golden(t, "first-miss-best-80x24.txt", plain(m.View()))
	// Game 2, turn 10, on a larger terminal.
	m = run(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	m = keys(m, "b", "g", "2", "enter", "t", "10", "enter")
	if tn := m.turns[m.idx]; tn.Game != 2 || tn.Number != 10 {
		t.Fatalf("g 2, t 10 went to game %d turn %d", tn.Game, tn.Number)
	}
	golden(t, "game2-turn10-120x40.txt", plain(m.View()))
	checkFits(t, m, 120, 40)
	// The last turn ends the match: the game's scores are shown.
	m = keys(m, "end")
	if !strings.Contains(plain(m.View()), "Game 2 over") {
		t.Errorf("the last turn does not say the game is over:\n%s", plain(m.View()))
	}
}

func TestJumpsAndEdges(t *testing.T) {
	m := open(t, 80, 24)
	m = keys(m, "g", "9", "enter")
	if m.idx != 0 || !strings.Contains(plain(m.View()), "There is no game 9") {
		t.Errorf("g 9: at %d, screen:\n%s", m.idx, plain(m.View()))
	}
	m = keys(m, "]")
	if m.turns[m.idx].Game != 2 || m.turns[m.idx].Number != 1 {
		t.Errorf("] went to game %d turn %d", m.turns[m.idx].Game, m.turns[m.idx].Number)
	}
	m = keys(m, "right", "right", "[")
	if m.turns[m.idx].Game != 2 || m.turns[m.idx].Number != 1 {
		t.Errorf("[ within game 2 went to game %d turn %d", m.turns[m.idx].Game, m.turns[m.idx].Number)
	}
	m = keys(m, "[")
	if m.idx != 0 {
		t.Errorf("[ at game 2's start went to %d", m.idx)
	}
	m = keys(m, "t", "999", "esc", "left")
	if m.idx != 0 || m.prompt != "" {
		t.Errorf("esc did not cancel the prompt: idx %d prompt %q", m.idx, m.prompt)
	}
	small := run(m, tea.WindowSizeMsg{Width: 60, Height: 20})
	if !strings.Contains(plain(small.View()), "at least 80x24") {
		t.Errorf("a small terminal: %q", plain(small.View()))
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if cmd == nil {
		t.Fatal("q returned no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q does not quit")
	}
	e := New(Options{Record: record(t), Embedded: true})
	_, cmd = e.Update(tea.KeyPressMsg{Code: tea.KeyEsc})
	if _, ok := cmd().(Done); !ok {
		t.Error("esc in an embedded replay does not send Done")
	}
	if v := plain(New(Options{}).View()); !strings.Contains(v, "no match") {
		t.Errorf("no record: %q", v)
	}
}

// In a colour theme the screens fit as well, and the marks are there.
func TestColourThemeFits(t *testing.T) {
	th, err := themes.Builtin("dark")
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Record: record(t), Styles: style.New(colorprofile.TrueColor, true, th)})
	m = run(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	m = run(m, m.Init()())
	for i := 0; i < len(m.turns); i += 7 {
		m.idx = i
		checkFits(t, m, 80, 24)
	}
	if !strings.Contains(m.View().Content, "\x1b[") {
		t.Error("the dark theme drew no colour")
	}
}

// plain is a view as a terminal without colour or attributes shows it.
func plain(v tea.View) string { return ansi.Strip(v.Content) }

package statsview

import (
	"errors"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"path/filepath"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/analysis"
)

// golden compares got with testdata/<test>/<name>.golden through
// x/exp/golden (go test -update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(strings.TrimSuffix(name, ".golden"), func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

func step(m Model, msg tea.Msg) Model {
	next, _ := m.Update(msg)
	return next.(Model)
}

func TestStatsScreen(t *testing.T) {
	rec, err := analysis.LoadMatchFile(filepath.Join("..", "..", "analysis", "testdata", "match-seed7.json"))
	if err != nil {
		t.Fatal(err)
	}
	m := New(Options{Analyse: true, Load: func() ([]*analysis.Record, []string, error) {
		return []*analysis.Record{rec}, nil, nil
	}})
	m = step(m, tea.WindowSizeMsg{Width: 80, Height: 24})
	if !strings.Contains(plain(m.View()), "analysing") {
		t.Errorf("before loading: %q", plain(m.View()))
	}
	m = step(m, m.Init()())
	golden(t, "stats-80x24.txt", plain(m.View()))
	if !strings.Contains(plain(m.View()), "Ben") || !strings.Contains(plain(m.View()), "not luck") {
		t.Errorf("the screen lacks the players or the note:\n%s", plain(m.View()))
	}
	if n := strings.Count(plain(m.View()), "\n") + 1; n > 24 {
		t.Errorf("%d lines", n)
	}

	empty := New(Options{Load: func() ([]*analysis.Record, []string, error) { return nil, nil, nil }})
	empty = step(empty, empty.Init()())
	if !strings.Contains(plain(empty.View()), "No match has been kept") {
		t.Errorf("empty: %q", plain(empty.View()))
	}
	bad := New(Options{Load: func() ([]*analysis.Record, []string, error) { return nil, nil, errors.New("disk on fire") }})
	bad = step(bad, bad.Init()())
	if !strings.Contains(plain(bad.View()), "disk on fire") {
		t.Errorf("error: %q", plain(bad.View()))
	}
	_, cmd := m.Update(tea.KeyPressMsg{Code: 'q', Text: "q"})
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q does not quit")
	}
}

// plain is a view as a terminal without colour or attributes shows it.
func plain(v tea.View) string { return ansi.Strip(v.Content) }

package statsview

import (
	"errors"
	xgolden "github.com/charmbracelet/x/exp/golden"
	"path/filepath"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

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
	if !strings.Contains(m.View(), "analysing") {
		t.Errorf("before loading: %q", m.View())
	}
	m = step(m, m.Init()())
	golden(t, "stats-80x24.txt", m.View())
	if !strings.Contains(m.View(), "Ben") || !strings.Contains(m.View(), "not luck") {
		t.Errorf("the screen lacks the players or the note:\n%s", m.View())
	}
	if n := strings.Count(m.View(), "\n") + 1; n > 24 {
		t.Errorf("%d lines", n)
	}

	empty := New(Options{Load: func() ([]*analysis.Record, []string, error) { return nil, nil, nil }})
	empty = step(empty, empty.Init()())
	if !strings.Contains(empty.View(), "No match has been kept") {
		t.Errorf("empty: %q", empty.View())
	}
	bad := New(Options{Load: func() ([]*analysis.Record, []string, error) { return nil, nil, errors.New("disk on fire") }})
	bad = step(bad, bad.Init()())
	if !strings.Contains(bad.View(), "disk on fire") {
		t.Errorf("error: %q", bad.View())
	}
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'q'}})
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Error("q does not quit")
	}
}

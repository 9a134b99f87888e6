package tui

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/analysis"
	"rummikub/internal/lesson"
	"rummikub/internal/puzzle"
	"rummikub/internal/tui/keeper"
	"rummikub/internal/tui/statsview"
)

// The screens the setup screen opens, each made here and shown by the App
// (openMsg) until it closes. Adding a screen: its model (a Screen) in a
// file of its own, an entry in the setup screen's list, and its opening
// here.

// open shows s in place of the setup screen.
func open(s Screen) tea.Cmd { return func() tea.Msg { return openMsg{s} } }

// openLessons opens every lesson on the trainer board; TrainerDone comes
// back to the setup screen.
func openLessons(st *Styles) tea.Cmd {
	return func() tea.Msg {
		var tasks []Task
		for _, l := range lesson.All() {
			ts, err := LessonTasks(l)
			if err != nil {
				return setupErrMsg{err}
			}
			tasks = append(tasks, ts...)
		}
		return openMsg{NewTrainer(tasks, st)}
	}
}

// puzzleOfTheDay opens the day's puzzle on the trainer board, its
// progress kept in the data directory (read in the command).
func puzzleOfTheDay(st *Styles) tea.Cmd {
	return func() tea.Msg {
		path, err := puzzle.DefaultProgressPath()
		if err != nil {
			return setupErrMsg{err}
		}
		p, err := puzzle.Daily(time.Now())
		if err != nil {
			return setupErrMsg{err}
		}
		t, err := PuzzleTask(p, path)
		if err != nil {
			return setupErrMsg{err}
		}
		return openMsg{NewTrainer([]Task{t}, st)}
	}
}

// keeperScreen is the score keeper (package keeper) as a screen: it
// draws in the setup screen's theme, for the session's terminal;
// keeper.CloseMsg comes back to the setup screen.
type keeperScreen struct{ m keeper.Model }

func newKeeperScreen(st *Styles) *keeperScreen {
	return &keeperScreen{keeper.New(keeper.Options{Embedded: true, Styles: st})}
}

func (k *keeperScreen) Init() tea.Cmd             { return k.m.Init() }
func (k *keeperScreen) View() tea.View            { return k.m.View() } // painted by the keeper
func (k *keeperScreen) SetSize(width, height int) { k.m.SetSize(width, height) }

func (k *keeperScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if key, ok := msg.(tea.KeyPressMsg); ok && key.String() == "ctrl+c" {
		return k, tea.Quit
	}
	m, cmd := k.m.Update(msg)
	k.m = m.(keeper.Model)
	return k, cmd
}

// statsScreen is the statistics of the kept matches (package statsview),
// read and analysed in the view's commands; statsview.Done comes back to
// the setup screen.
type statsScreen struct{ m tea.Model }

func newStatsScreen(st *Styles) *statsScreen {
	load := func() ([]*analysis.Record, []string, error) {
		dir, err := analysis.MatchesDir()
		if err != nil {
			return nil, nil, err
		}
		return analysis.LoadAll(dir)
	}
	return &statsScreen{statsview.New(statsview.Options{Load: load, Styles: st, Analyse: true, Embedded: true})}
}

func (s *statsScreen) Init() tea.Cmd  { return s.m.Init() }
func (s *statsScreen) View() tea.View { return s.m.View() } // painted by the view

// SetSize tells the view its size (it takes it as a message and asks for
// nothing in return).
func (s *statsScreen) SetSize(width, height int) {
	s.m, _ = s.m.Update(tea.WindowSizeMsg{Width: width, Height: height})
}

func (s *statsScreen) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	s.m, cmd = s.m.Update(msg)
	return s, cmd
}

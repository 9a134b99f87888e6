package tui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/analysis"
	"rummikub/internal/lesson"
	"rummikub/internal/puzzle"
	"rummikub/internal/tui/statsview"
)

// onTrainerMsg routes the setup screen's Learn entry: it opens every
// lesson on the trainer board, and TrainerDone comes back to the setup.
func (a *App) onTrainerMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch m := msg.(type) {
	case openMsg:
		if m.screen != screenTrainer {
			return nil, false
		}
		st := m.st
		if st == nil {
			st = a.st
		}
		tasks := m.tasks
		for _, l := range lesson.All() {
			if m.tasks != nil {
				break
			}
			ts, err := LessonTasks(l)
			if err != nil {
				return nil, true
			}
			tasks = append(tasks, ts...)
		}
		a.learn = NewTrainer(tasks, st)
		a.learn.Update(tea.WindowSizeMsg{Width: a.width, Height: a.height})
		a.screen = screenTrainer
		return nil, true
	case TrainerDone:
		a.learn = nil
		a.screen = screenSetup
		return nil, true
	}
	if a.screen != screenTrainer || a.learn == nil {
		return nil, false
	}
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		a.width, a.height = ws.Width, ws.Height
	}
	switch msg.(type) {
	case tea.KeyMsg, tea.WindowSizeMsg:
		_, cmd := a.learn.Update(msg)
		return cmd, true
	}
	return nil, false
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
		return openMsg{screen: screenTrainer, st: st, tasks: []Task{t}}
	}
}

// onStatsMsg routes the setup screen's Statistics entry: the statistics
// of the kept matches, read and analysed in the screen's commands;
// statsview.Done comes back to the setup.
func (a *App) onStatsMsg(msg tea.Msg) (tea.Cmd, bool) {
	switch m := msg.(type) {
	case openMsg:
		if m.screen != screenStats {
			return nil, false
		}
		st := m.st
		if st == nil {
			st = a.st
		}
		load := func() ([]*analysis.Record, []string, error) {
			dir, err := analysis.MatchesDir()
			if err != nil {
				return nil, nil, err
			}
			return analysis.LoadAll(dir)
		}
		var sm tea.Model = statsview.New(statsview.Options{Load: load, Styles: st, Analyse: true, Embedded: true})
		var cmd tea.Cmd
		sm, cmd = sm.Update(tea.WindowSizeMsg{Width: a.width, Height: a.height})
		a.stats = sm
		a.screen = screenStats
		return tea.Batch(sm.Init(), cmd), true
	case statsview.Done:
		a.stats = nil
		a.screen = screenSetup
		return nil, true
	}
	if a.screen != screenStats || a.stats == nil {
		return nil, false
	}
	var cmd tea.Cmd
	a.stats, cmd = a.stats.Update(msg)
	return cmd, true
}

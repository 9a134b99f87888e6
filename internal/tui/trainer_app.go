package tui

import (
	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/lesson"
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
		var tasks []Task
		for _, l := range lesson.All() {
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

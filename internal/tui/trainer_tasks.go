package tui

import (
	"fmt"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/lesson"
	"rummikub/internal/puzzle"
)

// PuzzleSaved is the outcome of remembering a solved puzzle.
type PuzzleSaved struct {
	ID  int
	Err error
}

// PuzzleTask is a puzzle on the trainer board. progPath is the progress
// file that a solved puzzle is marked in ("" remembers nothing); the
// marking runs in a command.
func PuzzleTask(p puzzle.Puzzle, progPath string) (Task, error) {
	start, err := p.Start()
	if err != nil {
		return Task{}, err
	}
	sol, err := p.SolutionTable()
	if err != nil {
		return Task{}, err
	}
	t := Task{
		Title:    fmt.Sprintf("Puzzle %d (%s)", p.ID, p.Difficulty),
		Goal:     p.GoalText(),
		Rules:    puzzle.Rules(),
		Start:    start,
		Hints:    p.Hints(),
		Solution: sol,
		Check: func(after game.Table) (bool, string) {
			v := p.Check(after)
			return v.Solved, v.Message
		},
	}
	if progPath != "" {
		id := p.ID
		t.Solved = func() tea.Cmd {
			return func() tea.Msg {
				prog, err := puzzle.LoadProgress(progPath)
				if err == nil {
					prog.MarkSolved(id, time.Now())
					err = prog.Save(progPath)
				}
				return PuzzleSaved{ID: id, Err: err}
			}
		}
	}
	return t, nil
}

// LessonTasks are a lesson's steps on the trainer board.
func LessonTasks(l lesson.Lesson) ([]Task, error) {
	var out []Task
	for i := range l.Steps {
		s := &l.Steps[i]
		t := Task{Title: fmt.Sprintf("%s · step %d of %d", l.Title, i+1, len(l.Steps)), Goal: s.Prompt, Intro: strings.Join(l.Intro, " ")}
		if s.Hint != "" {
			t.Hints = []string{s.Hint}
		}
		if s.Question != nil {
			t.Question = s.Question.Text
			t.Answer = func(typed string) (bool, string) {
				v := s.CheckAnswer(typed)
				return v.Done, v.Message
			}
			out = append(out, t)
			continue
		}
		r, err := s.Rules()
		if err != nil {
			return nil, err
		}
		start, err := s.Start()
		if err != nil {
			return nil, err
		}
		for _, set := range s.Solution {
			ts, err := game.ParseTileStrings(set)
			if err != nil {
				return nil, err
			}
			t.Solution = append(t.Solution, ts)
		}
		t.Rules, t.Start = r, start
		t.Check = func(after game.Table) (bool, string) {
			v := s.Check(after)
			return v.Done, v.Message
		}
		out = append(out, t)
	}
	return out, nil
}

package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
	"rummikub/internal/lesson"
	"rummikub/internal/tui"
)

func newLearnCmd() *cobra.Command {
	var step int
	var answer, theme string
	cmd := &cobra.Command{
		Use:   "learn [LESSON]",
		Short: "Short lessons: runs and groups, the initial meld, the table, the joker, time, scoring",
		Long: `learn lists the lessons, or shows one: what it teaches, then each step, a
small position with a goal the engine checks or a question about the rules.
Answer a step with --step N --answer: the whole table after your turn
("R3 R4 R5 | B7 K7 O7") for a position, a number for a question.`,
		Example: `  rummikub learn
  rummikub learn joker
  rummikub learn joker --step 2 --answer "R5 R6 R7 | B9 O9 J"
  rummikub learn scoring --step 1 --answer -44`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if len(args) == 0 {
				if answer != "" || step != 0 {
					return badInput("name the lesson to answer a step of")
				}
				var tasks []tui.Task
				for _, l := range lesson.All() {
					ts, err := tui.LessonTasks(l)
					if err != nil {
						return err
					}
					tasks = append(tasks, ts...)
				}
				if ok, err := runTrainer(cmd, theme, tasks); ok {
					return err
				}
				return listLessons(out)
			}
			l, ok := lesson.ByID(args[0])
			if !ok {
				var ids []string
				for _, l := range lesson.All() {
					ids = append(ids, l.ID)
				}
				return badInput("there is no lesson %q; the lessons are %s", args[0], strings.Join(ids, ", "))
			}
			if answer == "" {
				if step != 0 {
					return badInput("--step needs --answer")
				}
				tasks, err := tui.LessonTasks(l)
				if err != nil {
					return err
				}
				if ok, err := runTrainer(cmd, theme, tasks); ok {
					return err
				}
				return showLesson(out, &l)
			}
			if step < 1 || step > len(l.Steps) {
				return badInput("lesson %s has steps 1 to %d, not %d", l.ID, len(l.Steps), step)
			}
			s := &l.Steps[step-1]
			var v lesson.Verdict
			if s.Question != nil {
				v = s.CheckAnswer(answer)
			} else {
				after, err := game.ParseTable(answer)
				if err != nil {
					return badInput("the answer: %v", err)
				}
				v = s.Check(after)
			}
			if v.NotAnswer {
				return badInput("the answer must be a number, not %q", answer)
			}
			fmt.Fprintln(out, v.Message)
			if !v.Done {
				return judgedNo
			}
			return nil
		},
	}
	cmd.Flags().IntVar(&step, "step", 0, "the step to answer (from 1)")
	cmd.Flags().StringVar(&theme, "theme", "", "colour theme of the board (NO_COLOR gives mono)")
	cmd.Flags().StringVar(&answer, "answer", "", "your answer: the table after your turn, or a number")
	return cmd
}

func listLessons(w io.Writer) error {
	var b strings.Builder
	for _, l := range lesson.All() {
		fmt.Fprintf(&b, "%-13s %s (%d %s)\n", l.ID, l.Title, len(l.Steps), plural(len(l.Steps), "step", "steps"))
	}
	b.WriteString("rummikub learn LESSON shows one.\n")
	_, err := io.WriteString(w, b.String())
	return err
}

func showLesson(w io.Writer, l *lesson.Lesson) error {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\n\n", l.Title)
	for _, s := range l.Intro {
		fmt.Fprintf(&b, "%s\n", s)
	}
	for i, s := range l.Steps {
		fmt.Fprintf(&b, "\nStep %d. %s\n", i+1, s.Prompt)
		if s.Question != nil {
			continue
		}
		table := "(empty)"
		if len(s.Table) > 0 {
			table = tableText(s.Table)
		}
		fmt.Fprintf(&b, "  Table: %s\n  Rack:  %s\n", table, strings.Join(s.Rack, " "))
		if s.Opened {
			b.WriteString("  (the initial meld is made)\n")
		}
	}
	fmt.Fprintf(&b, "\nAnswer a step with: rummikub learn %s --step N --answer ...\n", l.ID)
	_, err := io.WriteString(w, b.String())
	return err
}

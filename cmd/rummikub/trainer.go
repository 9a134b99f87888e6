package main

import (
	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"rummikub/internal/tui"
)

// runTrainer opens the board of puzzles and lessons when the command runs
// in a terminal; ok is false when it does not (the caller then prints).
func runTrainer(cmd *cobra.Command, theme string, tasks []tui.Task) (ok bool, err error) {
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	if !isTerminal(in) || !isTerminal(out) {
		return false, nil
	}
	styles, err := sessionStyles(theme)
	if err != nil {
		return true, err
	}
	t := tui.NewTrainer(tasks, styles)
	t.Standalone = true
	_, err = tea.NewProgram(t, tea.WithInput(in), tea.WithOutput(out), tea.WithColorProfile(styles.Profile())).Run()
	return true, err
}

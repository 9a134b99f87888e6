package main

import (
	"github.com/spf13/cobra"
)

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "rummikub",
		Short: "Rummikub in the terminal: play, solve, check, simulate, keep score",
		Long: `rummikub plays Rummikub by the published rules, hot-seat with friends or
against computer opponents, and answers questions about positions with an
exact solver. Tiles are written R7, B13, O1, K10 (red, blue, orange, black)
and J for a joker; a set is tiles separated by spaces, a table sets
separated by " | ".`,
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.CompletionOptions.DisableDefaultCmd = true
	if rootRun != nil {
		root.RunE = rootRun
	}
	for _, add := range subcommands {
		root.AddCommand(add())
	}
	return root
}

// subcommands is filled by each command's file in its init function, so
// every command lives in a file of its own.
var subcommands []func() *cobra.Command

// rootRun is what rummikub does with no command (the game's setup screen,
// set by play.go).
var rootRun func(cmd *cobra.Command, args []string) error

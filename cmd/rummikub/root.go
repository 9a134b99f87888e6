package main

import (
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
)

// commands lists every subcommand of rummikub, in the order --help shows
// them. Each lives in a file of its own.
func commands() []*cobra.Command {
	return []*cobra.Command{
		newPlayCmd(),
		newSolveCmd(),
		newCheckCmd(),
		newSimCmd(),
		newScoreCmd(),
		newThemesCmd(),
		newBotCmd(),
		newReplayCmd(),
		newAnalyzeCmd(),
		newStatsCmd(),
		newPuzzleCmd(),
		newLearnCmd(),
		newServeCmd(),
	}
}

func newRootCmd() *cobra.Command {
	root := &cobra.Command{
		Use:   "rummikub",
		Short: "Rummikub in the terminal: play, solve, check, simulate, keep score",
		Long: `rummikub plays Rummikub by the published rules, hot-seat with friends or
against computer opponents, and answers questions about positions with an
exact solver. Tiles are written R7, B13, O1, K10 (red, blue, orange, black)
and J for a joker; a set is tiles separated by spaces, a table sets
separated by " | ".`,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
		// With no command: the game's setup screen.
		RunE: runSetup,
	}
	root.SetVersionTemplate("rummikub {{.Version}}\n")
	root.AddCommand(commands()...)
	return root
}

// strictCompletion makes "completion SHELL" for a shell cobra cannot
// serve (tcsh) a usage error naming the shells it can, instead of the
// help and exit 0 of a command that only groups others. It is called once
// root's output is set: cobra's completion commands keep the writer they
// find then.
func strictCompletion(root *cobra.Command) {
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		if c.Name() != "completion" {
			continue
		}
		var shells []string
		for _, sub := range c.Commands() {
			shells = append(shells, sub.Name())
		}
		c.Args = cobra.ArbitraryArgs
		c.RunE = func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				return cmd.Help()
			}
			return badInput("there is no completion for %q: the shells are %s", args[0], strings.Join(shells, ", "))
		}
	}
}

// version is the module version and VCS revision the binary was built
// from, as the Go toolchain records them.
func version() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "(unknown version)"
	}
	return versionOf(bi)
}

// versionOf is version for build info bi: the module version, and the
// revision unless the version already names it (a pseudo-version built
// from a VCS checkout, v0.0.0-20261204181000-8fea53a7c94d+dirty, does).
func versionOf(bi *debug.BuildInfo) string {
	v := bi.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, dirty string
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			if s.Value == "true" {
				dirty = "-dirty"
			}
		}
	}
	if len(rev) > 12 {
		rev = rev[:12]
	}
	if rev != "" && !strings.Contains(v, rev) {
		v += " " + rev + dirty
	}
	return v
}

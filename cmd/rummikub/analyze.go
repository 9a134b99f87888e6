package main

import (
	"github.com/spf13/cobra"

	"rummikub/internal/analysis"
)

func newAnalyzeCmd() *cobra.Command {
	var last, asJSON bool
	var objective string
	cmd := &cobra.Command{
		Use:   "analyze [NAME|FILE]",
		Short: "Set every turn of a kept match against the best play the solver finds",
		Long: `analyze reads a kept match (by name from the data directory's matches/
folder, a match file by path, or the newest one with --last) and, for every
turn of every seat, sets the play made against the best play the exact
solver finds for the same position: tiles placed and points, under the
objective given (tiles: the most tiles, then the most points; points: the
other way round). Turns where a better play existed stand out: drew when 5
tiles could go, played 3 when 7 could.

It measures plays, not luck: the solver knows the position at the start of
the turn, not the tiles still to be drawn, and a player may hold tiles back
on purpose.`,
		Example: `  rummikub analyze --last
  rummikub analyze friday-night --json
  rummikub analyze ./match.json --objective points`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			obj, err := parseObjective(objective)
			if err != nil {
				return badInput("%v", err)
			}
			rec, err := findRecord(args, last)
			if err != nil {
				return err
			}
			rep, err := analysis.Analyze(cmd.Context(), rec, analysis.Options{Objective: obj})
			if err != nil {
				return badInput("%v", err)
			}
			if asJSON {
				writeJSON(cmd.OutOrStdout(), rep)
				return nil
			}
			return rep.WriteText(cmd.OutOrStdout())
		},
	}
	f := cmd.Flags()
	f.BoolVar(&last, "last", false, "the newest kept match")
	f.BoolVar(&asJSON, "json", false, "print the analysis as JSON")
	f.StringVar(&objective, "objective", "tiles", "what the best play is best at: tiles or points")
	return cmd
}

// findRecord reads the kept match a command names: a name, a file, or
// --last; anything else is bad input.
func findRecord(args []string, last bool) (*analysis.Record, error) {
	if last && len(args) > 0 {
		return nil, badInput("give a match name or --last, not both")
	}
	dir, err := analysis.MatchesDir()
	if err != nil {
		return nil, badInput("%v", err)
	}
	name := ""
	if len(args) > 0 {
		name = args[0]
	}
	rec, err := analysis.Find(dir, name, last)
	if err != nil {
		return nil, badInput("%v", err)
	}
	return rec, nil
}

package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"rummikub/internal/analysis"
	"rummikub/internal/tui/statsview"
	"rummikub/themes"
)

func newStatsCmd() *cobra.Command {
	var asJSON, text, noAnalysis bool
	var theme string
	cmd := &cobra.Command{
		Use:   "stats",
		Short: "Statistics of the kept matches: per player and rules preset",
		Long: `stats sums up every match kept in the data directory's matches/ folder,
per player name and rules preset: finished matches and games played and
won, the average score per game, the longest run of games won in a row
(games in the order they were played), and the analysis figures: the share
of turns where the solver found a better play, and the tiles and points
missed per turn (see rummikub analyze; it measures plays, not luck).

On a terminal it opens a screen; --text prints the table instead (as it
does when the output is not a terminal), --json prints it as JSON.
--no-analysis leaves out the analysis figures, which need the solver on
every turn of every match.`,
		Example: `  rummikub stats
  rummikub stats --json --no-analysis`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, err := analysis.MatchesDir()
			if err != nil {
				return badInput("%v", err)
			}
			load := func() ([]*analysis.Record, []string, error) { return analysis.LoadAll(dir) }
			in, out := cmd.InOrStdin(), cmd.OutOrStdout()
			if !asJSON && !text && isTerminal(in) && isTerminal(out) {
				styles, err := sessionStyles(theme)
				if err != nil {
					return err
				}
				m := statsview.New(statsview.Options{Load: load, Styles: styles, Analyse: !noAnalysis})
				_, err = tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithColorProfile(styles.Profile())).Run()
				return err
			}
			if _, err := themes.Load(theme); err != nil {
				return badInput("%v", err)
			}
			recs, skipped, err := load()
			if err != nil {
				return badInput("%v", err)
			}
			st, err := analysis.Collect(cmd.Context(), recs, analysis.StatsOptions{Analyse: !noAnalysis})
			if err != nil {
				return badInput("%v", err)
			}
			st.Skipped = skipped
			if asJSON {
				writeJSON(out, st)
				return nil
			}
			return st.WriteText(out)
		},
	}
	f := cmd.Flags()
	f.BoolVar(&asJSON, "json", false, "print the statistics as JSON")
	f.BoolVar(&text, "text", false, "print the statistics instead of opening the screen")
	f.BoolVar(&noAnalysis, "no-analysis", false, "leave out the analysis figures (no solver run)")
	f.StringVar(&theme, "theme", "", "colour theme of the screen: "+strings.Join(themes.Names(), ", ")+" (NO_COLOR gives mono)")
	cmd.MarkFlagsMutuallyExclusive("json", "text")
	return cmd
}

package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/spf13/cobra"

	"rummikub/internal/analysis"
	"rummikub/internal/tui/replay"
	"rummikub/themes"
)

func newReplayCmd() *cobra.Command {
	var last bool
	var theme, objective string
	var game, turn int
	cmd := &cobra.Command{
		Use:   "replay [NAME|FILE]",
		Short: "Step through a kept match turn by turn, with the best play of every position",
		Long: `replay opens a kept match (by name from the data directory's matches/
folder, a match file by path, or the newest one with --last, the default)
and steps through it turn by turn: the table after each move with the tiles
played marked, every rack (the match is over, so all are shown), what the
player did, and the best play the exact solver finds for the same position.

Keys: left/right a turn, [ and ] a game, home/end the first/last turn, n/N
the next/previous turn where a better play existed, g and t then a number
and enter to go to a game or a turn of this game, b to show the best play's
table instead of the move made, q to quit. It needs a terminal of at least
80x24; NO_COLOR or --theme mono draws it without colour.`,
		Example: `  rummikub replay
  rummikub replay friday-night --game 2 --turn 14
  rummikub replay ./match.json --theme mono`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			obj, err := parseObjective(objective)
			if err != nil {
				return badInput("%v", err)
			}
			styles, err := sessionStyles(theme)
			if err != nil {
				return err
			}
			rec, err := findRecord(args, last || len(args) == 0)
			if err != nil {
				return err
			}
			start, err := startTurn(rec, game, turn)
			if err != nil {
				return err
			}
			in, out := cmd.InOrStdin(), cmd.OutOrStdout()
			if !isTerminal(in) || !isTerminal(out) {
				return badInput("the replay needs a terminal; without one, rummikub analyze %s prints the same comparison", rec.Name)
			}
			m := replay.New(replay.Options{Record: rec, Styles: styles, Objective: obj, Start: start})
			_, err = tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithColorProfile(styles.Profile())).Run()
			return err
		},
	}
	f := cmd.Flags()
	f.BoolVar(&last, "last", false, "the newest kept match (the default without a name)")
	f.StringVar(&theme, "theme", "", "colour theme: "+strings.Join(themes.Names(), ", ")+" (NO_COLOR gives mono)")
	f.StringVar(&objective, "objective", "tiles", "what the best play is best at: tiles or points")
	f.IntVar(&game, "game", 0, "open at this game (from 1)")
	f.IntVar(&turn, "turn", 0, "open at this turn of the game (from 1)")
	return cmd
}

// startTurn finds the turn index of --game and --turn.
func startTurn(rec *analysis.Record, game, turn int) (int, error) {
	if game == 0 && turn == 0 {
		return 0, nil
	}
	if game == 0 {
		game = 1
	}
	if turn == 0 {
		turn = 1
	}
	turns, err := analysis.Turns(rec.Match)
	if err != nil {
		return 0, badInput("%v", err)
	}
	games, inGame := 0, 0
	for i, t := range turns {
		if t.Game == game && t.Number == turn {
			return i, nil
		}
		games = max(games, t.Game)
		if t.Game == game {
			inGame = max(inGame, t.Number)
		}
	}
	if game < 1 || game > games {
		return 0, badInput("match %s has games 1 to %d, not %d", rec.Name, games, game)
	}
	return 0, badInput("game %d of match %s has turns 1 to %d, not %d", game, rec.Name, inGame, turn)
}

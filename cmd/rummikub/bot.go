package main

import (
	"os"
	"os/signal"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rummikub/internal/ai"
	"rummikub/internal/bot/protocol"
	"rummikub/internal/seats"
)

// botFlags are the flags of `rummikub bot`.
type botFlags struct {
	level string
	think time.Duration
}

func newBotCmd() *cobra.Command {
	f := &botFlags{}
	cmd := &cobra.Command{
		Use:   "bot",
		Short: "One of our levels as a bot: the bot protocol on stdin and stdout",
		Long: `bot plays one of our computer levels through the bot protocol
(docs/protocol.md): it reads the referee's newline-delimited JSON messages
on stdin and answers each turn on stdout, so another program can seat any
level. Notes about lines it cannot use go to stderr.

The levels are ` + strings.Join(seats.Levels(), ", ") + `.`,
		Example: `  rummikub bot --level expert
  rummikub sim --players medium,"cmd:rummikub bot --level hard"`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runBot(cmd, f) },
	}
	fl := cmd.Flags()
	fl.StringVar(&f.level, "level", ai.Medium, "the level that plays ("+strings.Join(seats.Levels(), ", ")+")")
	fl.DurationVar(&f.think, "think", 0, "thinking budget per move (default: the level's own); the turn's time_ms is the hard limit")
	return cmd
}

func runBot(cmd *cobra.Command, f *botFlags) error {
	level := strings.ToLower(strings.TrimSpace(f.level))
	spec, err := seats.ParseOwn(level)
	if err != nil {
		return badInput("%v", err)
	}
	if f.think < 0 {
		return badInput("--think cannot be negative")
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	newPlayer := func(seed uint64) (protocol.Player, error) {
		return seats.Maker{Options: seats.Options{Think: f.think}}.Player(spec, seed)
	}
	err = protocol.Serve(ctx, cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr(), "rummikub "+level, newPlayer)
	if err != nil && ctx.Err() == nil {
		return &exitError{code: 1, msg: "the referee went away: " + err.Error()}
	}
	return nil
}

package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"rummikub/internal/seats"
	"rummikub/internal/sim"
)

// simFlags are the flags of `rummikub sim`.
type simFlags struct {
	rules       rulesFlags
	players     string
	games       int
	seed        uint64
	mirror      bool
	think       time.Duration
	jobs        int
	turnSeconds int
	json        bool
	determ      bool
	botLog      string
	botTime     time.Duration
	ratings     bool
}

func newSimCmd() *cobra.Command {
	f := &simFlags{}
	cmd := &cobra.Command{
		Use:   "sim",
		Short: "Play computer-only games in bulk: win rates, scores, move times",
		Long: `sim plays single games between computer players and sums them up: each
player's wins with a 95% interval, scores, points left on the rack, game
length, how long moves took, and any invalid move or overrun deadline.

The levels are ` + strings.Join(seats.Levels(), ", ") + `. With --mirror every deal is played
once per rotation of the seats (twice, seats swapped, for two players) so
the luck of the deal cancels out. A progress bar shows on stderr when it
is a terminal.

Every level thinks by a budget of work (solver search nodes, see the
README's table of levels), not by the clock: --think is only the deadline
that stops a move if its work is not done in time, a safety net that a
move should almost never reach. With --deterministic the levels' moves
get no deadline at all, so they think by their work budget alone, and
the same seed plays the same games, move for move, whatever --jobs, the
machine or its load (a bot keeps its own time per move). Moves then are
never counted over the deadline.

The results end with a digest: a SHA-256 hash of every game's moves, in
the order of the games. Two runs played exactly the same games when their
digests are equal; with --deterministic they always are, for the same
players, rules, seed, games and --mirror.

A player written cmd:COMMAND is a bot: a program run once per game that
plays through the bot protocol (docs/protocol.md); NAME=cmd:COMMAND (or
NAME=LEVEL) names the entry in the results. Its turns replaced by a
draw or a pass are counted per player: invalid (unreadable or illegal),
late (no answer in time), crashed, retired. Its stderr goes to --bot-log.`,
		Example: `  rummikub sim --players expert,medium --games 2000 --seed 1 --mirror --think 100ms --json
  rummikub sim --players medium,medium,medium,medium --games 200 --rules six
  rummikub sim --players easy,medium,hard,expert --games 400 --mirror --deterministic --ratings
  rummikub sim --players medium,"Simple=cmd:python3 examples/bots/simple.py" --games 200 --mirror`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runSim(cmd, f) },
	}
	f.rules.add(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.players, "players", "hard,medium", "computer levels or cmd:COMMAND bots, one per seat, comma-separated, each may be named NAME=... ("+strings.Join(seats.Levels(), ", ")+")")
	fl.IntVar(&f.games, "games", 100, "number of single games to play")
	fl.Uint64Var(&f.seed, "seed", 1, "seed of the deals and of the players' random choices")
	fl.BoolVar(&f.mirror, "mirror", false, "play every deal once per rotation of the seats")
	fl.DurationVar(&f.think, "think", 0, "deadline per computer move, e.g. 100ms, a safety net: levels think by work (default: each level's own, 1s for expert)")
	fl.IntVar(&f.jobs, "jobs", 0, "games played at once (default: one per core)")
	fl.IntVar(&f.turnSeconds, "turn-seconds", -1, "turn time limit in seconds, 0 = none (default: the rules')")
	fl.BoolVar(&f.json, "json", false, "print the results as JSON")
	fl.BoolVar(&f.determ, "deterministic", false, "levels think by their work budget alone, with no deadline: the same seed gives the same games on any machine")
	fl.StringVar(&f.botLog, "bot-log", "", "file the bots' stderr is appended to (default: bots.log in the data directory)")
	fl.BoolVar(&f.ratings, "ratings", false, "rate the players from the games (Weng-Lin Plackett-Luce, as the server's ladder): each one's mu, sigma and ordinal, the anchors of the ladder")
	fl.DurationVar(&f.botTime, "bot-time", 0, "a bot's time per move (default: --think, else 1s)")
	return cmd
}

// simConfig turns the flags into a tournament, or a bad-input error.
func simConfig(f *simFlags) (sim.Config, error) {
	r, err := f.rules.resolve("", nil)
	if err != nil {
		return sim.Config{}, err
	}
	if f.turnSeconds >= 0 {
		if err := r.Set("turn-seconds", fmt.Sprint(f.turnSeconds)); err != nil {
			return sim.Config{}, badInput("%v", err)
		}
	} else if f.turnSeconds != -1 {
		return sim.Config{}, badInput("--turn-seconds takes 0 (no limit) or more seconds, not %d", f.turnSeconds)
	}
	players, names, err := parseSimPlayers(f.players)
	if err != nil {
		return sim.Config{}, err
	}
	if f.jobs < 0 {
		return sim.Config{}, badInput("--jobs must be 0 (one per core) or more, not %d", f.jobs)
	}
	if f.botTime < 0 {
		return sim.Config{}, badInput("--bot-time cannot be negative")
	}
	c := sim.Config{Rules: r, Players: players, Names: names, Games: f.games, Seed: f.seed, Mirror: f.mirror, Think: f.think, Jobs: f.jobs, Deterministic: f.determ, Ratings: f.ratings,
		Seats: simSeats(f, nil)}
	if err := c.Validate(); err != nil {
		return c, badInput("%v", err)
	}
	return c, nil
}

// parseSimPlayers reads --players: entries separated by commas, each a
// level or cmd:COMMAND, optionally named as in play (Robo=cmd:./mybot,
// Ana=hard). A level is read in any case; a command is kept as written,
// "=" and all (cmd:./bot --x=1 is a command, not a name).
func parseSimPlayers(list string) (players, names []string, err error) {
	for _, p := range strings.Split(list, ",") {
		name, entry, named := seats.SplitName(p)
		if named && (name == "" || entry == "") {
			return nil, nil, badInput("--players: %q needs a name before its = and a level or cmd:COMMAND after it, as in Robo=cmd:./mybot", strings.TrimSpace(p))
		}
		p = entry
		if !seats.IsBot(p) {
			p = strings.ToLower(p)
		}
		if p == "" {
			return nil, nil, badInput("--players takes levels separated by commas, such as expert,medium")
		}
		players = append(players, p)
		names = append(names, name)
	}
	return players, names, nil
}

// simSeats makes sim's players, every kind of seat, through
// internal/seats; the bots' stderr goes to log.
func simSeats(f *simFlags, log io.Writer) sim.SeatMaker {
	return &seats.Entries{Maker: seats.Maker{Options: seats.Options{Deterministic: f.determ, BotTime: f.botTime, BotLog: log}}}
}

func runSim(cmd *cobra.Command, f *simFlags) error {
	c, err := simConfig(f)
	if err != nil {
		return err
	}
	if anyBot(c.Players) {
		log, err := openBotLog(f.botLog)
		if err != nil {
			return err
		}
		defer log.Close()
		c.Seats = simSeats(f, log)
	}
	ctx, stop := signal.NotifyContext(cmd.Context(), os.Interrupt)
	defer stop()
	stderr := cmd.ErrOrStderr()
	var bar *progressBar
	if isTerminal(stderr) {
		bar = newProgressBar(stderr, c.Games)
		c.Progress = bar.update
	}
	res, err := sim.Run(ctx, c)
	if bar != nil {
		bar.clear()
	}
	if err != nil {
		if ctx.Err() != nil {
			return &exitError{code: 1, msg: "interrupted before the games were finished"}
		}
		return badInput("%v", err)
	}
	out := cmd.OutOrStdout()
	if f.json {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(res)
	}
	writeSimTable(out, res)
	return nil
}

// writeSimTable prints the results for a person to read.
func writeSimTable(w io.Writer, r sim.Result) {
	mirror := ""
	if r.Mirror {
		mirror = ", mirrored"
	}
	fmt.Fprintf(w, "%d games, rules %s, seed %d%s, %d jobs, %.1f s\n\n", r.Games, r.Rules, r.Seed, mirror, r.Jobs, r.Seconds)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\twins\twin rate\t95% interval\tscore\track left (points)\ttiles left\tthink\tmove p50 ms\tmove max ms\t")
	for i, s := range r.Seats {
		fmt.Fprintf(tw, "%s\t%d\t%.1f%%\t%.1f%% - %.1f%%\t%d\t%.1f\t%.1f\t%s\t%.2f\t%.1f\t\n",
			s.Player, s.Wins, 100*s.WinRate, 100*s.CI95[0], 100*s.CI95[1], s.Score, s.AvgRackLeft, s.AvgTilesLeft,
			time.Duration(r.ThinkMS[i]*float64(time.Millisecond)), s.MoveMS.P50, s.MoveMS.Max)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nblocked games %d, average turns %.1f, tiles left per loser %.1f\n", r.Blocked, r.AvgTurns, r.AvgLoserTiles)
	fmt.Fprintf(w, "move time ms: p50 %.2f, p99 %.2f, max %.1f\n", r.MoveMS.P50, r.MoveMS.P99, r.MoveMS.Max)
	fmt.Fprintf(w, "invalid moves %d, over deadline %d, %.2f games/s\n", r.InvalidMoves, r.OverDeadline, r.GamesPerSec)
	mode := "moves under a deadline"
	if r.Deterministic {
		mode = "deterministic: work budgets alone"
	}
	fmt.Fprintf(w, "digest %s (%s)\n", r.Digest, mode)
	for _, s := range r.Seats {
		if s.Invalid+s.Late+s.Crashed+s.Retired > 0 {
			fmt.Fprintf(w, "  %s: turns replaced by a draw or pass: invalid %d, late %d, crashed %d, retired %d\n", s.Player, s.Invalid, s.Late, s.Crashed, s.Retired)
		}
	}
	for _, s := range r.Invalid {
		fmt.Fprintf(w, "  invalid: %s\n", s)
	}
	if len(r.Ratings) > 0 {
		fmt.Fprintf(w, "\nratings (Weng-Lin Plackett-Luce, every game in order, all from 25±8.33):\n")
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "player\tmu\tsigma\tordinal (mu-3σ)\tgames\t")
		for _, e := range r.Ratings {
			fmt.Fprintf(tw, "%s\t%.2f\t%.2f\t%.2f\t%d\t\n", e.Player, e.Mu, e.Sigma, e.Ordinal, e.Games)
		}
		tw.Flush()
	}
}

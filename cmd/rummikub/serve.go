package main

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"

	"charm.land/log/v2"
	"github.com/spf13/cobra"

	"rummikub/internal/host"
	"rummikub/internal/paths"
	"rummikub/internal/seats"
	"rummikub/internal/serve"
	"rummikub/internal/tui"
)

type serveFlags struct {
	listen, data, hostKey, allowKeys string
	bots                             []string
	cpuWorkers                       int
	computerTables                   int
	computerLevels                   string
	botTables                        int
	botLog                           string
	// The limits (serve.Options).
	maxSessions, maxPerKey, burst, maxPending, maxWaiting int
	rate                                                  float64
	idle, handshake, waitingExpiry                        time.Duration
}

func newServeCmd() *cobra.Command {
	f := &serveFlags{}
	cmd := &cobra.Command{
		Use:   "serve",
		Short: "Serve Rummikub tables over SSH: friends join with ssh, each in their own terminal",
		Long: `serve runs an SSH server of Rummikub tables. Players connect with any ssh
client (ssh -p 2222 HOST), choose a name on their first visit (their SSH key
keeps it), and open, join or watch tables in the lobby; ssh -p 2222 -t HOST
CODE goes straight to a table. Tables are saved after every move and come back
when the server starts again. SIGTERM (or Ctrl+C) saves and closes.

Every computer turn of every table thinks on one pool of --cpu-workers
workers (default: one per core): when more computers want to think at
once, they wait in line (first come, first served, inside their turn's
time) and the table shows that they wait for a CPU. Each computer thinks
by its level's budget of work, so waiting costs a table time, never a
computer its strength. The log tells the waits every ten minutes and at
the end.

--computer-tables N has the server run N tables of computer seats only (the
levels of --computer-levels, a seat each) on the same pool as it starts,
each one game under the standard rules' turn timer, not saved: a measure
of what its computers do under load. When they are done the log tells
every computer turn's time against the timer and the waits for a worker.

Limits keep one client from hurting the others: sessions in all and per key,
new sessions per second per address, connections still authenticating and the
time they have, the tables one player may keep waiting and how long a table
waits for players. A client's terminal is drawn at most 500x200.

Every finished match at a rated table (the default; a table's creator may
make it unrated) updates the ladder: a rating per player key and rules
family (standard-like presets, River, French), the Weng-Lin Plackett-Luce
model. ssh -p 2222 HOST ratings [--json] [FAMILY] prints it.

Bots join over SSH: ssh -T -p 2222 HOST bot speaks the bot protocol
(docs/protocol.md) on the channel, its key its identity and its name the
one of its ready. A connected bot is offered as a seat to every table's
creator; with --bot-tables N the server keeps N rated bot matches going
on its own (the arena): two bots, or a bot and a computer level in turn.
Finished matches stay on the server: ssh -t -p 2222 HOST replay CODE.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runServe(cmd, f) },
	}
	cmd.Flags().StringVar(&f.listen, "listen", "127.0.0.1:2222", "address to listen on (HOST:PORT)")
	cmd.Flags().StringVar(&f.data, "data", "", "folder of the tables, the players' names and the host key (default: the game's data folder)")
	cmd.Flags().StringVar(&f.hostKey, "host-key", "", "the server's host key file, made on first start (default: DATA/host_ed25519)")
	cmd.Flags().StringVar(&f.allowKeys, "allow-keys", "", "an authorized_keys file: only its keys may enter")
	cmd.Flags().IntVar(&f.cpuWorkers, "cpu-workers", runtime.NumCPU(), "computer turns thinking at once, over all tables")
	cmd.Flags().IntVar(&f.computerTables, "computer-tables", 0, "tables of computer seats only that the server runs on its own as it starts, one game each")
	cmd.Flags().StringVar(&f.computerLevels, "computer-levels", "expert,hard,medium,easy", "the seats of each --computer-tables table, a level each (2 to 4)")
	cmd.Flags().IntVar(&f.botTables, "bot-tables", 0, "rated matches of bots over SSH the server keeps playing on its own (the arena)")
	cmd.Flags().StringVar(&f.botLog, "bot-log", "", "file the referee's notes about bots go to (default: bots.log in the data folder)")
	cmd.Flags().StringArrayVar(&f.bots, "bot", nil, `offer a bot program as a seat, NAME=COMMAND (repeatable), e.g. --bot "Robo=python3 bot.py"`)
	fl := cmd.Flags()
	fl.IntVar(&f.maxSessions, "max-sessions", serve.DefaultMaxSessions, "limit: sessions open at once, in all")
	fl.IntVar(&f.maxPerKey, "max-per-key", serve.DefaultMaxPerKey, "limit: sessions open at once with one SSH key")
	fl.Float64Var(&f.rate, "rate", serve.DefaultRate, "limit: new sessions per second from one address (a group behind one address may need more)")
	fl.IntVar(&f.burst, "burst", serve.DefaultBurst, "limit: new sessions from one address at once, before --rate applies")
	fl.IntVar(&f.maxPending, "max-pending", serve.DefaultMaxPending, "limit: connections not yet authenticated and in their session; more are closed at once")
	fl.DurationVar(&f.handshake, "handshake-timeout", serve.DefaultHandshakeTimeout, "limit: time a connection has to authenticate and open its session")
	fl.DurationVar(&f.idle, "idle-timeout", serve.DefaultIdleTimeout, "limit: time a session may sit without a key")
	fl.IntVar(&f.maxWaiting, "max-waiting", serve.DefaultMaxWaiting, "limit: tables one player may have waiting for players")
	fl.DurationVar(&f.waitingExpiry, "waiting-expiry", serve.DefaultWaitingExpiry, "limit: a waiting table no player sits down at for this long closes")
	return cmd
}

func runServe(cmd *cobra.Command, f *serveFlags) error {
	if _, _, err := net.SplitHostPort(f.listen); err != nil {
		return badInput("--listen %q is not HOST:PORT (for example 127.0.0.1:2222)", f.listen)
	}
	dir := f.data
	if dir == "" {
		d, err := paths.DataDir()
		if err != nil {
			return badInput("cannot find a data folder; give one with --data: %v", err)
		}
		dir = d
	}
	bots, err := parseServeBots(f.bots)
	if err != nil {
		return err
	}
	if f.cpuWorkers < 1 {
		return badInput("--cpu-workers must be 1 or more, not %d", f.cpuWorkers)
	}
	if f.botTables < 0 || f.botTables > 1000 {
		return badInput("--bot-tables takes 0 to 1000 tables, not %d", f.botTables)
	}
	cpu := host.NewCPUPool(f.cpuWorkers)
	ct, err := f.computerTablesToRun()
	if err != nil {
		return err
	}
	if err := f.checkLimits(); err != nil {
		return err
	}
	logger := log.NewWithOptions(cmd.ErrOrStderr(), log.Options{ReportTimestamp: true, Prefix: "rummikub serve"})
	logPath := f.botLog
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return badInput("cannot make the data folder: %v", err)
	}
	if logPath == "" {
		logPath = filepath.Join(dir, "bots.log")
	}
	botLog, err := openBotLog(logPath)
	if err != nil {
		return err
	}
	defer botLog.Close()
	srv, err := serve.New(serve.Options{
		DataDir: dir, HostKey: f.hostKey, AllowKeys: f.allowKeys, Log: logger, Bots: bots,
		MaxSessions: f.maxSessions, MaxPerKey: f.maxPerKey, Rate: f.rate, Burst: f.burst,
		MaxPending: f.maxPending, HandshakeTimeout: f.handshake, IdleTimeout: f.idle,
		MaxWaiting: f.maxWaiting, WaitingExpiry: f.waitingExpiry,
		Hints:         tui.SolverHints,
		ComputerPause: 1500 * time.Millisecond,
		NewComputer: func(level string, seat int, seed uint64) (host.Computer, error) {
			return newComputer(level, seat, seed)
		},
		CPU:       cpu,
		BotTables: f.botTables,
		BotLog:    botLog,
	})
	if err != nil {
		return badInput("%v", err)
	}
	l, err := net.Listen("tcp", f.listen)
	if err != nil {
		return badInput("cannot listen on %s: %v", f.listen, err)
	}
	logger.Info("serving Rummikub tables", "address", l.Addr().String(), "data", dir)
	fmt.Fprintf(cmd.OutOrStdout(), "Rummikub tables on %s: players join with ssh -p %s %s\n", l.Addr(), portOf(l.Addr()), hostOf(l.Addr()))
	stop := make(chan os.Signal, 1)
	signal.Notify(stop, syscall.SIGTERM, os.Interrupt)
	defer signal.Stop(stop)
	done := make(chan error, 1)
	go func() { done <- srv.Serve(l) }()
	ctCtx, ctStop := context.WithCancel(context.Background())
	defer ctStop()
	ctDone := startComputerTables(ctCtx, ct, cpu, logger)
	defer func() { ctStop(); <-ctDone }()
	ticker := time.NewTicker(10 * time.Minute)
	defer ticker.Stop()
	defer logPoolStats(logger, cpu)
	sig, err := waitServing(done, stop, ticker.C, func() { logPoolStats(logger, cpu) })
	if sig == nil {
		return err
	}
	logger.Info("closing: saving every table", "signal", sig.String())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err = srv.Shutdown(ctx)
	if serr := <-done; serr != nil && !errors.Is(serr, net.ErrClosed) {
		logger.Warn("the SSH server stopped", "err", serr)
	}
	if err != nil {
		return fmt.Errorf("a table could not be saved: %w", err)
	}
	logger.Info("every table is saved")
	return nil
}

// waitServing waits for the server to stop (its error, sig nil) or for a
// signal, calling every on each tick meanwhile.
func waitServing(done <-chan error, stop <-chan os.Signal, tick <-chan time.Time, every func()) (os.Signal, error) {
	for {
		select {
		case <-tick:
			every()
		case err := <-done:
			if err != nil {
				return nil, fmt.Errorf("the SSH server stopped: %w", err)
			}
			return nil, nil
		case sig := <-stop:
			return sig, nil
		}
	}
}

// logPoolStats logs the waits of computer turns for a worker so far.
func logPoolStats(logger *log.Logger, cpu *host.CPUPool) {
	st := cpu.Stats()
	if st.Turns == 0 {
		return
	}
	logger.Info("computer turns waiting for a CPU", "workers", st.Workers, "turns", st.Turns, "waited", st.Queued,
		"p50", st.P50.Round(time.Microsecond), "p99", st.P99.Round(time.Microsecond), "max", st.Max.Round(time.Microsecond))
}

// checkLimits refuses a limit that is not a positive number.
func (f *serveFlags) checkLimits() error {
	for _, c := range []struct {
		flag string
		ok   bool
		val  any
	}{
		{"--max-sessions", f.maxSessions >= 1, f.maxSessions},
		{"--max-per-key", f.maxPerKey >= 1, f.maxPerKey},
		{"--rate", f.rate > 0, f.rate},
		{"--burst", f.burst >= 1, f.burst},
		{"--max-pending", f.maxPending >= 1, f.maxPending},
		{"--handshake-timeout", f.handshake > 0, f.handshake},
		{"--idle-timeout", f.idle > 0, f.idle},
		{"--max-waiting", f.maxWaiting >= 1, f.maxWaiting},
		{"--waiting-expiry", f.waitingExpiry > 0, f.waitingExpiry},
	} {
		if !c.ok {
			return badInput("%s %v: a limit is a number above 0", c.flag, c.val)
		}
	}
	return nil
}

// parseServeBots reads the --bot flags: NAME=COMMAND, a short name that
// players see and the command of a bot speaking the bot protocol.
func parseServeBots(specs []string) ([]serve.Bot, error) {
	var out []serve.Bot
	seen := map[string]bool{}
	for _, spec := range specs {
		name, command, ok := strings.Cut(spec, "=")
		name, command = strings.TrimSpace(name), strings.TrimSpace(command)
		if !ok || name == "" || command == "" {
			return nil, badInput("--bot %q: write NAME=COMMAND, e.g. --bot \"Robo=python3 bot.py\"", spec)
		}
		if len([]rune(name)) > 12 {
			return nil, badInput("--bot %q: the name is longer than 12 letters", spec)
		}
		if seen[strings.ToLower(name)] {
			return nil, badInput("--bot: two bots are called %q", name)
		}
		if _, err := seats.Parse(seats.CommandEntry(command)); err != nil {
			return nil, badInput("--bot %q: %v", spec, err)
		}
		seen[strings.ToLower(name)] = true
		out = append(out, serve.Bot{Name: name, Command: command})
	}
	return out, nil
}

func portOf(a net.Addr) string {
	_, p, _ := net.SplitHostPort(a.String())
	return p
}

func hostOf(a net.Addr) string {
	h, _, _ := net.SplitHostPort(a.String())
	return h
}

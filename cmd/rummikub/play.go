package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/paths"
	"rummikub/internal/tui"
	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// playFlags are the flags of `rummikub play`: every choice of the setup
// screen, so a match can start with no menu.
type playFlags struct {
	rules    rulesFlags
	players  string
	timer    string
	games    int
	target   int
	seed     string
	theme    string
	aiDelay  time.Duration
	practice bool
	hints    bool
	determ   bool   // computer levels think by work alone
	resume   string // "" no resume; resumeNewest the newest unfinished match; else a match's name
	// gamesSet and targetSet say the flags were given (else the rules').
	gamesSet, targetSet bool
}

func newPlayCmd() *cobra.Command {
	var f playFlags
	cmd := &cobra.Command{
		Use:   "play",
		Short: "Play a match in the terminal (the setup screen when given no flags)",
		Long: `play starts a match of Rummikub in the terminal: hot-seat with friends passing
the keyboard, and computer players. With no flags it opens the setup screen;
with flags it starts the match at once.

Players are a comma-separated list; a computer seat is cpu or cpu:LEVEL
(easy, medium, hard, expert), optionally named: "Ana,Ben,cpu:hard,Max=cpu:easy".
A bot program is a seat written cmd:COMMAND or NAME=cmd:COMMAND: it plays
through the bot protocol (docs/protocol.md), its stderr in bots.log in the
data directory.

With --deterministic the built-in levels think by their work budget alone
(the README's table of levels), with no wall-clock safety net: with --seed,
the same match gets the same computer moves on any machine and under any
load. Bot seats are separate programs and keep their own timing.`,
		Example: `  rummikub play --players "Ana,Ben" --timer 60s
  rummikub play --players "Ana,cpu:hard" --practice
  rummikub play --players "Ana,Ben,Cai" --rules river --games 3 --seed 42
  rummikub play --resume
  rummikub play --resume 2026-12-01-2045-ana-ben`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				if f.resume != resumeNewest {
					return badInput("unknown command %q for play; a saved match is resumed with --resume NAME", args[0])
				}
				f.resume = args[0]
			}
			if cmd.Flags().NFlag() == 0 || onlyTheme(cmd) {
				return runSetupWith(cmd, f.theme)
			}
			return runPlay(cmd, &f)
		},
	}
	f.rules.add(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.players, "players", "", `the seats in play order, e.g. "Ana,Ben,cpu:hard"`)
	fl.StringVar(&f.timer, "timer", "", "turn time limit, e.g. 60s, 2m, or off (default: the rules', 60s)")
	fl.IntVar(&f.games, "games", 0, "games in the match; 0 = one per player, or until the target")
	fl.IntVar(&f.target, "target", 0, "a score that ends the match when reached; 0 = none")
	fl.StringVar(&f.seed, "seed", "", "seed of the deals, to replay a match exactly (default: random)")
	fl.StringVar(&f.theme, "theme", "", "colour theme: "+strings.Join(themes.Names(), ", ")+" (NO_COLOR gives mono)")
	fl.DurationVar(&f.aiDelay, "ai-delay", time.Second, "pause after a computer's turn (a key skips it)")
	fl.BoolVar(&f.practice, "practice", false, "practice: one human against computers, hints on, no timer, take-back")
	fl.BoolVar(&f.hints, "hints", false, "allow hints in a match that is not practice")
	fl.BoolVar(&f.determ, "deterministic", false, "computer levels think by their work budget alone: with --seed, the same moves on any machine and load")
	fl.StringVar(&f.resume, "resume", "", "continue the newest unfinished saved match, or the match `NAME`")
	fl.Lookup("resume").NoOptDefVal = resumeNewest
	return cmd
}

// onlyTheme reports whether --theme is the only flag given (the setup
// screen in that theme).
func onlyTheme(cmd *cobra.Command) bool {
	return cmd.Flags().NFlag() == 1 && cmd.Flags().Changed("theme")
}

// runSetup is what `rummikub` with no command does: the setup screen.
func runSetup(cmd *cobra.Command, args []string) error {
	if len(args) > 0 {
		return badInput("unknown command %q; run rummikub --help for the commands", args[0])
	}
	return runSetupWith(cmd, "")
}

func runSetupWith(cmd *cobra.Command, theme string) error {
	st, err := sessionStyles(theme)
	if err != nil {
		return err
	}
	svc, err := services(st.Profile())
	if err != nil {
		return err
	}
	cfg := tui.Config{Rules: game.Standard(), AIDelay: time.Second, Theme: theme}
	return runProgram(tui.NewApp(st, svc, cfg), st.Profile())
}

// runPlay starts a match from the flags.
func runPlay(cmd *cobra.Command, f *playFlags) error {
	st, err := sessionStyles(f.theme)
	if err != nil {
		return err
	}
	svc, err := services(st.Profile())
	if err != nil {
		return err
	}
	svc.NewComputer = computerMaker(f.determ)
	if f.resume != "" {
		sv, err := findSaved(svc.Store, f.resume)
		if err != nil {
			return err
		}
		cfg, m := tui.ConfigFromSaved(sv), sv.Match
		if cmd.Flags().Changed("ai-delay") {
			cfg.AIDelay = f.aiDelay
		}
		if f.theme == "" && cfg.Theme != "" {
			// The match goes on in the theme it was played in.
			if saved, err := sessionStyles(cfg.Theme); err == nil {
				st = saved
			}
		} else {
			cfg.Theme = f.theme
		}
		app, err := tui.NewAppPlaying(st, svc, cfg, m)
		if err != nil {
			return badInput("%v", err)
		}
		return runProgram(app, st.Profile())
	}
	f.gamesSet, f.targetSet = cmd.Flags().Changed("games"), cmd.Flags().Changed("target")
	cfg, err := f.config()
	if err != nil {
		return err
	}
	app, err := tui.NewAppPlaying(st, svc, cfg, nil)
	if err != nil {
		return badInput("%v", err)
	}
	return runProgram(app, st.Profile())
}

// config turns the flags into a match configuration.
func (f *playFlags) config() (tui.Config, error) {
	r, err := f.rules.resolve("", nil)
	if err != nil {
		return tui.Config{}, err
	}
	if f.players == "" {
		f.players = "Ana,Ben"
	}
	seats, err := parsePlaySeats(f.players)
	if err != nil {
		return tui.Config{}, badInput("%v", err)
	}
	if f.timer != "" {
		secs, err := parseTimer(f.timer)
		if err != nil {
			return tui.Config{}, err
		}
		r.TurnSeconds = secs
	}
	if f.gamesSet {
		if err := r.Set("games", strconv.Itoa(f.games)); err != nil {
			return tui.Config{}, badInput("--games: %v", err)
		}
	}
	if f.targetSet {
		if err := r.Set("target", strconv.Itoa(f.target)); err != nil {
			return tui.Config{}, badInput("--target: %v", err)
		}
	}
	cfg := tui.Config{Rules: r, Seats: seats, Practice: f.practice, Hints: f.hints || f.practice, AIDelay: f.aiDelay, Theme: f.theme}
	if f.seed != "" {
		v, err := strconv.ParseUint(f.seed, 10, 64)
		if err != nil {
			return tui.Config{}, badInput("--seed must be a whole number, not %q", f.seed)
		}
		cfg.Seed = v
	}
	if f.practice {
		cfg.Rules.TurnSeconds = 0
	}
	if err := cfg.Validate(); err != nil {
		return tui.Config{}, badInput("%v", err)
	}
	if f.aiDelay < 0 {
		return tui.Config{}, badInput("--ai-delay cannot be negative")
	}
	return cfg, nil
}

// parseTimer reads --timer: a duration (60s, 2m), a number of seconds, or
// off.
func parseTimer(s string) (int, error) {
	s = strings.TrimSpace(strings.ToLower(s))
	if s == "off" || s == "none" || s == "0" {
		return 0, nil
	}
	if n, err := strconv.Atoi(s); err == nil && n > 0 {
		return n, nil
	}
	d, err := time.ParseDuration(s)
	if err != nil || d < time.Second || d%time.Second != 0 {
		return 0, badInput("--timer must be whole seconds like 60s or 2m, or off; not %q", s)
	}
	return int(d / time.Second), nil
}

// sessionStyles builds the styles for this terminal: its colour profile,
// the theme chosen (NO_COLOR gives mono), on a dark background until the
// terminal answers the program's question about its background.
func sessionStyles(theme string) (*style.Styles, error) {
	th, err := themes.Load(theme)
	if err != nil {
		return nil, badInput("%v", err)
	}
	// Lip Gloss detected the profile of os.Stdout when it loaded
	// (lipgloss.Writer); detecting it again costs a run of `tmux info`
	// inside tmux, some 15-20 ms of start-up.
	return style.New(lipgloss.Writer.Profile, true, th), nil
}

// resumeNewest is --resume without a name: the newest unfinished match.
const resumeNewest = "newest"

// findSaved finds the saved match to resume: the newest unfinished one,
// or the one called name.
func findSaved(store *host.Store, name string) (*host.Saved, error) {
	if name == resumeNewest {
		list, err := store.Unfinished()
		if err != nil {
			return nil, badInput("cannot read the saved matches: %v", err)
		}
		if len(list) == 0 {
			return nil, badInput("there is no saved match left to resume; start one with rummikub play")
		}
		name = list[0].Name
	}
	name = strings.TrimSuffix(name, ".json")
	if strings.ContainsAny(name, `/\`) {
		return nil, badInput("%q is not the name of a saved match (names are listed on the setup screen)", name)
	}
	sv, err := store.Load(name)
	if err != nil {
		return nil, badInput("%v", err)
	}
	if sv.Finished() {
		return nil, badInput("the match %s is over; it is kept for the record, start a new one with rummikub play", name)
	}
	return sv, nil
}

// services wires the packages the game uses into the terminal game. Themes
// tried on the setup screen are drawn for the terminal's profile p (the
// app keeps them on the terminal's background).
func services(p colorprofile.Profile) (tui.Services, error) {
	store, err := matchStore()
	if err != nil {
		return tui.Services{}, err
	}
	return tui.Services{
		Store:       store,
		Hints:       tui.SolverHints,
		NewComputer: newComputer,
		Themes:      themes.Names(),
		Restyle: func(name string) (*style.Styles, error) {
			th, err := themes.Load(name)
			if err != nil {
				return nil, err
			}
			return style.New(p, true, th), nil
		},
	}, nil
}

// matchStore is the folder of saved matches in the data directory, with
// the single save of earlier versions moved into it.
func matchStore() (*host.Store, error) {
	dir, err := paths.DataDir()
	if err != nil {
		return nil, fmt.Errorf("cannot find a place to save the match: %w", err)
	}
	store, err := host.NewStore(filepath.Join(dir, "matches"))
	if err != nil {
		return nil, err
	}
	if err := store.ImportLegacy(filepath.Join(dir, host.LegacyName)); err != nil {
		return nil, fmt.Errorf("cannot move the saved match into %s: %w", store.Dir, err)
	}
	return store, nil
}

// runProgram runs a screen in the terminal, with the mouse where the
// terminal sends it, drawn in the colour profile p the styles were made
// for (detected once: inside tmux each detection runs `tmux info`, some
// 30-40 ms of start-up).
func runProgram(m tea.Model, p colorprofile.Profile) error {
	if !isTerminal(os.Stdin) || !isTerminal(os.Stdout) {
		return badInput("the game needs a terminal; run it in a terminal window (or over ssh -t)")
	}
	prog := tea.NewProgram(m, tea.WithColorProfile(p)) // the alternate screen and the mouse are set by the view
	_, err := prog.Run()
	if err != nil {
		return fmt.Errorf("the terminal game stopped: %w", err)
	}
	return nil
}

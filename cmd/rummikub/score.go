package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/term"
	"github.com/spf13/cobra"

	"rummikub/internal/scorebook"
	"rummikub/internal/tui/keeper"
	"rummikub/themes"
)

func newScoreCmd() *cobra.Command {
	var jsonFile, session, theme string
	var list bool
	cmd := &cobra.Command{
		Use:   "score",
		Short: "Keep score for games played with a real Rummikub set",
		Long: `score keeps the score of Rummikub games played with a physical set. Enter
who went out (or that the game was blocked) and what was left on every
other rack, as a total or as tiles (R7 K11 J); the keeper does the
arithmetic with the game's own scoring, keeps running totals and games won,
and announces the winner when the target is reached or the agreed games are
played. Sessions are saved after every change and resume on the next start.

Without flags it opens the keeper's screen at the session picker.`,
		Example: `  rummikub score                      # pick, resume or start a session
  rummikub score --session friday     # open or start the session "friday"
  rummikub score --theme dark         # the keeper in another colour theme
  rummikub score --list               # list saved sessions
  rummikub score --json match.json    # score a session file, print JSON`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			switch {
			case jsonFile != "":
				return scoreJSON(cmd, jsonFile)
			case list:
				return listSessions(cmd.OutOrStdout())
			}
			return runKeeper(cmd, session, theme)
		},
	}
	f := cmd.Flags()
	f.StringVar(&jsonFile, "json", "", "read a session file (- for stdin) and print per-game scores, totals and the winner as JSON")
	f.StringVar(&session, "session", "", "open the named session, or start it if it does not exist")
	f.BoolVar(&list, "list", false, "list the saved sessions")
	f.StringVar(&theme, "theme", "", "colour theme: "+strings.Join(themes.Names(), ", ")+" (NO_COLOR gives mono)")
	cmd.MarkFlagsMutuallyExclusive("json", "session", "list")
	cmd.MarkFlagsMutuallyExclusive("json", "theme")
	cmd.MarkFlagsMutuallyExclusive("list", "theme")
	return cmd
}

// scoreJSON prints the report of a session file; a bad file is exit 2.
func scoreJSON(cmd *cobra.Command, file string) error {
	var data []byte
	var err error
	if file == "-" {
		data, err = io.ReadAll(io.LimitReader(cmd.InOrStdin(), scorebook.MaxFileSize+1))
	} else {
		data, err = os.ReadFile(file)
	}
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return badInput("there is no session file %s", file)
		}
		return badInput("cannot read %s: %v", file, err)
	}
	label := file
	if file == "-" {
		label = "standard input"
	}
	s, err := scorebook.Parse(data)
	if err != nil {
		return badInput("%s: %v", label, err)
	}
	out, err := s.Report()
	if err != nil {
		return badInput("%s: %v", label, err)
	}
	_, err = cmd.OutOrStdout().Write(out)
	return err
}

// listSessions prints one line per saved session, newest first.
func listSessions(w io.Writer) error {
	st, err := scorebook.DefaultStore()
	if err != nil {
		return badInput("%v", err)
	}
	entries, err := st.List()
	if err != nil {
		return badInput("%v", err)
	}
	if len(entries) == 0 {
		fmt.Fprintf(w, "No saved sessions yet (they are kept in %s).\n", st.Dir)
		return nil
	}
	for _, e := range entries {
		fmt.Fprintf(w, "%-20s %s  %s\n", e.Name, e.Modified.Format("2006-01-02 15:04"), e.Summary())
	}
	return nil
}

// runKeeper opens the keeper's screen, after checking what can be checked
// before the screen takes over the terminal.
func runKeeper(cmd *cobra.Command, session, theme string) error {
	// The theme first: an unknown one is refused even without a terminal.
	styles, err := sessionStyles(theme)
	if err != nil {
		return err
	}
	st, err := scorebook.DefaultStore()
	if err != nil {
		return badInput("%v", err)
	}
	if session != "" {
		if err := scorebook.CheckSessionName(session); err != nil {
			return badInput("%v", err)
		}
		if st.Exists(session) {
			if _, err := st.Load(session); err != nil {
				return badInput("%v", err)
			}
		}
	}
	in, out := cmd.InOrStdin(), cmd.OutOrStdout()
	if !isTerminal(in) || !isTerminal(out) {
		return badInput("the score keeper needs a terminal; to score a session file without one, use rummikub score --json FILE")
	}
	// The keeper draws with this terminal's styles (its colour profile);
	// Bubble Tea brings the colours down to what the terminal shows.
	m := keeper.New(keeper.Options{Store: st, Session: session, Styles: styles})
	_, err = tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(out), tea.WithColorProfile(styles.Profile())).Run()
	return err
}

func isTerminal(v any) bool {
	f, ok := v.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}

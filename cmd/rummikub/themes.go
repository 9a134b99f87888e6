package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

func newThemesCmd() *cobra.Command {
	var preview bool
	var source string
	cmd := &cobra.Command{
		Use:   "themes [NAME...]",
		Short: "List the colour themes, preview them, or print one to start your own",
		Long: `themes lists the colour themes that --theme accepts, with the directory
for your own. --preview draws every tile and mark in each theme (or the
named ones) in this terminal's colours. --source NAME prints a built-in
theme file: save it as <dir>/NAME.toml (a new NAME adds a theme, a
built-in NAME overrides it; a file may give only the entries it changes,
with base = "dark" to start from another theme).

NO_COLOR (set and not empty) makes the game use the mono theme whatever
theme is chosen.`,
		Example: `  rummikub themes
  rummikub themes --preview colorblind
  rummikub themes --source dark > ~/.config/rummikub/themes/mine.toml`,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if source != "" {
				data, err := themes.Source(source)
				if err != nil {
					return badInput("%v", err)
				}
				_, err = out.Write(data)
				return err
			}
			names := args
			if len(names) == 0 {
				names = themes.Names()
			}
			list := make([]themes.Theme, 0, len(names))
			for _, n := range names {
				th, err := themes.Find(n)
				if err != nil {
					return badInput("%v", err)
				}
				list = append(list, th)
			}
			if preview {
				// The sheet is drawn in full colour and written through a
				// writer that brings it down to what out shows.
				profile := colorprofile.Detect(out, os.Environ())
				w := &colorprofile.Writer{Forward: out, Profile: profile}
				for _, th := range list {
					if themes.NoColor() {
						fmt.Fprintf(out, "(NO_COLOR is set: %s is shown as mono)\n", th.Name)
						th, _ = themes.Load(th.Name)
					}
					st := style.New(profile, true, th)
					sheet := st.Preview()
					fmt.Fprintln(w, st.Paint(sheet, lipgloss.Width(sheet), strings.Count(sheet, "\n")))
				}
				return nil
			}
			for _, th := range list {
				mark := " "
				if th.Name == themes.Default {
					mark = "*"
				}
				fmt.Fprintf(out, "%s %-14s %s\n", mark, th.Name, th.Description)
			}
			if dir, err := themes.UserDir(); err == nil {
				fmt.Fprintf(out, "\n* the default. Your own themes: %s\n", filepath.Join(dir, "NAME.toml"))
			}
			if themes.NoColor() {
				fmt.Fprintln(out, "NO_COLOR is set: the game uses the mono theme.")
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&preview, "preview", false, "draw the themes' tiles and marks in this terminal")
	cmd.Flags().StringVar(&source, "source", "", "print the built-in theme file NAME")
	return cmd
}

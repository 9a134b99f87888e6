// Package seats is the one registry of the kinds of computer seat: a
// level of internal/ai (easy, medium, hard, expert), a test player of
// ai's panel (panel:NAME) and a bot process played through the bot
// protocol (cmd:COMMAND, internal/bot). Parse reads a seat entry, Maker
// makes its player; play, sim, serve, bot and analysis all go through
// them, so a new kind of seat is added here (and, if people pick it in a
// menu, in that menu).
package seats

import (
	"fmt"
	"slices"
	"strings"

	"rummikub/internal/ai"
	"rummikub/internal/bot"
)

// Kind is a kind of computer seat.
type Kind int

const (
	// Level is one of ai.Levels.
	Level Kind = iota + 1
	// Panel is one of ai.PanelNames: players with one fixed strategy, for
	// measuring the levels against.
	Panel
	// Command is a bot process, cmd:COMMAND.
	Command
)

// CommandPrefix marks a bot seat: cmd:COMMAND.
const CommandPrefix = bot.Prefix

// Spec is a parsed seat entry.
type Spec struct {
	Kind Kind
	// Entry is the entry as it is kept: a level or panel player
	// lower-cased, a command as written (its case and its "=" kept).
	Entry string
	// Argv is a command's words.
	Argv []string
}

// Levels are the levels a person picks from, weakest first.
func Levels() []string { return ai.Levels() }

// CommandEntry is the entry of a bot seat running command.
func CommandEntry(command string) string { return CommandPrefix + command }

// IsBot reports whether entry is written as a seat played by a program
// of its own (today cmd:COMMAND), whether or not it can be played: such
// an entry is kept as written (case, "=" and all), is never a name in
// NAME=ENTRY, and is seated in play's --players beside its people and
// levels. A new kind of bot adds its prefix here.
func IsBot(entry string) bool { return bot.IsCommand(strings.TrimSpace(entry)) }

// Parse reads one seat entry: a level (in any case), panel:NAME, or
// cmd:COMMAND whose program can be found. A bad entry gets one sentence
// that says what is wrong and what would do.
func Parse(entry string) (Spec, error) {
	e := strings.TrimSpace(entry)
	if bot.IsCommand(e) {
		argv, err := bot.ParseCommand(e[len(bot.Prefix):])
		if err != nil {
			return Spec{}, err
		}
		return Spec{Kind: Command, Entry: e, Argv: argv}, nil
	}
	lv := strings.ToLower(e)
	switch {
	case slices.Contains(ai.Levels(), lv):
		return Spec{Kind: Level, Entry: lv}, nil
	case strings.HasPrefix(lv, ai.PanelPrefix):
		if !slices.Contains(ai.PanelNames(), lv) {
			return Spec{}, fmt.Errorf("unknown panel player %q; the panel is %s", lv, strings.Join(ai.PanelNames(), ", "))
		}
		return Spec{Kind: Panel, Entry: lv}, nil
	}
	return Spec{}, unknownLevel(entry)
}

// ParseLevel reads an entry that must be one of ai.Levels (no panel
// player, no bot), as where a person picks how strong a computer is.
func ParseLevel(entry string) (Spec, error) {
	return parseOnly(entry, Level)
}

// ParseOwn reads an entry played by internal/ai itself, a level or a
// panel player, not a bot (the bot command seats one of ours).
func ParseOwn(entry string) (Spec, error) {
	return parseOnly(entry, Level, Panel)
}

// parseOnly is Parse for the given kinds only; any other entry is not a
// level.
func parseOnly(entry string, kinds ...Kind) (Spec, error) {
	if !slices.Contains(kinds, Command) && IsBot(entry) {
		return Spec{}, unknownLevel(entry)
	}
	s, err := Parse(entry)
	if err == nil && !slices.Contains(kinds, s.Kind) {
		return Spec{}, unknownLevel(entry)
	}
	return s, err
}

func unknownLevel(entry string) error {
	return fmt.Errorf("unknown computer level %q; the levels are %s", entry, strings.Join(ai.Levels(), ", "))
}

// SplitName splits a players-list entry NAME=ENTRY into its name and its
// entry; named is false when there is no name. A command is kept whole,
// "=" and all: cmd:./bot --x=1 is a command, not a name.
func SplitName(part string) (name, entry string, named bool) {
	part = strings.TrimSpace(part)
	if IsBot(part) {
		return "", part, false
	}
	n, e, ok := strings.Cut(part, "=")
	if !ok {
		return "", part, false
	}
	return strings.TrimSpace(n), strings.TrimSpace(e), true
}

package main

import (
	"fmt"
	"io"
	"strings"

	"rummikub/internal/seats"
	"rummikub/internal/tui"
)

// computerMaker makes play's computer seats from their entries (a level,
// or a bot written cmd:COMMAND, see parsePlaySeats) through the one seat
// registry, internal/seats. With deterministic, the levels think by
// their work budget alone (play --deterministic). A bot's stderr is
// appended to bots.log in the data directory; its process starts at its
// first turn and ends with the program (its stdin closes).
func computerMaker(deterministic bool) func(level string, seat int, seed uint64) (tui.Computer, error) {
	m := seats.Maker{Options: seats.Options{Deterministic: deterministic, OpenBotLog: func() (io.WriteCloser, error) { return openBotLog("") }}}
	return func(level string, _ int, seed uint64) (tui.Computer, error) {
		s, err := seats.Parse(level)
		if err != nil {
			return nil, err
		}
		return m.Computer(s, seed)
	}
}

// newComputer makes a computer seat that thinks within the turn's
// deadline (play without --deterministic, serve).
var newComputer = computerMaker(false)

// parsePlaySeats reads play's --players: tui.ParseSeats, plus bot seats
// written cmd:COMMAND or NAME=cmd:COMMAND, which become computer seats
// whose level is the cmd: entry itself (newComputer runs it). A bot seat
// without a name is named bot, bot 2, ...
func parsePlaySeats(list string) ([]tui.SeatConfig, error) {
	parts := strings.Split(list, ",")
	cmds := map[int]string{}
	names := map[int]string{}
	unnamed := 0
	for i, part := range parts {
		name, spec, named := seats.SplitName(part)
		if !seats.IsBot(spec) {
			continue
		}
		if _, err := seats.Parse(spec); err != nil {
			return nil, err
		}
		cmds[i] = spec
		if named {
			names[i] = name
		} else {
			unnamed++
			names[i] = fmt.Sprintf("bot %d", unnamed)
		}
		parts[i] = names[i] + "=cpu"
	}
	seats, err := tui.ParseSeats(strings.Join(parts, ","))
	if err != nil {
		return nil, err
	}
	for i, spec := range cmds {
		seats[i].Level = spec
	}
	return seats, nil
}

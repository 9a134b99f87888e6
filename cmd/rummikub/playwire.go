package main

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"rummikub/internal/ai"
	"rummikub/internal/bot"
	"rummikub/internal/game"
	"rummikub/internal/tui"
)

// computerMaker makes play's computer seats: a level of internal/ai, or
// a bot seat for a level written cmd:COMMAND (see parsePlaySeats). With
// deterministic, the levels think by their work budget alone (play
// --deterministic).
func computerMaker(deterministic bool) func(level string, seat int, seed uint64) (tui.Computer, error) {
	return func(level string, seat int, seed uint64) (tui.Computer, error) {
		if bot.IsCommand(level) {
			return newBotSeat(level, seed)
		}
		p, err := ai.New(level, seed)
		if err != nil {
			return nil, err
		}
		return aiSeat{p: p, level: level, byWork: deterministic}, nil
	}
}

// newComputer makes a computer seat that thinks within the turn's
// deadline (play without --deterministic, serve).
var newComputer = computerMaker(false)

// aiSeat gives a computer player its thinking budget for each move,
// within the turn's own deadline; or, byWork, no deadline at all, so that
// its work budget alone decides where it stops.
type aiSeat struct {
	p      ai.Player
	level  string
	byWork bool
}

// Move asks the player for its action within its level's budget.
func (s aiSeat) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	var cancel context.CancelFunc
	if s.byWork {
		ctx, cancel = withoutDeadline(ctx)
	} else {
		ctx, cancel = context.WithTimeout(ctx, ai.Budget(s.level, 0, &v.Rules))
	}
	defer cancel()
	return s.p.Move(ctx, v)
}

// withoutDeadline is ctx without its deadline: cancelled when ctx is
// cancelled (the host closed, the turn taken back), not when its deadline
// passes. An answer after the turn's deadline is still dropped by the
// host (host.ErrLate); a level's work budget ends a move in milliseconds.
func withoutDeadline(ctx context.Context) (context.Context, context.CancelFunc) {
	c, cancel := context.WithCancel(context.WithoutCancel(ctx))
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return c, func() { stop(); cancel() }
}

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
		name, spec, named := strings.Cut(strings.TrimSpace(part), "=")
		if !named || bot.IsCommand(strings.TrimSpace(part)) {
			// cmd:./bot --x=1 is a command, "=" and all, not a name.
			named, spec = false, strings.TrimSpace(part)
		}
		spec = strings.TrimSpace(spec)
		if !bot.IsCommand(spec) {
			continue
		}
		if _, err := bot.ParseCommand(spec[len(bot.Prefix):]); err != nil {
			return nil, err
		}
		cmds[i] = spec
		if named {
			names[i] = strings.TrimSpace(name)
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

// newBotSeat starts nothing yet: the bot runs from its first turn, its
// stderr appended to bots.log in the data directory. The process ends
// with the program (its stdin closes).
func newBotSeat(entry string, seed uint64) (tui.Computer, error) {
	log, err := openBotLog("")
	if err != nil {
		return nil, err
	}
	m := &bot.Maker{Log: log}
	p, err := m.New(entry, seed, 0)
	if err != nil {
		log.Close()
		return nil, err
	}
	return p, nil
}

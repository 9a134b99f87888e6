package main

import (
	"context"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/tui"
)

// newComputer makes a computer seat from internal/ai.
func newComputer(level string, seat int, seed uint64) (tui.Computer, error) {
	p, err := ai.New(level, seed)
	if err != nil {
		return nil, err
	}
	return aiSeat{p: p, level: level}, nil
}

// aiSeat gives a computer player its thinking budget for each move,
// within the turn's own deadline.
type aiSeat struct {
	p     ai.Player
	level string
}

// Move asks the player for its action within its level's budget.
func (s aiSeat) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	ctx, cancel := context.WithTimeout(ctx, ai.Budget(s.level, 0, &v.Rules))
	defer cancel()
	return s.p.Move(ctx, v)
}

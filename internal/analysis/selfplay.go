package analysis

import (
	"context"
	"fmt"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/seats"
)

// SelfPlay plays a whole match between computer players of the given
// levels (a level or panel player of internal/seats) (one per seat, named after them unless names are given), every
// choice drawn from seed. The players think without a deadline, so their
// work is bounded by its size alone and the same seed plays the same
// match on every machine. Tests, the puzzle generator and demonstrations
// make kept matches with it.
func SelfPlay(ctx context.Context, rules game.Rules, levels, names []string, seed uint64) (*game.Match, []Seat, error) {
	if len(names) == 0 {
		for i, lv := range levels {
			names = append(names, fmt.Sprintf("%s-%d", lv, i+1))
		}
	}
	if len(names) != len(levels) {
		return nil, nil, fmt.Errorf("%d names for %d seats", len(names), len(levels))
	}
	m, err := game.NewMatch(rules, names, seed)
	if err != nil {
		return nil, nil, err
	}
	players := make([]host.Computer, len(levels))
	info := make([]Seat, len(levels))
	for i, lv := range levels {
		spec, err := seats.ParseOwn(lv) // a bot process would need Begin, Finish and Close
		if err != nil {
			return nil, nil, err
		}
		p, err := seats.Maker{}.Player(spec, seed*31+uint64(i)+1)
		if err != nil {
			return nil, nil, err
		}
		players[i] = p
		info[i] = Seat{Name: names[i], Computer: true, Level: lv}
	}
	if err := playOut(ctx, m, players, seed); err != nil {
		return nil, nil, err
	}
	return m, info, nil
}

// playOut plays m to its end, every turn through host.ComputerTurn, the
// code a hosted match and sim play computer turns with: a move the
// engine refuses, or none, is replaced by the one fallback (a draw or a
// pass) and the match goes on.
func playOut(ctx context.Context, m *game.Match, players []host.Computer, seed uint64) error {
	for !m.Over() {
		if m.Game.Over {
			if err := m.NextGame(); err != nil {
				return err
			}
			continue
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if m.Game.Turns > 2000 {
			return fmt.Errorf("game %d of seed %d does not end", m.Game.Number, seed)
		}
		host.ComputerTurn(ctx, m, m.Game.Turn, players[m.Game.Turn])
	}
	return nil
}

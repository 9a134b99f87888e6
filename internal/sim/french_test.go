package sim

import (
	"context"
	"fmt"
	"testing"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/solver"
)

// BenchmarkFrenchBlocked is the experiment behind the French rules'
// blocked games: why do most French games between computers end blocked,
// the players or the rules? It plays games between levels under the
// French rules (work budgets alone, as sim --deterministic) and, at the
// end of every blocked game, asks for each player's rack what the rules
// would still allow: the grid solver's play (new tiles around the grid's
// tiles where they lie, which is all any level plays) against the best
// play that moves the grid's tiles too, which the French rules allow
// ("may move tiles already on the grid to other cells"), found by the
// set solver on the grid's tiles (every one to be laid again, as sets
// apart) with the rack. A rack that could still play, or go out, by
// moving the grid's tiles is a game the players blocked, not the rules.
//
//	go test -run '^$' -bench FrenchBlocked -benchtime 1x ./internal/sim
func BenchmarkFrenchBlocked(b *testing.B) {
	for _, players := range [][]string{{"medium", "hard"}, {"expert", "expert"}, {"expert", "medium"}} {
		b.Run(fmt.Sprint(players), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				frenchExperiment(b, players, 40, 5)
			}
		})
	}
}

// experimentWork bounds each of the experiment's own searches.
const experimentWork = 20_000_000

func frenchExperiment(b *testing.B, players []string, games int, seed uint64) {
	r, err := game.Preset("french")
	if err != nil {
		b.Fatal(err)
	}
	blocked, racks, gridPlays, movePlays, moveOuts := 0, 0, 0, 0, 0
	tilesLeft, moveTiles := 0, 0
	for g := 0; g < games; g++ {
		m, err := game.NewMatch(r, (&Config{Players: players}).seatNames(identity(len(players))), DeriveSeed(seed, uint64(g)))
		if err != nil {
			b.Fatal(err)
		}
		seats := make([]ai.Player, len(players))
		for s, lv := range players {
			if seats[s], err = ai.New(lv, DeriveSeed(seed, uint64(g), uint64(s))); err != nil {
				b.Fatal(err)
			}
		}
		for !m.Game.Over && m.Game.Turns < maxTurns {
			host.ComputerTurn(context.Background(), m, m.Game.Turn, seats[m.Game.Turn])
		}
		if !m.Game.Over || !m.Game.Score.Blocked {
			continue
		}
		blocked++
		grid := game.GridOf(m.Game.Table).AllTiles()
		for s, rack := range m.Game.Racks {
			racks++
			tilesLeft += len(rack)
			gres, err := solver.SolveGrid(context.Background(), solver.GridRequest{Rules: &r, Grid: game.GridOf(m.Game.Table), Rack: rack, Opened: m.Game.Melded[s]})
			if err == nil && gres.Play {
				gridPlays++
			}
			if !m.Game.Melded[s] {
				continue // before the initial meld the grid's tiles may not move
			}
			all := append(append([]game.Tile(nil), grid...), rack...)
			ctx, _, cancel := solver.WithWork(context.Background(), experimentWork)
			res, err := solver.Solve(ctx, solver.Request{Rules: &r, Rack: all, Opened: true, Must: grid})
			cancel()
			if err != nil || !res.Play || res.TilesPlaced <= len(grid) {
				continue
			}
			movePlays++
			moveTiles += res.TilesPlaced - len(grid)
			if res.TilesPlaced == len(all) {
				moveOuts++
			}
		}
	}
	b.Logf("%v, %d French games, seed %d: %d blocked (%.0f%%); in them %d racks, %.1f tiles each: %d could play on the grid as it lies, %d could play by moving the grid's tiles (%.1f tiles each), %d of them go out",
		players, games, seed, blocked, 100*float64(blocked)/float64(games), racks, float64(tilesLeft)/float64(max(racks, 1)), gridPlays, movePlays, float64(moveTiles)/float64(max(movePlays, 1)), moveOuts)
}

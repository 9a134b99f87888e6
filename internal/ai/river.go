package ai

import (
	"context"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// maxPullDepth is how far back in the River a player looks for a pull:
// the newest tiles cost the fewest plunder tiles, and older pulls rarely
// pay for the tiles they bring.
const maxPullDepth = 4

// planPull looks for a River pull worth more than a draw: the key tile
// played this turn (with rack tiles' help, never those in keep) so that
// the rack grows by less than the one tile a draw adds. It returns the
// best such pull, the one leaving the rack smallest (ties: the newest),
// with its play, or nil.
func planPull(ctx context.Context, v *game.SeatView, keep []game.Tile) *pullPlan {
	var best *pullPlan
	bestGrowth := 1 // a draw grows the rack by one; a pull must do better
	for i := len(v.River) - 1; i >= 0 && i >= len(v.River)-maxPullDepth; i-- {
		if ctx.Err() != nil {
			break
		}
		taken := v.River[i:]
		req := solver.Request{
			Rules:     &v.Rules,
			Table:     game.SetsOf(v.Table),
			Rack:      append(append([]game.Tile(nil), v.Rack...), taken...),
			Opened:    opened(v),
			Objective: solver.MostTiles,
			Keep:      append(append([]game.Tile(nil), keep...), taken[1:]...),
			Must:      []game.Tile{taken[0]},
		}
		res, ok := solve(ctx, req)
		if !ok || !containsID(res.Placed, taken[0].ID) {
			continue
		}
		if growth := len(taken) - len(res.Placed); growth < bestGrowth {
			bestGrowth = growth
			best = &pullPlan{game: v.Game, index: i, key: taken[0].ID, sets: res.Sets}
		}
	}
	return best
}

func containsID(tiles []game.Tile, id game.TileID) bool {
	for _, t := range tiles {
		if t.ID == id {
			return true
		}
	}
	return false
}

// chooseKeep picks which of a River draw's two tiles to keep: a joker
// always; otherwise the tile with more partners on the rack (tiles it
// could make a group or a run with), then the one that plays on the table
// as it stands, then the lower number (less to lose if caught).
func chooseKeep(v *game.SeatView) int {
	best, bestScore := 0, -1
	for i, t := range v.Reveal {
		s := keepScore(v, t)
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return best
}

func keepScore(v *game.SeatView, t game.Tile) int {
	if t.IsJoker() {
		return 1 << 20
	}
	s := 100 * partners(v.Rack, t.Face)
	if extendsTable(v, t.Face) {
		s += 50
	}
	return s + (game.MaxNumber - int(t.Face.Num))
}

// partners counts rack tiles that could share a set with f: other colours
// of its number (once per colour) and its colour within two steps.
func partners(rack []game.Tile, f game.Face) int {
	var colours [game.NumColors]bool
	var near [5]bool // f.Num-2 .. f.Num+2
	n := 0
	for _, t := range rack {
		switch {
		case t.IsJoker():
			n++
		case t.Face.Num == f.Num && t.Face.Color != f.Color && !colours[t.Face.Color]:
			colours[t.Face.Color] = true
			n++
		case t.Face.Color == f.Color && t.Face.Num != f.Num:
			d := int(t.Face.Num) - int(f.Num)
			if d >= -2 && d <= 2 && !near[d+2] {
				near[d+2] = true
				n++
			}
		}
	}
	return n
}

// extendsTable reports whether f could be laid at the end of a run or in
// a group of three already on the table, as the table stands.
func extendsTable(v *game.SeatView, f game.Face) bool {
	for _, set := range game.SetsOf(v.Table) {
		grown := append(append([]game.Tile(nil), set...), game.T(f))
		if game.ValidSet(grown, &v.Rules) {
			return true
		}
	}
	return false
}

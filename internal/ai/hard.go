package ai

import (
	"context"
	"math/rand/v2"
	"sort"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// hard chooses among the solver's plays by what they leave behind.
//
// A play that empties the rack is always made. Otherwise hard plays as
// little as it can each turn and keeps the rest as a bank: every turn it
// can play from the bank is a turn it does not draw, so spreading a big
// play over several turns leaves the rack smaller than playing it at once
// and drawing afterwards. It spends first the tiles that need the table
// (an opponent could take their place) and keeps sets made from its own
// rack (nobody can spoil them) and its jokers. It opens with the smallest
// meld that reaches the threshold. When an opponent's rack gets small or
// the pool runs low, the bank becomes a debt (points caught on the rack, or
// a blocked game lost on points): it then plays the most points it can.
type hard struct{ base }

// hardTuning holds the choices that make hard what it is, measured
// against medium by `rummikub sim` (see the ai report for the figures).
type hardTuning struct {
	drip       bool // bank tiles instead of playing them all
	smallOpen  bool // open with the smallest meld reaching the threshold
	keepJokers bool // draw rather than spend a joker while that is safe
	dangerOpp  int  // an opponent at this many tiles or fewer: shed points
	dangerPool int  // per player: a pool this small: shed points
	points     bool // always shed the most points rather than the most tiles
}

var tuning = hardTuning{drip: true, smallOpen: true, keepJokers: true, dangerOpp: 2, dangerPool: 2}

// Move implements Player.
func (p *hard) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

// keepJokers is what hard keeps back from a River pull: its jokers.
func keepJokers(v *game.SeatView) []game.Tile { return jokersOf(v.Rack) }

func (p *hard) choose(ctx context.Context, v *game.SeatView, _ *rand.Rand) ([][]game.Tile, bool) {
	full, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	if !ok {
		return nil, false
	}
	return p.chooseFrom(ctx, v, full)
}

// chooseFrom is hard's choice given the play placing the most tiles.
func (p *hard) chooseFrom(ctx context.Context, v *game.SeatView, full solver.Result) ([][]game.Tile, bool) {
	if goesOut(v, full) {
		return full.Sets, true
	}
	if danger(v) {
		if pts, ok := solve(ctx, request(v, solver.MostPoints, nil, nil)); ok {
			return pts.Sets, true
		}
		return full.Sets, true
	}
	if !opened(v) {
		if tuning.smallOpen {
			return p.open(ctx, v, full), true
		}
		if tuning.keepJokers {
			return keepSpareJokers(ctx, v, full), true
		}
		return full.Sets, true
	}
	if tuning.points {
		if pts, ok := solve(ctx, request(v, solver.MostPoints, nil, nil)); ok {
			return pts.Sets, true
		}
	}
	if !tuning.drip {
		if tuning.keepJokers {
			return keepSpareJokers(ctx, v, full), true
		}
		return full.Sets, true
	}
	return p.drip(ctx, v, full)
}

// minOpponent is the smallest rack among the other seats.
func minOpponent(v *game.SeatView) int {
	m := 1 << 30
	for s, n := range v.RackCounts {
		if s != v.Seat && n < m {
			m = n
		}
	}
	return m
}

// danger says holding tiles back has become costlier than it is worth:
// an opponent may go out next turn, or the pool is nearly gone (so the
// game may block and be won on the points left on the racks). The more
// points hard holds, the earlier it counts as danger.
func danger(v *game.SeatView) bool {
	opp := minOpponent(v)
	pts := v.Rules.RackValue(v.Rack)
	switch {
	case opp <= tuning.dangerOpp:
		return true
	case opp <= 4 && pts >= 40:
		return true
	case opp <= 6 && pts >= 90:
		return true
	}
	return v.Pool <= tuning.dangerPool*len(v.RackCounts)
}

// open makes the initial meld with as few tiles as reach the threshold,
// without jokers when it can, keeping the other sets for later turns.
func (p *hard) open(ctx context.Context, v *game.SeatView, full solver.Result) [][]game.Tile {
	for _, keep := range [][]game.Tile{jokersOf(v.Rack), nil} {
		req := request(v, solver.MostPoints, keep, nil)
		req.Table = nil
		own, ok := solve(ctx, req)
		if !ok {
			continue
		}
		if sets := smallestMeld(&v.Rules, own.Sets); sets != nil {
			return append(cloneTable(v.Table), sets...)
		}
	}
	return full.Sets
}

// smallestMeld picks, among sets made from the rack, the fewest tiles
// whose value reaches the initial-meld threshold (ties: the higher value),
// or nil if even all of them fall short.
func smallestMeld(r *game.Rules, sets [][]game.Tile) [][]game.Tile {
	if len(sets) > 12 {
		return sets // never happens with a rack of real size; stay bounded
	}
	vals := make([]int, len(sets))
	for i, s := range sets {
		m, err := game.AnalyzeSet(s, r)
		if err != nil {
			return nil
		}
		vals[i] = m.Value(r)
	}
	best, bestTiles, bestVal := -1, 1<<30, 0
	for mask := 1; mask < 1<<len(sets); mask++ {
		tiles, val := 0, 0
		for i := range sets {
			if mask&(1<<i) != 0 {
				tiles += len(sets[i])
				val += vals[i]
			}
		}
		if val < r.InitialMeld {
			continue
		}
		if tiles < bestTiles || (tiles == bestTiles && val > bestVal) {
			best, bestTiles, bestVal = mask, tiles, val
		}
	}
	if best < 0 {
		return nil
	}
	var out [][]game.Tile
	for i := range sets {
		if best&(1<<i) != 0 {
			out = append(out, append([]game.Tile(nil), sets[i]...))
		}
	}
	return out
}

// maxSingleTries bounds the one-tile plays hard tries in a turn.
const maxSingleTries = 5

// drip plays the smallest useful part of the full play: one tile that
// needs the table, else one set from the rack's own sets; jokers stay on
// the rack while that is safe. ok is false when hard prefers to draw (its
// only plays would spend a joker it wants to keep).
func (p *hard) drip(ctx context.Context, v *game.SeatView, full solver.Result) ([][]game.Tile, bool) {
	jokers := jokersOf(v.Rack)
	req := request(v, solver.MostTiles, jokers, nil)
	req.Table = nil
	own, _ := solve(ctx, req) // the rack's own sets, jokers aside
	safe := map[game.TileID]bool{}
	for _, s := range own.Sets {
		for _, t := range s {
			safe[t.ID] = true
		}
	}
	// Tiles the full play places that need the table.
	var needy []game.Tile
	for _, t := range full.Placed {
		if !t.IsJoker() && !safe[t.ID] {
			needy = append(needy, t)
		}
	}
	sort.SliceStable(needy, func(i, j int) bool { return needy[i].Face.Num > needy[j].Face.Num })
	tries := 0
	for _, t := range needy {
		if tries == maxSingleTries || ctx.Err() != nil {
			break
		}
		tries++
		rest := without(playable(v), []game.Tile{t})
		if res, ok := solve(ctx, request(v, solver.MostTiles, rest, []game.Tile{t})); ok {
			return res.Sets, true
		}
	}
	if len(needy) > 0 {
		// No one tile plays alone: play the needy tiles together.
		keep := append(jokersOf(v.Rack), ownTiles(own.Sets)...)
		if res, ok := solve(ctx, request(v, solver.MostTiles, keep, nil)); ok {
			return res.Sets, true
		}
	}
	if len(own.Sets) > 0 {
		return append(cloneTable(v.Table), pickSet(&v.Rules, own.Sets)), true
	}
	// Only plays that spend a joker are left: keep it while that is safe,
	// unless the rack is nearly empty anyway.
	if tuning.keepJokers && len(v.Rack) > 4 && len(jokers) > 0 && v.Pool > 0 {
		return nil, false
	}
	return full.Sets, true
}

// keepSpareJokers returns full unless it spends a joker that no real tile
// needed: when the same real tiles can be played with the jokers kept, it
// plays them so (a joker in hand makes later plays of almost any pair).
func keepSpareJokers(ctx context.Context, v *game.SeatView, full solver.Result) [][]game.Tile {
	jokers := jokersOf(v.Rack)
	used := len(jokersOf(full.Placed))
	if used == 0 {
		return full.Sets
	}
	alt, ok := solve(ctx, request(v, solver.MostTiles, jokers, nil))
	if ok && alt.TilesPlaced >= full.TilesPlaced-used {
		return alt.Sets
	}
	return full.Sets
}

// ownTiles lists the tiles of sets.
func ownTiles(sets [][]game.Tile) []game.Tile {
	var out []game.Tile
	for _, s := range sets {
		out = append(out, s...)
	}
	return out
}

// pickSet chooses which of the rack's own sets to lay: the shortest, then
// the one worth the most (the points it would cost if caught).
func pickSet(r *game.Rules, sets [][]game.Tile) []game.Tile {
	best := 0
	for i := 1; i < len(sets); i++ {
		a, b := sets[i], sets[best]
		if len(a) < len(b) || (len(a) == len(b) && r.RackValue(a) > r.RackValue(b)) {
			best = i
		}
	}
	return append([]game.Tile(nil), sets[best]...)
}

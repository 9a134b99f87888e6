package ai

import (
	"context"
	"fmt"
	"math/rand/v2"
	"sort"
	"strings"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// The panel: test opponents, deliberately unlike the levels and unlike
// each other, that the levels are measured against (`rummikub sim
// --players expert,panel:holder`). They are not levels: Levels does not
// list them and the game's setup never offers them.
//
//   - holder: holds back as expert did, the smallest initial meld and then
//     nothing until it can go out; once the pool is empty it counts the
//     tiles, sheds one of its own sets a turn that leaves no opponent able
//     to go out (the one worth the most points), and passes when it is
//     already ahead on points.
//   - dumper: opens at once and then every turn sheds the most points it
//     can with the table's help, jokers kept until it goes out.
//   - late: never opens until the pool is down to lateOpenPool tiles (it
//     still goes out when it can), then plays the most tiles every turn.
//   - mirror: tit for tat. After the smallest initial meld it lays its own
//     sets only on a turn when the opponent just before it placed tiles,
//     and holds otherwise.
const PanelPrefix = "panel:"

// PanelNames lists the panel's players, prefix included.
func PanelNames() []string {
	return []string{PanelPrefix + "holder", PanelPrefix + "dumper", PanelPrefix + "late", PanelPrefix + "mirror"}
}

// lateOpenPool is the pool size at which the late opener starts to play.
const lateOpenPool = 30

// panel is a panel player: a base and its strategy.
type panel struct {
	base
	choose chooser
}

// Move implements Player.
func (p *panel) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return p.move(ctx, v, p.choose, keepJokers)
}

func newPanel(b base) (Player, error) {
	p := &panel{base: b}
	switch strings.TrimPrefix(b.level, PanelPrefix) {
	case "holder":
		p.choose = holderChoose
	case "dumper":
		p.choose = dumperChoose
	case "late":
		p.choose = lateChoose
	case "mirror":
		p.choose = mirrorChoose
	default:
		return nil, fmt.Errorf("unknown panel player %q; the panel is %s", b.level, strings.Join(PanelNames(), ", "))
	}
	return p, nil
}

// smallestOpening is the smallest initial meld of the rack's own sets.
func smallestOpening(ctx context.Context, v *game.SeatView) (game.Table, bool) {
	sets, ok := ownNewSets(ctx, v)
	if !ok {
		return nil, false
	}
	return append(cloneTable(game.SetsOf(v.Table)), smallestMeld(v, sets)...), true
}

func holderChoose(ctx context.Context, v *game.SeatView, rng *rand.Rand) (game.Table, bool) {
	if sets, ok := goOut(ctx, v); ok {
		return sets, true
	}
	if !opened(v) {
		return smallestOpening(ctx, v)
	}
	if v.Pool > 0 || len(v.Locked) > 0 {
		return nil, false
	}
	hidden, ok := hiddenTiles(v)
	if !ok {
		return nil, false
	}
	// The opponents' racks: exactly the hidden tiles with one opponent,
	// a few deals of them with more.
	var deals []world
	for i := 0; i < 4; i++ {
		deals = append(deals, deal(ctx, rng, v, hidden))
		if len(v.RackCounts) == 2 {
			break
		}
	}
	return holderEndgame(ctx, v, deals)
}

// holderEndgame is the holder's play on an empty pool given the
// opponents' racks (deals of them): a pass when ahead on points in every
// deal, else its own set worth the most that leaves no opponent able to
// go out, else a pass.
func holderEndgame(ctx context.Context, v *game.SeatView, deals []world) (game.Table, bool) {
	mine := v.Rules.RackValue(v.Rack)
	ahead := true
	for _, w := range deals {
		for s, rack := range w.racks {
			if s != v.Seat && v.Rules.RackValue(rack) <= mine {
				ahead = false
			}
		}
	}
	if ahead {
		return nil, false // pass: the blocked game is won on points
	}
	own, ok := ownNewSets(ctx, v)
	if !ok {
		return nil, false
	}
	sort.SliceStable(own, func(i, j int) bool { return v.Rules.RackValue(own[i]) > v.Rules.RackValue(own[j]) })
	for _, set := range own {
		table := append(cloneTable(game.SetsOf(v.Table)), set)
		if safeFor(ctx, v, table, deals) {
			return table, true
		}
	}
	return nil, false
}

// safeFor reports whether no opponent can go out on table in any of deals.
func safeFor(ctx context.Context, v *game.SeatView, table game.Table, deals []world) bool {
	for _, w := range deals {
		for s, rack := range w.racks {
			if s == v.Seat {
				continue
			}
			if _, out, ok := outPlay(ctx, &v.Rules, table, rack, v.Melded[s]); out || !ok {
				return false
			}
		}
	}
	return true
}

func dumperChoose(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
	if sets, ok := goOut(ctx, v); ok {
		return sets, true
	}
	res, ok := solve(ctx, request(v, solver.MostPoints, jokersOf(v.Rack), nil))
	if !ok {
		res, ok = solve(ctx, request(v, solver.MostPoints, nil, nil))
	}
	return res.Sets, ok
}

func lateChoose(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
	if sets, ok := goOut(ctx, v); ok {
		return sets, true
	}
	if v.Pool > lateOpenPool {
		return nil, false
	}
	res, ok := solve(ctx, request(v, solver.MostTiles, nil, nil))
	return res.Sets, ok
}

func mirrorChoose(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
	if sets, ok := goOut(ctx, v); ok {
		return sets, true
	}
	if !opened(v) {
		return smallestOpening(ctx, v)
	}
	if !lastOpponentFed(v) && v.Pool > 0 {
		return nil, false
	}
	return ownSets(ctx, v)
}

// lastOpponentFed reports whether the seat that played just before v's
// seat placed tiles on its last turn this game.
func lastOpponentFed(v *game.SeatView) bool {
	prev := (v.Seat + len(v.RackCounts) - 1) % len(v.RackCounts)
	for i := len(v.Log) - 1; i >= 0; i-- {
		e := v.Log[i]
		if e.Game != v.Game {
			return false
		}
		if e.Seat == prev && (e.Kind == game.ActPlay || e.Drew > 0 || e.Kind == game.ActPass) {
			return e.Kind == game.ActPlay && len(e.Placed) > 0
		}
	}
	return false
}

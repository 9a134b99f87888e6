package game

import (
	"math/rand/v2"
	"sort"
)

// randomPlayer is a small legal player for property tests: it makes
// initial melds from its rack, lays new sets, adds single tiles to the
// ends of table sets, pulls from the River now and then, and otherwise
// draws, passes or lets its time run out. It only sees its SeatView.
type randomPlayer struct {
	rng *rand.Rand
	// pulledTurn is the game and turn in which it last pulled from the
	// River, so a put-back pull is not made again in the same turn.
	pulledGame, pulledTurn int
}

func newRandomPlayer(seed uint64) *randomPlayer {
	return &randomPlayer{rng: rand.New(rand.NewPCG(seed, 99)), pulledTurn: -1}
}

// act chooses the action of the seat whose turn it is.
func (p *randomPlayer) act(m *Match) Action {
	g := m.Game
	seat := g.Turn
	v := m.ViewFor(seat)
	r := &v.Rules
	if len(v.Reveal) > 0 {
		if r.TurnSeconds > 0 && p.rng.IntN(20) == 0 {
			return Action{Seat: seat, Kind: ActTimeout}
		}
		return Action{Seat: seat, Kind: ActKeep, Index: p.rng.IntN(len(v.Reveal))}
	}
	if len(v.Must) > 0 {
		if sets, ok := p.findPlay(&v); ok {
			return Action{Seat: seat, Kind: ActPlay, After: sets}
		}
		if r.TurnSeconds > 0 && p.rng.IntN(4) == 0 {
			return Action{Seat: seat, Kind: ActTimeout, Unfinished: p.rng.IntN(2) == 0}
		}
		return Action{Seat: seat, Kind: ActCancelPull}
	}
	roll := p.rng.IntN(100)
	if r.TurnSeconds > 0 && roll < 3 {
		return Action{Seat: seat, Kind: ActTimeout, Unfinished: p.rng.IntN(2) == 0}
	}
	if r.Draw == DrawRiver && len(v.River) > 0 && roll < 25 && !(p.pulledGame == v.Game && p.pulledTurn == g.Turns) {
		p.pulledGame, p.pulledTurn = v.Game, g.Turns
		return Action{Seat: seat, Kind: ActPull, Index: p.rng.IntN(len(v.River))}
	}
	if roll < 92 {
		if sets, ok := p.findPlay(&v); ok {
			return Action{Seat: seat, Kind: ActPlay, After: sets}
		}
	}
	if v.Pool > 0 {
		return Action{Seat: seat, Kind: ActDraw}
	}
	return Action{Seat: seat, Kind: ActPass}
}

// findPlay builds a final arrangement: the table plus new sets from the
// rack, plus (after the initial meld) single tiles added to sets. It
// returns false when it finds nothing legal to play.
func (p *randomPlayer) findPlay(v *SeatView) (Table, bool) {
	r := &v.Rules
	locked := map[TileID]bool{}
	for _, t := range v.Locked {
		locked[t.ID] = true
	}
	var usable []Tile
	for _, t := range v.Rack {
		if !locked[t.ID] {
			usable = append(usable, t)
		}
	}
	p.rng.Shuffle(len(usable), func(i, j int) { usable[i], usable[j] = usable[j], usable[i] })
	newSets, rest := findSets(usable, r)
	opened := v.Melded[v.Seat]
	table := cloneSets(SetsOf(v.Table))
	placed := 0
	if !opened {
		value := 0
		for _, s := range newSets {
			m, _ := AnalyzeSet(s, r)
			value += m.Value(r)
		}
		if len(newSets) == 0 || value < r.InitialMeld {
			return nil, false
		}
		for _, s := range newSets {
			table = append(table, s)
			placed += len(s)
		}
		if !r.MeldThenExtend {
			return table, keyPlaced(table, v.Must)
		}
	} else {
		for _, s := range newSets {
			table = append(table, s)
			placed += len(s)
		}
	}
	// Add single tiles to sets, or split a run around a tile it holds.
	for _, t := range rest {
		for i := range table {
			if p.rng.IntN(4) == 0 {
				continue
			}
			if m, err := AnalyzeSet(append(cloneTiles(table[i]), t), r); err == nil {
				table[i] = m.Tiles
				placed++
				break
			}
			if left, right, ok := splitRun(table[i], t, r); ok {
				table[i] = left
				table = append(table, right)
				placed++
				break
			}
		}
	}
	if placed == 0 {
		return nil, false
	}
	return table, keyPlaced(table, v.Must)
}

func keyPlaced(table Table, must []Tile) bool {
	for _, k := range must {
		found := false
		for _, s := range table {
			for _, t := range s {
				if t.ID == k.ID {
					found = true
				}
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// findSets greedily takes disjoint runs and groups from tiles (jokers
// extend the sets found when they fit) and returns them with the tiles
// left over.
func findSets(tiles []Tile, r *Rules) (sets Table, rest []Tile) {
	used := map[int]bool{}
	// Runs: per colour, maximal stretches of consecutive numbers.
	for _, c := range Colors {
		byNum := map[int]int{} // number -> index in tiles
		for i, t := range tiles {
			if !t.IsJoker() && t.Face.Color == c {
				if _, ok := byNum[int(t.Face.Num)]; !ok {
					byNum[int(t.Face.Num)] = i
				}
			}
		}
		var run []int
		flush := func() {
			if len(run) >= 3 {
				var s []Tile
				for _, i := range run {
					used[i] = true
					s = append(s, tiles[i])
				}
				sets = append(sets, s)
			}
			run = nil
		}
		for n := 1; n <= MaxNumber; n++ {
			if i, ok := byNum[n]; ok {
				run = append(run, i)
			} else {
				flush()
			}
		}
		flush()
	}
	// Groups from what is left.
	for n := 1; n <= MaxNumber; n++ {
		var g []int
		seen := map[Color]bool{}
		for i, t := range tiles {
			if !used[i] && !t.IsJoker() && int(t.Face.Num) == n && !seen[t.Face.Color] {
				seen[t.Face.Color] = true
				g = append(g, i)
			}
		}
		if len(g) >= 3 {
			var s []Tile
			for _, i := range g {
				used[i] = true
				s = append(s, tiles[i])
			}
			sets = append(sets, s)
		}
	}
	for i, t := range tiles {
		if !used[i] {
			rest = append(rest, t)
		}
	}
	// Lay every set out canonically; jokers in rest may be added later.
	for i, s := range sets {
		sort.Slice(s, func(a, b int) bool { return s[a].Face.Less(s[b].Face) })
		if m, err := AnalyzeSet(s, r); err == nil {
			sets[i] = m.Tiles
		}
	}
	return sets, rest
}

// splitRun splits a run of numbered tiles around a copy of one of its
// inner tiles: B6 B7 B8 B9 B10 with B8 gives B6 B7 B8 and B8 B9 B10.
func splitRun(set []Tile, t Tile, r *Rules) (left, right []Tile, ok bool) {
	if t.IsJoker() || len(set) < 5 {
		return nil, nil, false
	}
	for i := 2; i+2 < len(set); i++ {
		if set[i].Face != t.Face {
			continue
		}
		left = cloneTiles(set[:i+1])
		right = append([]Tile{t}, set[i+1:]...)
		if ValidSet(left, r) && ValidSet(right, r) {
			return left, right, true
		}
	}
	return nil, nil, false
}

// fallback is what a player does after a refused play: put a River pull
// back, else draw, else pass.
func fallback(m *Match, seat int) Action {
	a := Action{Seat: seat, Kind: ActDraw}
	if m.Game.Pull != nil {
		a.Kind = ActCancelPull
	} else if len(m.Game.Pool) == 0 {
		a.Kind = ActPass
	}
	return a
}

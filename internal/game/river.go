package game

// The Draw Two / River variation (draw=river, source 001):
//
//   - To draw, the player takes two tiles from the pool (ActDraw reveals
//     them to that player only, in Game.Reveal), keeps one (ActKeep with
//     its index) and discards the other face up to the end of the River.
//     That ends the turn. With one tile left in the pool the player simply
//     draws it; with none, drawing is refused as under draw=one.
//   - Instead of drawing, the player may pull from the River (ActPull with
//     a River index): the chosen tile and every tile discarded after it
//     come to the rack. The chosen (oldest) tile is the Key Tile and must
//     be played this turn (TurnStart.Must); the rest, the Plunder, are
//     locked for this turn (TurnStart.Locked). The player may use any
//     tiles already on the rack to play the key tile; the ActPlay that
//     places it ends the turn, as every play does.
//   - A pull is made at most once a turn, before any other action.
//
// A player who finds they cannot play the key tile puts the pull back with
// ActCancelPull (the River is public, so taking the tiles up taught the
// player nothing): the tiles return to the River in their places and the
// turn goes on as if no pull had been made (draw, pass with an empty pool,
// or play). This is how the engine reads the variation, which is silent
// on it. A time-out with a pull pending puts the pull back the same way
// before its penalty. Rewinding the turn in practice mode is not needed
// for this.

// keep ends a River draw: the player keeps Reveal[i], the other revealed
// tile goes to the end of the River.
func (m *Match) keep(i int) (Outcome, error) {
	g := m.Game
	if len(g.Reveal) == 0 {
		return Outcome{}, flowErr(CodeBadAction, "there is no River draw to choose from; draw first")
	}
	if i < 0 || i >= len(g.Reveal) {
		return Outcome{}, flowErr(CodeBadRiverIndex, "choose tile 0 or %d of the two drawn tiles, not %d", len(g.Reveal)-1, i)
	}
	return m.keepTile(i), nil
}

// keepTile applies a River-draw choice, which cannot fail.
func (m *Match) keepTile(i int) Outcome {
	g := m.Game
	kept := g.Reveal[i]
	var discarded []Tile
	for j, t := range g.Reveal {
		if j != i {
			discarded = append(discarded, t)
		}
	}
	seat := g.Turn
	g.Racks[seat] = append(g.Racks[seat], kept)
	g.River = append(g.River, discarded...)
	g.Reveal = nil
	g.Passes = 0
	g.endTurn()
	return Outcome{
		Event:     Event{Drew: 1, Discarded: cloneTiles(discarded)},
		Drawn:     []Tile{kept},
		TurnEnded: true,
	}
}

// pull takes River[i:] to the rack: River[i] is the key tile, the rest
// the plunder.
func (m *Match) pull(i int) (Outcome, error) {
	g := m.Game
	if m.Rules.Draw != DrawRiver {
		return Outcome{}, flowErr(CodeNotRiver, "pulling from the River is only played under draw=river")
	}
	if g.Pull != nil {
		return Outcome{}, flowErr(CodePullPending, "%s has already pulled from the River this turn", m.Names[g.Turn])
	}
	if len(g.River) == 0 {
		return Outcome{}, flowErr(CodeBadRiverIndex, "the River is empty")
	}
	if i < 0 || i >= len(g.River) {
		return Outcome{}, flowErr(CodeBadRiverIndex, "the River has places 0 to %d, not %d", len(g.River)-1, i)
	}
	taken := cloneTiles(g.River[i:])
	g.River = cloneTiles(g.River[:i])
	seat := g.Turn
	g.Racks[seat] = append(g.Racks[seat], taken...)
	g.Pull = &Pull{Index: i, Key: taken[0], Plunder: cloneTiles(taken[1:])}
	return Outcome{Event: Event{Pulled: taken}}, nil
}

// cancelPull puts a pending pull back into the River.
func (m *Match) cancelPull() (Outcome, error) {
	g := m.Game
	if g.Pull == nil {
		return Outcome{}, flowErr(CodeNoPull, "there is no River pull to put back")
	}
	m.undoPull()
	return Outcome{}, nil
}

// undoPull returns the pulled tiles from the rack to the end of the River,
// where they were: nothing else can have changed the River since.
func (m *Match) undoPull() {
	g := m.Game
	p := g.Pull
	back := append([]Tile{p.Key}, p.Plunder...)
	drop := map[TileID]bool{}
	for _, t := range back {
		drop[t.ID] = true
	}
	seat := g.Turn
	g.Racks[seat] = removeIDs(g.Racks[seat], drop)
	g.River = append(g.River, back...)
	g.Pull = nil
}

package game

// A time-out (ActTimeout) says the turn's time ran out. Following source
// 000:
//
//   - The player draws one tile from the pool and the turn ends.
//   - With Unfinished set (the player had moved tiles and the arrangement
//     was not a valid end of turn), the table stays as it was at the start
//     of the turn, the tiles the player had put out stay on the rack (the
//     working arrangement lives in the UI, so nothing left the rack), and
//     the player draws timeout-draws tiles as a penalty.
//   - Fewer tiles are drawn when the pool runs dry; with an empty pool the
//     time-out counts as a pass (and a full round of passes blocks the
//     game).
//   - A time-out draws straight from the pool even under draw=river: the
//     time to choose is over. A River draw waiting for its choice keeps
//     the first revealed tile and discards the other. A pending River pull
//     is put back into the River first (the key tile was not played).
//
// A time-out is refused when the rules set no time limit (turn-seconds=0).
// The UI (or the cmd layer) measures time; the engine never reads a clock.
func (m *Match) timeout(unfinished bool) (Outcome, error) {
	g := m.Game
	if m.Rules.TurnSeconds == 0 {
		return Outcome{}, flowErr(CodeNoTimeLimit, "these rules set no turn time limit, so a turn cannot time out")
	}
	if len(g.Reveal) > 0 {
		out := m.keepTile(0)
		out.Event.Unfinished = unfinished
		return out, nil
	}
	if g.Pull != nil {
		m.undoPull()
	}
	k := 1
	if unfinished {
		k = m.Rules.TimeoutDraws
	}
	if len(g.Pool) == 0 || k == 0 {
		// Nothing to draw: the turn passes. (timeout-draws=0 with a pool
		// left still ends the turn; it resets the passes, as no pool was
		// empty to block on.)
		if len(g.Pool) == 0 {
			return m.passTurn(Event{Unfinished: unfinished})
		}
		g.Passes = 0
		g.endTurn()
		return Outcome{Event: Event{Unfinished: unfinished}, TurnEnded: true}, nil
	}
	drawn := g.draw(k)
	seat := g.Turn
	g.Racks[seat] = append(g.Racks[seat], drawn...)
	g.Passes = 0
	g.endTurn()
	return Outcome{Event: Event{Drew: len(drawn), Unfinished: unfinished}, Drawn: drawn, TurnEnded: true}, nil
}

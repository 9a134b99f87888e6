package tui

import "rummikub/internal/game"

// seedResumed tells a resumed match's game so far as it was told live:
// it replays the game from the match's history, so that every play is
// described against the table before it (the move log, the hand-over's
// "what happened"), and each local human's last drawn tiles are marked
// and told at their next turn ("You drew K13"). m is the whole match as
// loaded (the construction of the screen, not Update: no I/O here).
func (p *Play) seedResumed(m *game.Match) {
	r, err := game.NewMatch(m.Rules, m.Names, m.Seed)
	if err != nil {
		return
	}
	for _, a := range m.History {
		before := game.CloneLayout(r.Game.Table)
		o, err := r.Apply(a)
		if err != nil {
			// A history that does not replay: tell the last move only.
			p.log, p.recent, p.summary = nil, nil, ""
			p.drawn = map[int]map[game.TileID]bool{}
			p.notices = map[int]string{}
			break
		}
		if a.Kind == game.ActNextGame || r.Game.Number != m.Game.Number {
			continue
		}
		if len(p.log) == 0 {
			start := r.ViewFor(-1)
			p.addLog(-1, startLine(&start))
		}
		ev := o.Event
		v := r.ViewFor(-1)
		sum := summarize(&v, ev, before, p.surf)
		if riverReveal(&v, ev.Seat, ev) {
			continue // the keep that follows tells the draw
		}
		p.addLog(ev.Seat, sum)
		if ev.Kind == game.ActPull || ev.Kind == game.ActCancelPull {
			p.summary = sum
			continue
		}
		human := p.isLocal(ev.Seat) && !p.isComputer(ev.Seat)
		if human {
			// The seat's turn began: what it was told then is old.
			p.recent = nil
			delete(p.notices, ev.Seat)
		}
		p.summary = sum
		p.recent = append(p.recent, sum)
		p.seatNews(ev.Seat, ev, o.Drawn, ev.Kind == game.ActTimeout, sum, human)
	}
	if len(p.log) == 0 && len(m.Log) > 0 {
		v := m.ViewFor(-1)
		p.summary = summarize(&v, m.Log[len(m.Log)-1], nil, p.surf)
	}
}

// cloneTable is a copy of t that shares no set with it.
func cloneTable(t game.Table) game.Table {
	out := make(game.Table, len(t))
	for i, s := range t {
		out[i] = append([]game.Tile(nil), s...)
	}
	return out
}

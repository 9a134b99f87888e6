// Package analysis learns from kept matches: it walks a match turn by
// turn from its history, sets each play against the best play the exact
// solver finds for the same position, and sums matches up into
// statistics. It reads the kept-match files (record.go) and knows no
// screen.
package analysis

import (
	"fmt"
	"strings"

	"rummikub/internal/game"
)

// Turn is one turn of one seat, rebuilt from the match's history: the
// position at its start, what the seat did, and the table after.
type Turn struct {
	Index  int // place in the match's list of turns, from 0
	Game   int // the game's number, from 1
	Number int // the turn's number within its game, from 1
	Seat   int
	Player string

	// Start is the seat's position when the turn began (what it may
	// know and play): the table, its rack, whether it had melded.
	Start game.TurnStart
	// Racks is every seat's rack when the turn began; Melded who had
	// melded; Pool the tiles left in the pool.
	Racks  [][]game.Tile
	Melded []bool
	Pool   int
	// After is the table when the turn ended, in the shape the rules
	// play on.
	After game.Layout

	// Events is the public account of the turn's actions, in order.
	Events []game.Event
	// Placed is the rack tiles played this turn (none for a draw).
	Placed []game.Tile
	// Points is the rack penalty the play removed: face values, a joker
	// its joker penalty (the solver's measure, so the two compare).
	Points int
	// Out says the seat went out; GameOver that the turn ended the game,
	// whose score is then Score.
	Out      bool
	GameOver bool
	Score    game.GameScore

	// From and To are the turn's actions in the match's history:
	// History[From:To].
	From, To int
}

// Kind is what the turn came to: "play", "draw", "pass", "timeout" or
// "pull" (a River pull put back).
func (t *Turn) Kind() string {
	for _, e := range t.Events {
		if e.Kind == game.ActPlay {
			return "play"
		}
	}
	for _, e := range t.Events {
		if e.Kind == game.ActTimeout {
			return "timeout"
		}
	}
	for _, e := range t.Events {
		switch e.Kind {
		case game.ActDraw, game.ActKeep:
			return "draw"
		case game.ActPass:
			return "pass"
		}
	}
	if len(t.Events) > 0 {
		return string(t.Events[len(t.Events)-1].Kind)
	}
	return "none"
}

// Describe says in a few words what the seat did.
func (t *Turn) Describe() string {
	var parts []string
	for _, e := range t.Events {
		switch e.Kind {
		case game.ActPull:
			parts = append(parts, "pulled "+game.FormatTiles(e.Pulled)+" from the River")
		case game.ActCancelPull:
			parts = append(parts, "put the pull back")
		case game.ActPlay:
			s := fmt.Sprintf("played %s (%s, %s)", game.FormatTiles(t.Placed), plural(len(t.Placed), "tile"), plural(t.Points, "point"))
			if e.Melded {
				// The meld's worth is the game's (a joker counts as the
				// tile it stands for), not the rack penalty (a joker 30).
				s = fmt.Sprintf("played %s (%s) as the initial meld, worth %s", game.FormatTiles(t.Placed), plural(len(t.Placed), "tile"), plural(e.Points, "point"))
			}
			if e.Out {
				s += " and went out"
			}
			parts = append(parts, s)
		case game.ActDraw:
			if e.Drew > 0 {
				parts = append(parts, "drew")
			}
		case game.ActKeep:
			parts = append(parts, "drew (River), discarding "+game.FormatTiles(e.Discarded))
		case game.ActPass:
			parts = append(parts, "passed")
		case game.ActTimeout:
			s := "ran out of time"
			if e.Drew > 0 {
				s += fmt.Sprintf(" and drew %d", e.Drew)
			}
			parts = append(parts, s)
		}
		if e.Blocked {
			parts = append(parts, "blocking the game")
		}
	}
	if len(parts) == 0 {
		return "did nothing"
	}
	return strings.Join(parts, ", ")
}

func plural(n int, word string) string {
	if n == 1 || n == -1 {
		return fmt.Sprintf("%d %s", n, word)
	}
	if strings.HasSuffix(word, "ch") {
		return fmt.Sprintf("%d %ses", n, word)
	}
	return fmt.Sprintf("%d %ss", n, word)
}

// Turns rebuilds every turn of the match from its history, replaying it
// from the first deal. A turn is the actions of one seat from the end of
// the previous turn to the action that ended its own.
func Turns(m *game.Match) ([]Turn, error) {
	r, err := game.NewMatch(m.Rules, m.Names, m.Seed)
	if err != nil {
		return nil, err
	}
	var out []Turn
	var cur *Turn
	number := 0
	for i, a := range m.History {
		if a.Kind == game.ActNextGame {
			if _, err := r.Apply(a); err != nil {
				return nil, fmt.Errorf("move %d of the history cannot be replayed: %w", i+1, err)
			}
			number = 0
			continue
		}
		if cur == nil {
			number++
			out = append(out, startTurn(r, a.Seat, len(out), number, i))
			cur = &out[len(out)-1]
		}
		o, err := r.Apply(a)
		if err != nil {
			return nil, fmt.Errorf("move %d of the history (%s by seat %d) cannot be replayed: %w", i+1, a.Kind, a.Seat, err)
		}
		cur.Events = append(cur.Events, o.Event)
		if o.Event.Kind == game.ActPlay {
			cur.Placed = append(cur.Placed, o.Event.Placed...)
			for _, t := range o.Event.Placed {
				cur.Points += r.Rules.Penalty(t.Face)
			}
			cur.Out = cur.Out || o.Event.Out
		}
		if o.TurnEnded || o.GameOver {
			cur.To = i + 1
			cur.After = game.CloneLayout(r.Game.Table)
			if o.GameOver {
				cur.GameOver = true
				cur.Score = r.Game.Score
			}
			cur = nil
		}
	}
	if cur != nil {
		// The match was kept in the middle of a turn.
		cur.To = len(m.History)
		cur.After = game.CloneLayout(r.Game.Table)
	}
	return out, nil
}

func startTurn(m *game.Match, seat, index, number, from int) Turn {
	g := m.Game
	t := Turn{
		Index:  index,
		Game:   g.Number,
		Number: number,
		Seat:   seat,
		Start:  m.ViewFor(seat).TurnStart(),
		Melded: append([]bool(nil), g.Melded...),
		Pool:   len(g.Pool),
		From:   from,
	}
	if seat >= 0 && seat < len(m.Names) {
		t.Player = m.Names[seat]
	}
	for _, rk := range g.Racks {
		t.Racks = append(t.Racks, append([]game.Tile(nil), rk...))
	}
	return t
}

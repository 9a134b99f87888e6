package game

import (
	"fmt"
	"strings"
)

// A Match is a series of games between the same players under one set of
// rules, from the first deal to the final standings.
//
// The flow, for a UI or a computer player:
//
//	m, err := game.NewMatch(game.Standard(), []string{"Ana", "Ben"}, seed)
//	for !m.Over() {
//		for !m.Game.Over {
//			seat := m.Game.Turn
//			v := m.ViewFor(seat)             // what that seat may know
//			out, err := m.Apply(action)      // Play, Draw, Pass, Timeout, Keep, Pull, CancelPull
//			// err is a *TurnError for a refused Play, a *FlowError otherwise;
//			// a refused action changes nothing.
//		}
//		// m.Game.Score is the finished game's score; m.Totals the running totals
//		m.NextGame()
//	}
//	m.Standings()
//
// Every exported field is for reading only: change a match only through
// Apply, NextGame and Rewind, which keep the history that Replay, Rewind
// and saves rely on.
type Match struct {
	Rules Rules    // the rules of the whole match
	Names []string // the players, in seat order (play goes clockwise, seat 0, 1, ...)
	Seed  uint64   // the seed every deal derives from

	Game *Game // the current game (the last one, once the match is over)

	Totals  []int       // running score per seat over the finished games
	Won     []int       // games won per seat
	Results []GameScore // the score of every finished game, in order

	// History is every applied action of the match, in order, NextGame
	// included: Replay(Rules, Names, Seed, History) rebuilds the match.
	History []Action
	// Log is the public account of every applied action (what all players
	// saw), one entry per action of History.
	Log []Event
}

// NewMatch validates the rules and the players and deals the first game.
// Every deal is a function of the seed and the game's number only, so the
// same seed gives the same match.
func NewMatch(r Rules, names []string, seed uint64) (*Match, error) {
	if err := r.Validate(); err != nil {
		return nil, err
	}
	if err := checkPlayers(&r, names); err != nil {
		return nil, err
	}
	n := len(names)
	m := &Match{
		Rules:  r,
		Names:  append([]string(nil), names...),
		Seed:   seed,
		Totals: make([]int, n),
		Won:    make([]int, n),
	}
	m.Game = deal(&m.Rules, n, seed, 1)
	return m, nil
}

// checkPlayers checks the number of players and that the tiles suffice to
// deal them all a rack.
func checkPlayers(r *Rules, names []string) error {
	n := len(names)
	if n < 2 || n > r.MaxPlayers {
		return fmt.Errorf("a match takes 2 to %d players under these rules, not %d", r.MaxPlayers, n)
	}
	if n*r.RackSize > r.TileCount() {
		return fmt.Errorf("%d racks of %d tiles need %d tiles, but the set has %d", n, r.RackSize, n*r.RackSize, r.TileCount())
	}
	for i, name := range names {
		if strings.TrimSpace(name) == "" {
			return fmt.Errorf("player %d has no name", i+1)
		}
	}
	return nil
}

// Players is the number of seats.
func (m *Match) Players() int { return len(m.Names) }

// GamesPlayed is the number of finished games.
func (m *Match) GamesPlayed() int { return len(m.Results) }

// Over reports whether the match is finished: the current game is over and
// the match rules (games, target) say no game follows.
func (m *Match) Over() bool {
	return m.Game.Over && MatchOver(&m.Rules, m.GamesPlayed(), m.Totals)
}

// Standings ranks the players by the match-winner rule; once the match is
// over the first is the match's winner.
func (m *Match) Standings() []Standing {
	return Standings(&m.Rules, m.Totals, m.Won)
}

// Length is the number of games the match is agreed to last (0 when only
// a target score ends it).
func (m *Match) Length() int {
	if m.Rules.Target > 0 && m.Rules.Games == 0 {
		return 0
	}
	return MatchLength(&m.Rules, m.Players())
}

// NextGame deals the next game of the match. It is refused while the
// current game is being played and once the match is over. It is recorded
// in the history like any action.
func (m *Match) NextGame() error {
	_, err := m.Apply(Action{Seat: -1, Kind: ActNextGame})
	return err
}

func (m *Match) nextGame() error {
	if !m.Game.Over {
		return flowErr(CodeGameNotOver, "game %d is still being played", m.Game.Number)
	}
	if m.Over() {
		return flowErr(CodeMatchOver, "the match is over after %d games", m.GamesPlayed())
	}
	m.Game = deal(&m.Rules, m.Players(), m.Seed, m.Game.Number+1)
	return nil
}

// finishGame scores the current game, out being the seat that went out or
// -1 for a blocked game, and adds it to the match's totals.
func (m *Match) finishGame(out int) error {
	g := m.Game
	racks := make([]RackTally, len(g.Racks))
	for i, rk := range g.Racks {
		racks[i] = Tally(&m.Rules, rk, g.Melded[i])
	}
	s, err := ScoreGame(&m.Rules, racks, out)
	if err != nil {
		return err
	}
	g.Over = true
	g.Score = s
	g.Reveal = nil
	g.Pull = nil
	m.Results = append(m.Results, s)
	for i, v := range s.Scores {
		m.Totals[i] += v
	}
	m.Won[s.Winner]++
	return nil
}

// Clone returns a deep copy of the match: what a host hands out when the
// whole match may be seen (a finished match, a test).
func (m *Match) Clone() *Match { return m.clone() }

// clone returns a deep copy of the match, so an action can be tried on the
// copy and committed only when it succeeds.
func (m *Match) clone() *Match {
	c := *m
	c.Names = append([]string(nil), m.Names...)
	c.Totals = append([]int(nil), m.Totals...)
	c.Won = append([]int(nil), m.Won...)
	c.Results = nil
	for _, s := range m.Results {
		c.Results = append(c.Results, s.clone())
	}
	c.History = append([]Action(nil), m.History...)
	c.Log = append([]Event(nil), m.Log...)
	c.Game = m.Game.clone()
	return &c
}

// working returns a copy of the match for Apply to try an action on: a
// deep copy of everything an action changes, sharing the append-only
// History and Log: an append to the copy may write past the end of m's
// slices, which m never reads, and the copy replaces m on success. (So a
// Match must not be copied by value and both copies played on.)
func (m *Match) working() *Match {
	c := *m
	c.Totals = append([]int(nil), m.Totals...)
	c.Won = append([]int(nil), m.Won...)
	c.Results = append([]GameScore(nil), m.Results...)
	c.Game = m.Game.clone()
	return &c
}

func (s GameScore) clone() GameScore {
	s.Scores = append([]int(nil), s.Scores...)
	return s
}

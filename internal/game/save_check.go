package game

// Validating a loaded match: the checks Load makes beyond every tile being
// in one place.

import "fmt"

// checkShape checks everything of a loaded match but tile conservation:
// sizes, seats in range, a valid table, the River, scores that add up.
func (m *Match) checkShape() error {
	for _, check := range []func() error{m.checkSeats, m.checkTable, m.checkRiver, m.checkScores} {
		if err := check(); err != nil {
			return err
		}
	}
	if len(m.History) != len(m.Log) {
		return fmt.Errorf("the history and the log do not match")
	}
	return nil
}

// checkSeats checks the sizes and the seats of the game in play.
func (m *Match) checkSeats() error {
	n := len(m.Names)
	g := m.Game
	if len(g.Racks) != n || len(g.Melded) != n || len(m.Totals) != n || len(m.Won) != n {
		return fmt.Errorf("the position does not have %d seats", n)
	}
	if g.Number < 1 {
		return fmt.Errorf("game number %d is not a game", g.Number)
	}
	played := g.Number - 1
	if g.Over {
		played++
	}
	if len(m.Results) != played {
		return fmt.Errorf("game %d has %d scored games before it", g.Number, len(m.Results))
	}
	if g.Turn < 0 || g.Turn >= n || g.Starter < 0 || g.Starter >= n {
		return fmt.Errorf("the turn belongs to no seat")
	}
	if g.Passes < 0 || g.Passes >= n && !g.Over || g.Turns < 0 {
		return fmt.Errorf("the count of passes or turns is wrong")
	}
	return nil
}

// checkTable checks the table: valid sets, or under table=grid a valid
// grid (save_grid.go). That it holds nothing of the other shape was
// checked as it was read (tileLoader.layout).
func (m *Match) checkTable() error { return m.Game.Table.checkSaved(&m.Rules) }

// checkSaved checks a loaded table of sets: every set is valid.
func (t Table) checkSaved(r *Rules) error {
	for i, set := range t {
		if _, err := AnalyzeSet(set, r); err != nil {
			return fmt.Errorf("set %d of the table: %v", i+1, err)
		}
	}
	return nil
}

// checkRiver checks a River draw or pull in progress.
func (m *Match) checkRiver() error {
	g := m.Game
	if len(g.Reveal) != 0 && (len(g.Reveal) != 2 || m.Rules.Draw != DrawRiver || g.Pull != nil) {
		return fmt.Errorf("the River draw is not possible here")
	}
	if g.Pull != nil && (m.Rules.Draw != DrawRiver || g.Pull.Index != len(g.River)) {
		return fmt.Errorf("the River pull does not fit the River")
	}
	if g.Over && (g.Pull != nil || len(g.Reveal) > 0) {
		return fmt.Errorf("a finished game has a turn in progress")
	}
	if g.Pull != nil {
		// Conservation checks that each pulled tile is on the rack, not that
		// the Key Tile and the Plunder are different tiles; putting such a
		// pull back would lay one tile in the River twice.
		seen := map[TileID]bool{g.Pull.Key.ID: true}
		for _, t := range g.Pull.Plunder {
			if seen[t.ID] {
				return fmt.Errorf("the River pull names tile %v twice", t)
			}
			seen[t.ID] = true
		}
	}
	return nil
}

// checkScores checks the game's score and the match's results and totals.
func (m *Match) checkScores() error {
	n := len(m.Names)
	g := m.Game
	if g.Over != (len(g.Score.Scores) == n) || g.Over && (g.Score.Winner < 0 || g.Score.Winner >= n) {
		return fmt.Errorf("the game's score does not fit the game")
	}
	if g.Over && !sameScore(g.Score, m.Results[len(m.Results)-1]) {
		return fmt.Errorf("the finished game's score is not the last recorded result")
	}
	totals := make([]int, n)
	won := make([]int, n)
	for k, s := range m.Results {
		if len(s.Scores) != n || s.Winner < 0 || s.Winner >= n {
			return fmt.Errorf("the score of game %d does not fit the players", k+1)
		}
		for i, v := range s.Scores {
			totals[i] += v
		}
		won[s.Winner]++
	}
	for i := range totals {
		if totals[i] != m.Totals[i] || won[i] != m.Won[i] {
			return fmt.Errorf("the running totals do not add up to the games' scores")
		}
	}
	return nil
}

// sameScore reports whether two game scores are equal.
func sameScore(a, b GameScore) bool {
	if a.Winner != b.Winner || a.Blocked != b.Blocked || len(a.Scores) != len(b.Scores) {
		return false
	}
	for i := range a.Scores {
		if a.Scores[i] != b.Scores[i] {
			return false
		}
	}
	return true
}

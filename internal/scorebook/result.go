package scorebook

import (
	"fmt"

	"rummikub/internal/game"
)

// Result is everything that follows from a session's games.
type Result struct {
	Games     []GameResult    // one per game, in order
	Totals    []int           // running totals after the last game, per seat
	Won       []int           // games won, per seat
	Standings []game.Standing // best first, by the match rule
	Length    int             // games agreed (game.MatchLength); with a target and no agreed count, 0
	Finished  bool            // the target is reached or the agreed games are played
	Winner    int             // the match winner's seat once Finished, else -1
}

// GameResult is one scored game.
type GameResult struct {
	game.GameScore
	Racks  []game.RackTally // what each rack counted
	Totals []int            // running totals after this game
	Sum    int              // the scores' sum: 0, except under winner-only
}

// Leader is the seat at the top of the standings, or -1 before any game.
func (r Result) Leader() int {
	if len(r.Games) == 0 || len(r.Standings) == 0 {
		return -1
	}
	return r.Standings[0].Seat
}

// Tied lists the seats level with the top of the standings on both games
// won and total score (the leader first); game.Standings then keeps seat
// order, so the earlier seat is named the winner.
func (r Result) Tied() []int {
	if len(r.Standings) == 0 {
		return nil
	}
	top := r.Standings[0]
	var out []int
	for _, s := range r.Standings {
		if s.Score == top.Score && s.GamesWon == top.GamesWon {
			out = append(out, s.Seat)
		}
	}
	return out
}

// ScoreGame scores one game of the session (game i, for messages) without
// adding it: the keeper shows this while a game is being entered.
func (s *Session) ScoreGame(i int, g Game) (GameResult, error) {
	if err := s.CheckGame(i, g); err != nil {
		return GameResult{}, err
	}
	r := s.Rules()
	racks := make([]game.RackTally, len(g.Racks))
	for seat, k := range g.Racks {
		racks[seat] = k.Tally(&r)
	}
	gs, err := game.ScoreGame(&r, racks, g.Out)
	if err != nil {
		return GameResult{}, fmt.Errorf("game %d: %v", i+1, err)
	}
	sum := 0
	for _, v := range gs.Scores {
		sum += v
	}
	return GameResult{GameScore: gs, Racks: racks, Sum: sum}, nil
}

// Score checks the session and scores every game in order. It refuses a
// game recorded after the match had already ended, so the totals shown are
// always those the winner was decided on.
func (s *Session) Score() (Result, error) {
	if err := CheckPlayers(s.Players); err != nil {
		return Result{}, err
	}
	if err := s.Options.Check(); err != nil {
		return Result{}, err
	}
	n := len(s.Players)
	r := s.Rules()
	res := Result{Totals: make([]int, n), Won: make([]int, n), Winner: -1}
	if r.Target == 0 || r.Games > 0 {
		res.Length = game.MatchLength(&r, n)
	}
	for i, g := range s.Games {
		if res.Finished {
			return Result{}, fmt.Errorf("game %d comes after the match ended with game %d; raise the target or the number of games to play on", i+1, i)
		}
		gr, err := s.ScoreGame(i, g)
		if err != nil {
			return Result{}, err
		}
		for seat, v := range gr.Scores {
			res.Totals[seat] += v
		}
		res.Won[gr.Winner]++
		gr.Totals = append([]int(nil), res.Totals...)
		res.Games = append(res.Games, gr)
		res.Finished = game.MatchOver(&r, i+1, res.Totals)
	}
	res.Standings = game.Standings(&r, res.Totals, res.Won)
	if res.Finished {
		res.Winner = res.Standings[0].Seat
	}
	return res, nil
}

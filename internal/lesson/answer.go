package lesson

import (
	"fmt"
	"strconv"
	"strings"

	"rummikub/internal/game"
)

// Question is a step answered with a number, which the engine's rules
// compute: a game's score, or what the time limit does.
type Question struct {
	Text string
	// Score asks for one player's score at the end of a game.
	Score *ScoreCase
	// Timeout asks how many tiles a player draws when the time runs out
	// (Unfinished: in the middle of a rearrangement).
	Timeout *TimeoutCase
	// TurnSeconds asks how long a turn lasts.
	TurnSeconds bool
}

// ScoreCase is the end of a game: every rack, who went out (-1: blocked),
// and whose score is asked.
type ScoreCase struct {
	Names []string
	Racks [][]string
	Out   int
	Ask   int
}

// TimeoutCase is a turn whose time ran out.
type TimeoutCase struct{ Unfinished bool }

// Answer is the question's answer under the step's rules.
func (s *Step) Answer() (int, error) {
	q := s.Question
	if q == nil {
		return 0, fmt.Errorf("this step is not a question")
	}
	r, err := s.Rules()
	if err != nil {
		return 0, err
	}
	switch {
	case q.Score != nil:
		c := q.Score
		var racks []game.RackTally
		for _, rk := range c.Racks {
			tiles, err := game.ParseTileStrings(rk)
			if err != nil {
				return 0, err
			}
			racks = append(racks, game.Tally(&r, tiles, true))
		}
		sc, err := game.ScoreGame(&r, racks, c.Out)
		if err != nil {
			return 0, err
		}
		return sc.Scores[c.Ask], nil
	case q.Timeout != nil:
		if q.Timeout.Unfinished {
			return r.TimeoutDraws, nil
		}
		return 1, nil
	case q.TurnSeconds:
		return r.TurnSeconds, nil
	}
	return 0, fmt.Errorf("the question has nothing to ask")
}

// CheckAnswer judges a typed answer ("-44", "+49", " 3 ").
func (s *Step) CheckAnswer(typed string) Verdict {
	want, err := s.Answer()
	if err != nil {
		return Verdict{Message: err.Error(), Err: err}
	}
	n, err := strconv.Atoi(strings.TrimPrefix(strings.TrimSpace(typed), "+"))
	if err != nil {
		return Verdict{Message: fmt.Sprintf("Type a number, not %q.", typed), NotAnswer: true}
	}
	if n != want {
		return Verdict{Message: fmt.Sprintf("Not %d. %s", n, s.Hint)}
	}
	return Verdict{Done: true, Message: fmt.Sprintf("Right: %d.", want)}
}

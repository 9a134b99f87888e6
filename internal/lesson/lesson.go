// Package lesson holds the tutorial: short lessons (runs and groups, the
// initial meld, adding to the table, splitting and combining, the joker,
// the time limit, the scoring), each a few steps. A step is either a small
// position with a goal the engine checks (Check, on the whole table the
// player ends with) or a question with a number for an answer
// (CheckAnswer), answered by the engine's own rules. The board that shows
// a step and takes the player's moves is the game's; this package is the
// content and the checks.
package lesson

import (
	"fmt"

	"rummikub/internal/game"
)

// Lesson is one topic.
type Lesson struct {
	ID    string // stable: "runs-groups", "initial-meld", ...
	Title string
	Intro []string // what the lesson teaches, a sentence a line
	Steps []Step
}

// Step is one thing to do: a position and a goal, or a question.
type Step struct {
	Prompt string // what to do, one or two sentences
	Hint   string
	// Options are rule options beyond the standard rules (name=value).
	Options []string
	// The position (for a board step): the table, the rack, whether the
	// initial meld is made.
	Table  [][]string
	Rack   []string
	Opened bool
	Goal   Goal
	// Solution is a table that meets the goal (the board's "show me").
	Solution [][]string

	// A question step has Question set and no position; Answer is
	// computed by the engine's rules (see answer.go).
	Question *Question
}

// Goal is what a board step asks; every field set must hold, and the turn
// must be one the judge accepts.
type Goal struct {
	Place     []string // these rack tiles end on the table
	Out       bool     // every rack tile is placed
	Meld      bool     // the turn is the initial meld
	NewRun    bool     // a new run made only of rack tiles
	NewGroup  bool     // a new group made only of rack tiles
	FreeJoker bool     // a joker of the table ends standing for another tile
	MinTiles  int      // at least this many rack tiles placed
}

// Rules are the rules of the step: standard plus its options.
func (s *Step) Rules() (game.Rules, error) {
	r := game.Standard()
	for _, o := range s.Options {
		if err := r.SetAssignment(o); err != nil {
			return r, err
		}
	}
	return r, nil
}

// Start is the step's position, every tile with an id (table tiles first,
// from 1).
func (s *Step) Start() (game.TurnStart, error) {
	st, err := game.ParseTurnStart(s.Table, s.Rack)
	if err != nil {
		return st, err
	}
	r, _ := s.Rules()
	table := game.SetsOf(st.Table)
	for i, set := range table {
		if m, err := game.AnalyzeSet(set, &r); err == nil {
			table[i] = m.Tiles // jokers carry what they stand for
		}
	}
	st.Opened = s.Opened
	return st, nil
}

// Verdict is a step's judgement.
type Verdict struct {
	Done    bool
	Message string // one sentence: well done, or what is still missing
	Err     error  // the judge's refusal, when the turn is not legal
	// NotAnswer says the typed answer is not of the kind asked (no
	// number for a question): bad input rather than a wrong answer.
	NotAnswer bool
}

// Check judges the table the player ends the step with.
func (s *Step) Check(after game.Table) Verdict {
	if s.Question != nil {
		return Verdict{Message: "This step is a question: answer it with a number."}
	}
	r, err := s.Rules()
	if err != nil {
		return Verdict{Message: err.Error(), Err: err}
	}
	start, err := s.Start()
	if err != nil {
		return Verdict{Message: err.Error(), Err: err}
	}
	res, err := game.JudgeTurn(&r, start, after)
	if err != nil {
		return Verdict{Message: "Not a legal turn yet: " + err.Error(), Err: err}
	}
	g := s.Goal
	placed := game.CountFaces(res.Placed)
	for _, name := range g.Place {
		t, err := game.ParseTile(name)
		if err != nil {
			return Verdict{Message: err.Error(), Err: err}
		}
		if placed[t.Face.Index()] == 0 {
			return Verdict{Message: fmt.Sprintf("A legal turn, but %s is still on your rack.", name)}
		}
		placed[t.Face.Index()]--
	}
	if g.Out && len(res.Rack) > 0 {
		return Verdict{Message: fmt.Sprintf("A legal turn, but %d tiles are still on your rack: place them all.", len(res.Rack))}
	}
	if g.Meld && !res.Melded {
		return Verdict{Message: "A legal turn, but it is not the initial meld."}
	}
	if len(res.Placed) < g.MinTiles {
		return Verdict{Message: fmt.Sprintf("A legal turn of %d tiles; place at least %d.", len(res.Placed), g.MinTiles)}
	}
	if g.NewRun && !newSetOf(&r, res, start, game.Run) {
		return Verdict{Message: "A legal turn, but no new run made only from your rack."}
	}
	if g.NewGroup && !newSetOf(&r, res, start, game.Group) {
		return Verdict{Message: "A legal turn, but no new group made only from your rack."}
	}
	if g.FreeJoker && !jokerFreed(start, res) {
		return Verdict{Message: "A legal turn, but the joker still stands where it stood."}
	}
	return Verdict{Done: true, Message: "Well done."}
}

// newSetOf reports a set of the given kind on the table after the turn
// made only of rack tiles.
func newSetOf(r *game.Rules, res game.TurnResult, start game.TurnStart, kind game.Kind) bool {
	rack := map[game.TileID]bool{}
	for _, t := range start.Rack {
		rack[t.ID] = true
	}
	for _, set := range game.SetsOf(res.After) {
		only := true
		for _, t := range set {
			if !rack[t.ID] {
				only = false
			}
		}
		if !only {
			continue
		}
		if m, err := game.AnalyzeSet(set, r); err == nil && m.Kind == kind {
			return true
		}
	}
	return false
}

// jokerFreed reports a joker of the table standing for another tile, or
// in a set with none of its old companions, after the turn.
func jokerFreed(start game.TurnStart, res game.TurnResult) bool {
	for _, set := range game.SetsOf(start.Table) {
		for _, j := range set {
			if !j.IsJoker() {
				continue
			}
			for _, after := range game.SetsOf(res.After) {
				for _, t := range after {
					if t.ID == j.ID && t.As != j.As {
						return true
					}
				}
			}
		}
	}
	return false
}

// Package puzzle holds the shipped puzzles: real positions mined from
// seeded self-play where the best play places clearly more tiles than the
// plain one, each with its goal, its stated (optimal) solution, a grade
// and hints; it judges a submitted table against the goal, picks the
// daily puzzle, and remembers which ones a player solved.
//
// A puzzle is always a turn after the initial meld, under the standard
// rules: the player's rack, the table, and a goal: place Goal tiles (the
// most that can be placed; all of them is going out).
package puzzle

import (
	"fmt"
	"strings"

	"rummikub/internal/game"
)

// The difficulties, easiest first.
const (
	Easy   = "easy"
	Medium = "medium"
	Hard   = "hard"
)

// Difficulties lists the grades, easiest first.
func Difficulties() []string { return []string{Easy, Medium, Hard} }

// Puzzle is one position to solve.
type Puzzle struct {
	ID         int        `json:"id"`
	Difficulty string     `json:"difficulty"`
	Table      [][]string `json:"table"`
	Rack       []string   `json:"rack"`
	// Goal is the number of rack tiles to place: the most the solver can
	// place in the position (proven); Out says that is the whole rack.
	Goal int  `json:"goal"`
	Out  bool `json:"out"`
	// Solution is a whole table after a play reaching the goal.
	Solution [][]string `json:"solution"`
	// Plain is what the plain play places: new sets from the rack and
	// tiles added to sets on the table, nothing rearranged.
	Plain int `json:"plain"`
	// Moved is the table tiles the solution takes out of their sets
	// (every tile of a table set that does not survive whole); Joker
	// says it frees a table joker.
	Moved int  `json:"moved"`
	Joker bool `json:"joker"`
	// Effort is what the grade is made from (see Effort).
	Effort int `json:"effort"`
	// Source says where the position was found: the generator's seed,
	// the self-play match, game and turn.
	Source string `json:"source"`
}

// Rules are the rules every puzzle is played under.
func Rules() game.Rules { return game.Standard() }

// Start is the puzzle's position as the judge and the board take it: the
// table and the rack, every tile with an id of its own (table tiles
// first, from 1), the initial meld made.
func (p *Puzzle) Start() (game.TurnStart, error) {
	start, err := game.ParseTurnStart(p.Table, p.Rack)
	if err != nil {
		return game.TurnStart{}, fmt.Errorf("puzzle %d: %v", p.ID, err)
	}
	start.Opened = true
	return start, nil
}

// SolutionTable is the stated solution as a table (tiles without ids).
func (p *Puzzle) SolutionTable() (game.Table, error) {
	var t game.Table
	for _, s := range p.Solution {
		set, err := game.ParseTileStrings(s)
		if err != nil {
			return nil, fmt.Errorf("puzzle %d: %v", p.ID, err)
		}
		t = append(t, set)
	}
	return t, nil
}

// GoalText says what to do.
func (p *Puzzle) GoalText() string {
	if p.Out {
		return fmt.Sprintf("Go out: place all %d tiles of your rack.", p.Goal)
	}
	return fmt.Sprintf("Place %d of the %d tiles of your rack.", p.Goal, len(p.Rack))
}

// Verdict is the judgement of a submitted table.
type Verdict struct {
	Solved bool
	// Legal says the engine accepts the turn; Placed is then the tiles
	// it places.
	Legal  bool
	Placed int
	// Message is one sentence for the player.
	Message string
	// Err is the judge's refusal of an illegal turn (a *game.TurnError
	// names the set and the rule).
	Err error
}

// Check judges a submitted table (the whole table after the turn) against
// the goal: the engine's judge first, then the tiles placed.
func (p *Puzzle) Check(after game.Table) Verdict {
	start, err := p.Start()
	if err != nil {
		return Verdict{Message: err.Error(), Err: err}
	}
	r := Rules()
	res, err := game.JudgeTurn(&r, start, after)
	if err != nil {
		return Verdict{Message: "Not a legal turn: " + err.Error(), Err: err}
	}
	v := Verdict{Legal: true, Placed: len(res.Placed)}
	switch {
	case v.Placed >= p.Goal:
		v.Solved = true
		v.Message = fmt.Sprintf("Solved: %s placed, the most there is.", plural(v.Placed, "tile"))
	default:
		v.Message = fmt.Sprintf("A legal play of %s, but %d can be placed.", plural(v.Placed, "tile"), p.Goal)
	}
	return v
}

// Hints are the puzzle's hints, gentlest first; the last one is nearly
// the answer.
func (p *Puzzle) Hints() []string {
	var h []string
	switch {
	case p.Moved == 0:
		h = append(h, "Nothing on the table has to be broken up.")
	case p.Joker:
		h = append(h, fmt.Sprintf("A joker on the table comes to stand for another tile, and %s to another set.", moves(p.Moved)))
	default:
		h = append(h, fmt.Sprintf("Rearrange the table: %s to another set.", moves(p.Moved)))
	}
	if p.Plain == 0 {
		h = append(h, "Sets of your own and tiles added to the table as it is place nothing here.")
	} else {
		h = append(h, fmt.Sprintf("Sets of your own and tiles added to the table as it is place only %d.", p.Plain))
	}
	if s := p.firstNewSet(); s != "" {
		h = append(h, "One set of the solution: "+s+".")
	}
	return h
}

// firstNewSet is the solution's first set that is not a table set as it
// was.
func (p *Puzzle) firstNewSet() string {
	was := map[string]bool{}
	for _, s := range p.Table {
		was[strings.Join(s, " ")] = true
	}
	for _, s := range p.Solution {
		if k := strings.Join(s, " "); !was[k] {
			return k
		}
	}
	return ""
}

// moves says how many table tiles move.
func moves(n int) string {
	if n == 1 {
		return "1 table tile moves"
	}
	return fmt.Sprintf("%d table tiles move", n)
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}

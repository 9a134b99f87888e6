package main

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
	"rummikub/internal/puzzle"
	"rummikub/internal/tui"
)

type puzzleFlags struct {
	list, asJSON, daily, hint, solution, generate bool
	id                                            int
	answer, theme                                 string
	seed                                          uint64
	count                                         int
}

func newPuzzleCmd() *cobra.Command {
	var f puzzleFlags
	cmd := &cobra.Command{
		Use:   "puzzle",
		Short: "Puzzles from real positions: place the most tiles the table allows",
		Long: `puzzle shows a position mined from computer self-play where the best play
places clearly more tiles than the plain one (sets of your own and tiles
added to the table as it is): a split that opens a run, a joker moved, the
whole table rearranged to go out. The initial meld is made; the goal is
the most tiles the solver can place, proven. Answer with the whole table
after your turn; the engine judges it, and solved puzzles are remembered
in the data directory.

Puzzles are graded by effort: the table tiles the solution moves away
from their set, plus the tiles it places beyond the plain play, plus 2
when a table joker changes what it stands for; easy up to 4, medium 5 to
8, hard 9 and more.

Without --id the puzzle of the day is shown (the same for everyone: the
date in UTC picks it). The shipped set was made with
rummikub puzzle --generate --seed 1 --count 300, which prints it again.`,
		Example: `  rummikub puzzle                          # today's puzzle
  rummikub puzzle --list                   # every puzzle: id, difficulty, solved
  rummikub puzzle --id 12 --hint
  rummikub puzzle --id 12 --answer "R3 R4 R5 | B7 K7 O7 R7"
  rummikub puzzle --id 12 --solution --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return runPuzzle(cmd, &f)
		},
	}
	fl := cmd.Flags()
	fl.BoolVar(&f.list, "list", false, "list every puzzle: id, difficulty, goal, solved or not")
	fl.BoolVar(&f.asJSON, "json", false, "print as JSON")
	fl.BoolVar(&f.daily, "daily", false, "today's puzzle (the default)")
	fl.IntVar(&f.id, "id", 0, "the puzzle with this id")
	fl.BoolVar(&f.hint, "hint", false, "show the hints too")
	fl.BoolVar(&f.solution, "solution", false, "show the solution too")
	fl.StringVar(&f.answer, "answer", "", `judge your answer: the whole table after your turn, "R3 R4 R5 | B7 K7 O7"`)
	fl.StringVar(&f.theme, "theme", "", "colour theme of the board (NO_COLOR gives mono)")
	fl.BoolVar(&f.generate, "generate", false, "mine puzzles from seeded self-play and print the puzzle file")
	fl.Uint64Var(&f.seed, "seed", puzzle.ShippedSeed, "the generator's seed (with --generate)")
	fl.IntVar(&f.count, "count", puzzle.ShippedCount, "how many puzzles to generate (with --generate)")
	cmd.MarkFlagsMutuallyExclusive("list", "daily", "id", "generate")
	cmd.MarkFlagsMutuallyExclusive("list", "answer")
	cmd.MarkFlagsMutuallyExclusive("list", "hint")
	cmd.MarkFlagsMutuallyExclusive("list", "solution")
	return cmd
}

func runPuzzle(cmd *cobra.Command, f *puzzleFlags) error {
	out := cmd.OutOrStdout()
	if f.generate {
		if f.count < 1 || f.count > 5000 {
			return badInput("--count must be 1 to 5000, not %d", f.count)
		}
		ps, err := puzzle.Generate(cmd.Context(), f.seed, f.count, nil)
		if err != nil {
			return badInput("%v", err)
		}
		data, err := json.MarshalIndent(puzzle.NewFile(f.seed, ps), "", " ")
		if err != nil {
			return err
		}
		_, err = fmt.Fprintln(out, string(data))
		return err
	}
	progPath, err := puzzle.DefaultProgressPath()
	if err != nil {
		return badInput("%v", err)
	}
	prog, err := puzzle.LoadProgress(progPath)
	if err != nil {
		return badInput("%v", err)
	}
	if f.list {
		return listPuzzles(out, &prog, f.asJSON)
	}
	var p puzzle.Puzzle
	if cmd.Flags().Changed("id") {
		p, err = puzzle.ByID(f.id)
	} else {
		p, err = puzzle.Daily(time.Now())
	}
	if err != nil {
		return badInput("%v", err)
	}
	if f.answer != "" {
		after, err := game.ParseTable(f.answer)
		if err != nil {
			return badInput("the answer: %v", err)
		}
		v := p.Check(after)
		if v.Solved {
			prog.MarkSolved(p.ID, time.Now())
			if err := prog.Save(progPath); err != nil {
				return fmt.Errorf("the puzzle is solved, but the progress could not be saved: %v", err)
			}
		}
		if f.asJSON {
			writeJSON(out, struct {
				ID      int    `json:"id"`
				Solved  bool   `json:"solved"`
				Legal   bool   `json:"legal"`
				Placed  int    `json:"placed"`
				Goal    int    `json:"goal"`
				Message string `json:"message"`
			}{p.ID, v.Solved, v.Legal, v.Placed, p.Goal, v.Message})
		} else {
			fmt.Fprintln(out, v.Message)
		}
		if !v.Solved {
			return judgedNo
		}
		return nil
	}
	if f.asJSON {
		type shown struct {
			puzzle.Puzzle
			Goal     string     `json:"goal_text"`
			Hints    []string   `json:"hints,omitempty"`
			Solution [][]string `json:"solution,omitempty"`
			Solved   bool       `json:"solved"`
		}
		s := shown{Puzzle: p, Goal: p.GoalText(), Solved: prog.IsSolved(p.ID)}
		if f.hint {
			s.Hints = p.Hints()
		}
		if f.solution {
			s.Solution = p.Solution
		}
		writeJSON(out, s)
		return nil
	}
	if !f.hint && !f.solution {
		task, err := tui.PuzzleTask(p, progPath)
		if err != nil {
			return err
		}
		if ok, err := runTrainer(cmd, f.theme, []tui.Task{task}); ok {
			return err
		}
	}
	return showPuzzle(out, &p, &prog, f)
}

func showPuzzle(w io.Writer, p *puzzle.Puzzle, prog *puzzle.Progress, f *puzzleFlags) error {
	var b strings.Builder
	solved := ""
	if prog.IsSolved(p.ID) {
		solved = ", solved " + prog.Solved[p.ID]
	}
	fmt.Fprintf(&b, "Puzzle %d (%s%s). The initial meld is made.\n", p.ID, p.Difficulty, solved)
	fmt.Fprintf(&b, "Table: %s\n", tableText(p.Table))
	fmt.Fprintf(&b, "Rack:  %s\n", strings.Join(p.Rack, " "))
	fmt.Fprintf(&b, "Goal:  %s\n", p.GoalText())
	if f.hint {
		for i, h := range p.Hints() {
			fmt.Fprintf(&b, "Hint %d: %s\n", i+1, h)
		}
	}
	if f.solution {
		fmt.Fprintf(&b, "Solution: %s\n", tableText(p.Solution))
	} else {
		fmt.Fprintf(&b, "Answer with the whole table after your turn:\n  rummikub puzzle --id %d --answer \"%s | ...\"\n--hint gives hints, --solution the solution.\n", p.ID, strings.Join(p.Table[0], " "))
	}
	fmt.Fprintf(&b, "(Found in self-play: %s.)\n", p.Source)
	_, err := io.WriteString(w, b.String())
	return err
}

func tableText(t [][]string) string {
	parts := make([]string, len(t))
	for i, s := range t {
		parts[i] = strings.Join(s, " ")
	}
	return strings.Join(parts, " | ")
}

func listPuzzles(w io.Writer, prog *puzzle.Progress, asJSON bool) error {
	ps, err := puzzle.All()
	if err != nil {
		return badInput("%v", err)
	}
	type row struct {
		ID         int    `json:"id"`
		Difficulty string `json:"difficulty"`
		Goal       int    `json:"goal"`
		Rack       int    `json:"rack"`
		Out        bool   `json:"out"`
		Solved     bool   `json:"solved"`
	}
	rows := make([]row, 0, len(ps))
	count := map[string]int{}
	solved := 0
	for _, p := range ps {
		r := row{p.ID, p.Difficulty, p.Goal, len(p.Rack), p.Out, prog.IsSolved(p.ID)}
		rows = append(rows, r)
		count[p.Difficulty]++
		if r.Solved {
			solved++
		}
	}
	if asJSON {
		writeJSON(w, rows)
		return nil
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%d puzzles (%d easy, %d medium, %d hard), %d solved.\n", len(ps), count[puzzle.Easy], count[puzzle.Medium], count[puzzle.Hard], solved)
	fmt.Fprintf(&b, "%4s  %-6s  %s\n", "id", "grade", "goal")
	for _, r := range rows {
		mark := ""
		if r.Solved {
			mark = "  solved"
		}
		goal := fmt.Sprintf("place %d of %d", r.Goal, r.Rack)
		if r.Out {
			goal = fmt.Sprintf("go out (%d tiles)", r.Goal)
		}
		fmt.Fprintf(&b, "%4d  %-6s  %s%s\n", r.ID, r.Difficulty, goal, mark)
	}
	_, err = io.WriteString(w, b.String())
	return err
}

package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/spf13/cobra"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// solveInput is one position `rummikub solve` reads as JSON. Table is
// read in the form of the rules' shape (game.Rules.ParseLayoutJSON) once
// the rules are known.
type solveInput struct {
	Rules     string                     `json:"rules"`
	Options   map[string]json.RawMessage `json:"options"`
	Opened    *bool                      `json:"opened"`
	Table     json.RawMessage            `json:"table"`
	Rack      []string                   `json:"rack"`
	Objective string                     `json:"objective"`
	Keep      []string                   `json:"keep"`
	Must      []string                   `json:"must"`
}

// solveJSON describes solve's JSON input.
var solveJSON = &jsonInput{
	what: "position",
	fields: map[string]string{
		"rules":     fieldRules,
		"options":   fieldOptions,
		"opened":    fieldOpened,
		"table":     fieldTable,
		"rack":      fieldRack,
		"objective": "\"tiles\" or \"points\"",
		"keep":      "an array of rack tiles to hold back, such as [\"J\"]",
		"must":      "an array of rack tiles that must be played, such as [\"R7\"]",
	},
	order: []string{"rules", "options", "opened", "table", "rack", "objective", "keep", "must"},
	// a position is a few kilobytes, a batch of them a few megabytes
	limit: 64 << 20,
	empty: "give a JSON object with \"table\" and \"rack\", or use --table and --rack",
}

// solveOutput is the JSON answer for one position: the table after the
// play (as it was, when there is none) in "sets" or, on the French grid,
// in "grid" (game.TableFields).
type solveOutput struct {
	Play         bool           `json:"play"`
	Sets         [][]string     `json:"sets,omitempty"`
	Grid         *game.GridJSON `json:"grid,omitempty"`
	Placed       []string       `json:"placed"`
	TilesPlaced  int            `json:"tiles_placed"`
	PointsPlaced int            `json:"points_placed"`
	Complete     bool           `json:"complete"`
	Optimal      bool           `json:"optimal"`
	ElapsedMS    float64        `json:"elapsed_ms"`
}

type solveFlags struct {
	rules     rulesFlags
	file      string
	json      bool
	batch     bool
	table     string
	rack      string
	opened    bool
	objective string
	keep      string
	must      string
	timeout   time.Duration
}

func newSolveCmd() *cobra.Command {
	var f solveFlags
	cmd := &cobra.Command{
		Use:   "solve",
		Short: "Find the best play for a table and a rack",
		Long: `solve finds the best play for a rack: the tiles to place and the
arrangement of the whole table after the play, by the rules (every table tile
stays on the table, table jokers follow the joker rule, the initial meld its
own rules). On a table of sets the search is exhaustive over every play the
rules allow: the answer is proven optimal unless the deadline (--timeout)
cuts it short, and then it is the best play found.

The position is read as JSON from stdin (or --file):

  {"rules": "standard", "options": {}, "opened": true,
   "table": [["R3","R4","R5"]], "rack": ["R2","B5","K5","O5"],
   "objective": "tiles", "keep": [], "must": []}

"opened" says whether the player made the initial meld before this turn
(default true); "objective" is "tiles" (most tiles placed, ties by points) or
"points" (most points placed, ties by tiles); "keep" lists rack tiles to hold
back and "must" rack tiles that have to be played.

Or give it with flags: --table "R3 R4 R5 | B7 K7 O7" --rack "R2 B5 K5"
[--opened=false] [--objective points] [--keep "J"] [--must "R7"].

Several positions, one JSON object a line, are answered one JSON line each,
in order, in one process (a bad line is answered {"error": "..."} and the
batch goes on); --batch reads line by line even a single line.

Under --rules french (table=grid) the table is a grid, in --table as
"@0,0 R3 R4 R5 / . . . / B3 B4 B5" or a grid object in "table", and the
answer is the grid after the play ("grid" in JSON).
There "optimal" covers placements of rack tiles on empty cells only, every
tile of the grid left on its cell: runs extended, holes between tiles
filled, groups made through a tile, new lines crossing, sets laid apart.
It does not cover moves of grid tiles, which the French rules allow after
the initial meld: a player may find a better turn by moving tiles already
on the grid (sliding a line to make room, taking a tile from the end of a
line into a new one, freeing a joker), and solve does not look for it.
With meld-then-extend the initial meld turn is the best meld apart, then
the best placement from it, and is never marked optimal.

Output: the table after the play, the placed tiles marked, or with --json
{"play": true, "sets": [...], "placed": [...], "tiles_placed": 4,
"points_placed": 17, "complete": true, "optimal": true, "elapsed_ms": 0.21};
"complete" says the search finished before the deadline, elapsed_ms is
the time inside the solver.
Exit status: 0 a play, 1 no play, 2 bad input (one sentence on stderr); a
batch exits 0 unless its input cannot be read.`,
		Example: `  rummikub solve --table "R3 R4 R5 | B7 K7 O7" --rack "R2 B5 K5 O5"
  echo '{"table":[["R3","R4","R5"]],"rack":["R2","B5","K5","O5"]}' | rummikub solve --json
  rummikub solve --rules forty --opened=false --rack "R10 R11 R12 K13 O13 B13"
  rummikub solve --json < positions.jsonl`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runSolve(cmd, &f) },
	}
	f.rules.add(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.file, "file", "", "read the JSON position(s) from this file instead of stdin")
	fl.BoolVar(&f.json, "json", false, "print the answer as JSON")
	fl.BoolVar(&f.batch, "batch", false, "read one JSON position a line and answer one JSON line each")
	fl.StringVar(&f.table, "table", "", `the table, e.g. "R3 R4 R5 | B7 O7 K7"`)
	fl.StringVar(&f.rack, "rack", "", `the rack, e.g. "R2 B5 K5"`)
	fl.BoolVar(&f.opened, "opened", true, "the player made the initial meld before this turn (with --table/--rack)")
	fl.StringVar(&f.objective, "objective", "", `"tiles" (most tiles, ties by points) or "points" (most points, ties by tiles); default tiles`)
	fl.StringVar(&f.keep, "keep", "", `rack tiles to hold back, e.g. "J K13" (with --table/--rack)`)
	fl.StringVar(&f.must, "must", "", `rack tiles that must be played, e.g. "R7" (with --table/--rack)`)
	fl.DurationVar(&f.timeout, "timeout", 10*time.Second, "deadline for each position (0: none); past it the best play found is given, not proven optimal")
	return cmd
}

// solveCase is one parsed position.
type solveCase struct {
	rules game.Rules
	start game.TurnStart // Locked: the tiles to hold back (keep)
	obj   solver.Objective
}

func runSolve(cmd *cobra.Command, f *solveFlags) error {
	fl := cmd.Flags()
	if f.timeout < 0 {
		return badInput("--timeout must not be negative")
	}
	flagMode := fl.Changed("table") || fl.Changed("rack")
	if flagMode {
		if f.file != "" || f.batch {
			return badInput("give the position either as JSON (stdin or --file) or with --table and --rack, not both")
		}
		c, err := solveFromFlags(f)
		if err != nil {
			return err
		}
		return answerOne(cmd, f, c)
	}
	for _, name := range []string{"opened", "keep", "must"} {
		if fl.Changed(name) {
			return badInput("--%s goes with --table and --rack; in JSON input use %q", name, name)
		}
	}
	data, err := solveJSON.read(cmd, f.file)
	if err != nil {
		return err
	}
	if lines := jsonLines(data); f.batch || len(lines) > 1 {
		return answerBatch(cmd, f, lines)
	}
	c, err := solveFromJSON(data, f)
	if err != nil {
		return err
	}
	return answerOne(cmd, f, c)
}

// jsonLines returns the non-blank lines of data when each holds one whole
// JSON value (a batch), or nil when data is one value over several lines.
func jsonLines(data []byte) [][]byte {
	var lines [][]byte
	for _, l := range bytes.Split(data, []byte("\n")) {
		if len(bytes.TrimSpace(l)) > 0 {
			lines = append(lines, l)
		}
	}
	if len(lines) > 1 && !json.Valid(lines[0]) {
		return nil // a pretty-printed object over several lines
	}
	return lines
}

// parseSolveJSON decodes one JSON position strictly.
func parseSolveJSON(data []byte) (solveInput, error) {
	var in solveInput
	err := solveJSON.decode(data, &in)
	return in, err
}

func parseObjective(s string) (solver.Objective, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "tiles":
		return solver.MostTiles, nil
	case "points":
		return solver.MostPoints, nil
	}
	return 0, fmt.Errorf("the objective is \"tiles\" or \"points\", not %q", s)
}

func solveFromJSON(data []byte, f *solveFlags) (solveCase, error) {
	in, err := parseSolveJSON(data)
	if err != nil {
		return solveCase{}, badInput("%v", err)
	}
	var c solveCase
	if c.rules, err = f.rules.resolve(in.Rules, in.Options); err != nil {
		return c, err
	}
	c.start.Opened = in.Opened == nil || *in.Opened
	obj := in.Objective
	if f.objective != "" {
		obj = f.objective
	}
	if c.obj, err = parseObjective(obj); err != nil {
		return c, badInput("%v", err)
	}
	if c.start.Table, err = layoutJSON(&c.rules, in.Table, "table"); err != nil {
		return c, err
	}
	if c.start.Rack, err = parseRackTiles(in.Rack, "rack"); err != nil {
		return c, err
	}
	if c.start.Locked, err = parseRackTiles(in.Keep, "keep"); err != nil {
		return c, err
	}
	if c.start.Must, err = parseRackTiles(in.Must, "must"); err != nil {
		return c, err
	}
	return c, c.check()
}

func solveFromFlags(f *solveFlags) (solveCase, error) {
	var c solveCase
	var err error
	if c.rules, err = f.rules.resolve("", nil); err != nil {
		return c, err
	}
	c.start.Opened = f.opened
	if c.obj, err = parseObjective(f.objective); err != nil {
		return c, badInput("%v", err)
	}
	if c.start.Table, err = c.rules.ParseLayout(f.table); err != nil {
		return c, badInput("in --table: %v", err)
	}
	if c.start.Rack, err = game.ParseTiles(f.rack); err != nil {
		return c, badInput("in --rack: %v", err)
	}
	if c.start.Locked, err = game.ParseTiles(f.keep); err != nil {
		return c, badInput("in --keep: %v", err)
	}
	if c.start.Must, err = game.ParseTiles(f.must); err != nil {
		return c, badInput("in --must: %v", err)
	}
	clearMeanings(c.start.Rack)
	clearMeanings(c.start.Locked)
	clearMeanings(c.start.Must)
	return c, c.check()
}

// check refuses positions no tile set can make: more copies of a face, or
// more jokers, on the table and rack than the rules' set holds.
func (c *solveCase) check() error {
	all := append(c.start.Table.AllTiles(), c.start.Rack...)
	for x, n := range game.CountFaces(all) {
		f := game.FaceAt(x)
		switch {
		case f.IsJoker() && n > c.rules.Jokers:
			return badInput("the table and rack hold %d jokers, but the rules' tile set has only %d", n, c.rules.Jokers)
		case !f.IsJoker() && n > c.rules.Copies:
			return badInput("the table and rack hold %d %v tiles, but the rules' tile set has only %d of each", n, f, c.rules.Copies)
		}
	}
	return nil
}

// solveOne runs the solver under the deadline and times it.
func solveOne(f *solveFlags, c *solveCase) (solver.Play, time.Duration, error) {
	ctx := context.Background()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	start := time.Now()
	res, err := solver.SolveTurn(ctx, &c.rules, c.start, c.obj)
	return res, time.Since(start), err
}

// after is the table after the play, or as it was when there is none.
func (c *solveCase) after(res solver.Play) game.Layout {
	if !res.Found || res.After == nil {
		return c.start.Table
	}
	return res.After
}

func toOutput(c *solveCase, res solver.Play, el time.Duration) solveOutput {
	table := c.after(res).Fields(game.Tile.String)
	return solveOutput{Play: res.Found, Sets: table.Sets, Grid: table.Grid, Placed: nonNil(game.TileStrings(res.Placed)),
		TilesPlaced: res.TilesPlaced, PointsPlaced: res.PointsPlaced, Complete: res.Complete, Optimal: res.Optimal,
		ElapsedMS: float64(el.Microseconds()) / 1000}
}

func answerOne(cmd *cobra.Command, f *solveFlags, c solveCase) error {
	res, el, err := solveOne(f, &c)
	if err != nil {
		return badInput("%v", err)
	}
	w := cmd.OutOrStdout()
	if f.json {
		writeJSON(w, toOutput(&c, res, el))
	} else {
		drawSolution(w, &c, res, el)
	}
	if !res.Found {
		return judgedNo
	}
	return nil
}

func answerBatch(cmd *cobra.Command, f *solveFlags, lines [][]byte) error {
	w := bufio.NewWriter(cmd.OutOrStdout())
	defer w.Flush()
	for _, line := range lines {
		c, err := solveFromJSON(line, f)
		if err == nil {
			var res solver.Play
			var el time.Duration
			res, el, err = solveOne(f, &c)
			if err == nil {
				writeJSON(w, toOutput(&c, res, el))
				continue
			}
		}
		msg := err.Error()
		var ee *exitError
		if errors.As(err, &ee) {
			msg = ee.msg
		}
		writeJSON(w, map[string]string{"error": msg})
	}
	return nil
}

// tileStyles colours tiles as on the physical set, in the colours w's
// terminal can show; a pipe, a file or NO_COLOR gets plain letters. The
// colours are fixed ANSI ones that read on dark and light terminals alike,
// so nothing asks the terminal for its background (an answer could land
// on the user's prompt).
func tileStyles(w io.Writer) (map[game.Color]lipgloss.Style, lipgloss.Style) {
	p := colorprofile.Detect(w, os.Environ())
	n := lipgloss.NewStyle
	if p <= colorprofile.Ascii {
		return map[game.Color]lipgloss.Style{}, n()
	}
	c := func(ansi, c256 string) lipgloss.Style {
		return n().Foreground(lipgloss.Complete(p)(lipgloss.Color(ansi), lipgloss.Color(c256), lipgloss.Color(c256)))
	}
	st := map[game.Color]lipgloss.Style{
		game.Red:        c("9", "9"),
		game.Blue:       c("12", "12"),
		game.Orange:     c("11", "214"),
		game.Black:      c("8", "245"),
		game.JokerColor: c("13", "13"),
	}
	return st, n().Bold(true)
}

// drawSolution writes the table after the play (game.Layout.Draw), the
// tiles from the rack marked with a star.
func drawSolution(w io.Writer, c *solveCase, res solver.Play, el time.Duration) {
	ms := float64(el.Microseconds()) / 1000
	if !res.Found {
		fmt.Fprintf(w, "No play: %s (%.2f ms).\n", noPlayReason(c, res), ms)
		return
	}
	proof := "optimal"
	switch {
	case !res.Complete:
		proof = "best found before the deadline, not proven optimal"
	case !res.Optimal:
		proof = "the best meld apart and then the best play from it, not proven optimal (meld-then-extend)"
	}
	styles, placed := tileStyles(w)
	marks, next := placedMarks(res.After, res.Placed), 0
	cell := func(t game.Tile) string { // called in AllTiles order
		text, st := t.String(), styles[t.Face.Color]
		if marks[next] {
			text += "*"
			st = st.Inherit(placed)
		}
		next++
		return st.Render(text)
	}
	fmt.Fprintf(w, "Play %d %s for %d %s (%s, %.2f ms):\n", res.TilesPlaced, plural(res.TilesPlaced, "tile", "tiles"),
		res.PointsPlaced, plural(res.PointsPlaced, "point", "points"), proof, ms)
	for _, line := range res.After.Draw(cell, lipgloss.Width) {
		fmt.Fprintln(w, "  "+line)
	}
	fmt.Fprintf(w, "Placed (marked *): %s\n", game.FormatTiles(res.Placed))
}

// noPlayReason says why a position has no play.
func noPlayReason(c *solveCase, res solver.Play) string {
	switch {
	case !res.Complete:
		return "none found before the deadline"
	case !c.start.Opened && len(c.start.Must) > 0:
		return fmt.Sprintf("no initial meld worth %d can be made that plays %s", c.rules.InitialMeld, game.FormatTiles(c.start.Must))
	case !c.start.Opened:
		return fmt.Sprintf("no initial meld worth %d can be made", c.rules.InitialMeld)
	case len(c.start.Must) > 0:
		return "no play places " + game.FormatTiles(c.start.Must)
	case len(c.start.Locked) > 0:
		return "no rack tile can be placed without the ones held back"
	}
	return "no rack tile can be placed"
}

// placedMarks says which tiles of the table after a play, in AllTiles
// order, to mark as placed: by id when the placed tiles have one, else by
// face and count, from the end of the table, where the new and changed
// sets are (the tiles of kept sets are never placed ones).
func placedMarks(after game.Layout, placed []game.Tile) []bool {
	byID := map[game.TileID]bool{}
	byFace := map[game.Face]int{}
	for _, t := range placed {
		if t.ID != game.NoID {
			byID[t.ID] = true
		} else {
			byFace[t.Face]++
		}
	}
	all := after.AllTiles()
	marks := make([]bool, len(all))
	for i := len(all) - 1; i >= 0; i-- {
		switch t := all[i]; {
		case t.ID != game.NoID && byID[t.ID]:
			marks[i] = true
		case t.ID == game.NoID && byFace[t.Face] > 0:
			byFace[t.Face]--
			marks[i] = true
		}
	}
	return marks
}

// plural is one for 1 and -1 ("-1 point"), many otherwise.
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
}

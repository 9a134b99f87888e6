package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
)

// checkInput is the JSON `rummikub check` reads. Table and After are read
// in the form of the rules' shape (game.Rules.ParseLayoutJSON) once the
// rules are known. Key and Plunder are the tiles of a River pull (rules
// draw=river); both are tiles of the rack.
type checkInput struct {
	Rules   string                     `json:"rules"`
	Options map[string]json.RawMessage `json:"options"`
	Opened  bool                       `json:"opened"`
	Table   json.RawMessage            `json:"table"`
	Rack    []string                   `json:"rack"`
	After   json.RawMessage            `json:"after"`
	Key     string                     `json:"key"`
	Plunder []string                   `json:"plunder"`
}

// checkJSON describes check's JSON input.
var checkJSON = &jsonInput{
	what: "turn",
	fields: map[string]string{
		"rules":   fieldRules,
		"options": fieldOptions,
		"opened":  fieldOpened,
		"table":   fieldTable,
		"rack":    fieldRack,
		"after":   fieldTable,
		"key":     "one tile, such as \"R7\"",
		"plunder": "an array of tiles, such as [\"B3\",\"K9\"]",
	},
	order: []string{"rules", "options", "opened", "table", "rack", "after", "key", "plunder"},
	// a whole Rummikub position is a few kilobytes
	limit: 1 << 20,
	empty: "give a JSON object with \"table\", \"rack\" and \"after\", or use --table, --rack and --after",
}

type checkFlags struct {
	rules   rulesFlags
	file    string
	json    bool
	table   string
	rack    string
	after   string
	opened  bool
	key     string
	plunder string
}

func newCheckCmd() *cobra.Command {
	var f checkFlags
	cmd := &cobra.Command{
		Use:   "check",
		Short: "Judge one turn: the table before, the rack, and the table after",
		Long: `check judges one turn by the rules: given the table at the start of the
turn, the player's rack and the table the player ends with, it says whether
the turn is valid, or exactly which set breaks which rule.

The turn is read as JSON from stdin (or --file):

  {"rules": "standard", "options": {"wrap": true}, "opened": true,
   "table": [["R3","R4","R5"]], "rack": ["R2","B5","K5"],
   "after": [["R2","R3","R4"],["R5","B5","K5"]]}

"opened" says whether the player made the initial meld before this turn.
Under the River rules (draw=river) "key" names the Key Tile pulled from the
River (it must be played) and "plunder" the tiles pulled with it (they may
not be played); both are tiles of the rack.

Or give the turn with flags: --table "R3 R4 R5 | B7 O7 K7" --rack "R2 B5"
--after "R2 R3 R4 R5 | B7 O7 K7 B5" [--opened] [--key R7 --plunder "B3 K9"].
Tiles are R7, B13, O1, K10 and J (a joker; J:R4 is a joker laid as red 4);
sets are tiles separated by spaces, tables sets separated by " | ".

Output: a sentence, or with --json {"valid": true, "placed": [...],
"points": N, "sets": [...]} (points: the value of the tiles played, jokers
valued as in the initial meld; "sets" the table after the turn, or under
the French rules "grid") or {"valid": false, "code": "...", "error": "..."}
(on the grid with "cells", the cells to blame).
The codes: ` + strings.Join(game.TurnCodes, ", ") + `.
Exit status: 0 valid, 1 invalid, 2 bad input (one sentence on stderr).`,
		Example: `  echo '{"opened":true,"table":[["R3","R4","R5"]],"rack":["R2","B5","K5"],"after":[["R2","R3","R4"],["R5","B5","K5"]]}' | rummikub check --json
  rummikub check --opened --table "R3 R4 R5" --rack "R2 B5 K5" --after "R2 R3 R4 | R5 B5 K5"
  rummikub check --rules forty --file turn.json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error { return runCheck(cmd, &f) },
	}
	f.rules.add(cmd)
	fl := cmd.Flags()
	fl.StringVar(&f.file, "file", "", "read the JSON turn from this file instead of stdin")
	fl.BoolVar(&f.json, "json", false, "print the verdict as JSON")
	fl.StringVar(&f.table, "table", "", `the table at the start of the turn, e.g. "R3 R4 R5 | B7 O7 K7"`)
	fl.StringVar(&f.rack, "rack", "", `the rack at the start of the turn, e.g. "R2 B5 K5"`)
	fl.StringVar(&f.after, "after", "", `the table the player ends with, e.g. "R2 R3 R4 | R5 B5 K5"`)
	fl.BoolVar(&f.opened, "opened", false, "the player made the initial meld before this turn (with --table/--rack/--after)")
	fl.StringVar(&f.key, "key", "", "River: the Key Tile pulled this turn, a tile of the rack (with --table/--rack/--after)")
	fl.StringVar(&f.plunder, "plunder", "", "River: the Plunder pulled this turn, tiles of the rack (with --table/--rack/--after)")
	return cmd
}

// checkTurn is a parsed turn ready to judge.
type checkTurn struct {
	rules game.Rules
	start game.TurnStart
	after game.Layout
}

func runCheck(cmd *cobra.Command, f *checkFlags) error {
	fl := cmd.Flags()
	flagMode := fl.Changed("table") || fl.Changed("rack") || fl.Changed("after")
	var turn checkTurn
	var err error
	if flagMode {
		if f.file != "" {
			return badInput("give the turn either as JSON (stdin or --file) or with --table, --rack and --after, not both")
		}
		if !fl.Changed("after") {
			return badInput("--after is missing: give the table as the player leaves it, such as --after \"R2 R3 R4 | R5 B5 K5\"")
		}
		turn, err = turnFromFlags(f)
	} else {
		if fl.Changed("opened") || fl.Changed("key") || fl.Changed("plunder") {
			return badInput("--opened, --key and --plunder go with --table, --rack and --after; in JSON input use \"opened\", \"key\" and \"plunder\"")
		}
		var data []byte
		data, err = checkJSON.read(cmd, f.file)
		if err != nil {
			return err
		}
		turn, err = turnFromJSON(data, &f.rules)
	}
	if err != nil {
		return err
	}
	if err := physicalAfter(&turn.rules, turn.after.AllTiles()); err != nil {
		return err
	}
	res, err := game.Judge(&turn.rules, turn.start, turn.after)
	return reportVerdict(cmd.OutOrStdout(), f.json, res, err)
}

// reportVerdict writes the judge's verdict on a turn, as JSON or as one
// sentence: a refused turn (exit code 1), input the judge could not read
// (exit code 2), or the valid turn, what it plays, the table it leaves
// and what the rack keeps.
func reportVerdict(out io.Writer, asJSON bool, res game.TurnResult, err error) error {
	var te *game.TurnError
	switch {
	case errors.As(err, &te):
		if asJSON {
			writeJSON(out, refusalOf(te))
		} else {
			fmt.Fprintf(out, "Invalid turn (%s): %s.\n", te.Code, te.Message)
		}
		return judgedNo
	case err != nil:
		return badInput("%v", err)
	}
	if asJSON {
		after := res.After.Fields(game.Tile.String)
		writeJSON(out, checkVerdict{Valid: true, Placed: nonNil(game.TileStrings(res.Placed)), Points: res.Points, Sets: after.Sets, Grid: after.Grid})
		return nil
	}
	what := "Valid turn"
	if res.Melded {
		what = "Valid initial meld"
	}
	rack := "the rack is empty: Rummikub"
	if len(res.Rack) > 0 {
		rack = "the rack keeps " + game.FormatTiles(res.Rack)
	}
	fmt.Fprintf(out, "%s: plays %s for %d %s; the table becomes %s; %s.\n",
		what, game.FormatTiles(res.Placed), res.Points, plural(res.Points, "point", "points"), res.After, rack)
	return nil
}

// checkVerdict is a valid turn in JSON: the table after it in "sets" or,
// on the French grid, in "grid" (game.TableFields).
type checkVerdict struct {
	Valid  bool           `json:"valid"`
	Placed []string       `json:"placed"`
	Points int            `json:"points"`
	Sets   [][]string     `json:"sets,omitempty"`
	Grid   *game.GridJSON `json:"grid,omitempty"`
}

// checkRefusal is a refused turn in JSON; on the grid "cells" names the
// cells to blame, [row, column] each.
type checkRefusal struct {
	Valid bool     `json:"valid"`
	Code  string   `json:"code"`
	Error string   `json:"error"`
	Cells [][2]int `json:"cells,omitempty"`
}

func refusalOf(te *game.TurnError) checkRefusal {
	r := checkRefusal{Valid: false, Code: te.Code, Error: te.Message}
	for _, c := range te.Cells {
		r.Cells = append(r.Cells, [2]int{c.Row, c.Col})
	}
	return r
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

func writeJSON(w io.Writer, v any) {
	b, _ := json.Marshal(v) // plain structs of strings, bools and ints
	fmt.Fprintln(w, string(b))
}

// turnFromJSON parses and resolves a JSON turn: the rules first, then
// the tables in the form of their shape.
func turnFromJSON(data []byte, rf *rulesFlags) (checkTurn, error) {
	var in checkInput
	if err := checkJSON.decode(data, &in); err != nil {
		return checkTurn{}, badInput("%v", err)
	}
	if in.After == nil {
		return checkTurn{}, badInput("the input has no \"after\": the table the player ends the turn with")
	}
	var t checkTurn
	var err error
	if t.rules, err = rf.resolve(in.Rules, in.Options); err != nil {
		return t, err
	}
	t.start.Opened = in.Opened
	if t.start.Table, err = layoutJSON(&t.rules, in.Table, "table"); err != nil {
		return t, err
	}
	if t.start.Rack, err = parseRackTiles(in.Rack, "rack"); err != nil {
		return t, err
	}
	if t.after, err = layoutJSON(&t.rules, in.After, "after"); err != nil {
		return t, err
	}
	if in.Key != "" {
		if t.start.Must, err = parseRackTiles([]string{in.Key}, "key"); err != nil {
			return t, err
		}
	}
	if t.start.Locked, err = parseRackTiles(in.Plunder, "plunder"); err != nil {
		return t, err
	}
	return t, nil
}

// layoutJSON reads a JSON input's table in the form of the rules' shape;
// an absent one is the empty table.
func layoutJSON(r *game.Rules, raw json.RawMessage, field string) (game.Layout, error) {
	if raw == nil {
		return r.EmptyTable(), nil
	}
	l, err := r.ParseLayoutJSON(raw)
	var fe *game.JSONFormError
	switch {
	case errors.As(err, &fe):
		return nil, badInput("the input's %q must be %s", field, fe.Form)
	case err != nil:
		return nil, badInput("in %q, %v", field, err)
	}
	return l, nil
}

// turnFromFlags parses a turn given with --table, --rack and --after, the
// tables in the notation of the rules' shape.
func turnFromFlags(f *checkFlags) (checkTurn, error) {
	var t checkTurn
	var err error
	if t.rules, err = f.rules.resolve("", nil); err != nil {
		return t, err
	}
	t.start.Opened = f.opened
	if t.start.Table, err = t.rules.ParseLayout(f.table); err != nil {
		return t, badInput("in --table: %v", err)
	}
	if t.start.Rack, err = game.ParseTiles(f.rack); err != nil {
		return t, badInput("in --rack: %v", err)
	}
	if t.after, err = t.rules.ParseLayout(f.after); err != nil {
		return t, badInput("in --after: %v", err)
	}
	if t.start.Must, err = game.ParseTiles(f.key); err != nil {
		return t, badInput("in --key: %v", err)
	}
	if t.start.Locked, err = game.ParseTiles(f.plunder); err != nil {
		return t, badInput("in --plunder: %v", err)
	}
	clearMeanings(t.start.Rack)
	clearMeanings(t.start.Must)
	clearMeanings(t.start.Locked)
	return t, nil
}

// parseSets parses a JSON array of sets of tiles.
func parseSets(sets [][]string, field string) (game.Table, error) {
	out := make(game.Table, 0, len(sets))
	for i, s := range sets {
		tiles, err := game.ParseTileStrings(s)
		if err != nil {
			return nil, badInput("in %q, set %d: %v", field, i+1, err)
		}
		out = append(out, tiles)
	}
	return out, nil
}

// parseRackTiles parses tiles off the rack, where a joker stands for
// nothing yet (a J:R4 there is read as J).
func parseRackTiles(ss []string, field string) ([]game.Tile, error) {
	tiles, err := game.ParseTileStrings(ss)
	if err != nil {
		return nil, badInput("in %q: %v", field, err)
	}
	clearMeanings(tiles)
	return tiles, nil
}

func clearMeanings(tiles []game.Tile) {
	for i := range tiles {
		tiles[i].As = game.Face{}
	}
}

// physicalAfter refuses as bad input an arrangement no tile set can make:
// more copies of a face than the rules' set holds. Fewer, but more than the
// table and rack hold, is a judged not_in_rack.
func physicalAfter(r *game.Rules, after []game.Tile) error {
	counts := game.CountFaces(after)
	for x, n := range counts {
		f := game.FaceAt(x)
		switch {
		case f.IsJoker() && n > r.Jokers:
			return badInput("\"after\" holds %d jokers, but the rules' tile set has only %d", n, r.Jokers)
		case !f.IsJoker() && n > r.Copies:
			return badInput("\"after\" holds %d %v tiles, but the rules' tile set has only %d of each", n, f, r.Copies)
		}
	}
	return nil
}

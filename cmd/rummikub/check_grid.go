package main

import (
	"encoding/json"
	"fmt"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
)

// check under the French rules (table=grid): the table before and after
// are grids, in the grid notation on the command line (--table "@0,0 R3 R4
// R5", --after "@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .") or as grid
// objects in JSON ({"origin": [0, 0], "rows": [["R3","R4","R5"]]}).

// checkGridInput is check's JSON turn under table=grid.
type checkGridInput struct {
	Rules   string                     `json:"rules"`
	Options map[string]json.RawMessage `json:"options"`
	Opened  bool                       `json:"opened"`
	Table   *game.GridJSON             `json:"table"`
	Rack    []string                   `json:"rack"`
	After   *game.GridJSON             `json:"after"`
	Key     string                     `json:"key"`
	Plunder []string                   `json:"plunder"`
}

const fieldGrid = "a grid: {\"origin\": [ROW, COL], \"rows\": [[\"R3\",\"R4\",\"R5\"], [\".\",\"B4\"]]}, \".\" for an empty cell"

// gridRules resolves the rules and reports whether they play on the grid.
// An error is left for the ordinary path to report.
func gridRules(rf *rulesFlags, preset string, opts map[string]json.RawMessage) (game.Rules, bool) {
	r, err := rf.resolve(preset, opts)
	return r, err == nil && r.Table == game.TableGrid
}

// gridRulesJSON looks at a JSON input's rules only (leniently: the strict
// reading comes after) and reports whether they play on the grid.
func gridRulesJSON(data []byte, rf *rulesFlags) (game.Rules, bool) {
	var head struct {
		Rules   string                     `json:"rules"`
		Options map[string]json.RawMessage `json:"options"`
	}
	if json.Unmarshal(data, &head) != nil {
		return game.Rules{}, false
	}
	return gridRules(rf, head.Rules, head.Options)
}

func runCheckGrid(cmd *cobra.Command, f *checkFlags, r game.Rules, data []byte) error {
	var start game.TurnStart
	var after game.Grid
	var err error
	if data == nil {
		start, after, err = gridTurnFromFlags(f)
	} else {
		start, after, err = gridTurnFromJSON(data)
	}
	if err != nil {
		return err
	}
	if err := physicalAfter(&r, game.Table{after.AllTiles()}); err != nil {
		return err
	}
	res, err := game.JudgeGridTurn(&r, start, after)
	return reportVerdict(cmd.OutOrStdout(), f.json, res, err, verdictForms{
		refused: func(te *game.TurnError) any {
			cells := [][2]int{}
			for _, c := range te.Cells {
				cells = append(cells, [2]int{c.Row, c.Col})
			}
			return checkGridRefusal{Valid: false, Code: te.Code, Error: te.Message, Cells: cells}
		},
		valid: func() any {
			return checkGridVerdict{Valid: true, Placed: nonNil(game.TileStrings(res.Placed)), Points: res.Points, Grid: game.GridOf(res.After).JSON()}
		},
		becomes: func() string { return fmt.Sprintf("the grid becomes %s", game.GridOf(res.After)) },
	})
}

type checkGridVerdict struct {
	Valid  bool          `json:"valid"`
	Placed []string      `json:"placed"`
	Points int           `json:"points"`
	Grid   game.GridJSON `json:"grid"`
}

type checkGridRefusal struct {
	Valid bool     `json:"valid"`
	Code  string   `json:"code"`
	Error string   `json:"error"`
	Cells [][2]int `json:"cells"`
}

func gridTurnFromFlags(f *checkFlags) (game.TurnStart, game.Grid, error) {
	var start game.TurnStart
	var err error
	start.Opened = f.opened
	table, err := game.ParseGrid(f.table)
	if err != nil {
		return start, game.Grid{}, badInput("in --table: %v", err)
	}
	start.Table = table
	if start.Rack, err = game.ParseTiles(f.rack); err != nil {
		return start, game.Grid{}, badInput("in --rack: %v", err)
	}
	after, err := game.ParseGrid(f.after)
	if err != nil {
		return start, game.Grid{}, badInput("in --after: %v", err)
	}
	if start.Must, err = game.ParseTiles(f.key); err != nil {
		return start, after, badInput("in --key: %v", err)
	}
	if start.Locked, err = game.ParseTiles(f.plunder); err != nil {
		return start, after, badInput("in --plunder: %v", err)
	}
	clearMeanings(start.Rack)
	clearMeanings(start.Must)
	clearMeanings(start.Locked)
	return start, after, nil
}

func gridTurnFromJSON(data []byte) (game.TurnStart, game.Grid, error) {
	in := checkGridJSON()
	var v checkGridInput
	var start game.TurnStart
	if err := in.decode(data, &v); err != nil {
		return start, game.Grid{}, badInput("%v", err)
	}
	if v.After == nil {
		return start, game.Grid{}, badInput("the input has no \"after\": the grid the player ends the turn with, as %s", fieldGrid)
	}
	var err error
	start.Opened = v.Opened
	table := game.Grid{}
	if v.Table != nil {
		if table, err = game.ParseGridJSON(*v.Table); err != nil {
			return start, game.Grid{}, badInput("in \"table\": %v", err)
		}
	}
	start.Table = table
	after, err := game.ParseGridJSON(*v.After)
	if err != nil {
		return start, game.Grid{}, badInput("in \"after\": %v", err)
	}
	if start.Rack, err = parseRackTiles(v.Rack, "rack"); err != nil {
		return start, after, err
	}
	if v.Key != "" {
		if start.Must, err = parseRackTiles([]string{v.Key}, "key"); err != nil {
			return start, after, err
		}
	}
	if start.Locked, err = parseRackTiles(v.Plunder, "plunder"); err != nil {
		return start, after, err
	}
	return start, after, nil
}

// checkGridJSON is check's JSON description with grids for the tables.
func checkGridJSON() *jsonInput {
	in := *checkJSON
	in.fields = map[string]string{}
	for k, v := range checkJSON.fields {
		in.fields[k] = v
	}
	in.fields["table"] = fieldGrid
	in.fields["after"] = fieldGrid
	return &in
}

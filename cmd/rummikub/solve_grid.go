package main

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/spf13/cobra"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// solve under the French rules (table=grid): the position's table is a
// grid (--table in the grid notation, or a grid object in JSON), and the
// answer is the grid after the play. One position at a time: a batch of
// JSON lines is for tables of sets.

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

// solveGridInput is solve's JSON position under table=grid.
type solveGridInput struct {
	Rules     string                     `json:"rules"`
	Options   map[string]json.RawMessage `json:"options"`
	Opened    *bool                      `json:"opened"`
	Table     *game.GridJSON             `json:"table"`
	Rack      []string                   `json:"rack"`
	Objective string                     `json:"objective"`
	Keep      []string                   `json:"keep"`
	Must      []string                   `json:"must"`
}

// solveGridOutput is the JSON answer on the grid.
type solveGridOutput struct {
	Play         bool          `json:"play"`
	Grid         game.GridJSON `json:"grid"`
	Placed       []string      `json:"placed"`
	TilesPlaced  int           `json:"tiles_placed"`
	PointsPlaced int           `json:"points_placed"`
	Complete     bool          `json:"complete"`
	Optimal      bool          `json:"optimal"`
	ElapsedMS    float64       `json:"elapsed_ms"`
}

func runSolveGrid(cmd *cobra.Command, f *solveFlags, r game.Rules, data []byte) error {
	req, err := solveGridRequest(f, data)
	if err != nil {
		return err
	}
	req.Rules = &r
	all := append(req.Grid.AllTiles(), req.Rack...)
	for x, n := range game.CountFaces(all) {
		fc := game.FaceAt(x)
		if fc.IsJoker() && n > r.Jokers || !fc.IsJoker() && n > r.Copies {
			return badInput("the grid and rack hold %d %v tiles, more than the rules' tile set has", n, fc)
		}
	}
	ctx := context.Background()
	if f.timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, f.timeout)
		defer cancel()
	}
	t0 := time.Now()
	res, err := solver.SolveGrid(ctx, req)
	elapsed := time.Since(t0)
	if err != nil {
		return badInput("%v", err)
	}
	out := cmd.OutOrStdout()
	if f.json {
		g := res.Grid
		if !res.Play {
			g = req.Grid
		}
		writeJSON(out, solveGridOutput{Play: res.Play, Grid: g.JSON(), Placed: nonNil(game.TileStrings(res.Placed)),
			TilesPlaced: res.TilesPlaced, PointsPlaced: res.PointsPlaced, Complete: res.Complete, Optimal: res.Optimal,
			ElapsedMS: float64(elapsed.Microseconds()) / 1000})
	} else if !res.Play {
		why := "no tile of the rack can be placed on the grid by the rules (draw instead)"
		if !res.Complete {
			why = "none found before the deadline (draw instead)"
		}
		fmt.Fprintf(out, "No play: %s.\n", why)
	} else {
		how := "proven optimal"
		switch {
		case !res.Complete:
			how = "best found before the deadline, not proven optimal"
		case !res.Optimal:
			how = "the best meld apart and then the best play from it, not proven optimal (meld-then-extend)"
		}
		fmt.Fprintf(out, "Places %d %s (%d %s): %s; %s.\n%s",
			res.TilesPlaced, plural(res.TilesPlaced, "tile", "tiles"), res.PointsPlaced, plural(res.PointsPlaced, "point", "points"), game.FormatTiles(res.Placed), how, res.Grid.Drawing())
	}
	if !res.Play {
		return judgedNo
	}
	return nil
}

func solveGridRequest(f *solveFlags, data []byte) (solver.GridRequest, error) {
	var req solver.GridRequest
	var err error
	obj := f.objective
	if data == nil {
		req.Opened = f.opened
		if req.Grid, err = game.ParseGrid(f.table); err != nil {
			return req, badInput("in --table: %v", err)
		}
		if req.Rack, err = game.ParseTiles(f.rack); err != nil {
			return req, badInput("in --rack: %v", err)
		}
		if req.Keep, err = game.ParseTiles(f.keep); err != nil {
			return req, badInput("in --keep: %v", err)
		}
		if req.Must, err = game.ParseTiles(f.must); err != nil {
			return req, badInput("in --must: %v", err)
		}
		clearMeanings(req.Rack)
		clearMeanings(req.Keep)
		clearMeanings(req.Must)
	} else {
		in := *solveJSON
		in.fields = map[string]string{}
		for k, v := range solveJSON.fields {
			in.fields[k] = v
		}
		in.fields["table"] = fieldGrid
		var v solveGridInput
		if err := in.decode(data, &v); err != nil {
			return req, badInput("%v", err)
		}
		req.Opened = v.Opened == nil || *v.Opened
		if v.Table != nil {
			if req.Grid, err = game.ParseGridJSON(*v.Table); err != nil {
				return req, badInput("in \"table\": %v", err)
			}
		}
		if req.Rack, err = parseRackTiles(v.Rack, "rack"); err != nil {
			return req, err
		}
		if req.Keep, err = parseRackTiles(v.Keep, "keep"); err != nil {
			return req, err
		}
		if req.Must, err = parseRackTiles(v.Must, "must"); err != nil {
			return req, err
		}
		if obj == "" {
			obj = v.Objective
		}
	}
	if req.Objective, err = parseObjective(obj); err != nil {
		return req, badInput("%v", err)
	}
	return req, nil
}

package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
)

// TestSolverAnswers writes the answer (tiles and points placed, under both
// objectives) to every position of the preset benchmark sets, dealt again
// from RUMMIKUB_SOLVER_DEALS further seeds, one line a position, to the
// file RUMMIKUB_SOLVER_ANSWERS names: two builds of the solver must write
// the same file. It runs only when that variable is set:
//
//	RUMMIKUB_SOLVER_ANSWERS=/tmp/a.txt RUMMIKUB_SOLVER_DEALS=3 go test -run SolverAnswers ./internal/solver/
func TestSolverAnswers(t *testing.T) {
	path := os.Getenv("RUMMIKUB_SOLVER_ANSWERS")
	if path == "" {
		t.Skip("set RUMMIKUB_SOLVER_ANSWERS=file to write every answer")
	}
	deals, _ := strconv.Atoi(os.Getenv("RUMMIKUB_SOLVER_DEALS"))
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for k := 0; k <= deals; k++ {
		for _, ps := range presetSpecs {
			ps.seed += uint64(1000 * k)
			set := presetSet(t, ps, presetWhole, presetMid)
			for i, req := range set.reqs {
				for _, obj := range []Objective{MostTiles, MostPoints} {
					req.Objective = obj
					res, err := Solve(context.Background(), req)
					if err != nil {
						t.Fatalf("%s deal %d position %d: %v", ps.name, k, i, err)
					}
					checkResult(t, req, res)
					opt := ""
					if !res.Optimal {
						opt = " not proven optimal"
						t.Errorf("%s deal %d position %d %v: not proven optimal", ps.name, k, i, obj)
					}
					fmt.Fprintf(f, "%s %d %d %v: %d tiles %d points%s\n", ps.name, k, i, obj, res.TilesPlaced, res.PointsPlaced, opt)
				}
			}
		}
	}
}

package solver_test

import (
	"context"
	"fmt"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Solving a turn on a table of sets: the best play places the most tiles.
func ExampleSolveTurn() {
	r := game.Standard()
	table, _ := game.ParseTable("R3 R4 R5 | B7 O7 K7")
	rack, _ := game.ParseTiles("R6 R7 R9 K9 O1")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := solver.SolveTurn(ctx, &r, game.TurnStart{Table: table, Rack: rack, Opened: true}, solver.MostTiles)
	fmt.Println(err, p.Found, p.After, "| placed:", game.FormatTiles(p.Placed), p.Optimal)
	// Output:
	// <nil> true B7 O7 K7 | R3 R4 R5 R6 R7 | placed: R6 R7 true
}

// Solving a turn on the French grid: the run R3 R4 R5 lies on the grid and
// the player holds R2, B4 and K4; the best play makes the source's cross.
func ExampleSolveTurn_grid() {
	r := game.Standard()
	r.Table = game.TableGrid
	grid, _ := game.ParseGrid("R3 R4 R5")
	rack, _ := game.ParseTiles("R2 B4 K4 O11")
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	p, err := solver.SolveTurn(ctx, &r, game.TurnStart{Table: grid, Rack: rack, Opened: true}, solver.MostTiles)
	fmt.Println(err, p.Found, "| placed:", game.FormatTiles(p.Placed), p.TilesPlaced)
	_, err = game.Judge(&r, game.TurnStart{Table: grid, Rack: rack, Opened: true}, p.After)
	fmt.Println("the judge says:", err)
	// Output:
	// <nil> true | placed: R2 B4 K4 3
	// the judge says: <nil>
}

// Solve is the search on a table of sets; before the initial meld it
// lays only new sets worth the threshold.
func ExampleSolve() {
	r := game.Standard()
	rack, _ := game.ParseTiles("R10 R11 R12 B1 O1 K1 J")
	res, err := solver.Solve(context.Background(), solver.Request{Rules: &r, Rack: rack, Objective: solver.MostPoints})
	fmt.Println(err, res.Play, res.Sets, res.PointsPlaced)
	// Output:
	// <nil> true B1 O1 K1 | R10 R11 R12 J:R13 66
}

package main

import (
	"context"
	"testing"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// Bad --computer-tables and --computer-levels get one sentence and exit 2.
func TestServeComputerTablesBadInput(t *testing.T) {
	dir := t.TempDir()
	cases := map[string][]string{
		"--computer-tables -1": {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--computer-tables", "-1"},
		"give 0 to 1000":       {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--computer-tables", "1001"},
		`"genius" is not`:      {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--computer-tables", "2", "--computer-levels", "expert,genius"},
		"2 to 4 seats, not 1":  {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--computer-tables", "2", "--computer-levels", "expert"},
		"2 to 4 seats, not 5":  {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--computer-tables", "2", "--computer-levels", "easy,easy,easy,easy,easy"},
	}
	for want, args := range cases {
		t.Run(want, func(t *testing.T) { refused(t, want, args...) })
	}
}

// TestComputerTablesPlayAGame: computer tables each play their game to
// the end on the pool, every turn through a worker, and the report counts
// every turn.
func TestComputerTablesPlayAGame(t *testing.T) {
	ct := computerTables{Tables: 3, Levels: []string{"easy", "medium"}, Rules: game.Standard(), Seed: 7}
	pool := host.NewCPUPool(1)
	rep, err := ct.run(context.Background(), pool)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Tables != 3 || rep.Turns < 3*2 || rep.Pool.Turns < rep.Turns-rep.Tables || rep.TimedOut != 0 || rep.Fallbacks != 0 {
		t.Fatalf("report %s", rep)
	}
}

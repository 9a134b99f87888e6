package main

import (
	"context"
	"runtime"
	"testing"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// BenchmarkServeTables is the load `rummikub serve` sees from many tables
// of computers: 40 tables of four computer seats each (expert, hard,
// medium, easy; no humans) each play one game at once on one CPU pool of
// as many workers as cores, with the serve's computers and the standard
// rules' turn timer: the computer tables of serve --computer-tables. It
// reports every computer turn's time from its start to its end (waiting
// for a worker included) against the timer, the turns that ran out of
// time or fell back to a draw, and the pool's waits:
//
//	go test -run '^$' -bench ServeTables -benchtime 1x ./cmd/rummikub
func BenchmarkServeTables(b *testing.B) {
	for i := 0; i < b.N; i++ {
		ct := computerTables{Tables: 40, Levels: []string{"expert", "hard", "medium", "easy"}, Rules: game.Standard(), Seed: 1}
		rep, err := ct.run(context.Background(), host.NewCPUPool(runtime.NumCPU()))
		if err != nil {
			b.Fatal(err)
		}
		b.Log(rep)
	}
}

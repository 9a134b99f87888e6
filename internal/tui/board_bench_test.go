package tui

import (
	"testing"

	"rummikub/internal/game"
)

// BenchmarkBoardKey is one key through Update and the frame drawn after
// it, on the standard board at 80x24 (a set on the table, the cursor
// moving along the rack) and on the French grid at 80x24: what a seat
// costs the terminal, or the server, for each key. The redraw cases are
// the frame alone, drawn again with nothing changed, as a served table
// redraws the board for a key of the chat line.
func BenchmarkBoardKey(b *testing.B) {
	for _, c := range boardBenches {
		b.Run(c.name, func(b *testing.B) {
			tp := c.open(b)
			keys := []any{keyMsg("right"), keyMsg("left")}
			tp.View()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tp.Update(keys[i%2])
				_ = tp.View()
			}
		})
	}
	for _, c := range boardBenches {
		b.Run(c.name+"-redraw", func(b *testing.B) {
			tp := c.open(b)
			tp.View()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				_ = tp.View()
			}
		})
	}
}

// boardBenches are the boards BenchmarkBoardKey draws.
var boardBenches = []struct {
	name string
	open func(b *testing.B) *testPlay
}{
	{"standard", func(b *testing.B) *testPlay {
		cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}, Seed: 7}
		tp := newTestPlay(b, cfg, 80, 24, map[int]Computer{1: &drawer{}})
		tp.match.Game.Turn = 0
		rig(b, tp.match, 0, "K10 K11 K12 K13 B11 O11 R3 R4 R5 B1 B2 O5 O7 J")
		tp.start()
		tp.press("k 1 0 k 1 1 k 1 2 k 1 3 + enter")
		if tp.phase != phaseTurn || tp.arr() == nil || len(game.SetsOf(tp.v.Table)) != 1 {
			b.Fatalf("the benchmark's board did not open with a set on the table: phase %d", tp.phase)
		}
		return tp
	}},
	{"grid", func(b *testing.B) *testPlay { return gridPlay(b, 80, 24, meldRack, nil) }},
}

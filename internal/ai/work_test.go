package ai

import (
	"context"
	"math/rand/v2"
	"testing"
	"time"

	"rummikub/internal/game"
)

// The expert's decisive choices at the end of a game are found within a
// small amount of work (decisiveWork), before any deeper search: a move
// given only that budget, and no deadline, still makes them, on racks
// long enough that the deeper search costs far more.
func TestExpertDecisiveChoicesWithinSmallWork(t *testing.T) {
	junk := " R1 B3 O5 K7 R9 B11 O13 K2 R4 B6 O8 K10" // no set among them, nor with the rest
	cases := []struct {
		name, mine, theirs string
		passes             int
		check              func(t *testing.T, v game.SeatView, a game.Action)
	}{
		{"go out", "K10 K11 K12 K13 R2 B2 O2 B9 O9 K9 R10", "B5 O5", 0, func(t *testing.T, v game.SeatView, a game.Action) {
			if a.Kind != game.ActPlay || len(judge(t, v, a).Placed) != len(v.Rack) {
				t.Errorf("did not go out: %s %s", a.Kind, game.FormatTable(game.SetsOf(a.After)))
			}
		}},
		{"pass to block a game won on points", "K1 K2 K3 R1" + junk[:9], "B12 O12 R13 B13 O11 K12" + junk[9:], 1, func(t *testing.T, v game.SeatView, a game.Action) {
			if a.Kind != game.ActPass {
				t.Errorf("ahead on points after the opponent passed, it should pass and win: %s %s", a.Kind, game.FormatTable(game.SetsOf(a.After)))
			}
		}},
		{"shed before the opponent goes out", "R13 B13 O13 K1 K2 K3" + junk, "R10 R11", 0, func(t *testing.T, v game.SeatView, a game.Action) {
			if a.Kind != game.ActPlay {
				t.Fatalf("the opponent goes out next turn: it should shed, not %s", a.Kind)
			}
			if res := judge(t, v, a); v.Rules.RackValue(res.Placed) < 39 {
				t.Errorf("shed %s; R13 B13 O13 (39 points) at least", game.FormatTiles(res.Placed))
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := emptyPoolView(t, c.mine, c.theirs)
			v.Table = game.Table{parse(t, "R7 R8 R9")}
			for i := range game.SetsOf(v.Table)[0] {
				game.SetsOf(v.Table)[0][i] = takeFromRiver(t, &v, game.SetsOf(v.Table)[0][i].Face)
			}
			v.Passes = c.passes
			p, err := NewWithOptions(Expert, 1, Options{Work: decisiveWork})
			if err != nil {
				t.Fatal(err)
			}
			a, err := p.Move(context.Background(), v)
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, v, a)
		})
	}
}

// takeFromRiver moves a tile of face f from the River of v (where
// emptyPoolView puts every tile no rack holds) and returns it.
func takeFromRiver(t *testing.T, v *game.SeatView, f game.Face) game.Tile {
	t.Helper()
	for i, tl := range v.River {
		if tl.Face == f {
			v.River = append(v.River[:i:i], v.River[i+1:]...)
			return tl
		}
	}
	t.Fatalf("no %v left", f)
	return game.Tile{}
}

// A move whose deadline comes before its work is done answers with the
// best answer its search offered so far, not with a plain draw.
func TestADeadlineTakesTheOfferedAnswer(t *testing.T) {
	v := emptyPoolView(t, "K10 K11 K12 K13 O2", "B5 O5")
	own := game.Table{v.Rack[:4:4]}
	b := &base{level: Expert, think: 20 * time.Millisecond, work: 1 << 40}
	slow := func(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
		offer(ctx, own, false)
		<-ctx.Done() // a search that never finishes in time
		return nil, false
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	a, err := b.move(ctx, v, slow, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a.Kind != game.ActPlay || len(judge(t, v, a).Placed) != 4 {
		t.Fatalf("answered %s %s; want the offered K10-K13", a.Kind, game.FormatTable(game.SetsOf(a.After)))
	}
	// Nothing offered: the plain fallback, a pass on an empty pool.
	none := func(ctx context.Context, v *game.SeatView, _ *rand.Rand) (game.Table, bool) {
		<-ctx.Done()
		return nil, false
	}
	ctx2, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	if a, _ := b.move(ctx2, v, none, nil); a.Kind != game.ActPass {
		t.Errorf("nothing offered, answered %s; want a pass", a.Kind)
	}
}

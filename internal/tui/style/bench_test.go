package style

import (
	"testing"

	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/game"
	"rummikub/themes"
)

// BenchmarkRack draws what a frame of the board draws most: a rack of 14
// compact tiles (one under the cursor, one drawn) and 6 narrow grid cells,
// in the default theme on a true-colour terminal.
func BenchmarkRack(b *testing.B) {
	th, err := themes.Builtin("classic")
	if err != nil {
		b.Fatal(err)
	}
	s := New(colorprofile.TrueColor, true, th)
	var faces []game.Face
	for i := range 14 {
		faces = append(faces, game.F(game.Color(i%4+1), i%13+1))
	}
	b.ReportAllocs()
	for b.Loop() {
		for i, f := range faces {
			s.Tile(f, TileOpts{Size: Compact, Cursor: i == 3, Drawn: i == 9})
		}
		for i, f := range faces[:6] {
			s.Cell(game.Tile{Face: f}, TileOpts{Cursor: i == 2}, false)
		}
	}
}

// The memo draws what Lip Gloss draws: every face (and a slot), in every size, under
// every single mark and with a joker's meaning, drawn twice (the second
// time from the memo) and from several goroutines at once, as the sessions
// of a server share their Styles.
func TestMemoDrawsAsLipGloss(t *testing.T) {
	th, err := themes.Builtin("classic")
	if err != nil {
		t.Fatal(err)
	}
	s := New(colorprofile.TrueColor, true, th)
	faces := []game.Face{game.F(game.Red, 7), game.F(game.Blue, 13), game.F(game.Black, 1), {Color: game.JokerColor}}
	opts := []TileOpts{{}, {Cursor: true}, {Selected: true}, {Lifted: true}, {Placed: true}, {Invalid: true},
		{Locked: true}, {Key: true}, {Hint: true}, {Drawn: true}, {Moved: true}, {Changed: true},
		{Label: "12"}, {As: game.F(game.Orange, 4)}, {Cursor: true, Placed: true, Drawn: true}}
	done := make(chan bool)
	for range 4 {
		go func() {
			defer func() { done <- true }()
			for _, size := range []Size{Compact, Full} {
				for _, f := range faces {
					for _, o := range opts {
						o.Size = size
						for range 2 {
							want := s.tile1(f, withAs(f, o))
							if got := s.Tile(f, o); got != want {
								t.Errorf("Tile(%v, %+v) = %q from the memo, %q drawn", f, o, got, want)
							}
							if got, want := s.Slot(o), s.slot1(o); got != want {
								t.Errorf("Slot(%+v) = %q from the memo, %q drawn", o, got, want)
							}
							cellWant := New(s.profile, s.dark, th).Cell(game.Tile{Face: f}, o, false)
							if got := s.Cell(game.Tile{Face: f}, o, false); got != cellWant {
								t.Errorf("Cell(%v, %+v) = %q from the memo, %q drawn", f, o, got, cellWant)
							}
						}
					}
				}
			}
		}()
	}
	for range 4 {
		<-done
	}
}

// withAs is o as Tile draws it: a numbered tile's As ignored.
func withAs(f game.Face, o TileOpts) TileOpts {
	if !f.IsJoker() {
		o.As = game.Face{}
	}
	return o
}

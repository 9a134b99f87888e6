package tui

import (
	"testing"
	"time"

	"pgregory.net/rapid"

	"rummikub/internal/game"
)

// TestRandomKeysNeverBreakTheGame presses random keys through hot-seat
// games (standard and River rules), with the clock jumping now and then:
// nothing panics, every tile stays in exactly one place in the match and
// in the working arrangement, and the screen always draws.
func TestRandomKeysNeverBreakTheGame(t *testing.T) {
	keys := []string{"left", "right", "up", "down", "tab", "space", "space", "space", "enter", "d", "s", "u", "U",
		"x", "n", "[", "]", "v", "a", "esc", "shift+left", "shift+right", "c", "g", "1", "2", "p", "i", "b", "?", "q", "n", "y", "=", "="}
	rapid.Check(t, func(rt *rapid.T) {
		preset := rapid.SampledFrom([]string{"standard", "river"}).Draw(rt, "rules")
		r, _ := game.Preset(preset)
		tp := newTestPlay(t, Config{Rules: r, Seats: humans("Ana", "Ben"), Seed: rapid.Uint64Range(1, 1000).Draw(rt, "seed")}, 80, 24, nil)
		tp.start()
		steps := rapid.IntRange(1, 150).Draw(rt, "steps")
		for i := 0; i < steps; i++ {
			if rapid.IntRange(0, 20).Draw(rt, "tick") == 0 {
				tp.after(time.Duration(rapid.IntRange(1, 70).Draw(rt, "secs")) * time.Second)
			} else {
				k := rapid.SampledFrom(keys).Draw(rt, "key")
				if k == "y" && tp.confirm == confirmQuit {
					continue // quitting ends the run
				}
				tp.run(tp.onKey(keyMsg(k)))
				tp.sync()
			}
			if err := tp.match.CheckConservation(); err != nil {
				rt.Fatal(err)
			}
			if a := tp.arr(); a != nil && tp.phase == phaseTurn {
				n := len(a.Rack()) + len(a.Held())
				for _, s := range a.Sets() {
					n += len(s)
				}
				want := len(tp.match.Game.Racks[tp.match.Game.Turn])
				want += tp.match.Game.Table.Len()
				if n != want {
					rt.Fatalf("the arrangement holds %d tiles, the match %d", n, want)
				}
			}
			if tp.View() == "" {
				rt.Fatal("empty screen")
			}
			if tp.match.Game.Over {
				break
			}
		}
	})
}

package tui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"
	"pgregory.net/rapid"

	"rummikub/internal/game"
	"rummikub/internal/lesson"
)

// faceRe finds a tile's face as the board draws it (the joker aside).
var faceRe = regexp.MustCompile(`(^|[^A-Za-z0-9])([RBOK](1[0-3]|[1-9]))([^0-9]|$)`)

// drawnFace is a face seen in a drawn frame, at its screen cell.
type drawnFace struct {
	face string
	x, y int
}

// drawnFaces are the tiles' faces in a frame, where they are drawn.
func drawnFaces(frame string) []drawnFace {
	var out []drawnFace
	for y, line := range strings.Split(frame, "\n") {
		for _, m := range faceRe.FindAllStringSubmatchIndex(line, -1) {
			out = append(out, drawnFace{face: line[m[4]:m[5]], x: ansi.StringWidth(line[:m[4]]), y: y})
		}
	}
	return out
}

// layoutState is what keys and clicks read of the board's layout, and
// the cursor, as text: View must leave it as it found it.
func layoutState(p *Play) string {
	s := fmt.Sprintf("%+v|%+v|%s|%+v", p.lay, p.geo, p.surfState(), p.chrome)
	if p.arr() != nil {
		s += fmt.Sprintf("|%+v|%v|%v", p.arr().Cursor(), p.arr().Sets(), p.arr().Rack())
	}
	if p.garr() != nil {
		s += fmt.Sprintf("|%+v|%d,%d|%v", p.garr().Cursor(), p.garr().winRows, p.garr().winCols, p.garr().Grid())
	}
	return s
}

// TestClickEveryDrawnTile: for random arrangements and sizes, on the
// sets board and on the grid, View changes nothing that keys and clicks
// read, and a click on every tile's face drawn lands on a tile of that
// face: the mouse reads the layout the frame was drawn from.
func TestClickEveryDrawnTile(t *testing.T) {
	setsKeys := []string{"space", "space", "right", "left", "up", "down", "tab", "+", "1", "2", "e", "esc", "?", "ctrl+r", "x", "m", "pgup", "up"}
	gridKeys := []string{"space", "space", "right", "left", "up", "down", "tab", "esc", "?", "pgup", "pgdown", "u", "x"}
	rapid.Check(t, func(rt *rapid.T) {
		grid := rapid.Bool().Draw(rt, "grid")
		w := rapid.IntRange(MinWidth, 200).Draw(rt, "width")
		h := rapid.IntRange(MinHeight, 60).Draw(rt, "height")
		var tp *testPlay
		keys := setsKeys
		if grid {
			tp = gridPlay(t, w, h, meldRack, nil)
			keys = gridKeys
		} else {
			cfg := Config{Seats: []SeatConfig{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}},
				Seed: rapid.Uint64Range(1, 1<<40).Draw(rt, "seed")}
			tp = newTestPlay(t, cfg, w, h, map[int]Computer{1: &drawer{}})
			tp.match.Game.Turn = 0
			tp.start()
		}
		n := rapid.IntRange(0, 60).Draw(rt, "keys")
		for i := 0; i < n; i++ {
			if rapid.IntRange(0, 20).Draw(rt, "resize") == 0 {
				tp.Update(tea.WindowSizeMsg{Width: rapid.IntRange(MinWidth, 200).Draw(rt, "w"), Height: rapid.IntRange(MinHeight, 60).Draw(rt, "h")})
			}
			tp.Update(keyMsg(rapid.SampledFrom(keys).Draw(rt, "key")))
		}
		if tp.phase != phaseTurn || tp.work() == nil {
			rt.Skip("the turn is over")
		}
		before := layoutState(tp.Play)
		frame := tp.View()
		if again := tp.View(); again != frame {
			rt.Fatalf("two Views of one state differ:\n%s\n---\n%s", frame, again)
		}
		if after := layoutState(tp.Play); after != before {
			rt.Fatalf("View changed the layout or the arrangement:\n%s\n%s", before, after)
		}
		if lines := strings.Count(frame, "\n") + 1; lines > tp.height {
			rt.Fatalf("the frame is %d lines high at %dx%d", lines, tp.width, tp.height)
		}
		if tp.logOpen {
			return // the move log over the board: no tile to click
		}
		found := map[string]int{}
		for _, f := range drawnFaces(frame) {
			face, ok := tp.faceAt(f.x, f.y)
			if !ok {
				continue // a face in the text (the status line, the carried tiles)
			}
			if face != f.face {
				rt.Fatalf("a click on %s at (%d,%d) finds %s:\n%s", f.face, f.x, f.y, face, frame)
			}
			found[face]++
		}
		var want []game.Tile
		want = append(want, tp.work().Rack()...)
		if !strings.Contains(frame, "more row") {
			if a := tp.arr(); a != nil {
				for _, s := range a.Sets() {
					want = append(want, s...)
				}
			}
		}
		for _, tl := range want {
			if !tl.IsJoker() && found[tl.Face.String()] == 0 {
				rt.Fatalf("no click finds %s, drawn in:\n%s", tl.Face, frame)
			}
		}
	})
}

// faceAt is the face of the tile a click at (x, y) finds, if any.
func (tp *testPlay) faceAt(x, y int) (string, bool) {
	if g := tp.garr(); g != nil {
		c, ok := tp.gridHit(x, y)
		if !ok {
			return "", false
		}
		if c.OnRack {
			if c.RackPos >= len(g.Rack()) {
				return "", false
			}
			return g.Rack()[c.RackPos].Face.String(), true
		}
		tl, ok := g.At(c.Cell)
		return tl.Face.String(), ok
	}
	c, ok := tp.hit(x, y)
	if !ok {
		return "", false
	}
	a := tp.arr()
	if c.Area == AreaRack {
		if c.Pos >= len(a.Rack()) {
			return "", false
		}
		return a.Rack()[c.Pos].Face.String(), true
	}
	if c.Set >= len(a.Sets()) || c.Pos >= len(a.Sets()[c.Set]) {
		return "", false
	}
	return a.Sets()[c.Set][c.Pos].Face.String(), true
}

// TestTrainerViewChangesNothing: on a lesson's board, after random keys
// at random sizes, View draws the same frame twice and leaves the layout
// and the arrangement as it found them.
func TestTrainerViewChangesNothing(t *testing.T) {
	l, _ := lesson.ByID("runs-groups")
	tasks, err := LessonTasks(l)
	if err != nil {
		t.Fatal(err)
	}
	keys := []string{"space", "right", "left", "up", "down", "tab", "+", "1", "e", "esc", "?", "b", "5", "ctrl+r"}
	rapid.Check(t, func(rt *rapid.T) {
		tr := NewTrainer(tasks, monoStyles(t))
		tr.Update(tea.WindowSizeMsg{Width: rapid.IntRange(MinWidth, 200).Draw(rt, "width"), Height: rapid.IntRange(MinHeight, 60).Draw(rt, "height")})
		for i, n := 0, rapid.IntRange(0, 40).Draw(rt, "keys"); i < n; i++ {
			tr.Update(keyMsg(rapid.SampledFrom(keys).Draw(rt, "key")))
		}
		state := func() string {
			p := tr.p
			s := fmt.Sprintf("%+v|%+v|%s|%+v", p.lay, p.geo, p.surfState(), tr.chrome)
			if p.arr() != nil {
				s += fmt.Sprintf("|%+v|%v|%v", p.arr().Cursor(), p.arr().Sets(), p.arr().Rack())
			}
			return s
		}
		before := state()
		frame := plain(tr.View())
		if again := plain(tr.View()); again != frame {
			rt.Fatalf("two Views of one state differ:\n%s\n---\n%s", frame, again)
		}
		if after := state(); after != before {
			rt.Fatalf("View changed the layout or the arrangement:\n%s\n%s", before, after)
		}
	})
}

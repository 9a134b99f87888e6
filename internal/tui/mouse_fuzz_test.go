package tui

import (
	"encoding/binary"
	"testing"

	tea "charm.land/bubbletea/v2"
)

// mouseEvents decodes fuzz bytes into mouse messages, five bytes each: the
// kind (press, release, motion, wheel up, wheel down, or another button's
// press) and the column and row as signed 16-bit numbers, so the places
// run from far off the screen on every side to the cells of the board.
func mouseEvents(b []byte) []tea.MouseMsg {
	var out []tea.MouseMsg
	for ; len(b) >= 5; b = b[5:] {
		m := tea.Mouse{
			X:      int(int16(binary.LittleEndian.Uint16(b[1:3]))),
			Y:      int(int16(binary.LittleEndian.Uint16(b[3:5]))),
			Button: tea.MouseLeft,
		}
		switch b[0] % 6 {
		case 0:
			out = append(out, tea.MouseClickMsg(m))
		case 1:
			out = append(out, tea.MouseReleaseMsg(m))
		case 2:
			out = append(out, tea.MouseMotionMsg(m))
		case 3:
			m.Button = tea.MouseWheelUp
			out = append(out, tea.MouseWheelMsg(m))
		case 4:
			m.Button = tea.MouseWheelDown
			out = append(out, tea.MouseWheelMsg(m))
		case 5:
			m.Button = tea.MouseRight
			out = append(out, tea.MouseClickMsg(m))
		}
	}
	return out
}

// FuzzMouseOnTheBoard sends any mouse messages a terminal (or an SSH
// client) may send, on the sets board and on the French grid: nothing
// panics, every tile of the turn stays in exactly one place (the rack,
// the hand or the table), and the screen always draws.
func FuzzMouseOnTheBoard(f *testing.F) {
	ev := func(kind byte, x, y int16) []byte {
		b := []byte{kind, 0, 0, 0, 0}
		binary.LittleEndian.PutUint16(b[1:], uint16(x))
		binary.LittleEndian.PutUint16(b[3:], uint16(y))
		return b
	}
	join := func(bs ...[]byte) []byte {
		var out []byte
		for _, b := range bs {
			out = append(out, b...)
		}
		return out
	}
	// A click on the rack and one on the table; a drag; clicks far off the
	// screen; the wheel.
	f.Add(false, join(ev(0, 3, 21), ev(1, 3, 21), ev(0, 4, 2), ev(1, 4, 2)))
	f.Add(true, join(ev(0, 3, 21), ev(2, 30, 10), ev(1, 50, 12), ev(3, 0, 0), ev(4, 0, 0)))
	f.Add(false, join(ev(0, -1, -1), ev(0, 32767, 32767), ev(1, -32768, 5), ev(5, 3, 21)))
	f.Fuzz(func(t *testing.T, grid bool, data []byte) {
		if len(data) > 5*64 {
			data = data[:5*64]
		}
		var tp *testPlay
		if grid {
			tp = gridPlay(t, 80, 24, meldRack, nil)
		} else {
			tp = twoHumans(t, meldRack)
		}
		g := tp.match.Game
		want := len(g.Racks[g.Turn]) + g.Table.Len()
		for i, m := range mouseEvents(data) {
			tp.Update(m)
			a := tp.work()
			if a == nil {
				continue // the turn ended (a click cannot end it; a refusal keeps it)
			}
			if n := len(a.Rack()) + len(a.Held()) + a.Layout().Len(); n != want {
				t.Fatalf("after event %d (%T %+v) the turn holds %d tiles, the match %d", i, m, m.Mouse(), n, want)
			}
			if tp.View() == "" {
				t.Fatalf("after event %d the screen is empty", i)
			}
		}
		if err := tp.match.CheckConservation(); err != nil {
			t.Fatal(err)
		}
	})
}

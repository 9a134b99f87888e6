package tui

import (
	"testing"
	"time"

	"rummikub/internal/game"
)

// goldenBoard is a fixed position: Ana has melded a run, Ben a group, and
// Ana is moving tiles (one carried) with an invalid set on the table.
func goldenBoard(t *testing.T, w, h int) *testPlay {
	t.Helper()
	tp := newTestPlay(t, Config{Seats: humans("Ana", "Ben", "Cai")}, w, h, nil)
	m := tp.match
	m.Game.Turn = 0
	rig(t, m, 0, "R10 R11 R12 R13 B3 B4 O5 O7 K3 K4 K6 K8 K9 J")
	rig(t, m, 1, "B11 O11 K11 R1 R2 B9 B10 O12 O13 K1 K2 K5 R6 B8")
	table, _ := game.ParseTable("R10 R11 R12 R13")
	mustApply(t, m, game.Action{Seat: 0, Kind: game.ActPlay, After: table})
	table, _ = game.ParseTable("R10 R11 R12 R13 | B11 O11 K11")
	mustApply(t, m, game.Action{Seat: 1, Kind: game.ActPlay, After: table})
	mustApply(t, m, game.Action{Seat: 2, Kind: game.ActDraw})
	tp.viewer = 0
	tp.start()
	tp.after(time.Second)
	tp.press("enter")
	// B3 B4 to a new set (invalid: two tiles), then carry K3.
	tp.press("shift+right space n space tab right space")
	tp.after(5 * time.Second)
	return tp
}

func TestGoldenBoard80x24(t *testing.T) {
	tp := goldenBoard(t, 80, 24)
	golden(t, "board-80x24.golden", tp.View())
}

func TestGoldenBoard120x40(t *testing.T) {
	tp := goldenBoard(t, 120, 40)
	golden(t, "board-120x40.golden", tp.View())
}

func TestGoldenHandover80x24(t *testing.T) {
	tp := goldenBoard(t, 80, 24)
	tp.press("esc x d")
	golden(t, "handover-80x24.golden", tp.View())
}

func TestGoldenSixPlayers80x24(t *testing.T) {
	cfg := Config{Seats: humans("Ana", "CPU easy", "CPU easy 2", "CPU medium", "CPU medium 2", "CPU hard")}
	r, err := game.Preset("six")
	if err != nil {
		t.Fatal(err)
	}
	cfg.Rules = r
	tp := newTestPlay(t, cfg, 80, 24, nil)
	tp.start()
	tp.after(time.Second)
	tp.press("enter")
	golden(t, "six-players-80x24.golden", tp.View())
}

func TestGoldenMoveLog80x24(t *testing.T) {
	tp := goldenBoard(t, 80, 24)
	tp.press("m")
	golden(t, "move-log-80x24.golden", tp.View())
}

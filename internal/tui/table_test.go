package tui

import (
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

func TestSpectatorSeesNoRackAndLeavesTheTableRunning(t *testing.T) {
	cfg := Config{Seats: humans("Ana", "Ben"), Rules: game.Standard()}
	m, err := game.NewMatch(cfg.Rules, cfg.Names(), 42)
	if err != nil {
		t.Fatal(err)
	}
	clk := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	h, err := host.New(host.Config{Match: m, Settings: cfg.Settings(), Clock: clk})
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	h.Start()
	seat := m.Game.Turn
	player := NewTablePlay(cfg, h, seat, nil, monoStyles(t))
	watcher := NewWatchPlay(cfg, h, monoStyles(t))
	screens := []*testPlay{{Play: player.Play, t: t, clock: clk, match: m}, {Play: watcher.Play, t: t, clock: clk, match: m}}
	for _, s := range screens {
		s.events, s.now = noEvents{}, clk.Now
		s.sync()
	}
	name := cfg.Seats[seat].Name
	if !strings.Contains(plain(player.View()), name+"'s rack") {
		t.Fatalf("the player sees their rack:\n%s", plain(player.View()))
	}
	wv := plain(watcher.View())
	if strings.Contains(wv, "'s rack") || !strings.Contains(wv, name) {
		t.Fatalf("the spectator sees the table and no rack:\n%s", wv)
	}
	// A spectator's keys never act: d would draw for the player.
	watcher.Update(keyMsg("d"))
	watcher.Update(keyMsg("enter"))
	if h.Snapshot().Game.Turns != 0 {
		t.Fatal("a spectator's key played a turn")
	}
	screens[0].press("d")
	screens[0].sync()
	screens[1].sync()
	if h.Snapshot().Game.Turns != 1 {
		t.Fatal("the player drew")
	}
	if strings.Contains(plain(watcher.View()), "'s rack") {
		t.Fatalf("the spectator sees no rack after a draw:\n%s", plain(watcher.View()))
	}
	// Leaving (q, then yes) closes the player's subscription, not the host.
	screens[0].press("q y")
	if h.Phase() == host.PhaseClosed {
		t.Fatal("leaving a shared table closed it")
	}
	_, cmd := watcher.Update(keyMsg("q"))
	if msg := runNow(cmd); msg != (QuitMsg{}) || h.Phase() == host.PhaseClosed {
		t.Fatalf("the spectator leaves with QuitMsg (%v) and the table goes on", msg)
	}
}

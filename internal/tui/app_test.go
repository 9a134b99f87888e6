package tui

import (
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

func TestSetupStartsAMatch(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	st := monoStyles(t)
	a := NewApp(st, Services{NoKeeper: true}, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	send := func(k string) {
		_, cmd := a.Update(keyMsg(k))
		for cmd != nil {
			msg := cmd()
			if msg == nil {
				return
			}
			if _, ok := msg.(tea.QuitMsg); ok {
				t.Fatalf("key %q quit the program", k)
			}
			_, cmd = a.Update(msg)
			if _, ok := msg.(openMsg); ok {
				return
			}
		}
	}
	// Rename seat 1 to Zoe, add a third seat, choose a seed, start.
	for _, k := range []string{"backspace", "backspace", "backspace", "Z", "o", "e"} {
		send(k)
	}
	send("down")
	send("down")
	send("enter") // + add a seat
	for a.setup.items()[a.setup.cursor].kind != itemSeed {
		send("down")
	}
	send("4")
	send("2")
	for a.setup.items()[a.setup.cursor].kind != itemStart {
		send("down")
	}
	send("enter")
	if a.Play() == nil {
		t.Fatalf("enter on start should start the match (%s)", a.setup.err)
	}
	m := a.Play().host.Snapshot()
	if strings.Join(m.Names, ",") != "Zoe,Ben,Player 3" || m.Seed != 42 {
		t.Fatalf("match of %v, seed %d", m.Names, m.Seed)
	}
	if !strings.Contains(plain(a.View()), "Pass to") {
		t.Fatalf("hot-seat starts behind the privacy screen:\n%s", plain(a.View()))
	}
}

func TestParseSeats(t *testing.T) {
	cases := []struct {
		in, want string
		bad      bool
	}{
		{in: "Ana,Ben", want: "Ana/human Ben/human"},
		{in: "Ana, cpu:hard ,cpu", want: "Ana/human CPU hard/hard CPU medium/medium"},
		{in: "cpu:easy,cpu:easy", want: "CPU easy 1/easy CPU easy 2/easy"},
		{in: "Ana,Max=cpu:expert", want: "Ana/human Max/expert"},
		{in: "Ana,,Ben", bad: true},
		{in: "Ana,cpu:godlike", bad: true},
		{in: "Abcdefghijklmnop", bad: true},
	}
	for _, c := range cases {
		seats, err := ParseSeats(c.in)
		if c.bad {
			if err == nil {
				t.Errorf("%q: want an error", c.in)
			}
			continue
		}
		if err != nil {
			t.Errorf("%q: %v", c.in, err)
			continue
		}
		var got []string
		for _, s := range seats {
			kind := "human"
			if s.Computer {
				kind = s.Level
			}
			got = append(got, s.Name+"/"+kind)
		}
		if g := strings.Join(got, " "); g != c.want {
			t.Errorf("%q: got %q, want %q", c.in, g, c.want)
		}
	}
}

func TestSaveAndResume(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	tp := newTestPlayIn(t, Config{Seats: humans("Ana", "Ben")}, 80, 24, nil, store)
	tp.match.Game.Turn = 0
	rig(t, tp.match, 0, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.start()
	tp.press("enter shift+right shift+right space n space enter")
	if err := tp.host.Flush(); err != nil {
		t.Fatal(err)
	}
	sv, err := store.Load(tp.host.Name())
	if err != nil {
		t.Fatal(err)
	}
	cfg, m := ConfigFromSaved(sv), sv.Match
	if game.FormatTable(game.SetsOf(m.Game.Table)) != "R10 R11 R12" || m.Game.Turn != 1 || len(cfg.Seats) != 2 || cfg.Seats[0].Name != "Ana" {
		t.Fatalf("resumed: table %q turn %d seats %v", game.FormatTable(game.SetsOf(m.Game.Table)), m.Game.Turn, cfg.Seats)
	}
	if _, err := store.Load("none"); err == nil {
		t.Fatal("a missing save loaded")
	}
}

// Pasted text (tea.PasteMsg in Bubble Tea v2) is typed on a name line:
// its first line, within the name's twelve letters.
func TestSetupTakesAPastedName(t *testing.T) {
	s := testSetup(t)
	s.cursor = 0
	setupKeys(s, "backspace", "backspace", "backspace")
	s.Update(tea.PasteMsg{Content: "Zoe Marguerite Longname\nsecond line"})
	if n := s.cfg.Seats[0].Name; n != "Zoe Marguerit"[:12] {
		t.Fatalf("after the paste seat 1 is %q", n)
	}
}

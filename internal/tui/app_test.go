package tui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/game"
)

func TestSetupStartsAMatch(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	st := monoStyles(t)
	a := NewApp(st, Services{NoKeeper: true}, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "setup-80x24.golden", a.View())
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
			if _, ok := msg.(startMsg); ok {
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
	if a.screen != screenPlay || a.play == nil {
		t.Fatalf("enter on start should start the match (%s)", a.setup.err)
	}
	m := a.play.match
	if strings.Join(m.Names, ",") != "Zoe,Ben,Player 3" || m.Seed != 42 {
		t.Fatalf("match of %v, seed %d", m.Names, m.Seed)
	}
	if !strings.Contains(a.View(), "Pass to") {
		t.Fatalf("hot-seat starts behind the privacy screen:\n%s", a.View())
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
	dir := t.TempDir()
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	tp.cfg.SavePath = dir + "/match.json"
	tp.press("shift+right shift+right space n space enter")
	if !HasSave(tp.cfg.SavePath) {
		t.Fatal("no save after a turn")
	}
	cfg, m, err := LoadTable(tp.cfg.SavePath)
	if err != nil {
		t.Fatal(err)
	}
	if game.FormatTable(m.Game.Table) != "R10 R11 R12" || m.Game.Turn != 1 || len(cfg.Seats) != 2 || cfg.Seats[0].Name != "Ana" {
		t.Fatalf("resumed: table %q turn %d seats %v", game.FormatTable(m.Game.Table), m.Game.Turn, cfg.Seats)
	}
	if _, _, err := LoadTable(dir + "/none.json"); err != ErrNoSave {
		t.Fatalf("a missing save: %v", err)
	}
}

func TestSummaries(t *testing.T) {
	r := game.Standard()
	m, err := game.NewMatch(r, []string{"Ana", "Ben"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	next := 100
	tiles := func(s string) []game.Tile {
		ts, err := game.ParseTiles(s)
		if err != nil {
			t.Fatal(err)
		}
		for i := range ts {
			ts[i].ID = game.TileID(next)
			next++
		}
		return ts
	}
	r7 := tiles("R7 R8 R9")
	o4 := game.Tile{ID: 90, Face: game.F(game.Orange, 4)}
	after := game.Table{tiles("B4 R4 K4"), r7}
	b4 := game.Table{after[0]}
	after[0] = append(append([]game.Tile(nil), after[0]...), o4)
	m.Game.Table = after
	ev := game.Event{Seat: 0, Kind: game.ActPlay, Placed: append(append([]game.Tile(nil), r7...), o4)}
	got := summarize(m, ev, b4)
	if got != "Ana played R7 R8 R9 and added O4 to a group" {
		t.Errorf("summary %q", got)
	}
	marks := markChanged(b4, after, ev)
	if len(marks) != 4 || !marks[o4.ID] || marks[after[0][0].ID] {
		t.Errorf("marks %v", marks)
	}
	for _, c := range []struct {
		ev   game.Event
		want string
	}{
		{game.Event{Seat: 1, Kind: game.ActDraw, Drew: 1}, "Ben drew a tile"},
		{game.Event{Seat: 1, Kind: game.ActPass}, "Ben passed (the pool is empty)"},
		{game.Event{Seat: 0, Kind: game.ActTimeout, Drew: 1}, "Ana ran out of time and drew 1 tile"},
		{game.Event{Seat: 0, Kind: game.ActTimeout, Drew: 3, Unfinished: true}, "Ana ran out of time in an unfinished rearrangement: the table was restored and Ana drew 3 tiles as the penalty"},
	} {
		if got := summarize(m, c.ev, nil); got != c.want {
			t.Errorf("got %q, want %q", got, c.want)
		}
	}
}

// Under NO_COLOR every theme draws in mono: the setup screen's theme row
// says so (and why) instead of naming a theme it is not drawing, and the
// arrows do not pretend to choose one.
func TestSetupThemeRowUnderNoColor(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	t.Setenv("NO_COLOR", "1")
	svc := Services{NoKeeper: true, Themes: []string{"classic", "felt", "mono"}}
	a := NewApp(monoStyles(t), svc, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	themeRow := func() string {
		for _, l := range strings.Split(a.View(), "\n") {
			if strings.Contains(l, "Theme") {
				return l
			}
		}
		t.Fatalf("no theme row:\n%s", a.View())
		return ""
	}
	if row := themeRow(); !strings.Contains(row, "mono (NO_COLOR)") || strings.Contains(row, "classic") {
		t.Fatalf("theme row under NO_COLOR: %q", row)
	}
	for a.setup.items()[a.setup.cursor].kind != itemTheme {
		a.Update(keyMsg("down"))
	}
	a.Update(keyMsg("right"))
	if row := themeRow(); !strings.Contains(row, "mono (NO_COLOR)") || a.setup.theme != "classic" {
		t.Fatalf("right under NO_COLOR changed the row to %q (theme %q)", row, a.setup.theme)
	}
	t.Setenv("NO_COLOR", "")
	if row := themeRow(); !strings.Contains(row, "classic") {
		t.Fatalf("theme row with colour: %q", row)
	}
}

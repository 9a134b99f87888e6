package serve

import (
	"slices"
	"sync"
	"testing"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// A bot the operator offers is a seat kind of the new-table form; the
// table seats it under its name and plays it through its command, and a
// player can never name a command of their own.
func TestBotSeatsOfferedByTheServer(t *testing.T) {
	var mu sync.Mutex
	var levels []string
	ts := startServer(t, t.TempDir(), func(o *Options) {
		o.Bots = []Bot{{Name: "Robo", Command: "python3 bot.py"}}
		o.NewComputer = func(level string, _ int, _ uint64) (host.Computer, error) {
			mu.Lock()
			levels = append(levels, level)
			mu.Unlock()
			return drawer{}, nil
		}
	})
	defer ts.stop(t)
	kinds := ts.seatKinds()
	if !slices.Contains(kinds, "bot Robo") || !slices.Contains(kinds, "expert") {
		t.Fatalf("seat kinds %v", kinds)
	}
	f := newCreateForm("Ana", kinds)
	f.row = rowSeats
	for i := 0; i < len(kinds) && f.seats[0] != "bot Robo"; i++ {
		f.change(1)
	}
	if f.seats[0] != "bot Robo" {
		t.Fatalf("the form never offered the bot: %v", f.seats)
	}
	b, ok := ts.bot("Robo")
	if !ok {
		t.Fatal("the bot is not found by name")
	}
	tb, err := ts.createTable("k1", "Ana", "Ana's table", game.Standard(), []seatInfo{{Name: b.Name, Computer: true, Level: "cmd:" + b.Command}, {Name: b.Name, Computer: true, Level: "cmd:" + b.Command}})
	if err != nil {
		t.Fatal(err)
	}
	h := tb.Host()
	if h == nil {
		t.Fatal("a table with every seat taken starts its match")
	}
	st := h.Settings()
	if st.Seats[1].Name != "Robo" || st.Seats[2].Name != "Robo 2" {
		t.Fatalf("bot seats are named %q and %q", st.Seats[1].Name, st.Seats[2].Name)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(levels) != 2 || levels[0] != "cmd:python3 bot.py" {
		t.Fatalf("computers made for %v", levels)
	}
}

// A French table (the grid) seats bots and computer levels: the bot
// protocol carries the grid.
func TestBotAtAFrenchTable(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(o *Options) {
		o.Bots = []Bot{{Name: "Robo", Command: "python3 bot.py"}}
		o.NewComputer = func(string, int, uint64) (host.Computer, error) { return drawer{}, nil }
	})
	defer ts.stop(t)
	r, err := game.Preset("french")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.createTable("k1", "Ana", "Ana's table", r, []seatInfo{{Name: "Robo", Computer: true, Level: "cmd:python3 bot.py"}}); err != nil {
		t.Fatalf("a bot at a French table: %v", err)
	}
	if _, err := ts.createTable("k1", "Ana", "Ana's table", r, []seatInfo{{Computer: true, Level: "easy"}}); err != nil {
		t.Fatalf("a French table with a computer level: %v", err)
	}
}

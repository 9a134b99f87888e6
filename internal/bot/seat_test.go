package bot

import (
	"context"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// A Seat used the way the game's screen uses a computer seat (no Begin,
// no Refused, a context without a deadline, a new game now and then)
// plays a whole River match through a served level with no fault: the
// process starts at its first turn and lives through the match.
func TestSeatPlaysAMatchAsTheGameDoes(t *testing.T) {
	r, err := game.Preset("river")
	if err != nil {
		t.Fatal(err)
	}
	r.Games = 2
	m, err := game.NewMatch(r, []string{"ana", "bot"}, 21)
	if err != nil {
		t.Fatal(err)
	}
	log := &lockedBuffer{}
	s := NewSeat(helperArgv("serve:medium:200ms"), Options{Log: log, Startup: 30 * time.Second, Seed: 5})
	defer s.Close()
	other := NewSeat(helperArgv("serve:easy:100ms"), Options{Log: log, Startup: 30 * time.Second, Seed: 6})
	defer other.Close()
	seats := []*Seat{other, s}
	playMatch(t, m, []host.Computer{other, s})
	for i, st := range seats {
		if c := st.Counts(); c != (Counts{Starts: 1}) {
			t.Errorf("seat %d: %+v", i, c)
		}
	}
	if strings.Count(log.String(), "start 1 of 3") != 2 {
		t.Errorf("each bot starts once: %s", log.String())
	}
}

// playMatch plays m to its end, each seat's Move against the engine with
// no deadline, telling the seats that want it each game's end.
func playMatch(t *testing.T, m *game.Match, seats []host.Computer) {
	t.Helper()
	finish := func() {
		for i, p := range seats {
			if f, ok := p.(host.Finisher); ok {
				f.Finish(m.ViewFor(i))
			}
		}
	}
	for steps := 0; !m.Over(); steps++ {
		if steps > 5000 {
			t.Fatal("the match does not end")
		}
		if m.Game.Over {
			finish()
			if _, err := m.Apply(game.Action{Kind: game.ActNextGame}); err != nil {
				t.Fatal(err)
			}
			continue
		}
		seat := m.Game.Turn
		a, err := seats[seat].Move(context.Background(), m.ViewFor(seat))
		if err != nil {
			t.Fatalf("seat %d: %v", seat, err)
		}
		a.Seat = seat
		if _, err := m.Apply(a); err != nil {
			t.Fatalf("seat %d's %s refused: %v", seat, a.Kind, err)
		}
	}
	finish()
}

package host_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

var t0 = time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)

// drawer is a computer seat that always draws (or keeps, or passes).
type drawer struct{}

func (drawer) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	return host.Fallback(v), nil
}

// newHost makes a host over a fresh match of seats ("Ana", "cpu").
func newHost(t *testing.T, r game.Rules, seats []host.Seat, computers map[int]host.Computer, opt func(*host.Config)) (*host.Host, *host.ManualClock) {
	t.Helper()
	var names []string
	for _, s := range seats {
		names = append(names, s.Name)
	}
	m, err := game.NewMatch(r, names, 7)
	if err != nil {
		t.Fatal(err)
	}
	clk := host.NewManualClock(t0)
	cfg := host.Config{Match: m, Settings: host.Settings{Seats: seats}, Computers: computers, Clock: clk}
	if opt != nil {
		opt(&cfg)
	}
	h, err := host.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { h.Close() })
	return h, clk
}

// drain reads every event waiting on s.
func drain(s *host.Subscription) []host.Event {
	var out []host.Event
	for s.Pending() > 0 {
		e, err := s.Next(context.Background())
		if err != nil {
			break
		}
		out = append(out, e)
	}
	return out
}

func last(t *testing.T, s *host.Subscription) host.Event {
	t.Helper()
	evs := drain(s)
	if len(evs) == 0 {
		t.Fatal("no event")
	}
	return evs[len(evs)-1]
}

// checkPrivate fails when an event gives a subscriber holding seats a
// rack, a reveal or drawn tiles of a seat it does not hold.
func checkPrivate(t *testing.T, held []int, e host.Event) {
	t.Helper()
	holds := func(s int) bool {
		for _, h := range held {
			if h == s {
				return true
			}
		}
		return false
	}
	v := e.State.View
	if v.Seat >= 0 && !holds(v.Seat) {
		t.Fatalf("a subscriber of seats %v received the view of seat %d", held, v.Seat)
	}
	if v.Seat < 0 && (len(v.Rack) > 0 || len(v.Reveal) > 0 || len(v.Must) > 0) {
		t.Fatalf("a public view holds a rack: %v", v.Rack)
	}
	if v.Seat >= 0 && len(v.Rack) != v.RackCounts[v.Seat] {
		t.Fatalf("seat %d's view holds %d tiles, its count says %d", v.Seat, len(v.Rack), v.RackCounts[v.Seat])
	}
	if (len(e.Drawn) > 0 || len(e.Revealed) > 0) && !holds(e.Seat) {
		t.Fatalf("a subscriber of seats %v was told the tiles seat %d drew", held, e.Seat)
	}
	if !v.GameOver && v.Racks != nil {
		t.Fatal("racks shown while the game is played")
	}
}

// Whole matches through the host: two human seats driven by their own
// goroutines through their subscriptions (each plays what the medium
// computer would), two computer seats, and a spectator checking that
// every tile is in one place after every action; no subscriber ever
// receives another seat's rack.
func TestWholeMatchesThroughHost(t *testing.T) {
	for _, preset := range []string{"standard", "river"} {
		t.Run(preset, func(t *testing.T) {
			r, _ := game.Preset(preset)
			r.Games = 1
			seats := []host.Seat{{Name: "Ana"}, {Name: "Max", Computer: true, Level: "medium"}, {Name: "Ben"}, {Name: "Eve", Computer: true, Level: "easy"}}
			computers := map[int]host.Computer{}
			for _, i := range []int{1, 3} {
				p, err := ai.New(seats[i].Level, uint64(i))
				if err != nil {
					t.Fatal(err)
				}
				computers[i] = p
			}
			store, err := host.NewStore(t.TempDir())
			if err != nil {
				t.Fatal(err)
			}
			h, _ := newHost(t, r, seats, computers, func(c *host.Config) { c.Store = store })
			subs := map[int]*host.Subscription{0: h.Subscribe(0), 2: h.Subscribe(2)}
			spectator := h.Subscribe()
			ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
			defer cancel()
			var wg sync.WaitGroup
			errs := make(chan error, 8)
			for seat, sub := range subs {
				wg.Add(1)
				go func() {
					defer wg.Done()
					me, _ := ai.New("medium", uint64(seat)+10)
					for {
						e, err := sub.Next(ctx)
						if err != nil {
							return
						}
						checkPrivate(t, []int{seat}, e)
						v := e.State.View
						if e.Kind == host.EvMatchOver || e.Kind == host.EvGameOver {
							return
						}
						if e.State.Phase != host.PhasePlaying || v.Turn != seat || v.Seat != seat {
							continue
						}
						if sub.Pending() > 0 {
							continue // act on the newest state only
						}
						a, err := me.Move(ctx, v)
						if err != nil {
							errs <- err
							return
						}
						if _, err := h.Act(seat, a); err != nil {
							var fe *game.FlowError
							if errors.As(err, &fe) && (fe.Code == game.CodeNotYourTurn || fe.Code == host.CodeNotPlaying) {
								continue
							}
							errs <- fmt.Errorf("seat %d: %s refused: %v", seat, a.Kind, err)
							return
						}
					}
				}()
			}
			// Actions for the computer seats and for no seat, sent at the
			// same time, are refused and change nothing.
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := 0; i < 200 && ctx.Err() == nil; i++ {
					for _, seat := range []int{1, 3, 7, -1} {
						if _, err := h.Act(seat, game.Action{Kind: game.ActDraw}); err == nil {
							errs <- fmt.Errorf("seat %d acted for a computer or no seat", seat)
							return
						}
					}
					h.Continue()
					time.Sleep(time.Millisecond)
				}
			}()
			h.Start()
			actions := 0
			for {
				e, err := spectator.Next(ctx)
				if err != nil {
					m := h.Snapshot()
					t.Fatalf("the match did not end: %v; phase %v turn %d reveal %v pull %v pool %d", err, h.Phase(), m.Game.Turn, m.Game.Reveal, m.Game.Pull, len(m.Game.Pool))
				}
				checkPrivate(t, nil, e)
				if e.Kind == host.EvApplied || e.Kind == host.EvTimedOut {
					actions++
					if err := h.Snapshot().CheckConservation(); err != nil {
						t.Fatal(err)
					}
				}
				if e.Kind == host.EvMatchOver {
					break
				}
			}
			cancel()
			wg.Wait()
			close(errs)
			for err := range errs {
				t.Error(err)
			}
			if actions < 20 {
				t.Fatalf("only %d actions in a whole game", actions)
			}
			if err := h.Close(); err != nil {
				t.Fatal(err)
			}
			sv, err := store.Load(h.Name())
			if err != nil {
				t.Fatal(err)
			}
			if !sv.Finished() || len(sv.Match.History) != len(h.Snapshot().History) {
				t.Fatalf("the finished match is kept: finished %v, %d actions", sv.Finished(), len(sv.Match.History))
			}
		})
	}
}

func humansAnd(n int) []host.Seat {
	var s []host.Seat
	for i := 0; i < n; i++ {
		s = append(s, host.Seat{Name: fmt.Sprintf("P%d", i+1)})
	}
	return s
}

func TestTimeoutDrawsAndIsAnnounced(t *testing.T) {
	h, clk := newHost(t, game.Standard(), humansAnd(2), nil, nil)
	sub := h.Subscribe(0, 1)
	h.Start()
	e := last(t, sub)
	seat := e.State.View.Turn
	if e.State.Phase != host.PhasePlaying || !e.State.Deadline.Equal(t0.Add(60*time.Second)) {
		t.Fatalf("phase %v deadline %v", e.State.Phase, e.State.Deadline)
	}
	clk.Advance(59 * time.Second)
	if len(drain(sub)) != 0 {
		t.Fatal("an event before the time ran out")
	}
	clk.Advance(time.Second)
	evs := drain(sub)
	if len(evs) == 0 || evs[0].Kind != host.EvTimedOut || evs[0].Seat != seat || evs[0].Public.Drew != 1 || len(evs[0].Drawn) != 1 {
		t.Fatalf("time-out events %+v", evs)
	}
	if m := h.Snapshot(); len(m.Game.Racks[seat]) != 15 || m.Game.Turn == seat {
		t.Fatal("the time-out should draw one and end the turn")
	}
}

func TestTimeoutOfUnfinishedRearrangement(t *testing.T) {
	h, clk := newHost(t, game.Standard(), humansAnd(2), nil, nil)
	h.Start()
	m := h.Snapshot()
	seat := m.Game.Turn
	rack := m.Game.Racks[seat]
	// Two rack tiles laid as a set of their own: not a valid set.
	h.Draft(seat, game.Table{{rack[0], rack[1]}}, false)
	sub := h.Subscribe(seat)
	drain(sub)
	clk.Advance(60 * time.Second)
	e := drain(sub)[0]
	if e.Kind != host.EvTimedOut || !e.Public.Unfinished || e.Public.Drew != 3 {
		t.Fatalf("unfinished time-out: %+v", e.Public)
	}
	after := h.Snapshot()
	if len(after.Game.Racks[seat]) != 17 || !after.Game.Table.Empty() {
		t.Fatalf("rack %d tiles, table %v", len(after.Game.Racks[seat]), after.Game.Table)
	}
}

func TestPausedClockKeepsTheTimeLeft(t *testing.T) {
	h, clk := newHost(t, game.Standard(), humansAnd(2), nil, nil)
	sub := h.Subscribe(0, 1)
	h.Start()
	clk.Advance(20 * time.Second)
	h.PauseClock()
	e := last(t, sub)
	if !e.State.Paused || e.State.Left != 40*time.Second || !e.State.Deadline.IsZero() {
		t.Fatalf("paused: %+v", e.State)
	}
	clk.Advance(10 * time.Minute)
	if len(drain(sub)) != 0 {
		t.Fatal("the paused clock ran out")
	}
	h.ResumeClock()
	e = last(t, sub)
	if e.State.Paused || !e.State.Deadline.Equal(clk.Now().Add(40*time.Second)) {
		t.Fatalf("resumed at %v: deadline %v paused %v", clk.Now(), e.State.Deadline, e.State.Paused)
	}
}

// Quitting and resuming gives back the time that was left, not the full
// time.
func TestResumeGivesTheTimeLeft(t *testing.T) {
	store, err := host.NewStore(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	h, clk := newHost(t, game.Standard(), humansAnd(2), nil, func(c *host.Config) { c.Store = store })
	h.Start()
	clk.Advance(45 * time.Second)
	if err := h.Close(); err != nil {
		t.Fatal(err)
	}
	sv, err := store.Load(h.Name())
	if err != nil {
		t.Fatal(err)
	}
	if sv.TurnLeft != 15*time.Second {
		t.Fatalf("saved time left %v, want 15s", sv.TurnLeft)
	}
	clk2 := host.NewManualClock(t0)
	h2, err := host.New(host.Config{Match: sv.Match, Settings: sv.Settings, Clock: clk2, Store: store, Name: sv.Name, TurnLeft: sv.TurnLeft})
	if err != nil {
		t.Fatal(err)
	}
	defer h2.Close()
	sub := h2.Subscribe(0, 1)
	h2.Start()
	if e := last(t, sub); !e.State.Deadline.Equal(t0.Add(15 * time.Second)) {
		t.Fatalf("resumed deadline %v", e.State.Deadline)
	}
}

func TestHotSeatClockWaitsForBegin(t *testing.T) {
	h, clk := newHost(t, game.Standard(), humansAnd(2), nil, func(c *host.Config) { c.HotSeat = true })
	sub := h.Subscribe(0, 1)
	h.Start()
	e := last(t, sub)
	seat := e.State.View.Turn
	if e.State.Phase != host.PhaseWaiting || !e.State.Deadline.IsZero() || e.State.Left != 60*time.Second {
		t.Fatalf("waiting: %+v", e.State)
	}
	clk.Advance(5 * time.Minute)
	if _, err := h.Act(seat, game.Action{Kind: game.ActDraw}); err == nil {
		t.Fatal("an action before Begin was taken")
	}
	if err := h.Begin(1 - seat); err == nil {
		t.Fatal("the other seat began the turn")
	}
	if err := h.Begin(seat); err != nil {
		t.Fatal(err)
	}
	if e := last(t, sub); e.State.Phase != host.PhasePlaying || !e.State.Deadline.Equal(clk.Now().Add(60*time.Second)) {
		t.Fatalf("begun: %+v", e.State)
	}
}

func TestComputerPauseAndContinue(t *testing.T) {
	seats := []host.Seat{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}
	h, clk := newHost(t, game.Standard(), seats, map[int]host.Computer{1: drawer{}}, func(c *host.Config) { c.Settings.ComputerPause = 2 * time.Second })
	sub := h.Subscribe(0)
	h.Start()
	h.WaitIdle()
	m := h.Snapshot()
	if m.Game.Turn == 1 {
		t.Fatal("the computer should have moved")
	}
	if m.Game.Turns == 1 {
		// The computer started: its turn is on view for the pause.
		if p := h.Phase(); p != host.PhaseShowing {
			t.Fatalf("phase %v after the computer's turn", p)
		}
		clk.Advance(2 * time.Second)
	}
	if p := h.Phase(); p != host.PhasePlaying {
		t.Fatalf("phase %v, want the human's turn", p)
	}
	drain(sub)
	if _, err := h.Act(0, game.Action{Kind: game.ActDraw}); err != nil {
		t.Fatal(err)
	}
	h.WaitIdle()
	if p := h.Phase(); p != host.PhaseShowing {
		t.Fatalf("phase %v after the computer's turn", p)
	}
	h.Continue()
	if p := h.Phase(); p != host.PhasePlaying {
		t.Fatalf("Continue: phase %v", p)
	}
	var saw bool
	for _, e := range drain(sub) {
		checkPrivate(t, []int{0}, e)
		if e.Kind == host.EvApplied && e.Seat == 1 && e.Public.Drew == 1 {
			saw = true
		}
	}
	if !saw {
		t.Fatal("the computer's draw was not published")
	}
}

// A computer whose move the engine refuses draws instead, and the event
// says why.
type badPlayer struct{}

func (badPlayer) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	return game.Action{Kind: game.ActPlay, After: game.Table{{v.Rack[0]}}}, nil
}

func TestRefusedComputerMoveFallsBack(t *testing.T) {
	seats := []host.Seat{{Name: "Ana"}, {Name: "Bad", Computer: true}}
	h, _ := newHost(t, game.Standard(), seats, map[int]host.Computer{1: badPlayer{}}, nil)
	sub := h.Subscribe()
	h.Start()
	h.WaitIdle()
	if h.Snapshot().Game.Turn == 1 {
		t.Fatal("the computer's turn did not end")
	}
	if h.Snapshot().Game.Turns == 0 {
		h.Act(0, game.Action{Kind: game.ActDraw})
		h.WaitIdle()
	}
	found := false
	for _, e := range drain(sub) {
		if e.Kind == host.EvApplied && e.Seat == 1 {
			found = e.Fallback != "" && e.Public.Kind == game.ActDraw
		}
	}
	if !found {
		t.Fatal("no fallback draw with its reason")
	}
}

func TestRefusedPlayChangesNothing(t *testing.T) {
	h, _ := newHost(t, game.Standard(), humansAnd(2), nil, nil)
	h.Start()
	before := h.Snapshot()
	seat := before.Game.Turn
	_, err := h.Act(seat, game.Action{Kind: game.ActPlay, After: game.Table{{before.Game.Racks[seat][0]}}})
	var te *game.TurnError
	if !errors.As(err, &te) {
		t.Fatalf("want a TurnError, got %v", err)
	}
	after := h.Snapshot()
	if len(after.History) != len(before.History) || len(after.Game.Racks[seat]) != 14 || after.Game.Turn != seat {
		t.Fatal("a refused play changed the match")
	}
	if _, err := h.Act(1-seat, game.Action{Kind: game.ActDraw}); err == nil {
		t.Fatal("a seat acted out of turn")
	}
}

func TestTakeBackInPractice(t *testing.T) {
	seats := []host.Seat{{Name: "Ana"}, {Name: "Robo", Computer: true, Level: "easy"}}
	h, _ := newHost(t, game.Standard(), seats, map[int]host.Computer{1: drawer{}}, func(c *host.Config) { c.Settings.Practice = true })
	h.Start()
	h.WaitIdle()
	if err := h.TakeBack(0); err == nil {
		t.Fatal("nothing to take back yet, but it was taken")
	}
	if _, err := h.Act(0, game.Action{Kind: game.ActDraw}); err != nil {
		t.Fatal(err)
	}
	h.WaitIdle()
	rack := len(h.Snapshot().Game.Racks[0])
	if err := h.TakeBack(0); err != nil {
		t.Fatal(err)
	}
	if got := len(h.Snapshot().Game.Racks[0]); got != rack-1 {
		t.Fatalf("after the take-back the rack has %d tiles, want %d", got, rack-1)
	}
	if h.Phase() != host.PhasePlaying {
		t.Fatal("the taken-back turn is played again")
	}
}

func TestHandToComputerTakesTheTurnOver(t *testing.T) {
	h, clk := newHost(t, game.Standard(), humansAnd(3), nil, nil)
	h.Start()
	turn := h.Snapshot().Game.Turn
	away := (turn + 1) % 3
	if err := h.HandToComputer(away, "medium", drawer{}); err != nil {
		t.Fatal(err)
	}
	if h.Phase() != host.PhasePlaying || h.Snapshot().Game.Turn != turn {
		t.Fatalf("the seat whose turn it is keeps playing: phase %v", h.Phase())
	}
	if err := h.HandToComputer(away, "medium", drawer{}); err == nil {
		t.Fatal("a computer seat cannot be handed over twice")
	}
	clk.Advance(10 * time.Second)
	if err := h.HandToComputer(turn, "medium", drawer{}); err != nil {
		t.Fatal(err)
	}
	h.WaitIdle()
	m := h.Snapshot()
	if m.Game.Turns < 2 || m.Game.Turn != (turn+2)%3 {
		t.Fatalf("both computer seats played their turns: %d turns, seat %d to play", m.Game.Turns, m.Game.Turn)
	}
	if c := h.Computers(); !c[turn] || !c[away] || c[(turn+2)%3] {
		t.Fatalf("computer seats: %v", c)
	}
	if _, err := h.Act(turn, game.Action{Kind: game.ActDraw}); err == nil {
		t.Fatal("a seat handed to a computer takes no action from its old player")
	}
}

// finisher is a computer that draws, and counts the ends of games it is
// told and whether it was closed.
type finisher struct {
	mu       sync.Mutex
	finished []int
	closed   bool
}

func (f *finisher) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	return drawer{}.Move(ctx, v)
}

func (f *finisher) Finish(v game.SeatView) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !v.GameOver || v.Racks == nil {
		panic("Finish before the game is over")
	}
	f.finished = append(f.finished, v.Game)
}

func (f *finisher) Close() error {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.closed = true
	return nil
}

// A computer that wants to know is told the end of each game, and closed
// with the host.
func TestComputersToldOfGameOverAndClosed(t *testing.T) {
	r := game.Standard()
	r.Games = 1
	r.TurnSeconds = 0
	fin := &finisher{}
	seats := []host.Seat{{Name: "A", Computer: true}, {Name: "B", Computer: true}}
	h, _ := newHost(t, r, seats, map[int]host.Computer{0: fin, 1: drawer{}}, nil)
	sub := h.Subscribe()
	h.Start()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	for {
		e, err := sub.Next(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if e.Kind == host.EvMatchOver {
			break
		}
	}
	h.WaitIdle()
	fin.mu.Lock()
	got := append([]int(nil), fin.finished...)
	fin.mu.Unlock()
	if len(got) != 1 || got[0] != 1 {
		t.Fatalf("told of the ends of games %v, want [1]", got)
	}
	h.Close()
	if !fin.closed {
		t.Fatal("the computer was not closed with the host")
	}
}

// The single save file of earlier versions is moved into the store and
// resumed like any other match; a new match never replaces it.
func TestLegacySaveIsImported(t *testing.T) {
	dir := t.TempDir()
	m, err := game.NewMatch(game.Standard(), []string{"Ana", "Ben"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	data, err := m.MarshalSave()
	if err != nil {
		t.Fatal(err)
	}
	legacy := filepath.Join(dir, host.LegacyName)
	old := fmt.Sprintf(`{"format": "rummikub-table-1", "seats": [{"Name": "Ana"}, {"Name": "Ben", "Computer": true, "Level": "hard"}], "ai_delay": "1s", "match": %s}`, data)
	if err := os.WriteFile(legacy, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	store, err := host.NewStore(filepath.Join(dir, "matches"))
	if err != nil {
		t.Fatal(err)
	}
	if err := store.ImportLegacy(legacy); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(legacy); !errors.Is(err, os.ErrNotExist) {
		t.Fatal("the old file should have moved into the store")
	}
	list, err := store.Unfinished()
	if err != nil || len(list) != 1 {
		t.Fatalf("unfinished matches %v (%v)", list, err)
	}
	sv, err := store.Load(list[0].Name)
	if err != nil {
		t.Fatal(err)
	}
	if !sv.Settings.Seats[1].Computer || sv.Settings.Seats[1].Level != "hard" || sv.Settings.ComputerPause != time.Second || sv.Match.Seed != 3 {
		t.Fatalf("imported settings %+v", sv.Settings)
	}
	// A second match of the same players at the same minute gets a name
	// of its own.
	if other := store.NewName(sv.Match.Names, sv.SavedAt); other == sv.Name {
		t.Fatal("a new match would take the imported one's file")
	}
}

package tui

import (
	"context"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"
	xgolden "github.com/charmbracelet/x/exp/golden"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// monoStyles are the mono theme for a terminal without colour: what the
// golden files hold (with attributes dropped: plain).
func monoStyles(t testing.TB) *Styles {
	t.Helper()
	th, err := themes.Builtin("mono")
	if err != nil {
		t.Fatal(err)
	}
	return style.New(colorprofile.Ascii, true, th)
}

// plain is a view as a terminal without colour or attributes shows it:
// what the golden files and the tests' texts hold.
func plain(v tea.View) string { return ansi.Strip(v.Content) }

// View is the match screen's text (plain).
func (tp *testPlay) View() string { return ansi.Strip(tp.Play.Render()) }

// testPlay is a match screen over a fresh match on a host with a manual
// clock. match is the host's match: tests set it up before start and read
// it when the host is idle (sync).
type testPlay struct {
	*Play
	t     testing.TB
	clock *host.ManualClock
	match *game.Match
}

// noEvents is the event source of a screen whose host events the test
// delivers itself (sync): its commands that wait for an event end at once.
type noEvents struct{}

func (noEvents) Next(context.Context) (host.Event, error) { return host.Event{}, context.Canceled }

// newTestPlay starts a match of the given seats ("Ana,Ben" or with
// cpu seats and computers given) at a size.
func newTestPlay(t testing.TB, cfg Config, w, h int, computers map[int]Computer) *testPlay {
	t.Helper()
	return newTestPlayIn(t, cfg, w, h, computers, nil)
}

// newTestPlayIn is newTestPlay with the match saved in store.
func newTestPlayIn(t testing.TB, cfg Config, w, h int, computers map[int]Computer, store *host.Store) *testPlay {
	t.Helper()
	if cfg.Rules.Preset == "" {
		cfg.Rules = game.Standard()
	}
	if cfg.Seed == 0 {
		cfg.Seed = 42
	}
	m, err := game.NewMatch(cfg.Rules, cfg.Names(), cfg.Seed)
	if err != nil {
		t.Fatal(err)
	}
	c := host.NewManualClock(time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC))
	hst, err := host.New(host.Config{Match: m, Settings: cfg.Settings(), Computers: computers, Clock: c, HotSeat: true, Store: store})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { hst.Close() })
	p := NewPlay(cfg, hst, nil, monoStyles(t))
	p.events = noEvents{}
	p.anaDeadline = -1 // the end-of-game analysis is run by the tests that want it
	p.now = c.Now
	p.SetSize(w, h)
	return &testPlay{Play: p, t: t, clock: c, match: m}
}

// start starts the match and takes in what the host says.
func (tp *testPlay) start() {
	tp.Init()
	tp.sync()
}

// sync waits for the computers and delivers the host's events to the
// screen, running what they ask for, until nothing is left.
func (tp *testPlay) sync() {
	tp.t.Helper()
	for i := 0; i < 10000; i++ {
		tp.host.WaitIdle()
		if tp.sub.Pending() == 0 {
			return
		}
		e, err := tp.sub.Next(context.Background())
		if err != nil {
			return
		}
		_, cmd := tp.Update(hostMsg{e})
		tp.run(cmd)
	}
	tp.t.Fatal("the host never settles")
}

func humans(names ...string) []SeatConfig {
	var out []SeatConfig
	for _, n := range names {
		out = append(out, SeatConfig{Name: n})
	}
	return out
}

// rig gives seat exactly the tiles of rack (notation), taking them from
// the pool (or, swapped for a pool tile, from another rack), and puts the seat's old
// tiles into the pool: every tile stays in one place.
func rig(t testing.TB, m *game.Match, seat int, rack string) {
	t.Helper()
	want, err := game.ParseTiles(rack)
	if err != nil {
		t.Fatal(err)
	}
	g := m.Game
	g.Pool = append(g.Pool, g.Racks[seat]...)
	g.Racks[seat] = nil
	for _, w := range want {
		found := false
		for i, pt := range g.Pool {
			if pt.Face == w.Face {
				g.Racks[seat] = append(g.Racks[seat], pt)
				g.Pool = append(g.Pool[:i], g.Pool[i+1:]...)
				found = true
				break
			}
		}
		for o := range g.Racks {
			if found || o == seat {
				continue
			}
			for i, rt := range g.Racks[o] {
				if rt.Face == w.Face {
					g.Racks[seat] = append(g.Racks[seat], rt)
					g.Racks[o][i] = g.Pool[0]
					g.Pool = g.Pool[1:]
					found = true
					break
				}
			}
		}
		if !found {
			t.Fatalf("rig: no %v left", w.Face)
		}
	}
	if err := m.CheckConservation(); err != nil {
		t.Fatal(err)
	}
}

// keyMsg turns a key name into the message the terminal would send.
func keyMsg(k string) tea.KeyPressMsg {
	switch k {
	case "enter":
		return tea.KeyPressMsg{Code: tea.KeyEnter}
	case "space":
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	case "tab":
		return tea.KeyPressMsg{Code: tea.KeyTab}
	case "esc":
		return tea.KeyPressMsg{Code: tea.KeyEsc}
	case "left":
		return tea.KeyPressMsg{Code: tea.KeyLeft}
	case "right":
		return tea.KeyPressMsg{Code: tea.KeyRight}
	case "up":
		return tea.KeyPressMsg{Code: tea.KeyUp}
	case "down":
		return tea.KeyPressMsg{Code: tea.KeyDown}
	case "shift+right":
		return tea.KeyPressMsg{Code: tea.KeyRight, Mod: tea.ModShift}
	case "shift+left":
		return tea.KeyPressMsg{Code: tea.KeyLeft, Mod: tea.ModShift}
	case "ctrl+r":
		return tea.KeyPressMsg{Code: 'r', Mod: tea.ModCtrl}
	case "home":
		return tea.KeyPressMsg{Code: tea.KeyHome}
	case "end":
		return tea.KeyPressMsg{Code: tea.KeyEnd}
	case "backspace":
		return tea.KeyPressMsg{Code: tea.KeyBackspace}
	case "delete":
		return tea.KeyPressMsg{Code: tea.KeyDelete}
	case "pgup":
		return tea.KeyPressMsg{Code: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyPressMsg{Code: tea.KeyPgDown}
	}
	return tea.KeyPressMsg{Text: k}
}

// press sends keys (space separated names; "x3" repeats: "right*3").
func (tp *testPlay) press(keys string) {
	tp.t.Helper()
	for _, k := range strings.Fields(keys) {
		n := 1
		if i := strings.Index(k, "*"); i > 0 {
			n = 0
			for _, c := range k[i+1:] {
				n = n*10 + int(c-'0')
			}
			k = k[:i]
		}
		for j := 0; j < n; j++ {
			cmd := tp.onKey(keyMsg(k))
			tp.layoutNow() // as Update does after a key
			tp.run(cmd)
			tp.sync()
		}
	}
}

// run carries out a command's messages that do not wait for time
// (computer moves and pauses with no delay), dropping timer ticks.
func (tp *testPlay) run(cmd tea.Cmd) {
	for depth := 0; cmd != nil && depth < 50; depth++ {
		msg := runNow(cmd)
		if msg == nil {
			return
		}
		_, cmd = tp.Update(msg)
	}
}

// runNow runs cmd if it cannot block on a timer: the message of the
// first command of a batch that is a computer move or a pause.
func runNow(cmd tea.Cmd) tea.Msg {
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		if b, ok := msg.(tea.BatchMsg); ok {
			for _, c := range b {
				if c == nil {
					continue
				}
				if m := runNow(c); m != nil {
					switch m.(type) {
					case hintMsg, QuitMsg:
						return m
					}
				}
			}
			return nil
		}
		return msg
	case <-time.After(200 * time.Millisecond):
		return nil // a tick or a spinner: time-based, not run in tests
	}
}

// after moves the clock on (the host's timers fire) and takes in what
// the host says.
func (tp *testPlay) after(d time.Duration) {
	tp.clock.Advance(d)
	tp.sync()
}

// golden compares got with testdata/<test>/<name>.golden through
// x/exp/golden (go test -update rewrites it).
func golden(t *testing.T, name, got string) {
	t.Helper()
	t.Run(strings.TrimSuffix(name, ".golden"), func(t *testing.T) { xgolden.RequireEqual(t, []byte(got)) })
}

// trueColorBuiltin is a Services.Restyle for tests: the built-in theme of
// that name, in true colour on a dark background.
func trueColorBuiltin(name string) (*Styles, error) {
	th, err := themes.Builtin(name)
	if err != nil {
		return nil, err
	}
	return style.New(colorprofile.TrueColor, true, th), nil
}

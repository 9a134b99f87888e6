package keeper

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"rummikub/internal/scorebook"
)

var fixedNow = func() time.Time { return time.Date(2026, 11, 29, 20, 0, 0, 0, time.UTC) }

// press sends keys: named keys (enter, tab, esc, ...) or text typed one
// rune at a time.
func press(t *testing.T, m Model, keys ...string) Model {
	t.Helper()
	named := map[string]tea.KeyPressMsg{
		"enter": {Code: tea.KeyEnter}, "tab": {Code: tea.KeyTab}, "shift+tab": {Code: tea.KeyTab, Mod: tea.ModShift},
		"esc": {Code: tea.KeyEsc}, "left": {Code: tea.KeyLeft}, "right": {Code: tea.KeyRight}, "up": {Code: tea.KeyUp},
		"down": {Code: tea.KeyDown}, "backspace": {Code: tea.KeyBackspace}, "ctrl+s": {Code: 's', Mod: tea.ModCtrl},
		"ctrl+c": {Code: 'c', Mod: tea.ModCtrl}, "space": {Code: tea.KeySpace, Text: " "},
	}
	for _, k := range keys {
		if km, ok := named[k]; ok {
			m = step(m, km)
			continue
		}
		for _, r := range k {
			m = step(m, tea.KeyPressMsg{Code: r, Text: string(r)})
		}
	}
	return m
}

// step sends one message and settles the file work it asks for.
func step(m Model, msg tea.Msg) Model {
	next, cmd := m.Update(msg)
	return settle(next.(Model), cmd)
}

// settle runs cmd's commands and hands the keeper what its file commands
// answer, until no file work is pending. Other commands (the text
// cursor's blink) are left to finish on their own: their messages are
// dropped.
func settle(m Model, cmd tea.Cmd) Model {
	answers := make(chan tea.Msg, 1024)
	var launch func(tea.Cmd)
	launch = func(c tea.Cmd) {
		if c == nil {
			return
		}
		go func() {
			msg := c()
			if b, ok := msg.(tea.BatchMsg); ok {
				for _, c := range b {
					launch(c)
				}
				return
			}
			answers <- msg
		}()
	}
	launch(cmd)
	for m.Pending() {
		msg := <-answers
		if !fileMsg(msg) {
			continue
		}
		next, cmd := m.Update(msg)
		m = next.(Model)
		launch(cmd)
	}
	return m
}

func newKeeper(t *testing.T, dir string, opts Options) Model {
	t.Helper()
	opts.Store = scorebook.Store{Dir: dir}
	opts.Now = fixedNow
	m := New(opts)
	m = settle(m, m.Init())
	return step(m, tea.WindowSizeMsg{Width: 80, Height: 24})
}

// checkFits fails if the screen is larger than the terminal.
func checkFits(t *testing.T, m Model, w, h int) {
	t.Helper()
	v := viewText(m.View())
	lines := strings.Split(v, "\n")
	if len(lines) > h {
		t.Errorf("screen has %d lines, terminal %d:\n%s", len(lines), h, v)
	}
	for _, l := range lines {
		if lipgloss.Width(l) > w {
			t.Errorf("line wider than %d: %q", w, l)
		}
	}
}

func totals(t *testing.T, m Model) []int {
	t.Helper()
	if m.book == nil {
		t.Fatal("no session open")
	}
	return m.res.Totals
}

// A whole session from the keyboard: players, the source 000 games, a
// refused entry, an edit, undo, delete, and resuming from the saved file.
func TestKeeperFromTheKeyboard(t *testing.T) {
	dir := t.TempDir()
	m := newKeeper(t, dir, Options{})
	if !strings.Contains(viewText(m.View()), "New session") {
		t.Fatalf("picker:\n%s", viewText(m.View()))
	}
	m = press(t, m, "enter")
	if m.screen != setupScreen || m.setup.focus != fName || m.setup.name.Placeholder != "2026-11-29" {
		t.Fatalf("setup screen suggesting the date as name, got screen %d name %q", m.screen, m.setup.name.Placeholder)
	}
	checkFits(t, m, 80, 24)
	m = press(t, m, "enter", "Ana", "enter", "Ben", "enter", "Cai", "enter", "Dee", "ctrl+s")
	if m.screen != boardScreen {
		t.Fatalf("not on the board after setup: %s\n%s", m.status, viewText(m.View()))
	}
	if !strings.Contains(viewText(m.View()), "No games yet") {
		t.Errorf("empty board:\n%s", viewText(m.View()))
	}

	// Game 1: Ana goes out.
	m = press(t, m, "a", "1", "enter", "22", "enter", "J O4", "enter", "K11 B9")
	v := viewText(m.View())
	for _, want := range []string{"= 34 (2 tiles)", "= 20 (2 tiles)", "+76", "Zero-sum check: the scores add up to 0"} {
		if !strings.Contains(v, want) {
			t.Errorf("game screen lacks %q:\n%s", want, v)
		}
	}
	checkFits(t, m, 80, 24)
	m = press(t, m, "enter")
	if m.screen != boardScreen || !reflect.DeepEqual(totals(t, m), []int{76, -22, -34, -20}) {
		t.Fatalf("after game 1: screen %d totals %v status %q", m.screen, m.res.Totals, m.status)
	}

	// Game 2, first with mistakes: no winner, then an unknown tile.
	m = press(t, m, "a", "tab", "15", "ctrl+s")
	if m.screen != gameScreen || !strings.Contains(m.status, "has no winner") {
		t.Fatalf("a game without winner: screen %d status %q", m.screen, m.status)
	}
	m = press(t, m, "shift+tab", "2", "tab", "tab", "X9", "ctrl+s")
	if m.screen != gameScreen || !strings.Contains(m.status, `"X9" is not a tile`) {
		t.Fatalf("unknown tile: screen %d status %q", m.screen, m.status)
	}
	if got := m.entry.racks[0].Value(); got != "15" {
		t.Errorf("a refused save lost what was typed: Ana's rack %q", got)
	}
	if len(m.book.Session.Games) != 1 {
		t.Fatalf("a refused game was recorded")
	}
	m = press(t, m, "backspace", "backspace", "8", "tab", "-6", "ctrl+s")
	if !strings.Contains(m.status, "cannot be negative") {
		t.Errorf("negative total: status %q", m.status)
	}
	m = press(t, m, "backspace", "backspace", "6", "enter")
	if m.screen != boardScreen || !reflect.DeepEqual(totals(t, m), []int{61, 7, -42, -26}) {
		t.Fatalf("after game 2: screen %d totals %v status %q", m.screen, m.res.Totals, m.status)
	}
	v = viewText(m.View())
	if !strings.Contains(v, "Leader: Ana") || !strings.Contains(v, "+61") {
		t.Errorf("board after two games:\n%s", v)
	}
	checkFits(t, m, 80, 24)

	// Edit game 1: Ben had 20, not 22.
	m = press(t, m, "up", "enter")
	if m.screen != gameScreen || !m.entry.editing || m.entry.index != 0 {
		t.Fatalf("edit: screen %d editing %v index %d", m.screen, m.entry.editing, m.entry.index)
	}
	m = press(t, m, "tab", "backspace", "0", "ctrl+s")
	if !reflect.DeepEqual(totals(t, m), []int{59, 9, -42, -26}) {
		t.Fatalf("after the edit totals %v, status %q", m.res.Totals, m.status)
	}

	// Undo the edit; delete game 1 and undo that too.
	m = press(t, m, "u")
	if !reflect.DeepEqual(totals(t, m), []int{61, 7, -42, -26}) || !strings.Contains(m.status, "Undone: game 1 changed") {
		t.Fatalf("after undo totals %v, status %q", m.res.Totals, m.status)
	}
	m = press(t, m, "x", "y")
	if len(m.book.Session.Games) != 1 || !reflect.DeepEqual(totals(t, m), []int{-15, 29, -8, -6}) {
		t.Fatalf("after delete: %d games, totals %v", len(m.book.Session.Games), m.res.Totals)
	}
	m = press(t, m, "u")
	if len(m.book.Session.Games) != 2 {
		t.Fatalf("undo of the delete: %d games", len(m.book.Session.Games))
	}

	// Every change was saved: a new keeper resumes the session.
	saved, err := scorebook.Store{Dir: dir}.Load("2026-11-29")
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(*saved, m.book.Session) {
		t.Errorf("the saved session differs from the screen's")
	}
	r := newKeeper(t, dir, Options{Session: "2026-11-29"})
	if r.screen != boardScreen || !reflect.DeepEqual(totals(t, r), []int{61, 7, -42, -26}) {
		t.Errorf("resume: screen %d totals %v", r.screen, r.res.Totals)
	}
	// The picker lists it, newest first, selected.
	p := newKeeper(t, dir, Options{})
	if !strings.Contains(viewText(p.View()), "2026-11-29") || !strings.Contains(viewText(p.View()), "2 games, Ana leads") {
		t.Errorf("picker:\n%s", viewText(p.View()))
	}
	p = press(t, p, "enter")
	if p.screen != boardScreen || p.name != "2026-11-29" {
		t.Errorf("enter on the newest session did not resume it")
	}
}

// The match ends after the agreed games: the winner is announced and no
// game can be added until the options allow more.
func TestKeeperAnnouncesWinner(t *testing.T) {
	dir := t.TempDir()
	m := newKeeper(t, dir, Options{Session: "cup"})
	if m.screen != setupScreen || m.setup.name.Value() != "cup" {
		t.Fatalf("a new named session opens the setup")
	}
	// Two players, one game, highest score wins.
	m = press(t, m, "Ana", "tab", "Ben", "tab", "tab", "tab", "tab", "tab", "right", "tab", "tab", "1", "ctrl+s")
	if m.screen != boardScreen {
		t.Fatalf("setup refused: %s", m.status)
	}
	if o := m.book.Session.Options; o.Win != "score" || o.Games != 1 {
		t.Fatalf("options %+v", o)
	}
	m = press(t, m, "a", "b", "tab", "5", "tab", "12", "enter")
	v := viewText(m.View())
	if !strings.Contains(v, "Match over") || !strings.Contains(v, "the winner is Ana") {
		t.Errorf("no winner announced:\n%s", v)
	}
	m = press(t, m, "a")
	if m.screen != boardScreen || !strings.Contains(m.status, "match is over") {
		t.Errorf("a game after the end: screen %d status %q", m.screen, m.status)
	}
	// Raise the number of games: the match reopens.
	m = press(t, m, "o", "tab", "tab", "tab", "tab", "tab", "tab", "tab", "tab", "backspace", "3", "ctrl+s")
	if m.res.Finished || m.book.Session.Options.Games != 3 {
		t.Errorf("after raising the games: finished %v, options %+v, status %q", m.res.Finished, m.book.Session.Options, m.status)
	}
}

func TestKeeperPlainAndEmbedded(t *testing.T) {
	dir := t.TempDir()
	colour := newKeeper(t, dir, Options{Styles: themed(t, "classic", colorprofile.TrueColor)})
	if !strings.Contains(colour.View().Content, "\x1b[") {
		t.Errorf("the colour screen has no colour")
	}
	// NO_COLOR: the mono theme on a renderer without colour.
	plain := newKeeper(t, dir, Options{Styles: themed(t, "mono", colorprofile.Ascii), Embedded: true})
	plain = press(t, plain, "enter", "tab", "Ana", "tab", "Ben", "ctrl+s", "a", "1", "tab", "R7 J", "enter")
	for _, s := range []string{viewText(plain.View()), viewText(press(t, plain, "a").View())} {
		if strings.Contains(s, "\x1b[") {
			t.Errorf("NO_COLOR screen has escape codes:\n%q", s)
		}
	}
	// Leaving an embedded keeper sends CloseMsg instead of quitting.
	plain = press(t, plain, "esc", "esc")
	_, cmd := plain.Update(tea.KeyPressMsg{Text: "q"})
	if cmd == nil {
		t.Fatal("q on the picker did nothing")
	}
	if _, ok := cmd().(CloseMsg); !ok {
		t.Errorf("embedded keeper did not send CloseMsg")
	}
	standalone := newKeeper(t, dir, Options{})
	_, cmd = standalone.Update(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Errorf("standalone keeper did not quit")
	}
}

// Six players with long names still fit 80x24.
func TestKeeperSixPlayersFit(t *testing.T) {
	m := newKeeper(t, t.TempDir(), Options{})
	m = press(t, m, "enter", "tab")
	for _, p := range []string{"Alexandrina", "Bartholomew", "Christopher", "Dominique", "Evangeline", "Fitzgerald"} {
		m = press(t, m, p, "tab")
	}
	m = press(t, m, "tab", "tab", "30", "ctrl+s")
	if m.screen != boardScreen || m.book.Session.Options.Games != 30 {
		t.Fatalf("six players refused: %s", m.status)
	}
	for i := 0; i < 20; i++ {
		m = press(t, m, "a", "1", "tab", "R1", "tab", "R2", "tab", "B3 J", "tab", "4", "tab", "5", "enter")
	}
	if len(m.book.Session.Games) != 20 {
		t.Fatalf("%d games recorded, want 20: %s", len(m.book.Session.Games), m.status)
	}
	checkFits(t, m, 80, 24)
	if v := viewText(m.View()); !strings.Contains(v, ">20") || !strings.Contains(v, "Alexandr") {
		t.Errorf("the last game is not in view:\n%s", v)
	}
	m = press(t, m, "g")
	if v := viewText(m.View()); !strings.Contains(v, ">1 ") {
		t.Errorf("the first game is not in view after g:\n%s", v)
	}
	m = press(t, m, "a")
	checkFits(t, m, 80, 24)
	m = step(m, tea.WindowSizeMsg{Width: 120, Height: 40})
	checkFits(t, m, 120, 40)
}

// Keys typed faster than the screen reads arrive as one message of
// several runes: each still counts.
func TestKeeperFastTyping(t *testing.T) {
	m := newKeeper(t, t.TempDir(), Options{Session: "fast"})
	m = press(t, m, "Ana", "tab", "Ben", "ctrl+s")
	m = step(m, tea.KeyPressMsg{Text: "a1"})
	if m.screen != gameScreen || m.entry.out != 0 {
		t.Fatalf("a1 typed at once: screen %d out %d", m.screen, m.entry.out)
	}
	m = press(t, m, "tab")
	m = step(m, tea.KeyPressMsg{Text: "R7 K11 J"})
	if got := m.entry.racks[1].Value(); got != "R7 K11 J" {
		t.Errorf("rack typed at once reads %q", got)
	}
}

// esc on a game with something typed asks first; nothing is lost to one
// stray key.
func TestKeeperEscAsksBeforeDiscarding(t *testing.T) {
	m := newKeeper(t, t.TempDir(), Options{Session: "esc"})
	m = press(t, m, "Ana", "tab", "Ben", "ctrl+s", "a", "esc")
	if m.screen != boardScreen {
		t.Fatalf("esc on an untouched game should leave at once")
	}
	m = press(t, m, "a", "2", "tab", "R5", "esc")
	if m.screen != gameScreen || !strings.Contains(m.status, "esc again") {
		t.Fatalf("first esc with typing: screen %d status %q", m.screen, m.status)
	}
	m = press(t, m, "J")
	if got := m.entry.racks[0].Value(); got != "R5J" {
		t.Errorf("typing after one esc: %q", got)
	}
	m = press(t, m, "esc", "esc")
	if m.screen != boardScreen || len(m.book.Session.Games) != 0 {
		t.Errorf("two escs: screen %d, %d games", m.screen, len(m.book.Session.Games))
	}
}

// A save that fails is shown as an error, and the change stays on the
// screen: nothing typed is lost.
func TestKeeperSaveFailureKeepsTheChange(t *testing.T) {
	file := filepath.Join(t.TempDir(), "not-a-folder")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := newKeeper(t, filepath.Join(file, "scores"), Options{})
	m = press(t, m, "enter", "friday", "enter", "Ana", "enter", "Ben", "ctrl+s")
	if m.screen != boardScreen || !m.statusErr {
		t.Fatalf("a failed save: screen %d status %q (error %v)", m.screen, m.status, m.statusErr)
	}
	m = press(t, m, "a", "1", "enter", "22", "enter")
	if len(m.book.Session.Games) != 1 || !m.statusErr {
		t.Errorf("after a failed save: %d games, status %q", len(m.book.Session.Games), m.status)
	}
}

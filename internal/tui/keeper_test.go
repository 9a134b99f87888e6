package tui

import (
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/tui/keeper"
)

// The score keeper opened from the setup screen draws in the theme chosen
// there, for the session's terminal, and
// leaving it comes back to the setup screen.
func TestSetupOpensKeeperInItsTheme(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	t.Setenv("NO_COLOR", "") // the theme row chooses only with colour
	restyle := trueColorBuiltin
	st, err := restyle("classic")
	if err != nil {
		t.Fatal(err)
	}
	svc := Services{Themes: []string{"classic", "felt"}, Restyle: restyle}
	a := NewApp(st, svc, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	send := func(k string) {
		_, cmd := a.Update(keyMsg(k))
		for cmd != nil {
			msg := cmd()
			if msg == nil {
				return
			}
			_, cmd = a.Update(msg)
		}
	}
	for a.setup.items()[a.setup.cursor].kind != itemTheme {
		send("down")
	}
	send("right") // felt: a board colour, easy to tell apart
	if a.setup.Styles().Theme.Name != "felt" {
		t.Fatalf("theme row chose %q", a.setup.Styles().Theme.Name)
	}
	for a.setup.items()[a.setup.cursor].kind != itemKeeper {
		send("down")
	}
	send("enter")
	if _, ok := a.child.(*keeperScreen); !ok {
		t.Fatalf("enter on the keeper line opened %T", a.child)
	}
	want := keeper.New(keeper.Options{Embedded: true, Styles: a.setup.Styles()})
	want.SetSize(80, 24)
	if got := plain(a.View()); got != plain(want.View()) {
		t.Errorf("the keeper is not drawn in the setup screen's theme:\n%q\nwant\n%q", got, plain(want.View()))
	}
	classic := keeper.New(keeper.Options{Embedded: true, Styles: st})
	classic.SetSize(80, 24)
	if plain(a.View()) == plain(classic.View()) {
		t.Errorf("the keeper ignores the theme chosen on the setup screen")
	}
	send("q")
	if a.child != Screen(a.setup) {
		t.Errorf("q on the keeper's picker did not come back to the setup screen (%T)", a.child)
	}
}

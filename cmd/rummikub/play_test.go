package main

import (
	"strings"
	"testing"
)

// TestPlayBadInput: every bad flag is one sentence on stderr and exit 2,
// before the game takes the terminal.
func TestPlayBadInput(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"play", "--players", "Ana"}, "2 to 4 players"},
		{[]string{"play", "--players", "Ana,Ben,Cai,Dee,Eve"}, "2 to 4 players"},
		{[]string{"play", "--players", "Ana,ana"}, "different name"},
		{[]string{"play", "--players", "Ana,cpu:godlike"}, "unknown computer level"},
		{[]string{"play", "--timer", "5x"}, "--timer"},
		{[]string{"play", "--seed", "abc"}, "--seed"},
		{[]string{"play", "--rules", "nope"}, "unknown rule preset"},
		{[]string{"play", "--option", "wrap=maybe"}, "wrap"},
		{[]string{"play", "--games", "-1"}, "games"},
		{[]string{"play", "--theme", "nope"}, "no theme"},
		{[]string{"play", "--practice", "--players", "Ana,Ben"}, "practice"},
		{[]string{"play", "--resume"}, "no saved match"},
		{[]string{"play", "--players", "Ana,Ben"}, "needs a terminal"},
		{[]string{"play", "extra"}, "unknown command"},
		{[]string{"play", "--rules", "french", "--players", "Ana,Ben"}, "needs a terminal"},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.args, " "), func(t *testing.T) { refused(t, c.want, c.args...) })
	}
}

func TestParseTimer(t *testing.T) {
	for in, want := range map[string]int{"60s": 60, "2m": 120, "90": 90, "off": 0, "0": 0} {
		got, err := parseTimer(in)
		if err != nil || got != want {
			t.Errorf("parseTimer(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "-5s", "1.5s", "soon"} {
		if _, err := parseTimer(in); err == nil {
			t.Errorf("parseTimer(%q): want an error", in)
		}
	}
}

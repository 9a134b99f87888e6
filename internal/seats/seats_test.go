package seats

import (
	"context"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"rummikub/internal/bot"
	"rummikub/internal/game"
)

func TestParse(t *testing.T) {
	for _, tc := range []struct {
		name, entry string
		kind        Kind
		want        string // Entry kept, or the error
	}{
		{"level", "hard", Level, "hard"},
		{"level any case, spaces", "  ExPert ", Level, "expert"},
		{"panel", "panel:holder", Panel, "panel:holder"},
		{"panel any case", "Panel:Mirror", Panel, "panel:mirror"},
		{"command kept as written", "CMD:sh -c x=1", Command, "CMD:sh -c x=1"},
		{"unknown level", "wizard", 0, `unknown computer level "wizard"; the levels are easy, medium, hard, expert`},
		{"empty", "", 0, `unknown computer level ""; the levels are easy, medium, hard, expert`},
		{"unknown panel player", "panel:x", 0, `unknown panel player "panel:x"; the panel is panel:holder, panel:dumper, panel:late, panel:mirror`},
		{"command without words", "cmd:  ", 0, "a cmd: seat needs a command, as in cmd:python3 mybot.py"},
		{"command not found", "cmd:no-such-bot-h22b", 0, `the bot command "no-such-bot-h22b" cannot be run`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, err := Parse(tc.entry)
			if tc.kind == 0 {
				if err == nil || !strings.HasPrefix(err.Error(), tc.want) {
					t.Fatalf("Parse(%q) = %+v, %v; want the error %q", tc.entry, s, err, tc.want)
				}
				return
			}
			if err != nil || s.Kind != tc.kind || s.Entry != tc.want {
				t.Fatalf("Parse(%q) = %+v, %v; want kind %d entry %q", tc.entry, s, err, tc.kind, tc.want)
			}
		})
	}
}

func TestParseOnly(t *testing.T) {
	for _, tc := range []struct {
		entry      string
		level, own bool
	}{
		{"medium", true, true},
		{"panel:late", false, true},
		{"cmd:sh", false, false},
		{"cmd:no-such-bot-h22b", false, false},
		{"x", false, false},
	} {
		t.Run(tc.entry, func(t *testing.T) {
			if _, err := ParseLevel(tc.entry); (err == nil) != tc.level {
				t.Errorf("ParseLevel(%q): %v", tc.entry, err)
			}
			_, err := ParseOwn(tc.entry)
			if (err == nil) != tc.own {
				t.Errorf("ParseOwn(%q): %v", tc.entry, err)
			}
			if err != nil && tc.entry[0] == 'c' && !strings.HasPrefix(err.Error(), "unknown computer level") {
				t.Errorf("ParseOwn(%q) says %q: a bot is not one of our levels", tc.entry, err)
			}
		})
	}
}

func TestSplitName(t *testing.T) {
	for _, tc := range []struct {
		part, name, entry string
		named             bool
	}{
		{"hard", "", "hard", false},
		{" Ana = hard ", "Ana", "hard", true},
		{"Robo=cmd:sh -c x=1", "Robo", "cmd:sh -c x=1", true},
		{"cmd:./bot --x=1", "", "cmd:./bot --x=1", false},
		{"=hard", "", "hard", true},
	} {
		t.Run(tc.part, func(t *testing.T) {
			n, e, named := SplitName(tc.part)
			if n != tc.name || e != tc.entry || named != tc.named {
				t.Fatalf("SplitName(%q) = %q, %q, %v", tc.part, n, e, named)
			}
		})
	}
}

func TestMaker(t *testing.T) {
	standard := game.Standard()
	timed := game.Standard()
	timed.TurnSeconds = 1
	level, _ := Parse("medium")
	cmd, _ := Parse("cmd:sh")
	for _, tc := range []struct {
		name   string
		o      Options
		spec   Spec
		r      *game.Rules
		budget time.Duration
		byWork bool
	}{
		{"level's own", Options{}, level, &standard, 200 * time.Millisecond, false},
		{"level thinks", Options{Think: 3 * time.Second}, level, &standard, 3 * time.Second, false},
		{"level cut by the timer", Options{Think: 3 * time.Second}, level, &timed, time.Second, false},
		{"level by work", Options{Deterministic: true}, level, &standard, 200 * time.Millisecond, true},
		{"bot default", Options{}, cmd, &standard, bot.DefaultTime, false},
		{"bot takes think", Options{Think: 300 * time.Millisecond}, cmd, &standard, 300 * time.Millisecond, false},
		{"bot time", Options{Think: 300 * time.Millisecond, BotTime: 5 * time.Second}, cmd, &standard, 5 * time.Second, false},
		{"bot cut by the timer", Options{BotTime: 5 * time.Second}, cmd, &timed, time.Second, false},
		{"bot keeps its time when deterministic", Options{Deterministic: true}, cmd, &standard, bot.DefaultTime, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := Maker{tc.o}
			if got := m.Budget(tc.spec, tc.r); got != tc.budget {
				t.Errorf("budget %v, want %v", got, tc.budget)
			}
			if got := m.ByWork(tc.spec); got != tc.byWork {
				t.Errorf("by work %v, want %v", got, tc.byWork)
			}
			c, err := m.Computer(tc.spec, 1)
			if err != nil {
				t.Fatal(err)
			}
			_, isBot := c.(*bot.Seat)
			if isBot != (tc.spec.Kind == Command) {
				t.Errorf("%s made a %T", tc.spec.Entry, c)
			}
		})
	}
}

// A level made deterministic plays the move its player plays with all
// the time in the world, even past its turn's deadline.
func TestComputerByWork(t *testing.T) {
	m, err := game.NewMatch(game.Standard(), []string{"a", "b"}, 3)
	if err != nil {
		t.Fatal(err)
	}
	v := m.ViewFor(m.Game.Turn)
	spec, _ := Parse("easy")
	ref, _ := Maker{}.Player(spec, 3)
	want, err := ref.Move(context.Background(), v)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := Maker{Options{Deterministic: true}}.Computer(spec, 3)
	expired, cancel := context.WithDeadline(context.Background(), time.Now().Add(-time.Second))
	defer cancel()
	got, err := c.Move(expired, v)
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Fatalf("deterministic seat played %+v (%v), want %+v", got, err, want)
	}
}

// Any entry parses to a kind or to one sentence, never a panic.
func FuzzParse(f *testing.F) {
	for _, s := range []string{"hard", "panel:late", "cmd:sh -c x=1", "cmd:", "", "PANEL:", "cmd:\x00", "Ana=hard"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, entry string) {
		s, err := Parse(entry)
		if err != nil {
			msg := err.Error()
			if msg == "" || strings.Contains(msg, "\n") || !utf8.ValidString(msg) && utf8.ValidString(entry) {
				t.Fatalf("Parse(%q): the error %q is not one sentence", entry, msg)
			}
			return
		}
		if s.Kind < Level || s.Kind > Command || s.Entry == "" {
			t.Fatalf("Parse(%q) = %+v", entry, s)
		}
		if s.Kind == Command && len(s.Argv) == 0 {
			t.Fatalf("Parse(%q): a command with no words", entry)
		}
		again, err := Parse(s.Entry)
		if err != nil || again.Kind != s.Kind || again.Entry != s.Entry {
			t.Fatalf("Parse(%q) kept %q, which reads back as %+v, %v", entry, s.Entry, again, err)
		}
	})
}

// Entries, as sim takes it, owns every seat, a bad command included, so
// that its Check tells what is wrong with it.
func TestEntries(t *testing.T) {
	e := &Entries{Maker{Options{Deterministic: true, BotTime: 2 * time.Second}}}
	r := game.Standard()
	for _, tc := range []struct {
		entry  string
		owns   bool
		check  string
		byWork bool
		budget time.Duration
	}{
		{"medium", true, "", true, 700 * time.Millisecond},
		{"panel:late", true, "", true, 700 * time.Millisecond},
		{"cmd:sh", true, "", false, 2 * time.Second},
		{"cmd:no-such-bot-h22b", true, `the bot command "no-such-bot-h22b" cannot be run`, false, 0},
		{"wizard", false, "unknown computer level", false, 0},
	} {
		t.Run(tc.entry, func(t *testing.T) {
			if got := e.Owns(tc.entry); got != tc.owns {
				t.Errorf("owns %v", got)
			}
			err := e.Check(tc.entry)
			if (err == nil) != (tc.check == "") || err != nil && !strings.HasPrefix(err.Error(), tc.check) {
				t.Errorf("check: %v, want %q", err, tc.check)
			}
			if got := e.ByWork(tc.entry); got != tc.byWork {
				t.Errorf("by work %v", got)
			}
			if got := e.Budget(tc.entry, 700*time.Millisecond, &r); got != tc.budget {
				t.Errorf("budget %v, want %v", got, tc.budget)
			}
			if tc.check == "" {
				if _, err := e.New(tc.entry, 1, time.Second); err != nil {
					t.Errorf("new: %v", err)
				}
			}
		})
	}
}

func TestCommandEntry(t *testing.T) {
	for _, command := range []string{"sh", "sh -c x=1"} {
		t.Run(command, func(t *testing.T) {
			s, err := Parse(CommandEntry(command))
			if err != nil || s.Kind != Command || strings.Join(s.Argv, " ") != command {
				t.Fatalf("%q read back as %+v, %v", command, s, err)
			}
		})
	}
	if len(Levels()) == 0 {
		t.Fatal("no levels")
	}
}

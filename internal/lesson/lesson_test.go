package lesson

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

func parse(t *testing.T, sets [][]string) game.Table {
	t.Helper()
	var out game.Table
	for _, s := range sets {
		ts, err := game.ParseTileStrings(s)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, ts)
	}
	return out
}

// Every lesson the issue asks for is there, and every step can be done:
// its solution meets its goal, or its stated answer (the engine's) is
// accepted; the table left as it was, or a wrong answer, is not.
func TestEveryStepCanBeDone(t *testing.T) {
	want := []string{"runs-groups", "initial-meld", "adding", "splitting", "joker", "time-limit", "scoring"}
	ls := All()
	if len(ls) != len(want) {
		t.Fatalf("%d lessons, want %d", len(ls), len(want))
	}
	for i, l := range ls {
		if l.ID != want[i] || l.Title == "" || len(l.Intro) == 0 || len(l.Steps) == 0 {
			t.Errorf("lesson %d: %+v", i, l)
		}
		if got, ok := ByID(l.ID); !ok || got.Title != l.Title {
			t.Errorf("ByID(%q) = %v", l.ID, ok)
		}
		for k, s := range l.Steps {
			name := l.ID + " step " + string(rune('1'+k))
			if s.Prompt == "" || s.Hint == "" {
				t.Errorf("%s has no prompt or hint", name)
			}
			if s.Question != nil {
				ans, err := s.Answer()
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if v := s.CheckAnswer(" " + itoa(ans) + " "); !v.Done {
					t.Errorf("%s: the answer %d is refused: %s", name, ans, v.Message)
				}
				if v := s.CheckAnswer(itoa(ans + 1)); v.Done {
					t.Errorf("%s: a wrong answer is accepted", name)
				}
				if v := s.CheckAnswer("many"); v.Done || !strings.Contains(v.Message, "number") {
					t.Errorf("%s: a word: %+v", name, v)
				}
				continue
			}
			if v := s.Check(parse(t, s.Solution)); !v.Done {
				t.Errorf("%s: the solution fails: %s", name, v.Message)
			}
			if v := s.Check(parse(t, s.Table)); v.Done {
				t.Errorf("%s: doing nothing completes it", name)
			}
		}
	}
}

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// The answers are the rulebook's: the scoring and time-limit figures.
func TestAnswersAreTheRules(t *testing.T) {
	want := map[string][]int{"time-limit": {60, 1, 3}, "scoring": {-44, 49, -8}}
	for id, answers := range want {
		l, _ := ByID(id)
		for i, w := range answers {
			if got, err := l.Steps[i].Answer(); err != nil || got != w {
				t.Errorf("%s step %d: %d (%v), want %d", id, i+1, got, err, w)
			}
		}
	}
}

// Each goal checks what it says: legal turns that miss the goal are told
// what is missing.
func TestGoalsSayWhatIsMissing(t *testing.T) {
	cases := []struct {
		lesson string
		step   int
		after  [][]string
		want   string
	}{
		// A group where a run is asked.
		{"runs-groups", 0, [][]string{{"R10", "R11", "R12"}}, "Not a legal turn"},
		// Adding to the run but not the group.
		{"adding", 0, [][]string{{"R4", "R5", "R6", "R7", "R8"}, {"R9", "B9", "O9"}}, "K9 is still on your rack"},
		// The initial meld too small.
		{"initial-meld", 0, [][]string{{"B1", "B2", "B3"}, {"R4", "B4", "K4"}}, "Not a legal turn"},
		// One set of the two.
		{"initial-meld", 1, [][]string{{"R5", "R6", "R7"}, {"B4", "O4", "K4"}, {"K9"}}, "Not a legal turn"},
		// The joker played with R6 still in its set (R5 R6 R7 J): legal, not freed.
		{"joker", 1, [][]string{{"R5", "R6", "R7", "J"}, {"B9", "O9"}}, "Not a legal turn"},
		// Splitting: one tile placed of two.
		{"splitting", 2, [][]string{{"K1", "K2", "K3"}, {"K5", "K6", "K7"}, {"K4"}}, "Not a legal turn"},
	}
	for _, c := range cases {
		l, _ := ByID(c.lesson)
		v := l.Steps[c.step].Check(parse(t, c.after))
		if v.Done || !strings.Contains(v.Message, c.want) {
			t.Errorf("%s step %d: %+v, want %q", c.lesson, c.step+1, v, c.want)
		}
	}
	// A legal turn that does not free the joker: add B9 O9 K9 as a set.
	j := Step{Table: [][]string{{"R5", "J", "R7"}}, Rack: []string{"B9", "O9", "K9"}, Opened: true, Goal: Goal{FreeJoker: true}}
	if v := j.Check(parse(t, [][]string{{"R5", "J", "R7"}, {"B9", "O9", "K9"}})); v.Done || !strings.Contains(v.Message, "joker still stands") {
		t.Errorf("joker not freed: %+v", v)
	}
	// The meld goal refuses a turn after the meld.
	m := Step{Table: [][]string{{"B1", "B2", "B3"}}, Rack: []string{"B4"}, Opened: true, Goal: Goal{Meld: true}}
	if v := m.Check(parse(t, [][]string{{"B1", "B2", "B3", "B4"}})); v.Done || !strings.Contains(v.Message, "not the initial meld") {
		t.Errorf("meld goal: %+v", v)
	}
	// A question step is not judged as a board step.
	l, _ := ByID("scoring")
	if v := l.Steps[0].Check(nil); v.Done {
		t.Error("a question completed by a table")
	}
}

// Issue 25 defect 12: the joker lesson agrees with docs/rules.md: a freed
// joker need not go to a new set, and a step shows it staying in its own.
func TestJokerLessonAgreesWithTheRules(t *testing.T) {
	l, ok := ByID("joker")
	if !ok {
		t.Fatal("no joker lesson")
	}
	intro := strings.Join(l.Intro, " ")
	if strings.Contains(intro, "again in the same turn, in a new set") {
		t.Fatalf("the lesson says a freed joker must go to a new set: %q", intro)
	}
	found := false
	for _, s := range l.Steps {
		if s.Question != nil || len(s.Table) != 1 {
			continue
		}
		sol := parse(t, s.Solution)
		if len(sol) == 1 && len(sol[0]) == len(s.Table[0])+len(s.Rack) && s.Check(sol).Done {
			found = true
		}
	}
	if !found {
		t.Fatal("no step frees a joker and keeps it in its own set")
	}
}

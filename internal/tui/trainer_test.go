package tui

import (
	"strconv"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/lesson"
	"rummikub/internal/puzzle"
)

// pressTrainer sends keys (space separated names) to a trainer and runs
// the commands they return, feeding their messages back.
func pressTrainer(t *testing.T, tr *Trainer, keys string) {
	t.Helper()
	for _, k := range strings.Fields(keys) {
		_, cmd := tr.Update(keyMsg(k))
		runTrainerCmd(tr, cmd)
	}
}

func runTrainerCmd(tr *Trainer, cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	msg := cmd()
	switch msg.(type) {
	case TrainerDone, tea.QuitMsg, nil:
		return
	}
	_, next := tr.Update(msg)
	runTrainerCmd(tr, next)
}

// A board step done with the game's own keys: select three rack tiles,
// carry them to the new set slot, drop them, enter.
func TestTrainerLessonStepByKeys(t *testing.T) {
	l, _ := lesson.ByID("runs-groups")
	tasks, err := LessonTasks(l)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTrainer(tasks, monoStyles(t))
	pressTrainer(t, tr, "enter")
	if tr.Done() {
		t.Fatal("an untouched board is judged done")
	}
	pressTrainer(t, tr, "shift+right shift+right space tab n space enter")
	if !tr.Done() {
		t.Fatalf("the run B4 B5 B6 is not judged done; table %v, message %q", tr.Arrangement().Table(), tr.msg)
	}
	pressTrainer(t, tr, "enter")
	if got := tr.Task().Title; !strings.Contains(got, "step 2 of 2") {
		t.Fatalf("after the first step the board shows %q", got)
	}
}

// Every lesson is completed by a key script: the solution key and enter
// for a board step, the answer typed for a question.
func TestTrainerEveryLessonByKeys(t *testing.T) {
	for _, l := range lesson.All() {
		t.Run(l.ID, func(t *testing.T) {
			tasks, err := LessonTasks(l)
			if err != nil {
				t.Fatal(err)
			}
			tr := NewTrainer(tasks, monoStyles(t))
			for i := range l.Steps {
				s := &l.Steps[i]
				if s.Question != nil {
					n, err := s.Answer()
					if err != nil {
						t.Fatal(err)
					}
					var keys []string
					for _, c := range strconv.Itoa(n) {
						keys = append(keys, string(c))
					}
					pressTrainer(t, tr, strings.Join(keys, " ")+" enter")
				} else {
					pressTrainer(t, tr, "S enter")
				}
				if !tr.Done() {
					t.Fatalf("step %d is not judged done: %q", i+1, tr.msg)
				}
				pressTrainer(t, tr, "enter")
			}
			if !tr.quit {
				t.Fatal("the trainer did not leave after the last step")
			}
		})
	}
}

// A wrong answer to a question is refused.
func TestTrainerWrongAnswer(t *testing.T) {
	for _, l := range lesson.All() {
		for i := range l.Steps {
			s := &l.Steps[i]
			if s.Question == nil {
				continue
			}
			tasks, _ := LessonTasks(lesson.Lesson{Title: l.Title, Steps: []lesson.Step{*s}})
			tr := NewTrainer(tasks, monoStyles(t))
			n, _ := s.Answer()
			pressTrainer(t, tr, strconv.Itoa(n+1)+" enter")
			if tr.Done() {
				t.Fatalf("%s step %d: the answer %d is taken", l.ID, i+1, n+1)
			}
			return
		}
	}
	t.Skip("no question step")
}

// A puzzle solved on the board is judged solved and remembered.
func TestTrainerPuzzleSolvedAndRemembered(t *testing.T) {
	p, err := puzzle.ByID(1)
	if err != nil {
		t.Fatal(err)
	}
	path := t.TempDir() + "/puzzles.json"
	task, err := PuzzleTask(p, path)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTrainer([]Task{task}, monoStyles(t))
	pressTrainer(t, tr, "i")
	if !strings.Contains(tr.msg, "Hint 1") {
		t.Fatalf("i shows %q, not the first hint", tr.msg)
	}
	pressTrainer(t, tr, "enter")
	if tr.Done() {
		t.Fatal("the untouched puzzle is judged solved")
	}
	prog, _ := puzzle.LoadProgress(path)
	if prog.IsSolved(p.ID) {
		t.Fatal("remembered as solved before it was")
	}
	pressTrainer(t, tr, "S enter")
	if !tr.Done() {
		t.Fatalf("the solution laid out is not judged solved: %q", tr.msg)
	}
	prog, err = puzzle.LoadProgress(path)
	if err != nil {
		t.Fatal(err)
	}
	if !prog.IsSolved(p.ID) {
		t.Fatal("the solved puzzle is not remembered")
	}
}

// The puzzle board at 80x24 (golden).
func TestTrainerPuzzleView(t *testing.T) {
	p, _ := puzzle.ByID(1)
	task, _ := PuzzleTask(p, "")
	tr := NewTrainer([]Task{task}, monoStyles(t))
	tr.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	golden(t, "trainer_puzzle_80x24", plain(tr.View()))
}

// The setup screen's Learn entry opens the lessons; q comes back.
func TestAppLearnEntry(t *testing.T) {
	a := NewApp(monoStyles(t), Services{NoKeeper: true}, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	a.Update(openLessons(a.setup.styles())())
	if _, ok := a.child.(*Trainer); !ok || !strings.Contains(plain(a.View()), "Runs and groups · step 1") {
		t.Fatalf("Learn does not open the first lesson:\n%s", plain(a.View()))
	}
	_, cmd := a.Update(keyMsg("q"))
	if cmd == nil {
		t.Fatal("q does not leave the lessons")
	}
	a.Update(cmd())
	if a.child != Screen(a.setup) {
		t.Fatalf("after the lessons the screen is %T, not the setup", a.child)
	}
}

// The setup screen's puzzle of the day opens on the trainer board, and
// its statistics entry opens the statistics of the kept matches.
func TestAppPuzzleAndStatsEntries(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	a := NewApp(monoStyles(t), Services{NoKeeper: true}, Config{Rules: game.Standard()})
	a.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	open := func(kind itemKind) {
		t.Helper()
		a.back()
		items := a.setup.items()
		for i, it := range items {
			if it.kind == kind {
				a.setup.cursor = i
			}
		}
		_, cmd := a.Update(keyMsg("enter"))
		if cmd == nil {
			t.Fatalf("enter on entry %d does nothing", kind)
		}
		_, cmd = a.Update(cmd())
		for cmd != nil {
			msg := runNow(cmd)
			if msg == nil {
				break
			}
			_, cmd = a.Update(msg)
		}
	}
	open(itemPuzzle)
	if _, ok := a.child.(*Trainer); !ok || !strings.Contains(plain(a.View()), "Puzzle ") {
		t.Fatalf("the puzzle of the day does not open on the board:\n%s", plain(a.View()))
	}
	open(itemStats)
	if _, ok := a.child.(*statsScreen); !ok {
		t.Fatalf("the statistics do not open (%T)", a.child)
	}
	_, cmd := a.Update(keyMsg("q"))
	if cmd == nil {
		t.Fatal("q does not leave the statistics")
	}
	a.Update(cmd())
	if a.child != Screen(a.setup) {
		t.Fatalf("after the statistics the screen is %T, not the setup", a.child)
	}
}

// Defect 2 of issue 25: a tile name arriving as one message (pasted, or
// typed quickly over SSH) was dropped on the puzzle and lesson boards.
func TestTrainerTakesTileNameInOneMessage(t *testing.T) {
	l, _ := lesson.ByID("runs-groups")
	tasks, err := LessonTasks(l)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"b5", "b6", "k13"} {
		t.Run(name, func(t *testing.T) {
			tr := NewTrainer(tasks, monoStyles(t))
			_, cmd := tr.Update(keyMsg(name))
			runTrainerCmd(tr, cmd)
			held := tr.Arrangement().Held()
			if len(held) != 1 || !strings.EqualFold(held[0].Face.String(), name) {
				t.Fatalf("%q in one message picked up %v; message %q", name, held, tr.msg)
			}
		})
	}
}

// Issue 25 defect 12: at 80x24 a long explanation is shown whole, on the
// lesson board and on the match board, never cut.
func TestLongExplanationsShownWholeAt80x24(t *testing.T) {
	l, _ := lesson.ByID("runs-groups")
	tasks, err := LessonTasks(l)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTrainer(tasks, monoStyles(t))
	tr.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	pressTrainer(t, tr, "b 5")
	if v := plain(tr.View()); !strings.Contains(v, "(esc puts it back).") {
		t.Fatalf("the lesson board cuts the carrying explanation:\n%s", v)
	}
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	long := strings.Repeat("A sentence of some length that goes on. ", 6) + "The last words."
	tp.setStatus(long, false)
	tp.layoutNow() // as Update does after a change
	v := tp.View()
	if !strings.Contains(v, "The last words.") {
		t.Fatalf("the match board cuts a long message:\n%s", v)
	}
	if h := strings.Count(v, "\n") + 1; h > 24 {
		t.Fatalf("the board is %d lines high", h)
	}
}

// Issue 25 friction: the lesson board shows the lesson's explanation
// when a step opens, whole at 80x24.
func TestLessonBoardShowsTheExplanation(t *testing.T) {
	l, _ := lesson.ByID("joker")
	tasks, err := LessonTasks(l)
	if err != nil {
		t.Fatal(err)
	}
	tr := NewTrainer(tasks, monoStyles(t))
	tr.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
	flat := strings.Join(strings.Fields(plain(tr.View())), " ")
	for _, s := range l.Intro {
		if !strings.Contains(flat, s) {
			t.Errorf("the board does not show %q:\n%s", s, plain(tr.View()))
		}
	}
	if h := strings.Count(plain(tr.View()), "\n") + 1; h > 24 {
		t.Errorf("the board is %d lines high", h)
	}
}

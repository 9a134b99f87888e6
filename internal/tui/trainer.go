package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
	"rummikub/internal/tui/frame"
)

// Task is one thing to solve on the trainer board: a puzzle or a lesson
// step. A board task has a position and a Check; a question task has a
// Question and an Answer. The judging is the puzzle's or the lesson's own
// (the engine's judge behind them): the screen only hands them the table.
type Task struct {
	Title string // "Puzzle 12 (hard)", "Lesson: the joker · step 2 of 3"
	Goal  string // what to do
	// Intro is the lesson's explanation, shown under the board when the
	// step is opened (until the first key).
	Intro    string
	Rules    game.Rules
	Start    game.TurnStart
	Hints    []string
	Solution game.Table // a table meeting the goal (tiles without ids)
	Check    func(after game.Table) (done bool, msg string)

	Question string
	Answer   func(typed string) (done bool, msg string)

	// Solved is run when the task is judged done (for a puzzle: remember
	// it); it returns a command, so its I/O runs outside Update.
	Solved func() tea.Cmd
}

// TrainerDone is sent when the player leaves the trainer.
type TrainerDone struct{}

// Trainer is the board of puzzles and lessons: the board component
// (Board) with no host, its view made from the task's position (one seat,
// its turn), so the table and the rack are drawn by the same code as in a
// match and the arrangement keys are the match's own (Board.onBoardKey).
// A task is a position on the sets table (its Check and Solution are
// sets), so the board's surface is the sets table's.
// The keys that would go to a host are the trainer's: enter hands the
// table to the task's Check, i shows the next hint, S lays out the
// solution, n goes on after a task is done, q leaves.
type Trainer struct {
	p     *Board
	sets  *setsSurface // the board's surface
	tasks []Task
	i     int
	done  bool
	hints int    // hints shown of the current task
	typed string // a question's answer as typed
	msg   string
	bad   bool
	quit  bool
	// chrome is the lines around the board, drawn with its layout.
	chrome trainerChrome
	// Standalone makes leaving quit the program (the puzzle and learn
	// commands); otherwise TrainerDone goes to the App.
	Standalone bool
}

// NewTrainer makes the board for tasks, done in order.
func NewTrainer(tasks []Task, st *Styles) *Trainer {
	t := &Trainer{tasks: tasks, sets: newSetsSurface()}
	b := newBoard(st)
	b.surf = t.sets
	t.p = &b
	t.load()
	t.layoutNow()
	return t
}

// load sets the board up for the current task.
func (t *Trainer) load() {
	t.done, t.hints, t.typed, t.msg, t.bad = false, 0, "", "", false
	p := t.p
	p.status = ""
	if t.i >= len(t.tasks) {
		return
	}
	k := &t.tasks[t.i]
	t.msg = k.Intro
	p.v = game.SeatView{Names: []string{"Player"}, Rules: k.Rules, Table: k.Start.Table, Rack: k.Start.Rack, Seat: 0, Turn: 0,
		Melded: []bool{k.Start.Opened}, Locked: k.Start.Locked, Must: k.Start.Must}
	if k.Question != "" {
		t.sets.close()
		p.viewer, p.phase = -1, phaseComputerShow
		return
	}
	p.viewer, p.phase = 0, phaseTurn
	t.sets.open(p, 0, k.Start.Rack)
}

// Task is the task on the board now (the zero Task after the last).
func (t *Trainer) Task() Task {
	if t.i < len(t.tasks) {
		return t.tasks[t.i]
	}
	return Task{}
}

// Arrangement is the working arrangement of a board task.
func (t *Trainer) Arrangement() *Arrangement { return t.sets.a }

// Done reports the current task solved.
func (t *Trainer) Done() bool { return t.done }

// Init does nothing: the board is ready.
func (t *Trainer) Init() tea.Cmd { return nil }

// SetSize tells the board the terminal's size, and lays it out for it.
func (t *Trainer) SetSize(width, height int) {
	t.p.width, t.p.height = width, height
	t.layoutNow()
}

func (t *Trainer) styles() *Styles { return t.p.st }

// Update takes sizes and keys, then works out the layout for what they
// changed, so that View only draws.
func (t *Trainer) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		t.SetSize(m.Width, m.Height)
	case tea.KeyPressMsg:
		cmd = t.onKey(m)
	case PuzzleSaved:
		if m.Err != nil {
			t.say("Solved, but the progress could not be saved: "+m.Err.Error(), true)
		}
	}
	t.layoutNow()
	return t, cmd
}

func (t *Trainer) say(msg string, bad bool) { t.msg, t.bad = msg, bad }

func (t *Trainer) leave() tea.Cmd {
	t.quit = true
	if t.Standalone {
		return tea.Quit
	}
	return func() tea.Msg { return TrainerDone{} }
}

func (t *Trainer) onKey(k tea.KeyPressMsg) tea.Cmd {
	s := k.String()
	if s == "ctrl+c" {
		return t.leave()
	}
	if cmd, ok := eachRune(k, t.onKey); ok {
		return cmd
	}
	if t.i >= len(t.tasks) {
		return t.leave()
	}
	task := &t.tasks[t.i]
	if t.done {
		switch s {
		case "q", "esc":
			return t.leave()
		case "enter", "n", "space":
			t.i++
			t.load()
			if t.i >= len(t.tasks) {
				return t.leave()
			}
		}
		return nil
	}
	if task.Question != "" {
		return t.onAnswerKey(k, task)
	}
	p := t.p
	switch {
	case key.Matches(k, p.keys.Help):
		p.help.ShowAll = !p.help.ShowAll
		return nil
	case key.Matches(k, p.keys.Quit):
		return t.leave()
	case key.Matches(k, p.keys.EndTurn):
		if t.sets.a.Holding() {
			t.say("Drop the tiles you carry first (space), or put them back (esc).", true)
			return nil
		}
		return t.judge(task, t.sets.a.Table())
	case key.Matches(k, p.keys.Hint):
		if len(task.Hints) == 0 {
			t.say("This one has no hint; S shows the solution.", false)
			return nil
		}
		if t.hints < len(task.Hints) {
			t.hints++
		}
		t.say(fmt.Sprintf("Hint %d of %d: %s", t.hints, len(task.Hints), task.Hints[t.hints-1]), false)
		return nil
	case s == "S":
		return t.showSolution(task)
	case key.Matches(k, p.keys.Draw), key.Matches(k, p.keys.TakeBack), key.Matches(k, p.keys.Pull):
		t.say("There is no pool here: arrange the tiles and press enter.", false)
		return nil
	}
	t.msg = ""
	p.onBoardKey(k)
	return nil
}

// judge hands the table to the task's checker.
func (t *Trainer) judge(task *Task, after game.Table) tea.Cmd {
	done, msg := task.Check(after)
	t.done = done
	if !done {
		t.say(msg, true)
		return nil
	}
	t.say(msg+t.nextText(), false)
	if task.Solved != nil {
		return task.Solved()
	}
	return nil
}

func (t *Trainer) nextText() string {
	if t.i+1 < len(t.tasks) {
		return " Enter goes on."
	}
	return " Enter or q leaves."
}

// showSolution lays the stated solution out on the board (the tiles of
// the position, matched by face); enter then submits it.
func (t *Trainer) showSolution(task *Task) tea.Cmd {
	table, rack, ok := placeSolution(task.Start, task.Solution)
	if !ok {
		t.say("The solution cannot be shown on this board.", true)
		return nil
	}
	t.sets.a.Apply(table, rack)
	t.say("The solution is on the board: enter submits it, u takes it back.", false)
	return nil
}

// placeSolution gives the solution's tiles the ids of the position's
// tiles of the same face (table tiles first), and what is left on the
// rack.
func placeSolution(start game.TurnStart, sol game.Table) (game.Table, []game.Tile, bool) {
	if len(sol) == 0 {
		return nil, nil, false
	}
	var pool []game.Tile
	for _, set := range game.SetsOf(start.Table) {
		pool = append(pool, set...)
	}
	pool = append(pool, start.Rack...)
	used := make([]bool, len(pool))
	var table game.Table
	for _, set := range sol {
		var out []game.Tile
		for _, st := range set {
			found := false
			for j, t := range pool {
				if used[j] || t.Face != st.Face {
					continue
				}
				used[j] = true
				t.As = st.As
				out = append(out, t)
				found = true
				break
			}
			if !found {
				return nil, nil, false
			}
		}
		table = append(table, out)
	}
	var rack []game.Tile
	nt := 0
	for _, set := range game.SetsOf(start.Table) {
		nt += len(set)
	}
	for j, t := range pool {
		if used[j] {
			continue
		}
		if j < nt {
			return nil, nil, false // a table tile left out
		}
		rack = append(rack, t)
	}
	return table, rack, true
}

// onAnswerKey takes a question's typed answer.
func (t *Trainer) onAnswerKey(k tea.KeyPressMsg, task *Task) tea.Cmd {
	switch {
	case k.Code == tea.KeyEsc:
		return t.leave()
	case k.Code == tea.KeyEnter:
		done, msg := task.Answer(t.typed)
		t.done = done
		if !done {
			t.say(msg, true)
			return nil
		}
		t.say(msg+t.nextText(), false)
		if task.Solved != nil {
			return task.Solved()
		}
	case k.Code == tea.KeyBackspace:
		if r := []rune(t.typed); len(r) > 0 {
			t.typed = string(r[:len(r)-1])
		}
	case k.Text != "":
		switch k.String() {
		case "?":
			if task.Hints != nil {
				t.say(task.Hints[0], false)
			}
			return nil
		}
		t.typed += k.Text
	}
	return nil
}

// View is the screen as a Bubble Tea view on the alternate screen, for a program of its own.
func (t *Trainer) View() tea.View {
	return frame.Full(t.Render())
}

// View draws the task: its title and goal, the board, the message and the
// keys, as layoutNow placed them.
func (t *Trainer) Render() string {
	p := t.p
	st := p.st
	if p.width < MinWidth || p.height < MinHeight {
		return tooSmall(st, p.width, p.height, false)
	}
	if t.i >= len(t.tasks) {
		return st.Title.Render("Rummikub") + "\n\n" + st.Text.Render("All done.")
	}
	if t.tasks[t.i].Question != "" {
		return t.questionView()
	}
	c := &t.chrome
	return strings.Join([]string{c.head, t.sets.draw(p, p.geo.avail), p.rackBlock(), c.msg, c.keys}, "\n")
}

// trainerChrome is the lines of a board task around the board, drawn
// with its layout: the title and goal, the message, the keys.
type trainerChrome struct{ head, msg, keys string }

// layoutNow works out the layout of a board task for its state and size
// now: the lines around the board, then the board's (placeBoard). It
// runs at the end of every Update and in SetSize; View only draws.
func (t *Trainer) layoutNow() {
	p := t.p
	if p.width < MinWidth || p.height < MinHeight || t.i >= len(t.tasks) || t.tasks[t.i].Question != "" {
		return
	}
	c := trainerChrome{head: t.head(), msg: t.message(), keys: t.keysLine()}
	if c.msg == "" {
		c.msg = p.st.Dim.Render(clip(wrap(t.boardHint(), p.width-2), statusLines))
	}
	t.chrome = c
	p.placeBoard(frameLines{top: lipgloss.Height(c.head), foot: lipgloss.Height(c.msg) + lipgloss.Height(c.keys)})
}

// head is the task's title and goal.
func (t *Trainer) head() string {
	st, task := t.p.st, &t.tasks[t.i]
	return st.Title.Render(" "+task.Title+" ") + "\n" + st.Text.Render(clip(wrap(" "+task.Goal, t.p.width-2), statusLines))
}

// message is what the trainer says, or "".
func (t *Trainer) message() string {
	if t.msg == "" {
		return ""
	}
	st := t.p.st
	// A lesson's explanation takes up to six lines: the positions
	// are small, the board has the room.
	msg := clip(wrap(t.msg, t.p.width-2), statusLines+2)
	if t.bad {
		return st.Error.Render(msg)
	}
	return st.Status.Render(msg)
}

func (t *Trainer) item(k, d string) string {
	st := t.p.st
	return st.HelpKey.Render(k) + " " + st.HelpDesc.Render(d)
}

// keysLine is the keys of a board task.
func (t *Trainer) keysLine() string {
	p := t.p
	sep := p.st.HelpSep.Render(" • ")
	switch {
	case t.done:
		return t.item("enter", "go on") + sep + t.item("q", "leave")
	case p.help.ShowAll:
		return p.help.View(p.keys)
	}
	return t.item("space", "move") + sep + t.item("tab", "table") + sep + t.item("enter", "check") + sep +
		t.item("i", "hint") + sep + t.item("S", "solution") + sep + t.item("?", "keys") + sep + t.item("q", "leave")
}

// questionView draws a question task.
func (t *Trainer) questionView() string {
	p, task := t.p, &t.tasks[t.i]
	st := p.st
	sep := st.HelpSep.Render(" • ")
	answer := st.Text.Render(" Your answer: ") + st.Title.Render(t.typed+"_")
	keys := t.item("type a number, enter", "answer") + sep + t.item("?", "hint") + sep + t.item("esc", "leave")
	if t.done {
		keys = t.item("enter", "go on") + sep + t.item("q", "leave")
	}
	return strings.Join([]string{t.head(), "", st.Text.Render(wrap(task.Question, p.width-2)), "", answer, "", t.message(), keys}, "\n")
}

// boardHint is the status line while the player works: the match's own
// words about sets and carried tiles, the trainer's about what enter does.
func (t *Trainer) boardHint() string {
	a := t.sets.a
	if a.Holding() || len(a.InvalidSets()) > 0 {
		return t.p.turnHint()
	}
	if a.Changed() {
		n := a.PlacedCount()
		return fmt.Sprintf("%d %s from your rack on the table: enter checks it.", n, plural(n, "tile", "tiles"))
	}
	return "Space picks a tile up, tab goes to the table, enter checks your arrangement."
}

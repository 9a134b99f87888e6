package tui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/game"
)

// Computer is a computer seat: given what its seat may know, it returns
// its action within the context's deadline.
type Computer interface {
	Move(ctx context.Context, v game.SeatView) (game.Action, error)
}

// phase is what the match screen is doing.
type phase int

const (
	phaseHandover     phase = iota // privacy screen between human turns
	phaseTurn                      // a human moves tiles
	phaseRiverChoice               // a River draw: keep which of two tiles
	phasePullSelect                // choosing the River tile to pull from
	phaseComputer                  // a computer seat thinks
	phaseComputerShow              // a computer's change is shown
	phaseGameOver                  // a game's scores
	phaseMatchOver                 // the final standings
)

// confirm is a yes/no question waiting for an answer.
type confirm int

const (
	confirmNone confirm = iota
	confirmQuit
	confirmDraw
	confirmPull
)

// handoverHold is how long the privacy screen ignores keys, so a key held
// down by the previous player cannot skip it.
const handoverHold = 800 * time.Millisecond

// Messages of the match screen.
type (
	tickMsg         struct{ t time.Time }
	computerMoveMsg struct {
		gen    int
		action game.Action
		err    error
	}
	computerPauseMsg struct{ gen int }
	hintMsg          struct {
		gen  int
		hint *Hint
		err  error
	}
	// QuitMsg tells the parent that the match screen is done (quit or
	// match over and left).
	QuitMsg struct{}
)

// Hint is the best play found for the player whose turn it is: the table
// after it and the rack tiles it places.
type Hint struct {
	Table  game.Table
	Rack   []game.Tile
	Placed int
	Points int
	Tiles  map[game.TileID]bool // the rack tiles the hint places
}

// Hinter finds hints; the solver provides it.
type Hinter func(ctx context.Context, v game.SeatView) (*Hint, error)

// Play is the match screen: it runs a match turn by turn for the humans at
// the keyboard and the computer seats, and draws the board for one seat at
// a time (the one whose turn it is, in hot-seat play).
type Play struct {
	cfg       Config
	match     *game.Match
	computers map[int]Computer
	hinter    Hinter
	st        *Styles
	keys      BoardKeys
	help      help.Model
	spin      spinner.Model
	now       func() time.Time

	width, height int

	phase    phase
	confirm  confirm
	viewer   int // the seat whose rack is shown; -1 for none
	arr      *Arrangement
	deadline time.Time // the turn timer's end; zero when no timer runs
	holdTill time.Time // keys are ignored until then (handover)
	gen      int       // counts turns, so stale messages are dropped
	lastHum  int       // the last human seat that took a turn
	riverSel int       // the River place chosen for a pull / the reveal chosen

	status    string
	statusBad bool
	badSet    int // a set a refused turn blames, or -1

	// What the last turn did, for the privacy screen and the marks.
	summary  string
	lastMark map[game.TileID]bool
	// recent is what happened since the last human turn began, for the
	// privacy screen.
	recent []string

	hint     *Hint
	hintBusy bool

	// rackOrder keeps each seat's own order of its rack across turns.
	rackOrder map[int][]game.TileID
	rackSort  map[int]rackSort // how each seat keeps its rack

	// tableBefore is the table before the action being applied, for the
	// summary and the marks of what changed.
	tableBefore game.Table

	saveErr string
	lay     layout
	geo     geometry
	drag    *Cursor // where a mouse drag picked tiles up
}

// NewPlay starts the match screen for a new or resumed match.
func NewPlay(cfg Config, m *game.Match, computers map[int]Computer, hinter Hinter, st *Styles) *Play {
	p := &Play{
		cfg:       cfg,
		match:     m,
		computers: computers,
		hinter:    hinter,
		st:        st,
		keys:      DefaultBoardKeys(),
		help:      newHelp(st),
		spin:      spinner.New(spinner.WithSpinner(spinner.Line), spinner.WithStyle(st.Status)),
		now:       time.Now,
		width:     80,
		height:    24,
		viewer:    -1,
		lastHum:   -1,
		badSet:    -1,
		rackOrder: map[int][]game.TileID{},
		rackSort:  map[int]rackSort{},
	}
	if cfg.Practice {
		p.cfg.Hints = true
	}
	return p
}

// newHelp is a help bar drawn with the session's styles (never the global
// renderer's).
func newHelp(st *Styles) help.Model {
	h := help.New()
	h.Styles = st.HelpStyles()
	return h
}

// Init starts the clock and the first turn.
func (p *Play) Init() tea.Cmd {
	return tea.Batch(tick(), p.startTurn())
}

func tick() tea.Cmd {
	return tea.Tick(time.Second/4, func(t time.Time) tea.Msg { return tickMsg{t} })
}

// Match returns the match being played.
func (p *Play) Match() *game.Match { return p.match }

// SetSize tells the screen the terminal's size.
func (p *Play) SetSize(w, h int) {
	p.width, p.height = w, h
	p.help.Width = w
}

// humanSeats counts the humans at the table.
func (p *Play) humanSeats() int { return p.cfg.Humans() }

func (p *Play) isComputer(seat int) bool {
	return seat >= 0 && seat < len(p.cfg.Seats) && p.cfg.Seats[seat].Computer
}

// startTurn begins whatever comes next: the end of a game, a computer's
// turn, the privacy screen or a human's turn.
func (p *Play) startTurn() tea.Cmd {
	p.gen++
	p.confirm = confirmNone
	p.hint = nil
	p.hintBusy = false
	p.badSet = -1
	g := p.match.Game
	if g.Over {
		p.arr = nil
		p.deadline = time.Time{}
		if p.match.Over() {
			p.phase = phaseMatchOver
		} else {
			p.phase = phaseGameOver
		}
		return nil
	}
	seat := g.Turn
	if g.Turns == 0 && len(p.recent) == 0 {
		p.recent = append(p.recent, startLine(p.match))
	}
	if p.isComputer(seat) {
		p.phase = phaseComputer
		p.arr = nil
		if p.humanSeats() != 1 {
			p.viewer = -1
		}
		p.deadline = p.turnDeadline()
		return tea.Batch(p.spin.Tick, p.computerMove())
	}
	if p.humanSeats() > 1 && seat != p.viewer {
		p.phase = phaseHandover
		p.viewer = -1
		p.arr = nil
		p.deadline = time.Time{}
		p.holdTill = p.now().Add(handoverHold)
		return nil
	}
	p.beginHumanTurn()
	return nil
}

// startLine says who starts a game and why: the highest tile in the draw
// for the first player.
func startLine(m *game.Match) string {
	g := m.Game
	s := fmt.Sprintf("Game %d: %s starts", g.Number, m.Names[g.Starter])
	for i := len(g.StartDraw) - 1; i >= 0; i-- {
		if d := g.StartDraw[i]; d.Seat == g.Starter && !d.Tile.IsJoker() {
			return s + fmt.Sprintf(", having drawn the highest tile (%s)", d.Tile.Face)
		}
	}
	return s
}

// turnDeadline is the end of a turn starting now, or zero with no timer.
func (p *Play) turnDeadline() time.Time {
	if p.cfg.Practice || p.match.Rules.TurnSeconds <= 0 {
		return time.Time{}
	}
	return p.now().Add(time.Duration(p.match.Rules.TurnSeconds) * time.Second)
}

// beginHumanTurn copies table and rack into a working arrangement for the
// seat whose turn it is, in the player's own rack order.
func (p *Play) beginHumanTurn() {
	seat := p.match.Game.Turn
	p.recent = nil
	if p.match.Game.Turns == 0 {
		p.setStatus(startLine(p.match)+".", false)
	}
	p.viewer = seat
	p.lastHum = seat
	p.phase = phaseTurn
	v := p.match.ViewFor(seat)
	rack := p.orderedRack(seat, v.Rack)
	p.arr = NewArrangement(&p.match.Rules, v.Table, rack, v.Locked, v.Must)
	p.deadline = p.turnDeadline()
	if len(v.Reveal) > 0 {
		p.phase = phaseRiverChoice
		p.riverSel = 0
	}
}

// shownRack is seat's rack in the player's own order, new tiles last,
// for showing it between the player's turns.
func (p *Play) shownRack(seat int) []game.Tile {
	rack := append([]game.Tile(nil), p.match.Game.Racks[seat]...)
	order, ok := p.rackOrder[seat]
	if !ok || p.sortedFor(seat, rack) {
		sortTiles(rack, p.rackSort[seat] == sortNumber)
		return rack
	}
	pos := map[game.TileID]int{}
	for i, id := range order {
		pos[id] = i
	}
	for _, t := range rack {
		if _, ok := pos[t.ID]; !ok {
			pos[t.ID] = len(order) + len(pos)
		}
	}
	sortByPos(rack, pos)
	return rack
}

// orderedRack lays the rack out as the player keeps it: sorted, or in the
// order they left it with tiles new to it at the end.
func (p *Play) orderedRack(seat int, rack []game.Tile) []game.Tile {
	order, ok := p.rackOrder[seat]
	if !ok || p.rackSort[seat] != sortManual {
		out := append([]game.Tile(nil), rack...)
		sortTiles(out, p.rackSort[seat] == sortNumber)
		return out
	}
	pos := map[game.TileID]int{}
	for i, id := range order {
		pos[id] = i
	}
	var known, fresh []game.Tile
	for _, t := range rack {
		if _, ok := pos[t.ID]; ok {
			known = append(known, t)
		} else {
			fresh = append(fresh, t)
		}
	}
	sortByPos(known, pos)
	return append(known, fresh...)
}

// keepRackOrder remembers the viewer's rack order at the end of a turn.
func (p *Play) keepRackOrder() {
	if p.arr == nil || p.viewer < 0 {
		return
	}
	rack := p.arr.Rack()
	order := make([]game.TileID, 0, len(rack)+len(p.arr.Held()))
	for _, t := range rack {
		order = append(order, t.ID)
	}
	p.rackOrder[p.viewer] = order
	// A rack left sorted stays sorted as tiles come in; one the player
	// arranged by hand keeps their order, new tiles at the end.
	p.rackSort[p.viewer] = sortManual
	for _, byNumber := range []bool{false, true} {
		sorted := append([]game.Tile(nil), rack...)
		sortTiles(sorted, byNumber)
		same := true
		for i := range sorted {
			if sorted[i].Face != rack[i].Face {
				same = false
				break
			}
		}
		if same {
			p.rackSort[p.viewer] = map[bool]rackSort{false: sortColor, true: sortNumber}[byNumber]
			break
		}
	}
}

// rackSort is how a player keeps their rack between turns.
type rackSort int

const (
	sortColor  rackSort = iota // sorted by colour (789), the start
	sortNumber                 // sorted by number (777)
	sortManual                 // arranged by hand
)

// sortedFor sorts rack as seat keeps it, if seat keeps it sorted.
func (p *Play) sortedFor(seat int, rack []game.Tile) bool {
	switch p.rackSort[seat] {
	case sortColor:
		sortTiles(rack, false)
	case sortNumber:
		sortTiles(rack, true)
	default:
		return false
	}
	return true
}

func (p *Play) setStatus(msg string, bad bool) {
	p.status, p.statusBad = msg, bad
}

// Update handles a message.
func (p *Play) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		p.SetSize(msg.Width, msg.Height)
		return p, nil
	case tickMsg:
		return p, tea.Batch(tick(), p.onTick(msg.t))
	case spinner.TickMsg:
		if p.phase != phaseComputer && !p.hintBusy {
			return p, nil
		}
		var cmd tea.Cmd
		p.spin, cmd = p.spin.Update(msg)
		return p, cmd
	case computerMoveMsg:
		if msg.gen != p.gen || p.phase != phaseComputer {
			return p, nil
		}
		return p, p.onComputerMove(msg.action, msg.err)
	case computerPauseMsg:
		if msg.gen == p.gen && p.phase == phaseComputerShow {
			return p, p.startTurn()
		}
		return p, nil
	case hintMsg:
		if msg.gen != p.gen {
			return p, nil
		}
		p.hintBusy = false
		if msg.err != nil || msg.hint == nil {
			p.setStatus("No play found from your rack: draw a tile.", false)
			return p, nil
		}
		p.hint = msg.hint
		p.setStatus(fmt.Sprintf("Hint: a play placing %d %s, taking %d points off your rack (marked). Press i again to lay it out.",
			msg.hint.Placed, plural(msg.hint.Placed, "tile", "tiles"), msg.hint.Points), false)
		return p, nil
	case tea.MouseMsg:
		return p, p.onMouse(msg)
	case tea.KeyMsg:
		return p, p.onKey(msg)
	}
	return p, nil
}

// onTick runs the turn timer.
func (p *Play) onTick(t time.Time) tea.Cmd {
	if p.deadline.IsZero() || t.Before(p.deadline) {
		return nil
	}
	switch p.phase {
	case phaseTurn, phaseRiverChoice, phasePullSelect:
		return p.timeout()
	}
	return nil
}

// timeout applies the rule for a turn whose time ran out: draw one; or,
// with an unfinished rearrangement, the table is restored and the player
// draws the penalty.
func (p *Play) timeout() tea.Cmd {
	seat := p.match.Game.Turn
	unfinished := p.arr != nil && p.arr.Changed() && !p.arr.Valid()
	p.tableBefore = p.match.Game.Table.Clone()
	p.keepRackOrderRestored()
	out, err := p.match.Apply(game.Action{Seat: seat, Kind: game.ActTimeout, Unfinished: unfinished})
	if err != nil {
		p.setStatus(err.Error(), true)
		p.deadline = time.Time{}
		return nil
	}
	name := p.match.Names[seat]
	var msg string
	if unfinished {
		msg = fmt.Sprintf("Time ran out with an unfinished rearrangement: the table is restored, your tiles are back and %s draws %d.", name, out.Event.Drew)
	} else if out.Event.Drew > 0 {
		msg = fmt.Sprintf("Time ran out: %s draws %d %s.", name, out.Event.Drew, plural(out.Event.Drew, "tile", "tiles"))
	} else {
		msg = fmt.Sprintf("Time ran out: %s passes (the pool is empty).", name)
	}
	return p.afterAction(out, msg)
}

// keepRackOrderRestored remembers the rack order with the tiles that were
// put out back on the rack (a time-out or a draw puts them back).
func (p *Play) keepRackOrderRestored() {
	if p.arr == nil {
		return
	}
	if p.arr.Changed() {
		p.arr.Reset()
	}
	p.keepRackOrder()
}

// afterAction records what an applied action did, saves, and moves on.
func (p *Play) afterAction(out game.Outcome, msg string) tea.Cmd {
	p.summary = summarize(p.match, out.Event, p.tableBefore)
	p.recent = append(p.recent, p.summary)
	p.lastMark = markChanged(p.tableBefore, p.match.Game.Table, out.Event)
	p.tableBefore = nil
	p.save()
	if msg == "" {
		msg = p.summary + "."
	}
	p.setStatus(msg, false)
	if !out.TurnEnded && !out.GameOver {
		return nil
	}
	return p.startTurn()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// onKey handles a key.
func (p *Play) onKey(k tea.KeyMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if p.confirm != confirmNone {
		return p.onConfirm(k)
	}
	if key.Matches(k, p.keys.Help) && p.phase != phaseHandover {
		p.help.ShowAll = !p.help.ShowAll
		return nil
	}
	switch p.phase {
	case phaseHandover:
		if p.now().Before(p.holdTill) {
			return nil
		}
		if key.Matches(k, p.keys.Quit) {
			p.confirm = confirmQuit
			return nil
		}
		if k.Type == tea.KeyEnter {
			p.beginHumanTurn()
		}
		return nil
	case phaseComputer:
		if key.Matches(k, p.keys.Quit) {
			p.confirm = confirmQuit
		}
		return nil
	case phaseComputerShow:
		if key.Matches(k, p.keys.Quit) {
			p.confirm = confirmQuit
			return nil
		}
		return p.startTurn()
	case phaseGameOver:
		if key.Matches(k, p.keys.Quit) {
			p.confirm = confirmQuit
			return nil
		}
		if k.Type == tea.KeyEnter || k.String() == " " {
			if err := p.match.NextGame(); err != nil {
				p.setStatus(err.Error(), true)
				return nil
			}
			p.viewer = -1
			p.summary = ""
			p.recent = nil
			p.lastMark = nil
			p.rackOrder = map[int][]game.TileID{}
			p.rackSort = map[int]rackSort{}
			p.save()
			p.setStatus(fmt.Sprintf("Game %d begins.", p.match.Game.Number), false)
			return p.startTurn()
		}
		return nil
	case phaseMatchOver:
		if key.Matches(k, p.keys.Quit) || k.Type == tea.KeyEnter || k.Type == tea.KeyEsc {
			return func() tea.Msg { return QuitMsg{} }
		}
		return nil
	case phaseRiverChoice:
		return p.onRiverChoiceKey(k)
	case phasePullSelect:
		return p.onPullKey(k)
	}
	return p.onTurnKey(k)
}

// onConfirm answers a yes/no question.
func (p *Play) onConfirm(k tea.KeyMsg) tea.Cmd {
	yes := k.String() == "y" || k.String() == "Y"
	if k.String() == "enter" && p.confirm == confirmQuit {
		yes = false
	}
	c := p.confirm
	p.confirm = confirmNone
	if !yes {
		p.setStatus("", false)
		return nil
	}
	switch c {
	case confirmQuit:
		p.save()
		return func() tea.Msg { return QuitMsg{} }
	case confirmDraw:
		p.arr.Reset()
		return p.draw()
	case confirmPull:
		p.arr.Reset()
		p.phase = phasePullSelect
		p.riverSel = len(p.match.Game.River) - 1
	}
	return nil
}

// onTurnKey handles a key during a human turn.
func (p *Play) onTurnKey(k tea.KeyMsg) tea.Cmd {
	a := p.arr
	keys := p.keys
	var err error
	p.setStatus("", false)
	switch {
	case key.Matches(k, keys.Quit):
		p.confirm = confirmQuit
	case key.Matches(k, keys.SelLeft):
		err = a.Extend(-1)
	case key.Matches(k, keys.SelRight):
		err = a.Extend(1)
	case key.Matches(k, keys.Left):
		a.Left()
	case key.Matches(k, keys.Right):
		a.Right()
	case key.Matches(k, keys.Up):
		p.relayout()
		a.SetCursor(p.lay.vertical(a, -1))
	case key.Matches(k, keys.Down):
		p.relayout()
		a.SetCursor(p.lay.vertical(a, 1))
	case key.Matches(k, keys.Tab):
		a.Toggle()
	case key.Matches(k, keys.PrevSet):
		a.PrevSet()
	case key.Matches(k, keys.NextSet):
		a.NextSet()
	case key.Matches(k, keys.NewSet):
		a.NewSetSlot()
	case key.Matches(k, keys.Home):
		a.LineStart()
	case key.Matches(k, keys.End):
		a.LineEnd()
	case key.Matches(k, keys.SelectMode):
		if a.Selecting() {
			a.ClearSelection()
		} else {
			a.StartSelection()
			p.setStatus("Select mode: move with ←/→ and press space to pick the tiles up.", false)
		}
	case key.Matches(k, keys.SelectSet):
		a.SelectSet()
	case key.Matches(k, keys.Grab):
		if a.Holding() {
			err = a.Drop()
		} else {
			err = a.PickUp()
		}
	case key.Matches(k, keys.Return):
		if a.Holding() {
			err = a.Return()
		} else {
			a.ClearSelection()
		}
	case key.Matches(k, keys.Split):
		err = a.Split()
	case key.Matches(k, keys.Joker):
		var jr JokerReading
		if jr, err = a.CycleJoker(); err == nil {
			c := a.Cursor()
			p.setStatus(describeReading(jr, a.Sets()[c.Set][c.Pos].ID), false)
		}
	case key.Matches(k, keys.SortColor):
		a.SortRack(false)
		p.setStatus("Rack sorted by colour (789).", false)
	case key.Matches(k, keys.SortNumber):
		a.SortRack(true)
		p.setStatus("Rack sorted by number (777).", false)
	case key.Matches(k, keys.Undo):
		err = a.Undo()
	case key.Matches(k, keys.Redo):
		err = a.Redo()
	case key.Matches(k, keys.Reset):
		if a.Changed() {
			a.Reset()
			p.setStatus("Turn reset: every tile is back where it was (u undoes this).", false)
		}
	case key.Matches(k, keys.EndTurn):
		return p.endTurn()
	case key.Matches(k, keys.Draw):
		if a.Changed() {
			p.confirm = confirmDraw
			return nil
		}
		return p.draw()
	case key.Matches(k, keys.Hint):
		return p.askHint()
	case key.Matches(k, keys.TakeBack):
		return p.takeBack()
	case key.Matches(k, keys.Pull):
		return p.pullKey()
	}
	if err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	p.badSet = -1
	return nil
}

// sentence capitalises a message and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	b := []byte(s)
	if b[0] >= 'a' && b[0] <= 'z' {
		b[0] -= 'a' - 'A'
	}
	if c := b[len(b)-1]; c != '.' && c != '!' && c != '?' {
		b = append(b, '.')
	}
	return string(b)
}

// endTurn hands the working arrangement to the engine.
func (p *Play) endTurn() tea.Cmd {
	a := p.arr
	if a.Holding() {
		p.setStatus("Put the tiles you carry down first (space), or press esc to put them back.", true)
		return nil
	}
	if !a.Changed() {
		p.setStatus("Move tiles from your rack onto the table first, or press d to draw.", true)
		return nil
	}
	seat := p.match.Game.Turn
	p.tableBefore = p.match.Game.Table.Clone()
	out, err := p.match.Apply(game.Action{Seat: seat, Kind: game.ActPlay, Sets: a.Table()})
	if err != nil {
		var te *game.TurnError
		if errors.As(err, &te) {
			p.badSet = te.Set
			p.setStatus(sentence(te.Message)+" Nothing was lost: fix it, or x resets the turn.", true)
		} else {
			p.setStatus(sentence(err.Error()), true)
		}
		return nil
	}
	p.keepRackOrder()
	return p.afterAction(out, "")
}

// draw draws (or passes with an empty pool).
func (p *Play) draw() tea.Cmd {
	seat := p.match.Game.Turn
	p.tableBefore = p.match.Game.Table.Clone()
	kind := game.ActDraw
	if len(p.match.Game.Pool) == 0 {
		kind = game.ActPass
	}
	if p.match.Game.Pull != nil {
		p.setStatus("You pulled from the River: play the Key Tile, or press p to put the pull back.", true)
		return nil
	}
	p.keepRackOrderRestored()
	out, err := p.match.Apply(game.Action{Seat: seat, Kind: kind})
	if err != nil {
		p.setStatus(sentence(err.Error()), true)
		return nil
	}
	if len(out.Revealed) > 0 {
		p.phase = phaseRiverChoice
		p.riverSel = 0
		p.setStatus("River draw: keep one tile, the other goes to the River.", false)
		return nil
	}
	return p.afterAction(out, "")
}

// onRiverChoiceKey picks which of the two revealed tiles to keep.
func (p *Play) onRiverChoiceKey(k tea.KeyMsg) tea.Cmd {
	switch {
	case key.Matches(k, p.keys.Quit):
		p.confirm = confirmQuit
		return nil
	case key.Matches(k, p.keys.Left):
		p.riverSel = 0
		return nil
	case key.Matches(k, p.keys.Right):
		p.riverSel = 1
		return nil
	case key.Matches(k, p.keys.Choose1):
		p.riverSel = 0
	case key.Matches(k, p.keys.Choose2):
		p.riverSel = 1
	case k.Type == tea.KeyEnter || k.String() == " ":
	default:
		return nil
	}
	seat := p.match.Game.Turn
	p.tableBefore = p.match.Game.Table.Clone()
	out, err := p.match.Apply(game.Action{Seat: seat, Kind: game.ActKeep, Index: p.riverSel})
	if err != nil {
		p.setStatus(sentence(err.Error()), true)
		return nil
	}
	p.keepRackOrder()
	return p.afterAction(out, "")
}

// pullKey starts or puts back a River pull.
func (p *Play) pullKey() tea.Cmd {
	g := p.match.Game
	if p.match.Rules.Draw != game.DrawRiver {
		p.setStatus("Pulling from the River is only played with the River rules (--rules river).", true)
		return nil
	}
	if g.Pull != nil {
		seat := g.Turn
		p.arr.Reset()
		out, err := p.match.Apply(game.Action{Seat: seat, Kind: game.ActCancelPull})
		if err != nil {
			p.setStatus(sentence(err.Error()), true)
			return nil
		}
		_ = out
		p.save()
		p.refreshTurn()
		p.setStatus("The pull is put back: the tiles are in the River again.", false)
		return nil
	}
	if len(g.River) == 0 {
		p.setStatus("The River is empty.", true)
		return nil
	}
	if p.arr.Changed() {
		p.confirm = confirmPull
		return nil
	}
	p.phase = phasePullSelect
	p.riverSel = len(g.River) - 1
	p.setStatus("Pull from the River: choose the tile with ←/→, enter takes it and every tile after it.", false)
	return nil
}

// refreshTurn rebuilds the working arrangement after the rack changed in
// the middle of a turn (a pull), keeping the turn's timer.
func (p *Play) refreshTurn() {
	seat := p.match.Game.Turn
	p.keepRackOrder()
	v := p.match.ViewFor(seat)
	p.arr = NewArrangement(&p.match.Rules, v.Table, p.orderedRack(seat, v.Rack), v.Locked, v.Must)
	p.phase = phaseTurn
}

// onPullKey chooses the River tile to pull.
func (p *Play) onPullKey(k tea.KeyMsg) tea.Cmd {
	n := len(p.match.Game.River)
	switch {
	case key.Matches(k, p.keys.Left):
		if p.riverSel > 0 {
			p.riverSel--
		}
	case key.Matches(k, p.keys.Right):
		if p.riverSel < n-1 {
			p.riverSel++
		}
	case k.Type == tea.KeyEsc || key.Matches(k, p.keys.Pull):
		p.phase = phaseTurn
		p.setStatus("", false)
	case k.Type == tea.KeyEnter || k.String() == " ":
		seat := p.match.Game.Turn
		out, err := p.match.Apply(game.Action{Seat: seat, Kind: game.ActPull, Index: p.riverSel})
		if err != nil {
			p.setStatus(sentence(err.Error()), true)
			p.phase = phaseTurn
			return nil
		}
		p.save()
		p.refreshTurn()
		p.setStatus(fmt.Sprintf("You pulled %s: play the Key Tile %s this turn (the rest is locked). p puts the pull back.",
			game.FormatTiles(out.Event.Pulled), out.Event.Pulled[0]), false)
	}
	return nil
}

// askHint asks the solver for the best play, or lays out the hint shown.
func (p *Play) askHint() tea.Cmd {
	if !p.cfg.Hints || p.hinter == nil {
		p.setStatus("Hints are off in this match (they are on in practice: --practice).", true)
		return nil
	}
	if p.hint != nil {
		p.arr.Apply(p.hint.Table, p.orderedHintRack(p.hint.Rack))
		p.setStatus("The hint is laid out: enter plays it, u undoes it.", false)
		p.hint = nil
		return nil
	}
	if p.hintBusy {
		return nil
	}
	p.hintBusy = true
	p.setStatus("Looking for the best play…", false)
	v := p.match.ViewFor(p.match.Game.Turn)
	gen := p.gen
	h := p.hinter
	ctx, cancel := p.thinkContext()
	return tea.Batch(p.spin.Tick, func() tea.Msg {
		defer cancel()
		hint, err := h(ctx, v)
		return hintMsg{gen: gen, hint: hint, err: err}
	})
}

// orderedHintRack keeps the rack's current order for a hint's rack.
func (p *Play) orderedHintRack(rack []game.Tile) []game.Tile {
	left := map[game.TileID]bool{}
	for _, t := range rack {
		left[t.ID] = true
	}
	var out []game.Tile
	for _, t := range p.arr.Rack() {
		if left[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

// thinkContext is the time a hint or a computer move may take: what is
// left of the turn, at most 10 seconds for a hint.
func (p *Play) thinkContext() (context.Context, context.CancelFunc) {
	d := 10 * time.Second
	if !p.deadline.IsZero() {
		left := p.deadline.Sub(p.now()) - 500*time.Millisecond
		if left < d {
			d = left
		}
		if d < 100*time.Millisecond {
			d = 100 * time.Millisecond
		}
	}
	return context.WithTimeout(context.Background(), d)
}

// takeBack takes back the human's whole last turn and the computers'
// replies (practice).
func (p *Play) takeBack() tea.Cmd {
	if !p.cfg.Practice {
		p.setStatus("Taking back a turn is for practice matches (--practice).", true)
		return nil
	}
	seat := p.match.Game.Turn
	n := p.match.UndoPoint(seat)
	if n < 0 {
		p.setStatus("There is no turn of yours to take back in this game.", true)
		return nil
	}
	if err := p.match.Rewind(n); err != nil {
		p.setStatus(sentence(err.Error()), true)
		return nil
	}
	p.save()
	p.summary = ""
	p.lastMark = nil
	p.setStatus("Your last turn is taken back, with the computers' replies.", false)
	return p.startTurn()
}

// computerMove asks the computer seat for its action, inside the timer.
func (p *Play) computerMove() tea.Cmd {
	seat := p.match.Game.Turn
	c := p.computers[seat]
	v := p.match.ViewFor(seat)
	gen := p.gen
	ctx, cancel := p.computerContext()
	return func() tea.Msg {
		defer cancel()
		if c == nil {
			return computerMoveMsg{gen: gen, err: fmt.Errorf("no computer player for seat %d", seat)}
		}
		a, err := c.Move(ctx, v)
		return computerMoveMsg{gen: gen, action: a, err: err}
	}
}

// computerContext is a computer turn's time: the turn timer less a margin,
// or 10 seconds without a timer.
func (p *Play) computerContext() (context.Context, context.CancelFunc) {
	d := 10 * time.Second
	if !p.deadline.IsZero() {
		d = p.deadline.Sub(p.now()) - time.Second
		if d < 200*time.Millisecond {
			d = 200 * time.Millisecond
		}
	}
	return context.WithTimeout(context.Background(), d)
}

// onComputerMove applies a computer's action. A computer that fails or
// whose action is refused draws (or passes), so the game goes on.
func (p *Play) onComputerMove(a game.Action, err error) tea.Cmd {
	seat := p.match.Game.Turn
	if p.tableBefore == nil || p.match.Game.Reveal == nil {
		p.tableBefore = p.match.Game.Table.Clone()
	}
	a.Seat = seat
	var out game.Outcome
	if err == nil {
		out, err = p.match.Apply(a)
	}
	if err != nil {
		kind := game.ActDraw
		if len(p.match.Game.Reveal) > 0 {
			a = game.Action{Seat: seat, Kind: game.ActKeep}
		} else {
			if p.match.Game.Pull != nil {
				p.match.Apply(game.Action{Seat: seat, Kind: game.ActCancelPull})
			}
			if len(p.match.Game.Pool) == 0 {
				kind = game.ActPass
			}
			a = game.Action{Seat: seat, Kind: kind}
		}
		out, err = p.match.Apply(a)
		if err != nil {
			p.setStatus(sentence(err.Error()), true)
			return nil
		}
	}
	if !out.TurnEnded && !out.GameOver {
		// A River draw to choose from, or a pull: the computer goes on.
		p.save()
		return p.computerMove()
	}
	p.summary = summarize(p.match, out.Event, p.tableBefore)
	p.recent = append(p.recent, p.summary)
	p.lastMark = markChanged(p.tableBefore, p.match.Game.Table, out.Event)
	p.tableBefore = nil
	p.save()
	p.setStatus(p.summary+".", false)
	if out.GameOver {
		return p.startTurn()
	}
	p.phase = phaseComputerShow
	p.deadline = time.Time{}
	p.gen++
	gen := p.gen
	d := p.cfg.AIDelay
	if d <= 0 {
		return func() tea.Msg { return computerPauseMsg{gen} }
	}
	return tea.Tick(d, func(time.Time) tea.Msg { return computerPauseMsg{gen} })
}

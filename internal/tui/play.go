package tui

import (
	"context"
	"fmt"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/spinner"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui/replay"
)

// Computer is a computer seat (host.Computer): given what its seat may
// know, it returns its action within the context's deadline.
type Computer = host.Computer

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
	tickMsg struct{ t time.Time }
	hostMsg struct{ e host.Event }
	hintMsg struct {
		gen  int
		hint *Hint
		err  error
	}
	// QuitMsg tells the parent that the match screen is done (quit or
	// match over and left).
	QuitMsg struct{}
)

// Hint is the best play found for the player whose turn it is: the table
// after it (in the match's shape) and the rack tiles it places.
type Hint struct {
	After  game.Layout
	Rack   []game.Tile
	Placed int
	Points int
	Tiles  map[game.TileID]bool // the rack tiles the hint places
}

// Hinter finds hints; the solver provides it.
type Hinter func(ctx context.Context, v game.SeatView) (*Hint, error)

// Play is the match screen: the view of a match host for the humans at
// this keyboard, around the board component (Board) it shows. It shows
// the board for one seat at a time (the one whose turn it is, in hot-seat
// play) and sends the host the player's actions; it adds the phases of a
// match (the hand-over, computer turns, the River's choices, the scores),
// the move log and the questions. The host decides everything else: whose
// turn it is, the clock, computer turns, time-outs, saves.
type Play struct {
	// Board is the board this screen shows: the table, one seat's rack,
	// its working arrangement and the keys that move tiles (board.go).
	Board

	cfg    Config
	local  []int // the human seats at this screen
	host   *host.Host
	sub    *host.Subscription
	hinter Hinter
	// events is where the screen waits for the host's events: its
	// subscription (tests deliver the subscription's events themselves
	// and give the screen a source that has none).
	events eventSource

	// hs is the match as the host last said it (Board.v is the seat's
	// view of it).
	hs host.State

	confirm  confirm
	holdTill time.Time // keys are ignored until then (handover)
	gen      int       // counts turns, so stale hints are dropped
	rewound  bool      // a take-back was made: the next turn says so
	gameNum  int       // the game the rack orders belong to

	// recent is what happened since the last human turn began, for the
	// privacy screen.
	recent []string
	// notices is news for a seat at this screen, shown when its next turn
	// begins (a time-out that hit it).
	notices map[int]string

	hintBusy bool

	// log is the game's move log (public summaries), shown with m;
	// logBack is how many lines it is scrolled back from the newest.
	log     []logEntry
	logOpen bool
	logBack int

	saveErr string
	// shared says the host is a table's that other screens share
	// (TablePlay): leaving closes this screen's subscription, not the host.
	shared bool

	// The end of a game (gameover_analysis.go): the final table is shown
	// before the scores; the analysis; the replay opened from there.
	final       bool
	ana         *gameAnalysis
	replay      tea.Model
	anaDeadline time.Duration // the solver's time per position; <0: no analysis (tests)

	// chrome is the lines around the board, drawn with its layout
	// (play_layout.go).
	chrome chrome
}

// NewPlay makes the match screen over a host, for the human seats of cfg
// (all of them share this screen). The host must not be started yet:
// Init starts it.
func NewPlay(cfg Config, h *host.Host, hinter Hinter, st *Styles) *Play {
	var humans []int
	for i, s := range cfg.Seats {
		if !s.Computer {
			humans = append(humans, i)
		}
	}
	return newPlay(cfg, h, humans, hinter, st)
}

// NewSeatPlay makes the screen of one seat of a host that several
// screens share (each player at a terminal of their own): it shows that
// seat's rack only, and the others' turns as they are played.
func NewSeatPlay(cfg Config, h *host.Host, seat int, hinter Hinter, st *Styles) *Play {
	return newPlay(cfg, h, []int{seat}, hinter, st)
}

func newPlay(cfg Config, h *host.Host, humans []int, hinter Hinter, st *Styles) *Play {
	p := &Play{
		Board:   newBoard(st),
		cfg:     cfg,
		local:   humans,
		host:    h,
		sub:     h.Subscribe(humans...),
		hinter:  hinter,
		notices: map[int]string{},
	}
	if cfg.Practice {
		p.cfg.Hints = true
	}
	p.events = p.sub
	// The subscription's first event is the match as it stands: the
	// screen can draw it before the host starts.
	rules := cfg.Rules
	if e, err := p.sub.Next(context.Background()); err == nil {
		p.v, p.hs = e.State.View, e.State
		p.gameNum = p.v.Game
		rules = p.v.Rules
	}
	// The board's surface is the shape of table the host's match plays on.
	p.surf = surfaceFor(&rules)
	return p
}

// newHelp is a help bar drawn with the session's styles (never bubbles'
// default colours).
func newHelp(st *Styles) help.Model {
	h := help.New()
	h.Styles = st.HelpStyles()
	return h
}

// Init starts the match and the screen's clock display.
func (p *Play) Init() tea.Cmd {
	p.host.Start()
	return tea.Batch(tick(), p.waitEvent())
}

func tick() tea.Cmd {
	return tea.Tick(time.Second/4, func(t time.Time) tea.Msg { return tickMsg{t} })
}

// waitEvent waits for the host's next event.
func (p *Play) waitEvent() tea.Cmd {
	events := p.events
	return func() tea.Msg {
		e, err := events.Next(context.Background())
		if err != nil {
			return nil
		}
		return hostMsg{e}
	}
}

// eventSource is where the screen waits for the host's events.
type eventSource interface {
	Next(ctx context.Context) (host.Event, error)
}

// spinFrame is the turning mark of a computer that thinks. It turns with
// the screen's own clock tick (tickMsg, four times a second) and the
// screen's clock, so no timer of its own runs.
func (p *Play) spinFrame() string {
	f := spinner.Line.Frames
	i := p.now().UnixMilli() / 250 % int64(len(f))
	return p.st.Status.Render(f[max(i, 0)])
}

// Host is the match host behind the screen.
func (p *Play) Host() *host.Host { return p.host }

func (p *Board) styles() *Styles { return p.st }

// SetSize tells the board the terminal's size.
func (p *Board) SetSize(w, h int) {
	p.width, p.height = w, h
	p.help.SetWidth(w)
}

// SetSize tells the screen the terminal's size, and lays it out for it.
func (p *Play) SetSize(w, h int) {
	p.Board.SetSize(w, h)
	p.layoutNow()
}

// clockForSize pauses the host's clock while the terminal is too small
// to show the board, and gives the time back when it is large enough.
func (p *Play) clockForSize() {
	if p.width < MinWidth || p.height < MinHeight {
		p.host.PauseClock()
	} else {
		p.host.ResumeClock()
	}
}

// humanSeats counts the humans at this screen.
func (p *Play) humanSeats() int { return len(p.local) }

// isLocal reports whether seat is played at this screen.
func (p *Play) isLocal(seat int) bool {
	for _, s := range p.local {
		if s == seat {
			return true
		}
	}
	return false
}

func (p *Play) isComputer(seat int) bool {
	return seat >= 0 && seat < len(p.cfg.Seats) && p.cfg.Seats[seat].Computer
}

// startLine says who starts a game and why: the highest tile in the draw
// for the first player.
func startLine(v *game.SeatView) string {
	s := fmt.Sprintf("Game %d: %s starts", v.Game, v.Names[v.Starter])
	for i := len(v.StartDraw) - 1; i >= 0; i-- {
		if d := v.StartDraw[i]; d.Seat == v.Starter && !d.Tile.IsJoker() {
			return s + fmt.Sprintf(", having drawn the highest tile (%s)", d.Tile.Face)
		}
	}
	return s
}

func (p *Board) setStatus(msg string, bad bool) {
	p.status, p.statusBad = msg, bad
}

// Update handles a message, then works out the screen's layout for what
// the message changed, so that View only draws.
func (p *Play) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := p.update(msg)
	if _, ok := msg.(tickMsg); ok {
		p.layoutTick()
	} else {
		p.layoutNow()
	}
	return m, cmd
}

// update handles a message.
func (p *Play) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if p.replay != nil {
		switch msg.(type) {
		case tea.KeyPressMsg, tea.WindowSizeMsg, tea.MouseMsg:
			if m, ok := msg.(tea.WindowSizeMsg); ok {
				p.SetSize(m.Width, m.Height)
			}
			return p, p.onReplayMsg(msg)
		}
		if replay.Owns(msg) {
			return p, p.onReplayMsg(msg)
		}
	}
	switch msg := msg.(type) {
	case analysisMsg:
		p.ana = msg.a
		return p, nil
	case tea.WindowSizeMsg:
		p.SetSize(msg.Width, msg.Height)
		return p, nil
	case tickMsg:
		return p, tick()
	case hostMsg:
		cmd := p.onEvent(msg.e)
		if msg.e.Kind == host.EvClosed {
			return p, cmd
		}
		return p, tea.Batch(cmd, p.waitEvent())
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
		p.setStatus(fmt.Sprintf("Hint: a play placing %d %s, taking %d %s off your rack (marked). Press i again to lay it out.",
			msg.hint.Placed, plural(msg.hint.Placed, "tile", "tiles"), msg.hint.Points, plural(msg.hint.Points, "point", "points")), false)
		return p, nil
	case tea.MouseMsg:
		return p, p.onMouse(msg)
	case tea.KeyPressMsg:
		return p, p.onKey(msg)
	}
	return p, nil
}

// draft tells the host the working arrangement, for a time-out.
func (p *Play) draft() {
	if a := p.work(); a != nil && p.viewer >= 0 && p.host != nil {
		p.host.Draft(p.viewer, a.Layout(), a.draftHolding())
	}
}

// deadline is when the running turn's time runs out (zero for none).
func (p *Play) deadline() time.Time { return p.hs.Deadline }

// plural is one for 1 and -1 ("-1 point"), many otherwise.
func plural(n int, one, many string) string {
	if n == 1 || n == -1 {
		return one
	}
	return many
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

// quit closes the host (saving the match with the time left) and leaves.
func (p *Play) quit() tea.Cmd {
	if p.shared {
		sub := p.sub
		return func() tea.Msg {
			sub.Close()
			return QuitMsg{}
		}
	}
	h := p.host
	return func() tea.Msg {
		h.Close()
		return QuitMsg{}
	}
}

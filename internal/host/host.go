package host

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"rummikub/internal/game"
)

// Config is what a host is made with.
type Config struct {
	Match    *game.Match
	Settings Settings
	// Computers plays the computer seats (every seat marked Computer in
	// Settings.Seats needs one).
	Computers map[int]Computer
	// Clock is the time source; nil is the real clock.
	Clock Clock
	// Store keeps the match, under Name (a new name is made when empty);
	// nil: the match is not saved.
	Store   *Store
	Name    string
	Created time.Time
	// TurnLeft is the time the player whose turn it is has left, for a
	// resumed match; 0 gives the full time.
	TurnLeft time.Duration
	// HotSeat says the humans share one screen: each human turn waits in
	// PhaseWaiting for Begin when there is more than one human.
	HotSeat bool
	// CPU is the pool of workers the computer turns think on (shared by
	// the tables of a server); nil: each thinks at once.
	CPU *CPUPool
}

// Stable codes of an action the host refuses before the engine sees it.
const (
	CodeNotPlaying  = "turn_not_begun"
	CodeNotHuman    = "computer_seat"
	CodeClosed      = "closed"
	CodeNotPractice = "not_practice"
	CodeNothingBack = "nothing_to_take_back"
)

func refuse(code, format string, args ...any) error {
	return &game.FlowError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Host owns one match. See the package doc for its locking.
type Host struct {
	mu        sync.Mutex
	m         *game.Match
	st        Settings
	computers map[int]Computer
	clock     Clock
	hotSeat   bool

	phase    Phase
	gen      int           // counts turns (and rewinds): stale timers and moves are dropped
	deadline time.Time     // the running clock's end; zero when none runs
	left     time.Duration // time left while the clock is stopped
	paused   bool
	stop     func() // stops the pending timer
	resume   time.Duration
	// draft is the working arrangement of the turn in play (Draft), in
	// the shape the rules play on, and whether tiles are held off it.
	draft     game.Layout
	draftHeld bool
	refusal   string // a computer's refused move, told with the fallback's event
	subs      map[*Subscription]bool
	closed    bool
	ctx       context.Context
	cancel    context.CancelFunc
	busy      int // computer goroutines running
	lanes     map[int]*sync.Mutex
	idle      *sync.Cond
	saver     *saver
	lastError error
	cpu       *CPUPool
	queued    int // gen+1 while the computer of turn gen waits for a worker of cpu
	// dirty says the match changed since the last save was handed to the
	// saver: events published now wait for the save to come.
	dirty bool
	// clockSave stops the timer that saves a running clock's time left.
	clockSave func()
	// stopThinking ends the latest computer turn's thinking (HandBack).
	stopThinking context.CancelFunc
}

// New makes the host of a match. The match is not played until Start.
func New(cfg Config) (*Host, error) {
	m := cfg.Match
	if m == nil {
		return nil, errors.New("host: no match")
	}
	if len(cfg.Settings.Seats) != m.Players() {
		return nil, fmt.Errorf("%d seats for a match of %d players", len(cfg.Settings.Seats), m.Players())
	}
	for i, s := range cfg.Settings.Seats {
		if s.Computer && cfg.Computers[i] == nil {
			return nil, fmt.Errorf("seat %d (%s) is a computer seat with no computer player", i+1, s.Name)
		}
	}
	if cfg.Settings.Practice {
		cfg.Settings.Hints = true
	}
	h := &Host{
		m:         m,
		st:        cfg.Settings,
		computers: cfg.Computers,
		cpu:       cfg.CPU,
		clock:     cfg.Clock,
		hotSeat:   cfg.HotSeat,
		resume:    cfg.TurnLeft,
		subs:      map[*Subscription]bool{},
		phase:     PhaseWaiting,
	}
	if h.clock == nil {
		h.clock = RealClock{}
	}
	h.idle = sync.NewCond(&h.mu)
	h.ctx, h.cancel = context.WithCancel(context.Background())
	if cfg.Store != nil {
		name := cfg.Name
		created := cfg.Created
		if created.IsZero() {
			created = h.clock.Now()
		}
		if name == "" {
			name = cfg.Store.NewName(m.Names, created)
		}
		h.saver = newSaver(cfg.Store, name, created, h.onSaveResult)
	}
	return h, nil
}

// Name is the match's name in its store ("" when it is not saved).
func (h *Host) Name() string {
	if h.saver == nil {
		return ""
	}
	return h.saver.name
}

// Settings are the match's settings.
func (h *Host) Settings() Settings {
	h.mu.Lock()
	defer h.mu.Unlock()
	st := h.st
	st.Seats = append([]Seat(nil), h.st.Seats...)
	return st
}

// Start plays the match from where it stands: the current turn begins.
// The match is saved at once, so a new match is on disk from its deal.
func (h *Host) Start() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return
	}
	h.startTurnLocked()
	h.saveLocked()
}

// Subscribe returns a subscription that receives every event from now
// on, each with the state as seats may see it: the view of the seat of
// seats whose turn it is, else of the only seat given, else the public
// view (a spectator gives no seats). Its first event is EvTurnStarted
// with the state as it is now.
func (h *Host) Subscribe(seats ...int) *Subscription {
	h.mu.Lock()
	defer h.mu.Unlock()
	s := newSubscription(h, seats)
	need := h.durableSeqLocked()
	if h.closed {
		s.push(Event{Kind: EvClosed, Seat: -1, State: h.stateLocked(s)}, need)
		return s
	}
	h.subs[s] = true
	s.push(Event{Kind: EvTurnStarted, Seat: h.m.Game.Turn, State: h.stateLocked(s)}, need)
	return s
}

func (h *Host) unsubscribe(s *Subscription) {
	h.mu.Lock()
	delete(h.subs, s)
	h.mu.Unlock()
}

// viewSeat is the seat whose view subscription s receives now.
func (h *Host) viewSeat(s *Subscription) int {
	if s.holds(h.m.Game.Turn) && !h.m.Game.Over {
		return h.m.Game.Turn
	}
	if len(s.seats) == 1 {
		return s.seats[0]
	}
	return -1
}

func (h *Host) stateLocked(s *Subscription) State {
	st := State{
		View:     h.m.ViewFor(h.viewSeat(s)),
		Phase:    h.phase,
		Deadline: h.deadline,
		Left:     h.left,
		Paused:   h.paused,
		Computer: make([]bool, len(h.st.Seats)),
		Queued:   h.queued == h.gen+1 && h.phase == PhaseThinking,
	}
	for i, seat := range h.st.Seats {
		st.Computer[i] = seat.Computer
	}
	return st
}

// publish sends every subscriber the event with its own state; Drawn and
// Revealed only to those holding the acting seat. A subscriber reads it
// only once the save that holds it is on disk (durableSeq).
func (h *Host) publish(e Event) {
	need := h.durableSeqLocked()
	for s := range h.subs {
		se := e
		se.State = h.stateLocked(s)
		if !s.holds(e.Seat) {
			se.Drawn, se.Revealed = nil, nil
		}
		s.push(se, need)
	}
}

// limit is a turn's full time; 0 when no clock runs (no limit, practice).
func (h *Host) limit() time.Duration {
	if h.st.Practice || h.m.Rules.TurnSeconds <= 0 {
		return 0
	}
	return time.Duration(h.m.Rules.TurnSeconds) * time.Second
}

func (h *Host) isComputer(seat int) bool {
	return seat >= 0 && seat < len(h.st.Seats) && h.st.Seats[seat].Computer
}

func (h *Host) stopTimerLocked() {
	if h.stop != nil {
		h.stop()
		h.stop = nil
	}
	if h.clockSave != nil {
		h.clockSave()
		h.clockSave = nil
	}
}

// startTurnLocked begins whatever comes next: the end of a game or match,
// a computer's turn, a human's turn waiting for Begin, or a human's turn.
func (h *Host) startTurnLocked() {
	h.gen++
	h.stopTimerLocked()
	h.draft, h.draftHeld = nil, false
	h.deadline, h.left = time.Time{}, 0
	g := h.m.Game
	if g.Over {
		kind := EvGameOver
		h.phase = PhaseGameOver
		if h.m.Over() {
			kind = EvMatchOver
			h.phase = PhaseMatchOver
		}
		h.publish(Event{Kind: kind, Seat: -1})
		h.finishLocked()
		return
	}
	seat := g.Turn
	left := h.limit()
	if h.resume > 0 && left > 0 && h.resume < left {
		left = h.resume
	}
	h.resume = 0
	switch {
	case h.isComputer(seat):
		h.phase = PhaseThinking
		if left > 0 {
			h.deadline = h.clock.Now().Add(left)
		}
		h.publish(Event{Kind: EvTurnStarted, Seat: seat})
		h.thinkLocked(seat)
		return
	case h.hotSeat && h.st.Humans() > 1:
		h.phase = PhaseWaiting
		h.left = left
	default:
		h.phase = PhasePlaying
		h.runClockLocked(left)
	}
	h.publish(Event{Kind: EvTurnStarted, Seat: seat})
}

// name is a seat's player name.
func (h *Host) name(seat int) string {
	if seat >= 0 && seat < len(h.m.Names) {
		return h.m.Names[seat]
	}
	return fmt.Sprintf("seat %d", seat+1)
}

// Act applies a human seat's action: a play (the whole table after the
// turn), a draw, a pass, a River keep, pull or pull put back. A refused
// action changes nothing and returns the engine's error (a
// *game.TurnError for a play, a *game.FlowError otherwise).
func (h *Host) Act(seat int, a game.Action) (game.Outcome, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return game.Outcome{}, refuse(CodeClosed, "the table is closed")
	}
	switch a.Kind {
	case game.ActTimeout:
		return game.Outcome{}, refuse(game.CodeBadAction, "only the clock times a turn out")
	case game.ActNextGame:
		return game.Outcome{}, refuse(game.CodeBadAction, "deal the next game with NextGame")
	}
	if h.isComputer(seat) {
		return game.Outcome{}, refuse(CodeNotHuman, "%s is a computer seat", h.name(seat))
	}
	if h.phase != PhasePlaying || h.m.Game.Turn != seat {
		if h.m.Game.Over {
			return game.Outcome{}, refuse(game.CodeGameOver, "game %d is over", h.m.Game.Number)
		}
		if h.m.Game.Turn != seat {
			return game.Outcome{}, refuse(game.CodeNotYourTurn, "it is %s's turn, not %s's", h.name(h.m.Game.Turn), h.name(seat))
		}
		return game.Outcome{}, refuse(CodeNotPlaying, "%s's turn has not begun", h.name(seat))
	}
	a.Seat = seat
	return h.applyLocked(a)
}

// applyLocked applies a seat's action and moves the match on.
func (h *Host) applyLocked(a game.Action) (game.Outcome, error) {
	return h.applyAsLocked(a, EvApplied)
}

// applyAsLocked is the one path of an applied action, a seat's own or
// the penalty of a turn whose time ran out: the engine applies it, the
// seats are told it as an event of kind (EvApplied or EvTimedOut), the
// next turn begins (after a computer's pause) and the match is saved.
func (h *Host) applyAsLocked(a game.Action, kind EventKind) (game.Outcome, error) {
	before := game.CloneLayout(h.m.Game.Table)
	out, err := h.m.Apply(a)
	if err != nil {
		return game.Outcome{}, err
	}
	h.dirty = true
	ev := Event{Kind: kind, Seat: a.Seat, Public: out.Event, Before: before, Drawn: out.Drawn, Revealed: out.Revealed}
	if h.isComputer(a.Seat) && h.refusal != "" {
		ev.Fallback, h.refusal = h.refusal, ""
	}
	if !out.TurnEnded && !out.GameOver {
		// A River draw to choose from or a pull: the same turn goes on.
		h.draft, h.draftHeld = nil, false
		h.publish(ev)
		h.saveLocked()
		return out, nil
	}
	h.publish(ev)
	if h.isComputer(a.Seat) && !out.GameOver && h.st.ComputerPause > 0 {
		h.showLocked()
	} else {
		h.startTurnLocked()
	}
	h.saveLocked()
	return out, nil
}

// showLocked keeps a computer's finished turn on view for the pause.
func (h *Host) showLocked() {
	h.gen++
	h.stopTimerLocked()
	h.phase = PhaseShowing
	h.deadline, h.left = time.Time{}, 0
	gen := h.gen
	h.stop = h.clock.AfterFunc(h.st.ComputerPause, func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		if gen == h.gen && h.phase == PhaseShowing && !h.closed {
			h.startTurnLocked()
		}
	})
	h.publish(Event{Kind: EvTurnStarted, Seat: h.m.Game.Turn})
}

// Continue ends the pause after a computer's turn at once.
func (h *Host) Continue() {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.phase == PhaseShowing && !h.closed {
		h.startTurnLocked()
	}
}

// NextGame deals the next game once a game is over.
func (h *Host) NextGame() error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return refuse(CodeClosed, "the table is closed")
	}
	if err := h.m.NextGame(); err != nil {
		return err
	}
	h.dirty = true
	h.publish(Event{Kind: EvApplied, Seat: -1, Public: h.m.Log[len(h.m.Log)-1]})
	h.startTurnLocked()
	h.saveLocked()
	return nil
}

// TakeBack takes back seat's last turn and every turn after it (the
// computers' replies), in practice matches.
func (h *Host) TakeBack(seat int) error {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return refuse(CodeClosed, "the table is closed")
	}
	if !h.st.Practice {
		return refuse(CodeNotPractice, "taking back a turn is for practice matches")
	}
	// On the seat's own turn, or once a game is over (a computer's reply
	// may have ended it): the take-back opens the game again, unless a
	// bot seat has been told it is over.
	over := h.phase == PhaseGameOver || h.phase == PhaseMatchOver
	if !over && (h.phase != PhasePlaying || h.m.Game.Turn != seat) {
		return refuse(CodeNotPlaying, "take back on your own turn")
	}
	if over {
		for _, c := range h.computers {
			if _, ok := c.(Finisher); ok {
				return refuse(CodeNotPlaying, "a bot seat has been told the game is over: it cannot be taken back")
			}
		}
	}
	n := h.m.UndoPoint(seat)
	if n < 0 {
		return refuse(CodeNothingBack, "there is no turn of yours to take back in this game")
	}
	if err := h.m.Rewind(n); err != nil {
		return err
	}
	h.dirty = true
	h.publish(Event{Kind: EvRewound, Seat: seat})
	h.startTurnLocked()
	h.saveLocked()
	return nil
}

// Snapshot is a deep copy of the whole match, every rack included: for
// a finished match, tests and tools, never for a seat's screen.
func (h *Host) Snapshot() *game.Match {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.m.Clone()
}

// Phase is the current phase.
func (h *Host) Phase() Phase {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.phase
}

// WaitIdle waits until no computer seat is thinking.
func (h *Host) WaitIdle() {
	h.mu.Lock()
	for h.busy > 0 {
		h.idle.Wait()
	}
	h.mu.Unlock()
}

// Close stops the match: timers stop, computers are told to stop, the
// match is saved with the time left of the turn in play (so a resumed
// match gives it back), and every subscription gets EvClosed. It waits
// for the computers and the save, and returns the save's error, if any.
func (h *Host) Close() error {
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return h.Flush()
	}
	left := time.Duration(0)
	if h.phase == PhasePlaying || h.phase == PhaseWaiting {
		left = h.timeLeftLocked()
	}
	h.resume = left
	h.stopTimerLocked()
	h.saveLocked()
	h.closed = true
	h.gen++
	h.phase = PhaseClosed
	h.cancel()
	h.publish(Event{Kind: EvClosed, Seat: -1})
	h.subs = map[*Subscription]bool{}
	for h.busy > 0 {
		h.idle.Wait()
	}
	h.mu.Unlock()
	h.closeComputers()
	err := h.Flush()
	if h.saver != nil {
		h.saver.close()
	}
	return err
}

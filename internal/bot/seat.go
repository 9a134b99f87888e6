package bot

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"

	"rummikub/internal/bot/protocol"
	"rummikub/internal/game"
)

// The kinds of Fault: what a bot did wrong in a turn.
const (
	FaultInvalid = "invalid" // an answer that is not JSON, not a message, or an illegal action
	FaultLate    = "late"    // no answer by the deadline
	FaultCrashed = "crashed" // the process exited, closed its output or did not start
	FaultRetired = "retired" // the bot was retired earlier; nobody was asked
)

// RestartRule is the rule a Seat follows with a failing bot, as the
// protocol document states it.
const RestartRule = "A bot that crashes (exits, closes its stdout, or does not answer the hello in time) is started again at its next turn, with a new hello. " +
	"A bot late three turns in a row is stopped and started again the same way. " +
	"A seat starts its bot at most 3 times in a match; when the third process fails too, the bot is retired and its turns are drawn (or passed) for it to the end of the match."

// MaxStarts and LateRun are the numbers of RestartRule.
const (
	MaxStarts = 3
	LateRun   = 3
)

// Fault is a bot's failure in one turn. The caller replaces the turn's
// action with a draw (or a pass), as for any refused move, and counts it
// by Kind.
type Fault struct {
	Kind   string
	Reason string
}

func (f *Fault) Error() string { return fmt.Sprintf("bot %s: %s", f.Kind, f.Reason) }

// FaultKind lets callers classify a Move's error without importing bot.
func (f *Fault) FaultKind() string { return f.Kind }

// Options configures a Seat.
type Options struct {
	// Log receives the bot's stderr and the referee's notes about the bot
	// (starts, faults, exits). nil discards them. It is never the screen.
	Log io.Writer
	// Startup is how long a started bot has to answer the hello (0: 10 s).
	Startup time.Duration
	// NoDeadline is the time a move gets when the caller's context has no
	// deadline, as in a game without a turn timer (0: 30 s).
	NoDeadline time.Duration
	// Seed is passed to the bot in the hello for its random choices.
	Seed uint64
}

// Counts is what a Seat's bot did wrong over the match.
type Counts struct {
	Invalid, Late, Crashed int
	Starts                 int
	Retired                bool
}

// Seat is a computer seat played by a bot process speaking the protocol:
// it has the Move of an ai.Player. One Seat plays one seat of one match;
// it is not safe for concurrent use.
type Seat struct {
	argv   []string
	opt    Options
	log    *syncWriter
	stderr *stderrCap // the bots' stderr, capped, to log

	proc conn
	// dial, for a bot that connects from outside (NewLinkSeat), takes
	// one of its connections in place of starting a process.
	dial    func(wait time.Duration) (conn, error)
	id      int // the last turn message's id
	logSent int // how much of the match log the running process has
	lateRun int
	counts  Counts
	over    int // the last game whose game_over was sent
	seat    int
	excused time.Duration // the start-up inside the last Move (StartupExcused)
	ids     bool          // the running process asked for tile ids in its ready
	pending error         // Begin's failure to start the bot, reported by the next Move
}

// ParseCommand splits a cmd: seat's command into its words (split at
// spaces; no shell quoting), checking the program can be found.
func ParseCommand(s string) ([]string, error) {
	argv := strings.Fields(s)
	if len(argv) == 0 {
		return nil, errors.New("a cmd: seat needs a command, as in cmd:python3 mybot.py")
	}
	if _, err := exec.LookPath(argv[0]); err != nil {
		return nil, fmt.Errorf("the bot command %q cannot be run: %v", argv[0], err)
	}
	return argv, nil
}

// NewSeat makes the seat of a bot run as argv. The process starts at the
// seat's first turn.
func NewSeat(argv []string, o Options) *Seat {
	if o.Startup <= 0 {
		o.Startup = 10 * time.Second
	}
	if o.NoDeadline <= 0 {
		o.NoDeadline = 30 * time.Second
	}
	s := &Seat{argv: append([]string(nil), argv...), opt: o, log: &syncWriter{w: o.Log}}
	s.stderr = &stderrCap{log: s.log, left: MaxStderr}
	return s
}

// Counts returns what the bot did wrong so far.
func (s *Seat) Counts() Counts { return s.counts }

// note writes one line about the bot to the log.
func (s *Seat) note(format string, args ...any) {
	pid := 0
	if s.proc != nil {
		pid = s.proc.pid()
	}
	s.log.printf("rummikub referee: bot %q (seat %d, pid %d): %s\n", strings.Join(s.argv, " "), s.seat, pid, fmt.Sprintf(format, args...))
}

// fault counts and logs a fault and returns it as the Move's error.
func (s *Seat) fault(kind, format string, args ...any) error {
	f := &Fault{Kind: kind, Reason: fmt.Sprintf(format, args...)}
	switch kind {
	case FaultInvalid:
		s.counts.Invalid++
	case FaultLate:
		s.counts.Late++
	case FaultCrashed:
		s.counts.Crashed++
	}
	if kind != FaultRetired {
		s.note("turn %d: %s: %s", s.id, kind, f.Reason)
	}
	return f
}

// Move sends the bot its view and reads its action within ctx's deadline.
// A failure is a *Fault; the caller then draws or passes for the seat.
func (s *Seat) Move(ctx context.Context, v game.SeatView) (game.Action, error) {
	if err := s.pending; err != nil {
		// Begin could not start the bot: this turn is the one it costs.
		s.pending = nil
		return game.Action{}, err
	}
	if s.counts.Retired {
		return game.Action{}, s.fault(FaultRetired, "the bot was retired")
	}
	s.seat = v.Seat
	deadline, ok := ctx.Deadline()
	if !ok {
		deadline = time.Now().Add(s.opt.NoDeadline)
	}
	s.excused = 0
	if s.proc == nil {
		// A bot started again (after a crash, or late turns) starts
		// inside a turn: its start-up, up to the ready, is not the turn's.
		began := time.Now()
		if err := s.launch(&v); err != nil {
			return game.Action{}, err
		}
		s.excused = time.Since(began)
		deadline = deadline.Add(s.excused)
	}
	ctx, cancel := withDeadline(ctx, deadline)
	defer cancel()
	s.id++
	t := protocol.TurnFor(&v, s.id, answerTime(time.Until(deadline)), s.logSent, s.ids)
	// A bot gets at least a second to take in its turn, even when a late
	// start has eaten the turn's time.
	send := s.proc.send
	if l, ok := s.proc.(*Link); ok {
		send = func(msg any, d time.Time) error { return l.sendCtx(ctx, msg, d) }
	}
	if err := send(t, later(deadline, time.Now().Add(time.Second))); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return game.Action{}, s.late()
		}
		return game.Action{}, s.crash("the turn could not be sent: %v", err)
	}
	s.logSent = len(v.Log)
	for {
		select {
		case <-ctx.Done():
			return game.Action{}, s.late()
		case l, open := <-s.proc.lineCh():
			if !open {
				return game.Action{}, s.crash("%s", s.proc.exitReason())
			}
			if l.Err != nil {
				return game.Action{}, s.invalid("%v", l.Err)
			}
			if len(strings.TrimSpace(string(l.Text))) == 0 {
				continue
			}
			a, err := protocol.ParseAnswer(l.Text)
			if err != nil {
				return game.Action{}, s.invalid("%v", err)
			}
			if a.ID != s.id {
				s.note("turn %d: skipped an answer to turn %d", s.id, a.ID)
				continue
			}
			s.lateRun = 0
			act, err := protocol.ActionOf(&a, &v.Rules, v.Seat)
			if err != nil {
				return game.Action{}, s.invalid("%v", err)
			}
			return act, nil
		}
	}
}

// withDeadline is ctx with deadline in place of its own, which may be
// earlier: the caller's cancellation still ends it, its deadline does not.
// StartupExcused is the start-up of the bot inside its last Move (0 when
// it was running already): the referee moves the turn's deadline by it
// (host.StartupExcuser).
func (s *Seat) StartupExcused() time.Duration { return s.excused }

func withDeadline(ctx context.Context, deadline time.Time) (context.Context, context.CancelFunc) {
	out, cancel := context.WithDeadline(context.WithoutCancel(ctx), deadline)
	stop := context.AfterFunc(ctx, func() {
		if !errors.Is(ctx.Err(), context.DeadlineExceeded) {
			cancel()
		}
	})
	return out, func() {
		stop()
		cancel()
	}
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// Begin starts the bot before the first turn of a game, so that its start
// is not taken from a turn's time. Move starts it when Begin was not
// called, or after a crash.
func (s *Seat) Begin(v game.SeatView) {
	if s.proc == nil && !s.counts.Retired {
		s.pending = s.launch(&v)
	}
}

// answerTime is the time the turn message gives the bot: what is left to
// the deadline less a margin for the pipes, never below a millisecond.
func answerTime(left time.Duration) int64 {
	margin := left / 10
	if margin > 200*time.Millisecond {
		margin = 200 * time.Millisecond
	}
	ms := (left - margin).Milliseconds()
	if ms < 1 {
		ms = 1
	}
	return ms
}

// Refused tells the bot that the engine refused its action (an illegal
// play, a draw from an empty pool) and counts it as invalid. The caller
// draws or passes for the seat.
func (s *Seat) Refused(err error) {
	s.counts.Invalid++
	s.note("turn %d: invalid: %v", s.id, err)
	s.tell(protocol.Refused{Type: protocol.TypeRefused, ID: s.id, Fault: FaultInvalid, Reason: err.Error()})
}

func (s *Seat) invalid(format string, args ...any) error {
	s.lateRun = 0
	err := s.fault(FaultInvalid, format, args...)
	s.tell(protocol.Refused{Type: protocol.TypeRefused, ID: s.id, Fault: FaultInvalid, Reason: err.(*Fault).Reason})
	return err
}

func (s *Seat) late() error {
	s.lateRun++
	err := s.fault(FaultLate, "no answer by the deadline")
	s.tell(protocol.Refused{Type: protocol.TypeRefused, ID: s.id, Fault: FaultLate, Reason: "no answer by the deadline; a draw (or a pass) was played for you"})
	if s.lateRun >= LateRun {
		s.note("late %d turns in a row: stopped, to be started again", s.lateRun)
		s.drop()
	}
	return err
}

func (s *Seat) crash(format string, args ...any) error {
	err := s.fault(FaultCrashed, format, args...)
	s.drop()
	return err
}

// tell sends a message the bot need not answer; a bot that does not read
// it in a second is not waited for.
func (s *Seat) tell(msg any) {
	if s.proc == nil {
		return
	}
	_ = s.proc.send(msg, time.Now().Add(time.Second))
}

// drop stops the running process; the next turn starts another, or
// retires the bot when it has been started MaxStarts times.
func (s *Seat) drop() {
	if s.proc == nil {
		return
	}
	s.proc.stop(100 * time.Millisecond)
	s.proc = nil
	s.lateRun = 0
	if s.counts.Starts >= MaxStarts {
		s.counts.Retired = true
		s.note("retired after %d starts", s.counts.Starts)
	}
}

// launch starts the bot and exchanges hello and ready.
func (s *Seat) launch(v *game.SeatView) error {
	s.seat = v.Seat
	s.counts.Starts++
	s.note("start %d of %d", s.counts.Starts, MaxStarts)
	var stderr io.Writer
	if s.log.w != nil {
		s.stderr.name(fmt.Sprintf("bot %q (seat %d)", strings.Join(s.argv, " "), s.seat))
		stderr = s.stderr
	}
	var p conn
	var err error
	if s.dial != nil {
		p, err = s.dial(s.opt.Startup)
		if err != nil {
			// No connection to take: the bot is away, as a process that
			// does not start; it is asked again at its next turn.
			if s.counts.Starts >= MaxStarts {
				s.counts.Retired = true
				s.note("retired after %d starts", s.counts.Starts)
			}
			return s.fault(FaultCrashed, "no connection: %v", err)
		}
	} else if p, err = start(s.argv, stderr); err != nil {
		s.counts.Retired = true // a command that cannot start never will
		return s.fault(FaultCrashed, "it could not be started: %v", err)
	}
	s.proc = p
	s.logSent = 0
	deadline := time.Now().Add(s.opt.Startup)
	if err := p.send(protocol.HelloFor(&v.Rules, v.Names, v.Seat, s.opt.Seed), deadline); err != nil {
		return s.crash("the hello could not be sent: %v", err)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	for {
		select {
		case <-timer.C:
			return s.crash("no ready in %v after the hello", s.opt.Startup)
		case l, open := <-p.lineCh():
			if !open {
				return s.crash("before its ready: %s", p.exitReason())
			}
			if l.Err != nil || len(strings.TrimSpace(string(l.Text))) == 0 {
				continue
			}
			var r protocol.Ready
			if err := json.Unmarshal(l.Text, &r); err != nil || r.Type != protocol.TypeReady {
				s.note("a line before the ready was skipped: %s", protocol.Clip(string(l.Text)))
				continue
			}
			if r.Name != "" {
				s.note("ready: %s", protocol.Clip(r.Name))
			}
			if rn, ok := p.(interface{ readied(string) }); ok {
				rn.readied(r.Name)
			}
			s.ids = r.IDs
			return nil
		}
	}
}

// Finish tells the bot that the game of v is over, and the match when it
// is. The caller calls it once the game ends; a bot not running is not
// started for it.
func (s *Seat) Finish(v game.SeatView) {
	if !v.GameOver || v.Game <= s.over {
		return
	}
	s.over = v.Game
	s.tell(protocol.GameOverFor(&v))
	if v.MatchOver {
		s.tell(protocol.MatchOverFor(&v))
	}
}

// Close stops the bot: its stdin is closed, and it is killed if it has
// not exited within a second. A bot's connection from outside is handed
// back, to be seated again, instead.
func (s *Seat) Close() error {
	if s.proc != nil {
		s.proc.release()
		s.proc = nil
	}
	return nil
}

// syncWriter lets the seats of one log write whole lines at once.
type syncWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (w *syncWriter) write(p []byte) {
	if w.w == nil {
		return
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	_, _ = w.w.Write(p)
}

func (w *syncWriter) printf(format string, args ...any) {
	if w.w != nil {
		w.write(fmt.Appendf(nil, format, args...))
	}
}

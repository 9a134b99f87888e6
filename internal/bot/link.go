package bot

import (
	"context"
	"errors"
	"io"
	"os"
	"sync"
	"sync/atomic"
	"time"

	"rummikub/internal/bot/protocol"
)

// Link is a bot's connection made from outside, as a bot over SSH
// (`ssh -T HOST bot`) is: the protocol's lines both ways on one stream
// instead of a child process's pipes. A Seat made by NewLinkSeat plays
// its turns with the same code, rules and deadlines as a process's: a
// connection that ends is a crash, three late turns in a row hang it up,
// and the bot is asked for a new connection (Dialer) where a process
// would be started again. At the end of a match the connection is
// handed back, to be seated again: over a link, a new hello starts the
// next match.
type Link struct {
	w       io.Writer
	lines   <-chan protocol.Line
	quit    chan struct{}
	gone    <-chan struct{}
	hangup  func()
	back    func(*Link)
	writing atomic.Bool
	once    sync.Once

	mu      sync.Mutex
	name    string
	onReady func(name string)
}

// OnReady sets a function called with the name of every ready the bot
// sends on this link.
func (l *Link) OnReady(f func(name string)) {
	l.mu.Lock()
	l.onReady = f
	l.mu.Unlock()
}

// NewLink makes the link of a connection: r and w its two directions,
// gone closed when it has ended, hangup ends it, back hands it back when
// a match is done with it (nil: hang up instead).
func NewLink(r io.Reader, w io.Writer, gone <-chan struct{}, hangup func(), back func(*Link)) *Link {
	quit := make(chan struct{})
	return &Link{w: w, lines: protocol.ReadLines(r, protocol.MaxLine, quit), quit: quit, gone: gone, hangup: hangup, back: back}
}

// Name is the name the bot gave in its last ready ("" before one).
func (l *Link) Name() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.name
}

func (l *Link) readied(name string) {
	l.mu.Lock()
	l.name = protocol.Clip(name)
	f := l.onReady
	l.mu.Unlock()
	if f != nil {
		f(protocol.Clip(name))
	}
}

// Gone is closed once the connection has ended.
func (l *Link) Gone() <-chan struct{} { return l.gone }

// Hangup ends the connection.
func (l *Link) Hangup() {
	l.once.Do(func() {
		close(l.quit)
		l.hangup()
	})
}

func (l *Link) lineCh() <-chan protocol.Line { return l.lines }

func (l *Link) pid() int { return 0 }

// send writes one line, giving up at deadline (zero: none). A stream has
// no write deadline of its own: the write runs aside, and while one is
// still blocked (the bot reads nothing) every later send fails at once.
func (l *Link) send(msg any, deadline time.Time) error {
	return l.sendCtx(context.Background(), msg, deadline)
}

// sendCtx is send that also gives up when ctx ends (the match is closed
// while the bot reads nothing).
func (l *Link) sendCtx(ctx context.Context, msg any, deadline time.Time) error {
	b, err := line(msg)
	if err != nil {
		return err
	}
	if !l.writing.CompareAndSwap(false, true) {
		return os.ErrDeadlineExceeded
	}
	done := make(chan error, 1)
	go func() {
		_, err := l.w.Write(b)
		l.writing.Store(false)
		done <- err
	}()
	var timeout <-chan time.Time
	if !deadline.IsZero() {
		t := time.NewTimer(time.Until(deadline))
		defer t.Stop()
		timeout = t.C
	}
	select {
	case err := <-done:
		return err
	case <-timeout:
		return os.ErrDeadlineExceeded
	case <-l.gone:
		return errors.New("the connection ended")
	case <-ctx.Done():
		return ctx.Err()
	}
}

func (l *Link) stop(time.Duration) { l.Hangup() }

func (l *Link) release() {
	select {
	case <-l.gone:
		return
	default:
	}
	if l.back == nil {
		l.Hangup()
		return
	}
	l.back(l)
}

func (l *Link) exitReason() string {
	select {
	case <-l.gone:
		return "its connection ended"
	case <-time.After(100 * time.Millisecond):
		return "it closed its output"
	}
}

// Dialer hands a Seat a connection of its bot, waiting at most wait for
// one; an error when there is none.
type Dialer func(wait time.Duration) (*Link, error)

// NewLinkSeat makes the seat of a bot that connects from outside, named
// name in the log; dial gives it a connection at its start and after
// each crash.
func NewLinkSeat(name string, dial Dialer, o Options) *Seat {
	s := NewSeat([]string{name}, o)
	s.dial = func(wait time.Duration) (conn, error) {
		l, err := dial(wait)
		if err != nil {
			return nil, err
		}
		return l, nil
	}
	return s
}

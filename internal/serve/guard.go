package serve

import (
	"encoding/binary"
	"net"
	"sync"
	"time"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// The largest terminal a session is drawn for. A client's window size is
// clamped to it where it enters (the PTY request and every window
// change), so nothing the screens draw grows with what a client claims:
// a frame is at most MaxWidth x MaxHeight cells.
const (
	MaxWidth  = 500
	MaxHeight = 200
)

// resizeGap spaces a session's redraws for window changes: a client that
// sends them without end gets at most one redraw per gap, of the last
// size it sent.
const resizeGap = 50 * time.Millisecond

// clampWindow bounds a window size a client sent.
func clampWindow(w, h int) (int, int) {
	return min(max(w, 0), MaxWidth), min(max(h, 0), MaxHeight)
}

// connGuard closes connections that have not authenticated and opened
// their session within a time, and turns away new connections while too
// many are at that stage.
type connGuard struct {
	timeout time.Duration
	max     int
	log     func(msg any, kv ...any)

	mu      sync.Mutex
	pending int
}

type guardKey struct{}

// guardedConn is a connection until its session opens.
type guardedConn struct {
	net.Conn
	g     *connGuard
	once  sync.Once
	timer *time.Timer
}

// accept is the server's ConnCallback: nil turns the connection away.
func (g *connGuard) accept(ctx ssh.Context, c net.Conn) net.Conn {
	g.mu.Lock()
	if g.pending >= g.max {
		g.mu.Unlock()
		g.log("a connection turned away: too many connections are not in a session yet", "from", c.RemoteAddr().String(), "max", g.max)
		return nil
	}
	g.pending++
	// The timer is set under the guard's lock, which settle takes before
	// it reads it: a short timeout may fire before AfterFunc returns.
	gc := &guardedConn{Conn: c, g: g}
	gc.timer = time.AfterFunc(g.timeout, func() {
		// Still not in a session: the handshake, the authentication or
		// the session's opening took too long.
		if gc.settle() {
			g.log("a connection closed: no session within the handshake time", "from", c.RemoteAddr().String(), "timeout", g.timeout)
			c.Close()
		}
	})
	g.mu.Unlock()
	ctx.SetValue(guardKey{}, gc)
	return gc
}

// settle takes the connection out of the guard's count, once; it reports
// whether this call did.
func (gc *guardedConn) settle() bool {
	did := false
	gc.once.Do(func() {
		did = true
		gc.g.mu.Lock()
		gc.timer.Stop()
		gc.g.pending--
		gc.g.mu.Unlock()
	})
	return did
}

func (gc *guardedConn) Close() error {
	gc.settle()
	return gc.Conn.Close()
}

// Pending is the number of connections not yet in a session (tests).
func (g *connGuard) Pending() int {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.pending
}

// sessionChannel is the session channel's handler: the library's own, on
// a channel whose requests pass through filterRequests first. Opening it
// settles the connection with the guard.
func sessionChannel(srv *ssh.Server, conn *gossh.ServerConn, newChan gossh.NewChannel, ctx ssh.Context) {
	if gc, ok := ctx.Value(guardKey{}).(*guardedConn); ok {
		gc.settle()
	}
	ssh.DefaultSessionHandler(srv, conn, filteredChannel{newChan}, ctx)
}

// filteredChannel is a new session channel whose requests are filtered.
type filteredChannel struct{ gossh.NewChannel }

func (c filteredChannel) Accept() (gossh.Channel, <-chan *gossh.Request, error) {
	ch, reqs, err := c.NewChannel.Accept()
	if err != nil {
		return ch, reqs, err
	}
	out := make(chan *gossh.Request)
	go filterRequests(reqs, out)
	return ch, out, nil
}

// filterRequests passes a session's requests on, bounded: the window
// sizes of a PTY request and of a window change are clamped (clampWindow)
// in the payload itself, and agent forwarding is refused (nothing here
// would use it).
func filterRequests(in <-chan *gossh.Request, out chan<- *gossh.Request) {
	defer close(out)
	for req := range in {
		switch req.Type {
		case "auth-agent-req@openssh.com":
			if req.WantReply {
				_ = req.Reply(false, nil)
			}
			continue
		case "pty-req":
			// string TERM, then uint32 columns and rows (RFC 4254 6.2).
			if len(req.Payload) >= 4 {
				n := binary.BigEndian.Uint32(req.Payload)
				if uint64(n)+4 <= uint64(len(req.Payload)) {
					clampPayload(req.Payload[4+n:])
				}
			}
		case "window-change":
			// uint32 columns and rows (RFC 4254 6.7).
			clampPayload(req.Payload)
		}
		out <- req
	}
}

// clampPayload clamps the columns and rows at the start of p in place.
func clampPayload(p []byte) {
	if len(p) < 8 {
		return
	}
	w, h := clampWindow(int(binary.BigEndian.Uint32(p)), int(binary.BigEndian.Uint32(p[4:])))
	binary.BigEndian.PutUint32(p, uint32(w))
	binary.BigEndian.PutUint32(p[4:], uint32(h))
}

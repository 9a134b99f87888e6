package serve

import (
	"fmt"
	"io"
	"net"
	"os"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
)

func TestClampWindow(t *testing.T) {
	for _, c := range []struct{ w, h, ww, wh int }{
		{80, 24, 80, 24}, {0, 0, 0, 0}, {-5, -1, 0, 0}, {501, 201, 500, 200}, {1 << 40, 1 << 40, 500, 200},
	} {
		t.Run(fmt.Sprintf("%dx%d", c.w, c.h), func(t *testing.T) {
			if w, h := clampWindow(c.w, c.h); w != c.ww || h != c.wh {
				t.Fatalf("clamped to %dx%d, want %dx%d", w, h, c.ww, c.wh)
			}
		})
	}
}

// TestAgentForwardingIsRefused: nothing here forwards an agent, so the
// request is answered no.
func TestAgentForwardingIsRefused(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	conn, sess := openSession(t, ts.addr, newKey(t))
	defer conn.Close()
	ok, err := sess.SendRequest("auth-agent-req@openssh.com", true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ok {
		t.Fatal("agent forwarding was accepted")
	}
}

// silentConn is a TCP connection to ts that will say nothing.
func silentConn(t *testing.T, ts *testServer) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", ts.addr)
	if err != nil {
		t.Fatal(err)
	}
	return c
}

// closedByServer reports whether the server closed a raw connection that
// sends nothing (its read ends); the long deadline only guards a hang.
func closedByServer(t *testing.T, c net.Conn) bool {
	t.Helper()
	c.SetReadDeadline(time.Now().Add(60 * time.Second))
	_, err := io.ReadAll(c)
	if ne, ok := err.(net.Error); ok && ne.Timeout() {
		return false
	}
	return true
}

// TestConnectionsThatNeverAuthenticate: a connection that says nothing
// is closed after the handshake time; past MaxPending such connections,
// new ones are closed at once; a player's connection is not touched.
func TestConnectionsThatNeverAuthenticate(t *testing.T) {
	t.Run("the handshake time", func(t *testing.T) {
		ts := startServer(t, t.TempDir(), func(o *Options) { o.HandshakeTimeout = 300 * time.Millisecond })
		defer ts.stop(t)
		player := join(t, ts, newKey(t), "Ana", "")
		player.waitText(0, "Rummikub tables")
		raw := silentConn(t, ts)
		defer raw.Close()
		if !closedByServer(t, raw) {
			t.Fatal("a silent connection was kept")
		}
		// Authenticated with no session: closed as well.
		conn, err := dial(t, ts.addr, gossh.PublicKeys(newKey(t)))
		if err != nil {
			t.Fatal(err)
		}
		conn.Wait()
		// The player, in a session since, is still there.
		m := player.mark()
		player.send("n")
		player.waitText(m, "A new table")
	})
	t.Run("the cap", func(t *testing.T) {
		ts := startServer(t, t.TempDir(), func(o *Options) { o.MaxPending = 3; o.HandshakeTimeout = time.Hour })
		defer ts.stop(t)
		var raws []net.Conn
		for range 3 {
			raw := silentConn(t, ts)
			defer raw.Close()
			raws = append(raws, raw)
		}
		waitFor(t, "three pending", func() bool { return ts.guard.Pending() == 3 })
		extra := silentConn(t, ts)
		defer extra.Close()
		if !closedByServer(t, extra) {
			t.Fatal("a fourth connection was let in")
		}
		for _, r := range raws {
			r.Close()
		}
		waitFor(t, "none pending", func() bool { return ts.guard.Pending() == 0 })
		join(t, ts, newKey(t), "Ana", "").waitText(0, "Rummikub tables")
	})
}

// TestWaitingTablesAreCappedAndExpire: one key keeps at most MaxWaiting
// tables waiting; a table nobody sits down at closes after
// WaitingExpiry, its file removed, its players told; a sitting player
// starts its time again.
func TestWaitingTablesAreCappedAndExpire(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(o *Options) { o.MaxWaiting = 2; o.WaitingExpiry = time.Hour })
	defer ts.stop(t)
	rules := game.Standard()
	var codes []string
	for i := range 2 {
		tb, err := ts.createTable("k", "Ana", fmt.Sprint("table ", i), rules, []seatInfo{{}, {}})
		if err != nil {
			t.Fatal(err)
		}
		codes = append(codes, tb.Code)
	}
	if _, err := ts.createTable("k", "Ana", "one more", rules, []seatInfo{{}}); err == nil || !strings.Contains(err.Error(), "2 tables waiting") {
		t.Fatalf("a third waiting table: %v", err)
	}
	if _, err := ts.createTable("other", "Ben", "Ben's", rules, []seatInfo{{}}); err != nil {
		t.Fatalf("another key's table: %v", err)
	}
	// A player sits at the first table half an hour in.
	first := ts.table(codes[0])
	first.mu.Lock()
	first.joined = first.joined.Add(30 * time.Minute)
	first.mu.Unlock()
	ana := join(t, ts, newKey(t), "Cai", codes[1])
	ana.waitText(0, "Waiting for players")
	m := ana.mark()
	closed := ts.expireWaiting(time.Now().Add(time.Hour + time.Minute))
	if len(closed) != 2 || ts.table(codes[1]) != nil || ts.table(codes[0]) == nil {
		t.Fatalf("closed %v", closed)
	}
	if _, err := os.Stat(ts.tablePath(codes[1])); !os.IsNotExist(err) {
		t.Fatalf("the expired table's file: %v", err)
	}
	ana.waitText(m, "waited 1h0m0s without a new player")
	if _, err := ts.createTable("k", "Ana", "again", rules, []seatInfo{{}}); err != nil {
		t.Fatalf("a new table once one expired: %v", err)
	}
}

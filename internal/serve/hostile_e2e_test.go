package serve

import (
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/tui"
)

// frameOf asks one live session's program for the size it draws for and
// its frame's size; ok false when it did not answer (it ended).
func frameOf(p *tea.Program) (r [4]int, ok bool) {
	reply := make(chan [4]int, 1)
	go p.Send(sizeMsg(reply))
	select {
	case r = <-reply:
		return r, true
	case <-time.After(10 * time.Second):
		return r, false
	}
}

// liveSessions are the programs of the sessions whose connections are
// open, once the server holds exactly want of them (a session that
// ended is released before the count falls, so none is asked).
func (ts *testServer) liveSessions(t *testing.T, want int) []*tea.Program {
	t.Helper()
	var progs []*tea.Program
	waitFor(t, fmt.Sprintf("%d sessions, each with its program", want), func() bool {
		ts.mu.Lock()
		defer ts.mu.Unlock()
		progs = progs[:0]
		for ss := range ts.sessions {
			if ss.prog != nil {
				progs = append(progs, ss.prog)
			}
		}
		return len(ts.sessions) == want && len(progs) == want
	})
	return progs
}

func heapInUse() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapInuse
}

// within waits for cond up to limit, a loose bound: a session stalled by
// another's work waits many seconds (the issue saw 1-2.5 s at 10000x10000
// and no end at 65535x65535).
func within(t *testing.T, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s within %v", what, limit)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// toggleLog presses m on c's board, which opens the move log (open) or
// closes it, and waits up to limit for the frame that shows it: the
// log's title, or the player's rack (named rack) again.
//
// Any byte after the key is not that frame. Bubble Tea's renderer draws
// at most once a tick (1/60 s), the last view only, and nothing when it
// equals the frame drawn last; a 500x200 frame (about 100 KB) comes in
// several SSH packets. A test that sent the next m on the first bytes
// of the frame before saw an m open the log and the next close it within
// one tick, and no frame for them: none is owed, the screen was right.
func toggleLog(t *testing.T, c *client, open bool, rack string, limit time.Duration) {
	t.Helper()
	want := rack
	if open {
		want = "Move log"
	}
	mark := c.mark()
	c.send("m")
	within(t, limit, c.name+"'s frame with "+want+" after m", func() bool {
		txt := c.text()
		return len(txt) >= mark && strings.Contains(txt[mark:], want)
	})
}

// TestHostileWindowSizesOverSSH: one player's SSH session sends each
// hostile window size, at its PTY request or by a window change, and
// presses m (the move log), awaiting the frame each m owes; every session draws
// for at most MaxWidth x MaxHeight, the server's heap stays bounded, and
// the other player at the table keeps getting frames.
func TestHostileWindowSizesOverSSH(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	benKey := newKey(t)
	ana, _, code := twoAtATable(t, ts, newKey(t), benKey)
	ana.waitText(0, "Ana's rack")
	table := ts.table(code)
	base := heapInUse()
	sizes := []struct{ w, h int }{{65535, 65535}, {2147483647, 2147483647}, {10000, 10000}, {0, 0}, {1, 1}}
	for _, sz := range sizes {
		for _, how := range []string{"pty request", "window change"} {
			t.Run(fmt.Sprintf("%dx%d by %s", sz.w, sz.h, how), func(t *testing.T) {
				conn, sess := openSession(t, ts.addr, benKey)
				defer conn.Close()
				c := newClient(t, "Ben (hostile)", conn, sess)
				w, h := 100, 30
				if how == "pty request" {
					w, h = sz.w, sz.h
				}
				if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
					t.Fatal(err)
				}
				if err := sess.Start(code); err != nil {
					t.Fatal(err)
				}
				go func() { c.err = sess.Wait(); close(c.done) }()
				// The session is at the table (the board, or the request
				// for a larger terminal) before it gets a key.
				waitFor(t, "the hostile session at the table", func() bool {
					_, present, _ := table.seatsView()
					return present[1] == 2
				})
				cw, ch := clampWindow(sz.w, sz.h)
				if how == "window change" {
					if err := sess.WindowChange(sz.h, sz.w); err != nil {
						t.Fatal(err)
					}
					waitFor(t, "the hostile session's new size", func() bool {
						for _, p := range ts.liveSessions(t, 3) {
							if r, ok := frameOf(p); ok && r[0] == cw && r[1] == ch {
								return true
							}
						}
						return false
					})
				}
				// m opens the move log and closes it: a frame each on a
				// board; a terminal under 80x24 is asked to grow, the same
				// frame whatever m does, so no frame is owed.
				board := cw >= tui.MinWidth && ch >= tui.MinHeight
				for i := range 4 {
					if board {
						toggleLog(t, c, i%2 == 0, "Ben's rack", time.Minute)
					} else {
						c.send("m")
					}
				}
				// The other player's screen answers a key within seconds.
				toggleLog(t, ana, true, "Ana's rack", 10*time.Second)
				toggleLog(t, ana, false, "Ana's rack", 10*time.Second)
				for _, p := range ts.liveSessions(t, 3) {
					r, ok := frameOf(p)
					if !ok {
						t.Fatal("a live session did not answer")
					}
					if r[0] > MaxWidth || r[1] > MaxHeight || r[2] > MaxWidth || r[3] > MaxHeight {
						t.Errorf("a session draws for %dx%d, a frame of %dx%d", r[0], r[1], r[2], r[3])
					}
				}
				// Bubble Tea v2 keeps two cell buffers per program: a session
				// at the largest size (500x200) holds some 22 MB, and one
				// that ended stays in memory until its last tick (up to a
				// second). The bound allows the live hostile session and a
				// few just ended; an unclamped 65535x65535 would need
				// gigabytes. (With v1 the bound was 64 MB.)
				if grew := int64(heapInUse()) - int64(base); grew > 128<<20 {
					t.Errorf("the heap grew by %d MB", grew>>20)
				}
				conn.Close()
				<-c.done
				ts.liveSessions(t, 2) // the hostile session is gone
			})
		}
	}
}

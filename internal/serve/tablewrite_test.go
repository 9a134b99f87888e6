package serve

import (
	tea "charm.land/bubbletea/v2"
	"os"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
)

// TestTableFileIsWrittenOutsideTheLock: a table's file is written after
// Table.mu is let go, and off the session's Update (in a command), so the
// lobby and the table's screens never wait on a disk; a write that fails
// keeps the change in memory and the player is told so, as an error.
func TestTableFileIsWrittenOutsideTheLock(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	tb, err := ts.createTable("k", "Ana", "slow disk", game.Standard(), []seatInfo{{}, {}})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("a slow write", func(t *testing.T) {
		tb.file.mu.Lock() // a write in progress
		seat, _, w, err := tb.sit("ben", "Ben")
		if err != nil || seat != 1 {
			t.Fatalf("seat %d, %v", seat, err)
		}
		// The lobby's line takes the table's lock: it shows Ben seated
		// while his seat's file waits to be written.
		if tb.summary("ben").Mine != 1 {
			t.Fatal("Ben is not seated in the lobby's line")
		}
		wrote := make(chan tea.Msg, 1)
		go func() { wrote <- writeCmd(w.write)() }()
		select {
		case <-wrote:
			t.Fatal("the file was written while a write was in progress")
		case <-time.After(50 * time.Millisecond):
		}
		tb.file.mu.Unlock()
		select {
		case msg := <-wrote:
			if msg != nil {
				t.Fatalf("the write failed: %#v", msg)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("the write never ended")
		}
	})
	t.Run("a failed write", func(t *testing.T) {
		path := ts.tablePath(tb.Code)
		if err := os.Remove(path); err != nil {
			t.Fatal(err)
		}
		if err := os.MkdirAll(path+"/x", 0o755); err != nil { // the file cannot be replaced
			t.Fatal(err)
		}
		seat, _, w, err := tb.sit("cai", "Cai")
		if err != nil || seat != 2 {
			t.Fatalf("seat %d, %v", seat, err)
		}
		if tb.summary("cai").Mine != 2 {
			t.Fatal("the seat is not kept in memory")
		}
		msg, ok := writeCmd(w.write)().(writeFailedMsg)
		if !ok || !strings.Contains(msg.err.Error(), "could not save the table") {
			t.Fatalf("the write's failure is not reported: %#v", msg)
		}
		var s session
		s.Update(msg)
		if !s.bad || !strings.Contains(s.status, "could not save the table") {
			t.Fatalf("the player is not told as an error: %q (error %v)", s.status, s.bad)
		}
	})
}

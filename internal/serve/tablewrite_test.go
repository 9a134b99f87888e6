package serve

import (
	"os"
	"strings"
	"testing"
	"time"

	"rummikub/internal/game"
)

// TestTableFileIsWrittenOutsideTheLock: a table's file is written after
// Table.mu is let go, so the lobby and the table's screens never wait on
// a disk; a write that fails keeps the change in memory and says so.
func TestTableFileIsWrittenOutsideTheLock(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	tb, err := ts.createTable("k", "Ana", "slow disk", game.Standard(), []seatInfo{{}, {}})
	if err != nil {
		t.Fatal(err)
	}
	t.Run("a slow write", func(t *testing.T) {
		tb.fileMu.Lock() // a write in progress
		sat := make(chan int, 1)
		go func() {
			seat, _, _ := tb.sit("ben", "Ben")
			sat <- seat
		}()
		// The lobby's line takes the table's lock: it shows Ben seated
		// while his seat's file is still being written.
		waitFor(t, "Ben seated in the lobby's line", func() bool { return tb.summary("ben").Mine == 1 })
		select {
		case <-sat:
			t.Fatal("sit returned before its file was written")
		default:
		}
		tb.fileMu.Unlock()
		select {
		case seat := <-sat:
			if seat != 1 {
				t.Fatalf("seat %d", seat)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("sit never returned")
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
		seat, note, err := tb.sit("cai", "Cai")
		if err != nil || seat != 2 {
			t.Fatalf("seat %d, %v", seat, err)
		}
		if !strings.Contains(note, "could not save the table") {
			t.Fatalf("the player is not told: %q", note)
		}
		if tb.summary("cai").Mine != 2 {
			t.Fatal("the seat is not kept in memory")
		}
	})
}

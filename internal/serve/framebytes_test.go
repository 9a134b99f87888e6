package serve

import (
	"fmt"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
)

// BenchmarkFrameBytes counts the bytes the server sends an SSH client of
// 80x24 and of 200x50 for one step of play: a cursor move on the board, a
// tile picked up, the move log opening, and an opponent's turn (what Ben
// receives while Ana draws). Two players sit at a table of two (no timer,
// so nothing redraws on its own); each step's bytes are those that arrive
// until the output has been quiet for quietGap. It is a measure, not a
// speed test: run it with -benchtime 1x, several times, and compare
// medians (the renderer's frame rate can merge two frames into one).
func BenchmarkFrameBytes(b *testing.B) {
	for _, size := range [][2]int{{80, 24}, {200, 50}} {
		b.Run(fmt.Sprintf("size=%dx%d", size[0], size[1]), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				frameBytes(b, size[0], size[1])
			}
		})
	}
}

const quietGap = 300 * time.Millisecond

// settle waits until c's output has been quiet for quietGap and returns
// its length then.
func (c *client) settle() int {
	n, since := c.outLen(), time.Now()
	for time.Since(since) < quietGap {
		time.Sleep(10 * time.Millisecond)
		if m := c.outLen(); m != n {
			n, since = m, time.Now()
		}
	}
	return n
}

// step sends keys to c and returns the bytes that watch (c or another
// client) receives for them.
func step(c, watch *client, keys string) int {
	n := watch.settle()
	c.send(keys)
	return watch.settle() - n
}

func frameBytes(b *testing.B, w, h int) {
	ts := startServer(b, b.TempDir(), nil)
	defer ts.Close()
	anaKey, benKey := newKey(b), newKey(b)
	rules := game.Standard()
	rules.TurnSeconds = 0
	tb, err := ts.createTable(gossh.FingerprintSHA256(anaKey.PublicKey()), "Ana", "bytes", rules, []seatInfo{{}})
	if err != nil {
		b.Fatal(err)
	}
	sit := func(key gossh.Signer, name string) *client {
		c := connect(b, ts.addr, key, w, h, tb.Code)
		c.name = name
		c.waitText(0, "Choose the name")
		c.send(name + "\r")
		return c
	}
	ana := sit(anaKey, "Ana")
	ben := sit(benKey, "Ben")
	ana.waitText(0, "pool ")
	ben.waitText(0, "pool ")
	// The first turn goes to the higher tile drawn: the one whose turn it
	// is moves, the other watches.
	mover, watcher := ana, ben
	if tb.Host().Snapshot().Game.Turn != 0 {
		mover, watcher = ben, ana
	}
	b.ResetTimer()
	move := step(mover, mover, "l")
	pick := step(mover, mover, " ")
	step(mover, mover, "\x1b") // put it back
	log := step(mover, mover, "m")
	step(mover, mover, "\x1b") // close the log
	opp := step(mover, watcher, "d")
	b.StopTimer()
	b.ReportMetric(float64(move), "B/cursor-move")
	b.ReportMetric(float64(pick), "B/pick-up")
	b.ReportMetric(float64(log), "B/log-open")
	b.ReportMetric(float64(opp), "B/opponent-turn")
	if testing.Verbose() {
		b.Log(mover.text()[max(0, len(mover.text())-3000):])
	}
	if move == 0 || pick == 0 || log == 0 || opp == 0 {
		b.Errorf("a step sent nothing: move %d, pick %d, log %d, opponent %d", move, pick, log, opp)
	}
}

package bot

import (
	"fmt"
	"sync"
)

// MaxStderr is how much of a bot's stderr a seat writes to the log over
// its match (every process started for it together); the rest is dropped,
// with one note saying so. A bot once wrote 16.5 MB in a single game.
const MaxStderr = 1 << 20

// stderrCap is a seat's bots' stderr on its way to the log: whole writes
// under the log's lock, up to MaxStderr bytes in all.
type stderrCap struct {
	log  *syncWriter
	mu   sync.Mutex
	left int    // what may still be written
	who  string // the bot, for the note when the cap is reached
	told bool   // the note was written
}

// name sets how the note names the bot.
func (c *stderrCap) name(who string) {
	c.mu.Lock()
	c.who = who
	c.mu.Unlock()
}

func (c *stderrCap) Write(p []byte) (int, error) {
	c.mu.Lock()
	n := min(len(p), c.left)
	c.left -= n
	note := ""
	if n < len(p) && !c.told {
		c.told = true
		note = fmt.Sprintf("\nrummikub referee: %s: its stderr passed %d bytes in this match; the rest is not logged\n", c.who, MaxStderr)
	}
	c.mu.Unlock()
	if n > 0 {
		c.log.write(p[:n])
	}
	if note != "" {
		c.log.write([]byte(note))
	}
	return len(p), nil
}

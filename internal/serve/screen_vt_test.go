package serve

import (
	"fmt"
	"image/color"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/vt"
	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
)

// vtClient is an SSH session shown on a virtual terminal (x/vt): what
// the server sends is drawn cell by cell, and what the terminal answers
// (its background, asked by the program) goes back as input.
type vtClient struct {
	*client
	mu   sync.Mutex
	term *vt.Emulator
}

func (c *vtClient) Write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.term.Write(b)
}

// screen is the terminal's text, line by line.
func (c *vtClient) screen() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Split(c.term.String(), "\n")
}

// cells counts the cells whose foreground is fg.
func (c *vtClient) cells(fg color.Color) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for y := range c.term.Height() {
		for x := range c.term.Width() {
			if cell := c.term.CellAt(x, y); cell != nil && cell.Style.Fg != nil && sameColour(cell.Style.Fg, fg) {
				n++
			}
		}
	}
	return n
}

func sameColour(a, b color.Color) bool {
	r1, g1, b1, _ := a.RGBA()
	r2, g2, b2, _ := b.RGBA()
	return r1>>8 == r2>>8 && g1>>8 == g2>>8 && b1>>8 == b2>>8
}

// connectVT opens a session of key on a virtual terminal of w x h with a
// background bg, a true-colour terminal, at the table of code.
func connectVT(t *testing.T, addr string, key gossh.Signer, w, h int, bg color.Color, code string) *vtClient {
	t.Helper()
	conn, sess := openSession(t, addr, key)
	if err := sess.Setenv("COLORTERM", "truecolor"); err != nil {
		t.Fatal(err)
	}
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	c := &vtClient{term: vt.NewEmulator(w, h)}
	c.term.SetDefaultBackgroundColor(bg)
	c.client = newClient(t, "vt", conn, sess)
	out := c.client.write
	c.client.sess.Stdout = writerFunc(func(b []byte) (int, error) {
		_, _ = c.Write(b)
		return out(b)
	})
	go func() { _, _ = io.Copy(c.in, c.term) }() // the terminal's answers
	if err := sess.Start(code); err != nil {
		t.Fatal(err)
	}
	go func() { c.err = sess.Wait(); close(c.done) }()
	t.Cleanup(func() {
		c.close()
		// Ends the copy of the answers; Emulator.Close would race with
		// its Read (x/vt v0.1.0 keeps the closed flag unguarded).
		_ = c.term.InputPipe().(*io.PipeWriter).Close()
	})
	return c
}

// TestBoardOnAVirtualTerminal plays at a table on a virtual terminal: the
// cells the renderer sends (only the changed ones) make the whole board,
// the cursor moves on it, and the theme's colours follow the terminal's
// background: the light text colour on a white terminal, the dark one on
// a black terminal.
func TestBoardOnAVirtualTerminal(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	rules := game.Standard()
	rules.TurnSeconds = 0
	// classic's board text: #303030 on light backgrounds, #d0d0d0 on dark.
	lightText, darkText := color.RGBA{0x30, 0x30, 0x30, 0xff}, color.RGBA{0xd0, 0xd0, 0xd0, 0xff}
	for _, bg := range []struct {
		name, player string
		c            color.Color
		want, not    color.Color
	}{
		{"white", "Ana", color.White, lightText, darkText},
		{"black", "Ben", color.Black, darkText, lightText},
	} {
		t.Run(bg.name, func(t *testing.T) {
			key := newKey(t)
			tb, err := ts.createTable(gossh.FingerprintSHA256(key.PublicKey()), bg.player, "vt "+bg.name, rules,
				[]seatInfo{{Name: "CPU", Computer: true, Level: "easy"}})
			if err != nil {
				t.Fatal(err)
			}
			c := connectVT(t, ts.addr, key, 80, 24, bg.c, tb.Code)
			c.waitText(0, "Choose the name")
			c.send(bg.player + "\r")
			waitFor(t, "the board on the terminal", func() bool {
				return strings.Contains(strings.Join(c.screen(), "\n"), bg.player+"'s rack")
			})
			rack := func() (int, string) {
				lines := c.screen()
				for i, l := range lines {
					if strings.Contains(l, bg.player+"'s rack") && i+1 < len(lines) {
						return i + 1, lines[i+1]
					}
				}
				return -1, ""
			}
			// The computer may have the first turn: the player's comes
			// after it (the draw decides).
			waitFor(t, "the player's turn", func() bool { return tb.Host().Snapshot().Game.Turn == 0 })
			waitFor(t, "the rack's cursor", func() bool {
				_, l := rack()
				return strings.Contains(l, "▸") && strings.Contains(strings.Join(c.screen(), "\n"), "space move")
			})
			_, line := rack()
			before := strings.Index(line, "▸")
			c.send("l")
			waitFor(t, "the cursor one tile right", func() bool {
				_, l := rack()
				return strings.Index(l, "▸") > before
			})
			y, line := rack()
			// A click (SGR mouse report, 1-based) on the rack's first tile
			// picks it up.
			_, line = rack()
			x := len([]rune(line[:strings.IndexAny(line, "0123456789")]))
			c.send(fmt.Sprintf("\x1b[<0;%d;%dM\x1b[<0;%d;%dm", x+1, y+1, x+1, y+1))
			waitFor(t, "the tile clicked carried", func() bool {
				return strings.Contains(strings.Join(c.screen(), "\n"), "arrying")
			})
			waitFor(t, "the theme's colour for the background", func() bool { return c.cells(bg.want) > 0 })
			if n := c.cells(bg.not); n > 0 {
				t.Errorf("%d cells in the other background's text colour", n)
			}
		})
	}
}

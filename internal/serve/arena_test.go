package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/ai"
	"rummikub/internal/bot/protocol"
	"rummikub/internal/rating"
)

// sshBot is a bot connected with `ssh -T HOST bot` from this process.
type sshBot struct {
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
	out  io.Reader
	done chan struct{}
}

func connectBot(t testing.TB, addr string, key gossh.Signer) *sshBot {
	t.Helper()
	conn, sess := openSession(t, addr, key)
	in, _ := sess.StdinPipe()
	out, _ := sess.StdoutPipe()
	if err := sess.Start("bot"); err != nil {
		t.Fatal(err)
	}
	b := &sshBot{conn: conn, sess: sess, in: in, out: out, done: make(chan struct{})}
	t.Cleanup(func() { conn.Close() })
	return b
}

// serveLevel answers the referee with one of our levels, as `rummikub
// bot` does, until the connection ends.
func (b *sshBot) serveLevel(level string) {
	go func() {
		defer close(b.done)
		_ = protocol.Serve(context.Background(), b.out, b.in, io.Discard, "ssh "+level, func(seed uint64) (protocol.Player, error) {
			return ai.New(level, seed)
		})
	}()
}

// serveScript answers hello with ready and every turn with what answer
// returns ("" closes the connection).
func (b *sshBot) serveScript(name string, answer func(turn int, id int) string) {
	go func() {
		defer close(b.done)
		sc := bufio.NewScanner(b.out)
		sc.Buffer(make([]byte, 1<<20), 2<<20)
		turn := 0
		for sc.Scan() {
			var m struct {
				Type string `json:"type"`
				ID   int    `json:"id"`
			}
			if json.Unmarshal(sc.Bytes(), &m) != nil {
				continue
			}
			switch m.Type {
			case "hello":
				fmt.Fprintf(b.in, `{"type":"ready","name":%q}`+"\n", name)
			case "turn":
				turn++
				a := answer(turn, m.ID)
				if a == "" {
					b.conn.Close()
					return
				}
				fmt.Fprintln(b.in, a)
			}
		}
	}()
}

func ladderBoard(ts *testServer, family, key string) rating.Board {
	return ts.ladder.board(family, key, 50, 50)
}

func waitResults(t *testing.T, ts *testServer, n int) rating.Board {
	t.Helper()
	var b rating.Board
	waitFor(t, fmt.Sprintf("%d rated results", n), func() bool {
		b = ladderBoard(ts, rating.FamilyStandard, "")
		return len(b.Recent) >= n
	})
	return b
}

// A bot over SSH (an in-process client running one of our levels)
// appears as available, is seated by the arena against a computer level,
// plays a whole rated match, comes back to the pool, and the ladder
// lists the result, over SSH too.
func TestSSHBotPlaysARatedMatch(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(o *Options) { o.BotTables = 1 })
	defer ts.stop(t)
	key := newKey(t)
	b := connectBot(t, ts.addr, key)
	b.serveLevel("medium")
	fp := gossh.FingerprintSHA256(key.PublicKey())
	board := waitResults(t, ts, 1)
	r := board.Recent[0]
	if len(r.Players) != 2 {
		t.Fatalf("result %+v", r)
	}
	var kinds []string
	for _, p := range r.Players {
		kinds = append(kinds, p.Kind)
		if p.Kind == "bot" && (p.Key != fp || p.Name != "ssh medium") {
			t.Errorf("the bot is rated as %+v, want its key and the name of its ready", p)
		}
	}
	if !strings.Contains(strings.Join(kinds, ","), "bot") || !strings.Contains(strings.Join(kinds, ","), "level") {
		t.Fatalf("kinds %v, want a bot and a level", kinds)
	}
	// The bot is back in the pool, under its ready's name, and plays on.
	waitFor(t, "the bot back in the pool", func() bool {
		for _, a := range ts.bots.available() {
			if a.Key == fp && a.Name == "ssh medium" {
				return true
			}
		}
		return false
	})
	waitResults(t, ts, 2)
	// ratings --json over SSH lists what the ladder holds.
	conn, sess := openSession(t, ts.addr, key)
	defer conn.Close()
	out, err := sess.Output("ratings --json standard")
	if err != nil {
		t.Fatalf("ratings: %v\n%s", err, out)
	}
	var got struct{ Families []rating.Board }
	if err := json.Unmarshal(out, &got); err != nil || len(got.Families) != 1 {
		t.Fatalf("ratings --json: %v\n%s", err, out)
	}
	if f := got.Families[0]; f.Players < 2 || f.You == nil || f.You.Key != fp || f.You.Games < 2 {
		t.Fatalf("ratings --json: %s", out)
	}
}

type lockedBuf struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuf) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuf) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// A bot over SSH that misbehaves is handled as one on a pipe: a line
// that is not JSON is refused and drawn for (invalid), and a bot that
// drops its connection has crashed; with no connection to take it again
// it is retired, and the match still ends and is rated.
func TestSSHBotMisbehaves(t *testing.T) {
	log := &lockedBuf{}
	ts := startServer(t, t.TempDir(), func(o *Options) {
		o.BotTables = 1
		o.BotLog = log
		o.BotStartup = 300 * time.Millisecond
	})
	defer ts.stop(t)
	b := connectBot(t, ts.addr, newKey(t))
	b.serveScript("rude", func(turn, id int) string {
		switch {
		case turn == 1:
			return "this is not JSON"
		case turn < 4:
			return fmt.Sprintf(`{"type":"draw","id":%d}`, id)
		}
		return "" // hang up
	})
	board := waitResults(t, ts, 1)
	notes := log.String()
	// The hang-up is a crash whether it ends the connection while the
	// turn is sent or while its answer is awaited: either sentence says
	// "connection ended".
	for _, want := range []string{"invalid:", "crashed:", "connection ended", "no connection", "retired after 3 starts"} {
		if !strings.Contains(notes, want) {
			t.Errorf("the bot log has no %q:\n%s", want, notes)
		}
	}
	if len(board.Recent[0].Players) != 2 {
		t.Fatalf("result %+v", board.Recent[0])
	}
}

// A finished match stays on the server: `ssh -t HOST replay CODE` opens
// the replay screen on it; an unknown code is one sentence.
func TestReplayOverSSH(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(o *Options) { o.BotTables = 1 })
	defer ts.stop(t)
	b := connectBot(t, ts.addr, newKey(t))
	b.serveLevel("medium")
	code := waitResults(t, ts, 1).Recent[0].ID
	b.conn.Close()
	c := connect(t, ts.addr, newKey(t), 100, 30, "replay "+code)
	c.waitText(0, "Replay "+code)
	c.waitText(0, "Best play")
	c.send("q")
	bad := connect(t, ts.addr, newKey(t), 100, 30, "replay zzzzzz")
	bad.waitText(0, "There is no match zzzzzz kept on this server.")
}

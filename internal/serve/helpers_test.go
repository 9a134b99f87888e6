package serve

import (
	"bytes"
	"context"
	"crypto/ed25519"
	"crypto/rand"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"charm.land/log/v2"
	"github.com/charmbracelet/x/ansi"
	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// drawer is a computer seat that draws or passes: quick and sure.
type drawer struct{}

func (drawer) Move(_ context.Context, v game.SeatView) (game.Action, error) {
	return host.Fallback(v), nil
}

// testServer is a server on a free loopback port.
type testServer struct {
	*Server
	addr string
	dir  string
}

func startServer(t testing.TB, dir string, opt func(*Options)) *testServer {
	t.Helper()
	o := Options{
		DataDir:     dir,
		NewComputer: func(string, int, uint64) (host.Computer, error) { return drawer{}, nil },
		Log:         log.NewWithOptions(io.Discard, log.Options{}),
		Rate:        1000, Burst: 1000,
	}
	if opt != nil {
		opt(&o)
	}
	srv, err := New(o)
	if err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go srv.Serve(l)
	ts := &testServer{Server: srv, addr: l.Addr().String(), dir: dir}
	return ts
}

// stop shuts the server down as SIGTERM does.
func (ts *testServer) stop(t testing.TB) {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := ts.Shutdown(ctx); err != nil {
		t.Errorf("shutdown: %v", err)
	}
}

func newKey(t testing.TB) gossh.Signer {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	s, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// client is one SSH session with a terminal, its output kept.
type client struct {
	t    testing.TB
	name string
	conn *gossh.Client
	sess *gossh.Session
	in   io.WriteCloser
	mu   sync.Mutex
	out  bytes.Buffer
	done chan struct{}
	err  error
	got  chan struct{} // a signal after each write of output
}

func dial(t testing.TB, addr string, auth ...gossh.AuthMethod) (*gossh.Client, error) {
	return gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "player", Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: 20 * time.Second,
	})
}

// openSession dials addr as key and opens a session on the connection.
func openSession(t testing.TB, addr string, key gossh.Signer) (*gossh.Client, *gossh.Session) {
	t.Helper()
	conn, err := dial(t, addr, gossh.PublicKeys(key))
	if err != nil {
		t.Fatal(err)
	}
	sess, err := conn.NewSession()
	if err != nil {
		conn.Close()
		t.Fatal(err)
	}
	return conn, sess
}

// connect opens a session of key with a terminal of w x h; cmd is the
// command (a table's code) or "".
func connect(t testing.TB, addr string, key gossh.Signer, w, h int, cmd string) *client {
	t.Helper()
	conn, sess := openSession(t, addr, key)
	if err := sess.RequestPty("xterm-256color", h, w, gossh.TerminalModes{}); err != nil {
		t.Fatal(err)
	}
	c := newClient(t, "", conn, sess)
	var err error
	if cmd == "" {
		err = sess.Shell()
	} else {
		err = sess.Start(cmd)
	}
	if err != nil {
		t.Fatal(err)
	}
	go func() { c.err = sess.Wait(); close(c.done) }()
	t.Cleanup(c.close)
	return c
}

// newClient reads sess's output (and its errors) into a client; the
// caller starts the session.
func newClient(t testing.TB, name string, conn *gossh.Client, sess *gossh.Session) *client {
	c := &client{t: t, name: name, conn: conn, sess: sess, done: make(chan struct{}), got: make(chan struct{}, 1)}
	c.in, _ = sess.StdinPipe()
	sess.Stdout = writerFunc(c.write)
	sess.Stderr = writerFunc(c.write)
	return c
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }

func (c *client) write(b []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	select {
	case c.got <- struct{}{}:
	default:
	}
	return c.out.Write(b)
}

// outLen is the number of bytes received.
func (c *client) outLen() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.out.Len()
}

// text is everything received, escape sequences removed.
func (c *client) text() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return ansi.Strip(c.out.String())
}

// since is what was received after mark (a length of text()).
func (c *client) mark() int { return len(c.text()) }

func (c *client) send(keys string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, keys); err != nil {
		c.t.Fatalf("%s: send: %v", c.name, err)
	}
}

// waitText waits until the output after mark holds s.
func (c *client) waitText(mark int, s string) {
	c.t.Helper()
	waitFor(c.t, c.name+" sees "+s, func() bool {
		txt := c.text()
		return len(txt) >= mark && strings.Contains(txt[mark:], s)
	})
}

func (c *client) close() {
	c.conn.Close()
	<-c.done
}

// waitFor polls cond; the long limit only guards against a hang.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("gave up waiting: %s", what)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// join connects a named player: the name screen, then the lobby or the
// table of the code.
func join(t testing.TB, ts *testServer, key gossh.Signer, name, code string) *client {
	t.Helper()
	return joinAt(t, ts.addr, key, name, code)
}

// joinAt is join to the server at addr.
func joinAt(t testing.TB, addr string, key gossh.Signer, name, code string) *client {
	t.Helper()
	c := connect(t, addr, key, 100, 30, code)
	c.name = name
	c.waitText(0, "Choose the name")
	c.send(name + "\r")
	return c
}

func writeFile(t testing.TB, path, data string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
}

func tempPath(t testing.TB, name string) string { return filepath.Join(t.TempDir(), name) }

// needTools skips the test, saying what it leaves out and what
// installs the tools, unless every tool is installed.
func needTools(t testing.TB, what, install string, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed: skipping %s (apt-get install %s to run it)", tool, what, install)
		}
	}
}

// openSSHArgs makes a key for the real OpenSSH client and returns the
// options that have ssh reach ts with it, host key unchecked.
func openSSHArgs(t testing.TB, ts *testServer) []string {
	t.Helper()
	key := filepath.Join(t.TempDir(), "id_ed25519")
	if out, err := exec.Command("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", key).CombinedOutput(); err != nil {
		t.Fatalf("ssh-keygen: %v\n%s", err, out)
	}
	port := ts.addr[strings.LastIndex(ts.addr, ":")+1:]
	return []string{"-p", port, "-i", key, "-o", "IdentitiesOnly=yes", "-o", "StrictHostKeyChecking=no",
		"-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR"}
}

package serve

import (
	"fmt"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gossh "golang.org/x/crypto/ssh"
)

const (
	keyDown  = "\x1b[B"
	keyLeft  = "\x1b[D"
	keyRight = "\x1b[C"
)

// openTable has c (in the lobby) open a table of n seats for players,
// one game, no timer, by the form's keys, and returns its code.
func openTable(t *testing.T, ts *testServer, c *client, n int) string {
	t.Helper()
	fillTableForm(c, n)
	list := ts.list()
	if len(list) != 1 {
		t.Fatalf("%d tables", len(list))
	}
	return list[0].Code
}

// twoAtATable has Ana (anaKey) open a table of two and Ben (benKey) sit
// down by its code; it returns once Ben sees his rack.
func twoAtATable(t *testing.T, ts *testServer, anaKey, benKey gossh.Signer) (ana, ben *client, code string) {
	t.Helper()
	ana = join(t, ts, anaKey, "Ana", "")
	code = openTable(t, ts, ana, 2)
	ben = join(t, ts, benKey, "Ben", code)
	ben.waitText(0, "Ben's rack")
	return ana, ben, code
}

// fillTableForm has c (in the lobby) open a table of n seats for
// players, one game, no timer, by the form's keys; it returns the mark
// before the waiting screen.
func fillTableForm(c *client, n int) int {
	c.t.Helper()
	c.waitText(0, "Rummikub tables")
	m := c.mark()
	c.send("n")
	c.waitText(m, "A new table")
	keys := keyDown + keyDown // players
	for i := 2; i < n; i++ {
		keys += keyRight
	}
	keys += keyDown + keyLeft + keyLeft // timer 60 → 30 → none
	keys += keyDown + keyRight          // games: 1
	c.send(keys)
	m = c.mark()
	c.send("\r")
	c.waitText(m, "[ Open the table ]")
	m = c.mark()
	c.send("\r")
	c.waitText(m, "Waiting for players")
	return m
}

// TestThreePlayersAndASpectatorPlayAWholeMatch: three players join one
// table from their own sessions (the second and third by its code), a
// spectator watches, and they play a whole one-game match by keys (each
// draws or passes on their turn) to the final standings. No session ever
// receives another seat's rack: each screen is subscribed to its own
// seat's view, and the bytes are checked too.
func TestThreePlayersAndASpectatorPlayAWholeMatch(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	names := []string{"Ana", "Ben", "Cai"}
	ana := join(t, ts, newKey(t), "Ana", "")
	code := openTable(t, ts, ana, 3)
	ana.waitText(0, "ssh -p ")
	ben := join(t, ts, newKey(t), "Ben", code)
	ben.waitText(0, "Waiting for players")
	cai := join(t, ts, newKey(t), "Cai", code)
	table := ts.table(code)
	waitFor(t, "the match begins", func() bool { return table.Host() != nil })
	h := table.Host()
	eve := join(t, ts, newKey(t), "Eve", code)
	eve.waitText(0, "is playing")
	clients := []*client{ana, ben, cai}
	for i, c := range clients {
		c.waitText(0, names[i]+"'s rack")
	}
	if sm := table.summary(""); sm.Watchers != 1 || sm.Taken != 3 {
		t.Fatalf("the lobby's line: %+v", sm)
	}

	turns := 0
	for !h.Snapshot().Over() {
		m := h.Snapshot()
		seat, before := m.Game.Turn, len(m.Log)
		c := clients[seat]
		c.send("d")
		moved := func() bool { return len(h.Snapshot().Log) != before }
		waitForOrRetry(t, fmt.Sprintf("%s's turn %d", names[seat], turns), moved, func() { c.send("d") })
		turns++
	}
	if turns < 10 {
		t.Fatalf("a whole game of draws and passes took %d turns", turns)
	}
	for _, c := range append(clients, eve) {
		c.waitText(0, "Enter shows the scores") // the final table first
		c.send("\r")
		c.waitText(0, "Final standings")
	}
	for i, c := range clients {
		txt := c.text()
		for j, other := range names {
			if j != i && strings.Contains(txt, other+"'s rack") {
				t.Fatalf("%s's session received %s's rack", names[i], other)
			}
		}
	}
	if txt := eve.text(); strings.Contains(txt, "'s rack") || strings.Contains(txt, "You drew") {
		t.Fatal("the spectator received a rack")
	}
	// Every screen is subscribed to its own seat's view, the spectator's
	// to none: the host never sends a session another seat's rack.
	ts.mu.Lock()
	screens := 0
	for ss := range ts.sessions {
		if ss.play == nil {
			continue
		}
		screens++
		want := fmt.Sprint([]int{ss.seat})
		if ss.seat < 0 {
			want = "[]"
		}
		if got := fmt.Sprint(ss.play.Seats()); got != want {
			t.Errorf("%s's screen holds seats %s, want %s", ss.name, got, want)
		}
	}
	ts.mu.Unlock()
	if screens != 4 {
		t.Fatalf("%d screens at the table, want 4", screens)
	}
	if _, err := os.Stat(filepath.Join(ts.dir, "serve", "matches", code+".json")); err != nil {
		t.Fatalf("the match is saved: %v", err)
	}
}

// waitForOrRetry waits for cond, doing again every so often (a key sent
// before the screen took in the turn is ignored by it).
func waitForOrRetry(t *testing.T, what string, cond func() bool, again func()) {
	t.Helper()
	n := 0
	waitFor(t, what, func() bool {
		if cond() {
			return true
		}
		if n++; n%100 == 0 {
			again()
		}
		return false
	})
}

// TestReconnectResumesTheSeat: a player who drops keeps the seat, the
// lobby says they are away, and the same key gets the seat back.
func TestReconnectResumesTheSeat(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	anaKey, benKey := newKey(t), newKey(t)
	ana, ben, code := twoAtATable(t, ts, anaKey, benKey)
	table := ts.table(code)
	h := table.Host()
	ana.close()
	waitFor(t, "Ana is away", func() bool { return len(table.absent()) == 1 })
	if a := table.absent(); a[0] != 0 {
		t.Fatalf("absent seats %v", a)
	}
	again := connect(t, ts.addr, anaKey, 100, 30, code)
	again.name = "Ana"
	again.waitText(0, "Ana's rack")
	if strings.Contains(again.text(), "Choose the name") {
		t.Fatal("the key keeps its name")
	}
	if len(table.absent()) != 0 || h != table.Host() {
		t.Fatal("Ana is back at the same match")
	}
	// Ana's turn or Ben's: the one whose turn it is draws, from their seat.
	seat := h.Snapshot().Game.Turn
	c := []*client{again, ben}[seat]
	before := len(h.Snapshot().Log)
	waitForOrRetry(t, "a draw after the reconnection", func() bool { return len(h.Snapshot().Log) > before }, func() { c.send("d") })
}

// TestCreatorHandsAnAbsentSeatToAComputer: the table's creator gives the
// seat of a player who left to a computer, which plays it.
func TestCreatorHandsAnAbsentSeatToAComputer(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	ana, ben, code := twoAtATable(t, ts, newKey(t), newKey(t))
	table := ts.table(code)
	ben.close()
	waitFor(t, "Ben is away", func() bool { return len(table.absent()) == 1 })
	m := ana.mark()
	ana.send("!")
	ana.waitText(m, "Give which absent")
	ana.send("2")
	waitFor(t, "seat 2 is a computer", func() bool { return table.Host().Computers()[1] })
	h := table.Host()
	before := len(h.Snapshot().Log)
	waitForOrRetry(t, "the match goes on", func() bool {
		m := h.Snapshot()
		return len(m.Log) >= before+2 && m.Game.Turn == 0
	}, func() { ana.send("d") })
}

// TestWrongKeyIsRefused: under --allow-keys only the listed keys enter.
func TestWrongKeyIsRefused(t *testing.T) {
	good, bad := newKey(t), newKey(t)
	list := tempPath(t, "allowed")
	writeFile(t, list, string(gossh.MarshalAuthorizedKey(good.PublicKey())))
	ts := startServer(t, t.TempDir(), func(o *Options) { o.AllowKeys = list })
	defer ts.stop(t)
	if c, err := dial(t, ts.addr, gossh.PublicKeys(bad)); err == nil {
		c.Close()
		t.Fatal("a key not on the list entered")
	}
	c := join(t, ts, good, "Ana", "")
	c.waitText(0, "Rummikub tables")
}

// TestSessionsThatCannotPlay get one sentence each: no key, no
// terminal, a command that is not a code.
func TestSessionsThatCannotPlay(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	noKey := gossh.KeyboardInteractive(func(string, string, []string, []bool) ([]string, error) { return nil, nil })
	conn, err := dial(t, ts.addr, noKey)
	if err != nil {
		t.Fatal(err)
	}
	out, err := runOnce(conn, "", true)
	if err == nil || !strings.Contains(out, "ssh-keygen") {
		t.Fatalf("no key: %q %v", out, err)
	}
	key := newKey(t)
	conn, err = dial(t, ts.addr, gossh.PublicKeys(key))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := runOnce(conn, "", false); err == nil || !strings.Contains(out, "plays in a terminal") {
		t.Fatalf("no terminal: %q %v", out, err)
	}
	conn, _ = dial(t, ts.addr, gossh.PublicKeys(key))
	out, err = runOnce(conn, "cat /etc/passwd", true)
	if ee, ok := err.(*gossh.ExitError); !ok || ee.ExitStatus() != 2 || !strings.Contains(out, "serves only the game") {
		t.Fatalf("a command: %q %v", out, err)
	}
}

// runOnce runs one session to its end and returns its output.
func runOnce(conn *gossh.Client, cmd string, pty bool) (string, error) {
	defer conn.Close()
	sess, err := conn.NewSession()
	if err != nil {
		return "", err
	}
	if pty {
		if err := sess.RequestPty("xterm", 24, 80, gossh.TerminalModes{}); err != nil {
			return "", err
		}
	}
	if cmd == "" {
		out, err := sess.CombinedOutput("")
		return string(out), err
	}
	out, err := sess.CombinedOutput(cmd)
	return string(out), err
}

// TestRestartRestoresEveryTable: a table waiting for players and a
// match in play come back, as they were, after the server dies without
// a word (Close: no shutdown, as kill -9) and starts again.
func TestRestartRestoresEveryTable(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	anaKey, benKey := newKey(t), newKey(t)
	ana, ben, code := twoAtATable(t, ts, anaKey, benKey)
	h := ts.table(code).Host()
	for i := 0; i < 3; i++ {
		m := h.Snapshot()
		c := []*client{ana, ben}[m.Game.Turn]
		before := len(m.Log)
		waitForOrRetry(t, "a draw", func() bool { return len(h.Snapshot().Log) > before }, func() { c.send("d") })
	}
	waiting, err := ts.createTable("somekey", "Dee", "Dee's table", ts.table(code).rules, []seatInfo{{}})
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Flush(); err != nil {
		t.Fatal(err)
	}
	want := h.Snapshot()
	ts.Close()

	ts2 := startServer(t, dir, nil)
	defer ts2.stop(t)
	back := ts2.table(code)
	if back == nil || back.Host() == nil || ts2.table(waiting.Code) == nil || ts2.table(waiting.Code).Host() != nil {
		t.Fatalf("the tables are back: %v %v", back, ts2.table(waiting.Code))
	}
	got := back.Host().Snapshot()
	if len(got.Log) != len(want.Log) || got.Game.Turn != want.Game.Turn {
		t.Fatalf("restored at turn %d of %d, want %d of %d", got.Game.Turn, len(got.Log), want.Game.Turn, len(want.Log))
	}
	for i := range want.Game.Racks {
		if fmt.Sprint(got.Game.Racks[i]) != fmt.Sprint(want.Game.Racks[i]) {
			t.Fatalf("rack %d differs", i)
		}
	}
	again := connect(t, ts2.addr, benKey, 100, 30, code)
	again.waitText(0, "Ben's rack")
}

// TestShutdownSavesAndSays: SIGTERM's shutdown tells the sessions and
// saves the tables.
func TestShutdownSavesAndSays(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	ana := join(t, ts, newKey(t), "Ana", "")
	code := openTable(t, ts, ana, 2)
	m := ana.mark()
	ana.send("s")
	ana.waitText(m, "Ana's rack")
	ts.stop(t)
	<-ana.done
	if !strings.Contains(ana.text(), "The server is closing") {
		t.Fatalf("the session is told: %q", ana.text()[max(0, len(ana.text())-300):])
	}
	sv, err := ts.store.Load(code)
	if err != nil || sv.Finished() {
		t.Fatalf("the match is saved: %v", err)
	}
}

// TestHostKeyIsMadeOnceAndKept: the first start makes the host key,
// readable by its owner only; the next start keeps it.
func TestHostKeyIsMadeOnceAndKept(t *testing.T) {
	dir := t.TempDir()
	var keys []string
	for i := 0; i < 2; i++ {
		ts := startServer(t, dir, nil)
		var got gossh.PublicKey
		conn, err := gossh.Dial("tcp", ts.addr, &gossh.ClientConfig{
			User: "player", Auth: []gossh.AuthMethod{gossh.PublicKeys(newKey(t))},
			HostKeyCallback: func(_ string, _ net.Addr, k gossh.PublicKey) error { got = k; return nil },
		})
		if err != nil {
			t.Fatal(err)
		}
		conn.Close()
		keys = append(keys, string(gossh.MarshalAuthorizedKey(got)))
		ts.stop(t)
	}
	if keys[0] != keys[1] {
		t.Fatal("the host key changed between starts")
	}
	fi, err := os.Stat(filepath.Join(dir, "host_ed25519"))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the host key file: %v %v", fi.Mode(), err)
	}
}

// TestSessionLimitPerKey: a key may hold so many sessions at once.
func TestSessionLimitPerKey(t *testing.T) {
	ts := startServer(t, t.TempDir(), func(o *Options) { o.MaxPerKey = 1 })
	defer ts.stop(t)
	key := newKey(t)
	first := join(t, ts, key, "Ana", "")
	first.waitText(0, "Rummikub tables")
	conn, err := dial(t, ts.addr, gossh.PublicKeys(key))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := runOnce(conn, "", true); err == nil || !strings.Contains(out, "sessions open here already") {
		t.Fatalf("a second session: %q %v", out, err)
	}
}

// TestPlayerTakesTheirSeatBack: a player whose seat was handed to a
// computer comes back to it, told so, and plays it again; the seat stays
// theirs across a restart (issue 24, a new player's trial: they were
// made a spectator without a word).
func TestPlayerTakesTheirSeatBack(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	benKey := newKey(t)
	ana, ben, code := twoAtATable(t, ts, newKey(t), benKey)
	table := ts.table(code)
	ben.close()
	waitFor(t, "Ben is away", func() bool { return len(table.absent()) == 1 })
	ana.send("!")
	ana.waitText(0, "Give which absent")
	ana.send("2")
	waitFor(t, "seat 2 is a computer", func() bool { return table.Host().Computers()[1] })
	back := connect(t, ts.addr, benKey, 100, 30, code)
	back.name = "Ben"
	back.waitText(0, "your seat is yours again")
	back.waitText(0, "Ben's rack")
	if table.Host().Computers()[1] {
		t.Fatal("the seat is still a computer's")
	}
	seats, _, _ := table.seatsView()
	if seats[1].Computer || seats[1].Key == "" || seats[1].Was != "" {
		t.Fatalf("the table's seat: %+v", seats[1])
	}
	back.close()
	ana.close()
	ts.stop(t)
	ts = startServer(t, dir, nil)
	defer ts.stop(t)
	if ts.table(code).Host().Computers()[1] {
		t.Fatal("after a restart the seat is a computer's again")
	}
	again := connect(t, ts.addr, benKey, 100, 30, code)
	again.name = "Ben"
	again.waitText(0, "Ben's rack")
}

// TestNameKeptWhenItsFileCannotBeWritten: the players' file is written
// outside the server's lock; when the write fails the name is the
// player's all the same (in memory), and they are told it is not saved.
func TestNameKeptWhenItsFileCannotBeWritten(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	defer ts.stop(t)
	if err := os.MkdirAll(filepath.Join(dir, "serve", "players.json", "x"), 0o755); err != nil {
		t.Fatal(err)
	}
	ana := join(t, ts, newKey(t), "Ana", "")
	ana.waitText(0, "Rummikub tables")
	ana.waitText(0, "could not save your name")
	ts.mu.Lock()
	taken := ts.players.taken("Ana", "another key")
	ts.mu.Unlock()
	if !taken {
		t.Fatal("the name is not kept in memory")
	}
}

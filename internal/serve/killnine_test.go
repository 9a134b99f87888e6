package serve

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
	"rummikub/internal/host"
)

// killTrials is the number of kill -9 trials of TestKillNineLosesNoMoveShown:
// RUMMIKUB_KILL_TRIALS, else a few (make test).
func killTrials(t *testing.T) int {
	if s := os.Getenv("RUMMIKUB_KILL_TRIALS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("RUMMIKUB_KILL_TRIALS=%q is not a number of trials", s)
		}
		return n
	}
	return 5
}

// servedBinary is `rummikub serve` over a data folder, a real process.
type servedBinary struct {
	t          *testing.T
	bin, addr  string
	data, home string
	cmd        *exec.Cmd
	log        bytes.Buffer
}

func (b *servedBinary) start() {
	b.t.Helper()
	b.log.Reset()
	b.cmd = exec.Command(b.bin, "serve", "--listen", b.addr, "--data", b.data, "--rate", "1000", "--burst", "1000")
	b.cmd.Env = append(os.Environ(), "RUMMIKUB_HOME="+b.home)
	b.cmd.Stderr, b.cmd.Stdout = &b.log, &b.log
	if err := b.cmd.Start(); err != nil {
		b.t.Fatal(err)
	}
	waitFor(b.t, "the server listens", func() bool {
		c, err := net.Dial("tcp", b.addr)
		if err == nil {
			c.Close()
		}
		return err == nil
	})
}

func (b *servedBinary) kill() {
	b.cmd.Process.Signal(syscall.SIGKILL)
	b.cmd.Wait()
}

var (
	poolShown = regexp.MustCompile(`pool (\d+)`)
	drewShown = regexp.MustCompile(`You drew ([A-Z0-9 ]+) \(`)
	codeShown = regexp.MustCompile(`ssh -p \d+ -t \S+ ([a-z0-9]+)`)
)

// leastPool is the smallest pool a client was shown (-1: none): with
// draws alone, the pool falls by one a move, so the moves shown.
func leastPool(txt string) int {
	least := -1
	for _, m := range poolShown.FindAllStringSubmatch(txt, -1) {
		if n, _ := strconv.Atoi(m[1]); least < 0 || n < least {
			least = n
		}
	}
	return least
}

// TestKillNineLosesNoMoveShown: the real `rummikub serve`, two players
// over SSH drawing in turn, killed with SIGKILL at a random moment after
// their keys, again and again: after each kill the match on disk (and
// on the restarted server's screens) holds every move any client was
// shown (every other trial kills the moment a client is shown a move): its pool is no larger than the least pool shown, and every tile
// a player was told they drew is on their rack. A match whose pool runs
// low is followed by a new one.
func TestKillNineLosesNoMoveShown(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the real binary (-short)")
	}
	trials := killTrials(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "rummikub")
	if out, err := exec.Command("go", "build", "-o", bin, "rummikub/cmd/rummikub").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	rng := rand.New(rand.NewPCG(24, uint64(time.Now().UnixNano())))
	keys := []gossh.Signer{newKey(t), newKey(t)}
	names := []string{"Ana", "Ben"}
	lost, shownMoves, round := 0, 0, 0
	for trial := 0; trial < trials; round++ {
		srv := &servedBinary{t: t, bin: bin, addr: addr, home: filepath.Join(dir, fmt.Sprint("home", round))}
		srv.data = filepath.Join(srv.home, "data")
		srv.start()
		code := openBinaryTable(t, srv, keys, names)
		clients := connectBoth(t, srv, keys, names, code)
		for trial < trials {
			before := min(leastPool(clients[0].text()), leastPool(clients[1].text()))
			if before < 12 {
				for _, c := range clients {
					c.close()
				}
				srv.kill()
				break // a new match
			}
			// Both press d (the one not on turn is told to wait), a
			// few times, then the server dies at a random moment.
			for range 1 + rng.IntN(3) {
				for _, c := range clients {
					c.send("d")
				}
				time.Sleep(time.Duration(rng.IntN(30)) * time.Millisecond)
			}
			if trial%2 == 0 {
				// At once when a client is shown a move: the moment a
				// move shown before its save is written would be lost.
				waitFor(t, "a move shown", func() bool {
					return min(leastPool(clients[0].text()), leastPool(clients[1].text())) < before
				})
			} else {
				time.Sleep(time.Duration(rng.IntN(400)) * time.Millisecond)
			}
			srv.kill()
			for _, c := range clients {
				<-c.done
			}
			least := min(leastPool(clients[0].text()), leastPool(clients[1].text()))
			shownMoves += before - least
			sv, err := loadServed(srv.data, code)
			if err != nil {
				t.Fatalf("trial %d: the match after kill -9: %v", trial, err)
			}
			if pool := len(sv.Match.Game.Pool); pool > least {
				lost++
				t.Errorf("trial %d: a client was shown the pool at %d, the save has %d", trial, least, pool)
			}
			for i, c := range clients {
				rack := map[string]int{}
				for _, tile := range sv.Match.Game.Racks[i] {
					rack[tile.Face.String()]++
				}
				for _, m := range drewShown.FindAllStringSubmatch(c.text(), -1) {
					for _, f := range strings.Fields(m[1]) {
						if rack[f] == 0 && !played(sv.Match, f) {
							lost++
							t.Errorf("trial %d: %s was told they drew %s, not on their rack after the kill", trial, names[i], f)
						}
					}
				}
			}
			trial++
			// The restarted server shows the match as saved.
			srv.start()
			clients = connectBoth(t, srv, keys, names, code)
			if after := min(leastPool(clients[0].text()), leastPool(clients[1].text())); after > least {
				lost++
				t.Errorf("trial %d: a client was shown the pool at %d, the restarted server shows %d", trial-1, least, after)
			}
		}
		if trial == trials {
			srv.kill()
		}
	}
	t.Logf("%d kill -9 trials, %d moves shown to a client before a kill, %d lost", trials, shownMoves, lost)
}

// played says a tile of face f is on the table (a drawn tile may have
// been played since it was drawn).
func played(m *game.Match, f string) bool {
	for _, tile := range m.Game.Table.AllTiles() {
		if tile.Face.String() == f {
			return true
		}
	}
	return false
}

// connectBoth brings both players back to their table.
func connectBoth(t *testing.T, srv *servedBinary, keys []gossh.Signer, names []string, code string) []*client {
	t.Helper()
	clients := make([]*client, len(keys))
	for i := range clients {
		clients[i] = connect(t, srv.addr, keys[i], 100, 30, code)
		clients[i].name = names[i]
		clients[i].waitText(0, names[i]+"'s rack")
	}
	return clients
}

func loadServed(data, code string) (*host.Saved, error) {
	store, err := host.NewStore(filepath.Join(data, "serve", "matches"))
	if err != nil {
		return nil, err
	}
	return store.Load(code)
}

// openBinaryTable has the first player name themself and open a table of
// two, no timer, one game; the second sits down by its code.
func openBinaryTable(t *testing.T, srv *servedBinary, keys []gossh.Signer, names []string) string {
	t.Helper()
	ana := joinAt(t, srv.addr, keys[0], names[0], "")
	m := fillTableForm(ana, 2)
	var code string
	waitFor(t, "the invitation", func() bool {
		if mm := codeShown.FindStringSubmatch(ana.text()[m:]); mm != nil {
			code = mm[1]
			return true
		}
		return false
	})
	ben := joinAt(t, srv.addr, keys[1], names[1], code)
	ben.waitText(0, names[1]+"'s rack")
	ana.waitText(0, names[0]+"'s rack")
	ana.close()
	ben.close()
	return code
}

package bot

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// The example bots of examples/bots finish 100 games against easy with
// no turn replaced: no invalid move, none late, no crash.
func TestExampleBots(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	t.Run("python", func(t *testing.T) {
		t.Parallel()
		// /usr/bin/python3 first: a version manager's python3 on PATH
		// (a shell script) starts several times slower.
		py, err := exec.LookPath("/usr/bin/python3")
		if err != nil {
			py, err = exec.LookPath("python3")
		}
		if err != nil {
			t.Skip("python3 is not installed: the Python example bot is not run")
		}
		checkExample(t, py+" "+filepath.Join(root, "examples", "bots", "simple.py"))
	})
	t.Run("go", func(t *testing.T) {
		t.Parallel()
		bin := filepath.Join(t.TempDir(), "gobot")
		gocmd, err := exec.LookPath("go")
		if err != nil {
			t.Skip("no go command on PATH to build the Go example bot")
		}
		build := exec.Command(gocmd, "build", "-o", bin, "./examples/bots/gobot")
		build.Dir = root
		if out, err := build.CombinedOutput(); err != nil {
			t.Fatalf("building the Go example: %v\n%s", err, out)
		}
		checkExample(t, bin)
	})
}

// gridbot, the example written from docs/protocol.md alone, plays whole
// games of every preset, the French grid and the River included (and
// both at once: River pulls on the grid), against easy with no turn
// replaced.
func TestGridBotPlaysEveryPreset(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command on PATH to build gridbot")
	}
	bin := filepath.Join(t.TempDir(), "gridbot")
	build := exec.Command(gocmd, "build", "-o", bin, "./examples/bots/gridbot")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("building gridbot: %v\n%s", err, out)
	}
	for _, preset := range []string{"standard", "french", "river", "forty", "wrap", "six", "pressman", "french+river"} {
		t.Run(preset, func(t *testing.T) {
			name, river := strings.CutSuffix(preset, "+river")
			r, err := game.Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			if river {
				if err := r.Set("draw", "river"); err != nil {
					t.Fatal(err)
				}
			}
			log := &lockedBuffer{}
			m := &Maker{Log: log, Time: 20 * time.Second, Startup: 30 * time.Second}
			res := runWithBotsUnder(t, m, r, []string{"easy", Prefix + bin}, 12, time.Second)
			if f := faults(res.Seats[1]); f != [4]int{} || res.InvalidMoves != 0 {
				t.Errorf("invalid/late/crashed/retired %v: %v\nlog: %.2000s", f, res.Invalid, log.String())
			}
			t.Logf("%s: gridbot won %d of %d against easy", preset, res.Seats[1].Wins, res.Games)
		})
	}
	// A whole match of three games, told each game's end, on one process.
	for _, preset := range []string{"standard", "french"} {
		t.Run("match/"+preset, func(t *testing.T) {
			r, err := game.Preset(preset)
			if err != nil {
				t.Fatal(err)
			}
			r.Games = 3
			m, err := game.NewMatch(r, []string{"easy", "gridbot"}, 8)
			if err != nil {
				t.Fatal(err)
			}
			easy, _ := ai.New("easy", 1)
			log := &lockedBuffer{}
			s := NewSeat([]string{bin}, Options{Log: log, Startup: 30 * time.Second})
			defer s.Close()
			playMatch(t, m, []host.Computer{easy, s})
			if c := s.Counts(); c != (Counts{Starts: 1}) || len(m.Results) != 3 {
				t.Errorf("counts %+v after %d games; log: %.2000s", c, len(m.Results), log.String())
			}
		})
	}
}

func checkExample(t *testing.T, command string) {
	log := &lockedBuffer{}
	m := &Maker{Log: log, Time: 20 * time.Second, Startup: 30 * time.Second}
	res := runWithBots(t, m, []string{"easy", Prefix + command}, 100, time.Second)
	if f := faults(res.Seats[1]); f != [4]int{} || res.InvalidMoves != 0 {
		t.Errorf("invalid/late/crashed/retired %v: %v\nlog: %.2000s", f, res.Invalid, log.String())
	}
	t.Logf("%s: %d wins of %d against easy", command, res.Seats[1].Wins, res.Games)
}

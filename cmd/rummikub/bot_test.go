package main

import (
	"bufio"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"rummikub/internal/bot"
	"rummikub/internal/bot/protocol"
	"rummikub/internal/game"
)

// Bad input to bot, and bad cmd: seats in sim and play, get exit 2 and
// one sentence.
func TestBotBadInput(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	cases := [][]string{
		{"bot", "--level", "wizard"},
		{"bot", "--think", "-1s"},
		{"bot", "extra"},
		{"sim", "--players", "medium,cmd:"},
		{"sim", "--players", "medium,cmd:/no/such/bot"},
		{"sim", "--players", "medium,cmd:sh", "--bot-time", "-1s"},
		{"sim", "--players", "medium,=easy"},
		{"sim", "--players", "medium,Robo="},
		{"sim", "--players", "medium,Robo=wizard"},
		{"play", "--players", "Ana,cmd:/no/such/bot"},
		{"play", "--players", "Ana,Robo=cmd:  "},
	}
	refusesInOneLine(t, cases)
}

// rummikub bot answers a hello with ready and a turn with an answer that
// carries its id.
func TestBotAnswers(t *testing.T) {
	r := game.Standard()
	m, err := game.NewMatch(r, []string{"a", "b"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	v := m.ViewFor(m.Game.Turn)
	hello, _ := json.Marshal(protocol.HelloFor(&r, v.Names, v.Seat, 1))
	turn, _ := json.Marshal(protocol.TurnFor(&v, 7, 5000, 0, false))
	in := string(hello) + "\nnot json\n" + string(turn) + "\n"
	code, out, errOut := runCmd(t, in, "bot", "--level", "medium")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"ready"`) {
		t.Fatalf("stdout %q", out)
	}
	a, err := protocol.ParseAnswer([]byte(lines[1]))
	if err != nil || a.ID != 7 {
		t.Fatalf("answer %q: %v", lines[1], err)
	}
	if !strings.Contains(errOut, "not a JSON message") {
		t.Errorf("the skipped line is not reported on stderr: %q", errOut)
	}
}

// sim seats a bot: the Python example (skipped without python3), with
// its faults per player in the JSON and its stderr in --bot-log.
func TestSimWithBotSeat(t *testing.T) {
	py, err := exec.LookPath("/usr/bin/python3")
	if err != nil {
		if py, err = exec.LookPath("python3"); err != nil {
			t.Skip("python3 is not installed: the sim run with the Python example bot is skipped")
		}
	}
	script, _ := filepath.Abs("../../examples/bots/simple.py")
	log := filepath.Join(t.TempDir(), "bots.log")
	code, out, errOut := runCmd(t, "", "sim", "--players", "easy,cmd:"+py+" "+script, "--games", "2", "--mirror", "--bot-log", log, "--bot-time", "20s", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res struct {
		Games int `json:"games"`
		Seats []struct {
			Player                          string
			Invalid, Late, Crashed, Retired *int
		} `json:"seats"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if res.Games != 2 || len(res.Seats) != 2 || !strings.HasPrefix(res.Seats[1].Player, "cmd:") {
		t.Fatalf("%+v", res)
	}
	for _, s := range res.Seats {
		if s.Invalid == nil || s.Late == nil || s.Crashed == nil || s.Retired == nil {
			t.Fatalf("%s: the faults are missing from the JSON: %s", s.Player, out)
		}
		if *s.Invalid+*s.Late+*s.Crashed+*s.Retired != 0 {
			t.Errorf("%s: faults %d %d %d %d", s.Player, *s.Invalid, *s.Late, *s.Crashed, *s.Retired)
		}
	}
	b, err := os.ReadFile(log)
	if err != nil || !strings.Contains(string(b), "ready: simple.py") {
		t.Errorf("the bot log holds %q (%v)", b, err)
	}
	sc := bufio.NewScanner(strings.NewReader(errOut))
	if sc.Scan() {
		t.Errorf("nothing of the bot belongs on the screen, stderr: %q", errOut)
	}
}

// play's --players reads bot seats as computer seats run by the referee.
func TestParsePlaySeats(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	seats, err := parsePlaySeats("Ana, Robo=cmd:sh -c true ,cmd:sh,cpu:hard,cmd:sh -c x=1")
	if err != nil {
		t.Fatal(err)
	}
	if len(seats) != 5 || !seats[4].Computer || seats[4].Name != "bot 2" || seats[4].Level != "cmd:sh -c x=1" {
		t.Errorf("a command holding = is a command: %+v", seats[len(seats)-1])
	}
	if len(seats) != 5 || seats[0].Computer || seats[0].Name != "Ana" {
		t.Fatalf("%+v", seats)
	}
	if !seats[1].Computer || seats[1].Name != "Robo" || seats[1].Level != "cmd:sh -c true" {
		t.Errorf("seat 2: %+v", seats[1])
	}
	if !seats[2].Computer || seats[2].Name != "bot 1" || seats[2].Level != "cmd:sh" {
		t.Errorf("seat 3: %+v", seats[2])
	}
	if !seats[3].Computer || seats[3].Level != "hard" {
		t.Errorf("seat 4: %+v", seats[3])
	}
	c, err := newComputer("cmd:sh", 2, 1)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := c.(*bot.Seat); !ok {
		t.Errorf("a cmd: level makes a %T", c)
	}
}

// drawBot is a bot in sh that draws (or passes) every turn.
const drawBot = `while IFS= read -r line; do
  case "$line" in
  *'"type":"hello"'*) echo '{"type":"ready","name":"DrawBot"}' ;;
  *'"type":"turn"'*)
    id=$(echo "$line" | sed 's/.*"type":"turn","id":\([0-9]*\).*/\1/')
    case "$line" in
    *'"pool":0,'*) echo "{\"type\":\"pass\",\"id\":$id}" ;;
    *) echo "{\"type\":\"draw\",\"id\":$id}" ;;
    esac ;;
  esac
done
`

// sim takes a named bot seat (Name=cmd:COMMAND) as play does, and shows
// a bot's command as written, never lower-cased.
func TestSimNamedBotSeat(t *testing.T) {
	sh, err := exec.LookPath("sh")
	if err != nil {
		t.Skip("no sh to run the test's bot")
	}
	script := filepath.Join(t.TempDir(), "DrawBot.sh")
	if err := os.WriteFile(script, []byte(drawBot), 0o644); err != nil {
		t.Fatal(err)
	}
	log := filepath.Join(t.TempDir(), "bots.log")
	cases := []struct{ entry, want string }{
		{"Robo=cmd:" + sh + " " + script, "Robo"},
		{"cmd:" + sh + " " + script, "cmd:" + sh + " " + script},
		{"Ana=EASY", "Ana"},
	}
	for _, c := range cases {
		t.Run(c.want, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", "sim", "--players", "easy,"+c.entry, "--games", "1", "--bot-log", log, "--bot-time", "20s", "--json")
			if code != 0 {
				t.Fatalf("exit %d: %s", code, errOut)
			}
			var res struct {
				Seats []struct {
					Player  string
					Invalid int
				}
			}
			if err := json.Unmarshal([]byte(out), &res); err != nil {
				t.Fatal(err)
			}
			if len(res.Seats) != 2 || res.Seats[1].Player != c.want || res.Seats[1].Invalid != 0 {
				t.Errorf("seats %+v, want the second shown as %q with no fault", res.Seats, c.want)
			}
		})
	}
}

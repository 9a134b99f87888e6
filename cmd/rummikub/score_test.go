package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runScore(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, stdin, append([]string{"score"}, args...)...)
}

func writeFile(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "session.json")
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const issueSession = `{"players": ["Ana","Ben","Cai"], "options": {"win": "games", "target": 0, "winner_only": false, "joker": 30, "blocked": "difference"}, "games": [{"out": "Ana", "racks": {"Ben": 22, "Cai": "J O4"}}, {"blocked": true, "racks": {"Ana": 5, "Ben": 12, "Cai": 20}}]}`

func TestScoreJSON(t *testing.T) {
	code, out, errs := runScore(t, "", "--json", writeFile(t, issueSession))
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	var got struct {
		Games []struct {
			Scores map[string]int `json:"scores"`
		} `json:"games"`
		Totals   map[string]int `json:"totals"`
		GamesWon map[string]int `json:"games_won"`
		Finished bool           `json:"finished"`
		Winner   *string        `json:"winner"`
	}
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not JSON: %v\n%s", err, out)
	}
	if len(got.Games) != 2 || got.Games[0].Scores["Ana"] != 56 || got.Games[0].Scores["Cai"] != -34 ||
		got.Games[1].Scores["Ana"] != 22 || got.Totals["Ana"] != 78 || got.GamesWon["Ana"] != 2 ||
		got.Finished || got.Winner != nil {
		t.Errorf("unexpected report:\n%s", out)
	}
}

func TestScoreJSONStdinFinished(t *testing.T) {
	code, out, _ := runScore(t, `{"players":["A","B","C","D"],"options":{"games":1},"games":[{"out":"A","racks":{"B":5,"C":10,"D":3}}]}`, "--json", "-")
	if code != 0 || !strings.Contains(out, `"A": 18`) || !strings.Contains(out, `"winner": "A"`) || !strings.Contains(out, `"finished": true`) {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func TestScoreJSONBadFiles(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Dee": 3}}]}`, `"Dee", who is not a player`},
		{`{"players": ["Ana","Ben","Cai"], "games": [{"out": "Ana", "racks": {"Ben": 3}}]}`, "no rack for Cai"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": -3}}]}`, "cannot be negative"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": "R7 Z1"}}]}`, `"Z1" is not a tile`},
		{`{"players": ["Ana","Ben"], "games": [{"racks": {"Ben": 3}}]}`, "has no winner"},
		{`{"players": ["Ana","Ben"]`, "cut short"},
		{`{"players": ["Ana","Ben"], "options": {"speed": 1}}`, `unknown field "speed"`},
		{`{"players": ["Ana","Ben"], "options": {"joker": 50}}`, "joker takes 30 or 25"},
	} {
		code, out, errs := runScore(t, "", "--json", writeFile(t, tc.body))
		if code != 2 || out != "" {
			t.Errorf("%s: exit %d, stdout %q", tc.body, code, out)
		}
		if !strings.Contains(errs, tc.want) || strings.Count(errs, "\n") != 1 {
			t.Errorf("%s: stderr %q, want one line with %q", tc.body, errs, tc.want)
		}
	}
	if code, _, errs := runScore(t, "", "--json", filepath.Join(t.TempDir(), "none.json")); code != 2 || !strings.Contains(errs, "there is no session file") {
		t.Errorf("missing file: exit %d, %q", code, errs)
	}
}

func TestScoreFlags(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	if code, _, _ := runScore(t, "", "--json", "x.json", "--list"); code != 2 {
		t.Errorf("--json with --list: exit %d, want 2", code)
	}
	// --theme is the keeper's colour theme, like play's.
	if code, _, errs := runScore(t, "", "--theme", "nope"); code != 2 || !strings.Contains(errs, `there is no theme "nope"`) || strings.Count(errs, "\n") != 1 {
		t.Errorf("unknown theme: exit %d, %q", code, errs)
	}
	if code, _, errs := runScore(t, "", "--theme", "dark"); code != 2 || !strings.Contains(errs, "needs a terminal") {
		t.Errorf("a good theme without a terminal: exit %d, %q", code, errs)
	}
	for _, other := range [][]string{{"--json", "x.json"}, {"--list"}} {
		if code, _, _ := runScore(t, "", append(other, "--theme", "dark")...); code != 2 {
			t.Errorf("%s with --theme: exit %d, want 2", other[0], code)
		}
	}
	if code, _, errs := runScore(t, "", "--session", "../etc"); code != 2 || !strings.Contains(errs, "session name") {
		t.Errorf("bad session name: exit %d, %q", code, errs)
	}
	code, out, _ := runScore(t, "", "--list")
	if code != 0 || !strings.Contains(out, "No saved sessions") {
		t.Errorf("--list on nothing: exit %d, %q", code, out)
	}
	// Without a terminal the screen cannot open: say so, exit 2.
	if code, _, errs := runScore(t, ""); code != 2 || !strings.Contains(errs, "needs a terminal") {
		t.Errorf("no terminal: exit %d, %q", code, errs)
	}
	// A session saved by the keeper lists.
	dir := filepath.Join(os.Getenv("RUMMIKUB_HOME"), "data", "scores")
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "friday.json"), []byte(issueSession), 0o644)
	code, out, _ = runScore(t, "", "--list")
	if code != 0 || !strings.Contains(out, "friday") || !strings.Contains(out, "Ana, Ben, Cai - 2 games, Ana leads") {
		t.Errorf("--list: exit %d, %q", code, out)
	}
	// A broken named session is refused before the screen opens.
	os.WriteFile(filepath.Join(dir, "broken.json"), []byte("{"), 0o644)
	if code, _, errs := runScore(t, "", "--session", "broken"); code != 2 || !strings.Contains(errs, "cannot be used") {
		t.Errorf("broken session: exit %d, %q", code, errs)
	}
}

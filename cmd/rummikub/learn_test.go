package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// keepFixture copies the analysis package's recorded match into a fresh
// data directory's matches/ folder as NAME.json.
func keepFixture(t *testing.T, names ...string) {
	t.Helper()
	home := t.TempDir()
	t.Setenv("RUMMIKUB_HOME", home)
	data, err := os.ReadFile(filepath.Join("..", "..", "internal", "analysis", "testdata", "match-seed7.json"))
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(home, "data", "matches")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		if err := os.WriteFile(filepath.Join(dir, n+".json"), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestAnalyzeCommand(t *testing.T) {
	keepFixture(t, "friday")
	code, out, errOut := runCmd(t, "", "analyze", "--last")
	if code != 0 || !strings.Contains(out, "measures plays, not luck") || !strings.Contains(out, "Ben: 45 turns analysed") {
		t.Fatalf("analyze --last: code %d, stderr %q, out %.300q", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "analyze", "friday", "--json", "--objective", "points")
	var rep struct {
		Objective string `json:"objective"`
		Turns     []any  `json:"turns"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rep) != nil || rep.Objective != "points" || len(rep.Turns) != 137 {
		t.Fatalf("analyze --json: code %d, objective %q, %d turns", code, rep.Objective, len(rep.Turns))
	}
	refusesInOneLine(t, [][]string{
		{"analyze", "nope"},
		{"analyze"},
		{"analyze", "friday", "--last"},
		{"analyze", "friday", "--objective", "luck"},
	})
}

func TestReplayCommandRefusals(t *testing.T) {
	keepFixture(t, "friday")
	refusesInOneLine(t, [][]string{
		{"replay", "nope"},
		{"replay", "friday", "--game", "3"},
		{"replay", "friday", "--theme", "nope"},
		{"replay", "friday"}, // no terminal in a test
	})
}

func TestStatsCommand(t *testing.T) {
	keepFixture(t, "one", "two")
	code, out, errOut := runCmd(t, "", "stats")
	if code != 0 || !strings.Contains(out, "2 matches kept (2 finished), 4 games finished.") || !strings.Contains(out, "not luck") {
		t.Fatalf("stats: code %d, stderr %q, out %q", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "stats", "--json", "--no-analysis")
	var st struct {
		Games   int `json:"games"`
		Players []struct {
			Player string `json:"player"`
			Games  int    `json:"games"`
			Turns  int    `json:"turns_analysed"`
		} `json:"players"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &st) != nil || st.Games != 4 || len(st.Players) != 3 || st.Players[0].Games != 4 || st.Players[0].Turns != 0 {
		t.Fatalf("stats --json: code %d, %+v", code, st)
	}
	if code, _, errOut := runCmd(t, "", "stats", "--theme", "nope"); code != 2 || errOut == "" {
		t.Errorf("--theme nope: code %d", code)
	}
	if code, _, _ := runCmd(t, "", "stats", "extra"); code != 2 {
		t.Errorf("an argument: code %d", code)
	}
}

func TestPuzzleCommand(t *testing.T) {
	t.Setenv("RUMMIKUB_HOME", t.TempDir())
	code, out, errOut := runCmd(t, "", "puzzle", "--list")
	if code != 0 || !strings.HasPrefix(out, "300 puzzles (") || !strings.Contains(out, "0 solved") {
		t.Fatalf("--list: code %d, stderr %q, out %.200q", code, errOut, out)
	}
	code, out, _ = runCmd(t, "", "puzzle", "--id", "1", "--solution", "--json")
	var p struct {
		ID       int        `json:"id"`
		Solution [][]string `json:"solution"`
		Goal     int        `json:"goal"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &p) != nil || p.ID != 1 || len(p.Solution) == 0 {
		t.Fatalf("--id 1 --solution --json: code %d, out %q", code, out)
	}
	parts := make([]string, len(p.Solution))
	for i, s := range p.Solution {
		parts[i] = strings.Join(s, " ")
	}
	answer := strings.Join(parts, " | ")
	// The table as it was is no turn: a judged no, exit 1.
	code, out, _ = runCmd(t, "", "puzzle", "--id", "1", "--answer", strings.Join(parts[:1], " | "))
	if code != 1 || !strings.Contains(out, "Not a legal turn") {
		t.Errorf("a wrong answer: code %d, out %q", code, out)
	}
	code, out, _ = runCmd(t, "", "puzzle", "--id", "1", "--answer", answer)
	if code != 0 || !strings.HasPrefix(out, "Solved") {
		t.Fatalf("the solution: code %d, out %q", code, out)
	}
	code, out, _ = runCmd(t, "", "puzzle", "--list", "--json")
	var rows []struct {
		ID     int  `json:"id"`
		Solved bool `json:"solved"`
	}
	if code != 0 || json.Unmarshal([]byte(out), &rows) != nil || len(rows) != 300 || !rows[0].Solved || rows[1].Solved {
		t.Fatalf("progress not remembered: code %d, %d rows", code, len(rows))
	}
	code, out, _ = runCmd(t, "", "puzzle", "--daily", "--hint")
	if code != 0 || !strings.Contains(out, "Hint 1:") || !strings.Contains(out, "Goal:") {
		t.Errorf("--daily --hint: code %d, out %q", code, out)
	}
	code, out, _ = runCmd(t, "", "puzzle", "--generate", "--count", "2")
	if code != 0 || !strings.Contains(out, `"format": "rummikub-puzzles-1"`) {
		t.Errorf("--generate: code %d, out %.100q", code, out)
	}
	refusesInOneLine(t, [][]string{
		{"puzzle", "--id", "0"},
		{"puzzle", "--id", "301"},
		{"puzzle", "--id", "1", "--answer", "R3 X4"},
		{"puzzle", "--list", "--id", "3"},
		{"puzzle", "--generate", "--count", "0"},
	})
}

func TestLearnCommand(t *testing.T) {
	code, out, _ := runCmd(t, "", "learn")
	if code != 0 || !strings.Contains(out, "joker") || !strings.Contains(out, "scoring") {
		t.Fatalf("learn: code %d, out %q", code, out)
	}
	code, out, _ = runCmd(t, "", "learn", "joker")
	if code != 0 || !strings.Contains(out, "Step 2. Free the joker") || !strings.Contains(out, "Table: R5 J R7") {
		t.Fatalf("learn joker: code %d, out %q", code, out)
	}
	if code, out, _ := runCmd(t, "", "learn", "joker", "--step", "2", "--answer", "R5 R6 R7 | B9 O9 J"); code != 0 || !strings.Contains(out, "Well done") {
		t.Errorf("the joker solved: code %d, out %q", code, out)
	}
	if code, out, _ := runCmd(t, "", "learn", "joker", "--step", "2", "--answer", "R5 J R7 | B9 O9 R6"); code != 1 || !strings.Contains(out, "Not a legal turn") {
		t.Errorf("the joker missed: code %d, out %q", code, out)
	}
	if code, out, _ := runCmd(t, "", "learn", "scoring", "--step", "1", "--answer", "-44"); code != 0 || !strings.Contains(out, "Right") {
		t.Errorf("scoring: code %d, out %q", code, out)
	}
	refusesInOneLine(t, [][]string{
		{"learn", "nope"},
		{"learn", "joker", "--step", "9", "--answer", "3"},
		{"learn", "joker", "--step", "1"},
		{"learn", "joker", "--step", "1", "--answer", "R5 X"},
		{"learn", "--answer", "3"},
	})
}

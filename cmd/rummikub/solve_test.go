package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func runSolveCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, stdin, append([]string{"solve"}, args...)...)
}

type solveAnswer struct {
	Play         bool       `json:"play"`
	Sets         [][]string `json:"sets"`
	Placed       []string   `json:"placed"`
	TilesPlaced  int        `json:"tiles_placed"`
	PointsPlaced int        `json:"points_placed"`
	Complete     bool       `json:"complete"`
	Optimal      bool       `json:"optimal"`
	ElapsedMS    *float64   `json:"elapsed_ms"`
	Error        string     `json:"error"`
}

func decodeAnswer(t *testing.T, line string) solveAnswer {
	t.Helper()
	var a solveAnswer
	dec := json.NewDecoder(strings.NewReader(line))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&a); err != nil {
		t.Fatalf("answer %q: %v", line, err)
	}
	return a
}

const issueSolve = `{"rules": "standard", "options": {}, "opened": true, "table": [["R3","R4","R5"]], "rack": ["R2","B5","K5","O5"], "objective": "tiles"}`

func TestSolveIssueExample(t *testing.T) {
	code, out, errOut := runSolveCmd(t, issueSolve, "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	a := decodeAnswer(t, out)
	if !a.Play || !a.Optimal || a.TilesPlaced != 4 || a.PointsPlaced != 17 || a.ElapsedMS == nil {
		t.Fatalf("got %+v", a)
	}
	if strings.Join(a.Placed, " ") != "R2 B5 K5 O5" {
		t.Errorf("placed %v", a.Placed)
	}
	n := 0
	for _, s := range a.Sets {
		n += len(s)
	}
	if n != 7 {
		t.Errorf("the table after holds %d tiles, want 7: %v", n, a.Sets)
	}
}

func TestSolveCases(t *testing.T) {
	cases := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out, err string // substrings of stdout and stderr
	}{
		{"flags, text", "", []string{"--table", "R3 R4 R5 | B7 K7 O7", "--rack", "R2 B5 K5 O5"}, 0,
			"Play 4 tiles for 17 points (optimal", ""},
		{"text marks placed tiles", "", []string{"--table", "R3 R4 R5", "--rack", "R6"}, 0, "R3 R4 R5 R6*", ""},
		{"untouched set first", "", []string{"--table", "B7 K7 O7 | R3 R4 R5", "--rack", "R6"}, 0, "  B7 O7 K7\n  R3 R4 R5 R6*", ""},
		{"no play", "", []string{"--table", "R3 R4 R5", "--rack", "B9 K1"}, 1, "No play: no rack tile can be placed", ""},
		{"no play json", `{"table":[["R3","R4","R5"]],"rack":["B9"]}`, []string{"--json"}, 1,
			`{"play":false,"sets":[["R3","R4","R5"]],"placed":[],"tiles_placed":0,"points_placed":0,"complete":true,"optimal":true`, ""},
		{"initial meld", `{"rules":"forty","opened":false,"rack":["R10","R11","R12","K13","O13","B13"]}`, []string{"--json"}, 0,
			`"tiles_placed":6,"points_placed":72`, ""},
		{"initial meld too low", `{"opened":false,"rack":["R1","R2","R3","K13"]}`, nil, 1, "No play: no initial meld worth 30 can be made", ""},
		{"opened flag", "", []string{"--opened=false", "--rack", "R1 R2 R3"}, 1, "No play: no initial meld worth 30", ""},
		{"points objective", `{"rack":["R1","R2","R3","K11","K12","K13","J"],"keep":["J"],"objective":"points"}`, []string{"--json"}, 0,
			`"points_placed":42`, ""},
		{"must", "", []string{"--rack", "R1 R2 R3 R4", "--must", "R4", "--table", "B1 O1 K1"}, 0, "Placed (marked *): R1 R2 R3 R4", ""},
		{"keep all", "", []string{"--rack", "R1 R2 R3", "--keep", "R1 R2 R3"}, 1, "No play: no rack tile can be placed without the ones held back", ""},
		{"must cannot go", "", []string{"--rack", "R1 R2 R3 K9", "--must", "K9"}, 1, "No play: no play places K9", ""},
		{"rules by flag", `{"rack":["R12","R13","R1"]}`, []string{"--option", "wrap=true", "--json"}, 0, `"tiles_placed":3`, ""},
		{"bad tile", "", []string{"--rack", "R1 X9"}, 2, "", `in --rack: "X9" is not a tile`},
		{"bad json", `{"rack":`, nil, 2, "", "ends in the middle of its JSON"},
		{"unknown field", `{"rack":["R1"],"after":[]}`, nil, 2, "", "unknown field \"after\""},
		{"bad objective", `{"rack":["R1"],"objective":"fun"}`, nil, 2, "", `"tiles" or "points", not "fun"`},
		{"keep not on rack", `{"rack":["R1"],"keep":["B2"]}`, nil, 2, "", "keep tile B2 is not on the rack"},
		{"invalid table set", `{"table":[["R1","B2","K3"]],"rack":["R1"]}`, nil, 2, "", "table set 1"},
		{"too many copies", "", []string{"--rack", "R1 R1 R1"}, 2, "", "hold 3 R1 tiles, but the rules' tile set has only 2"},
		{"both inputs", issueSolve, []string{"--rack", "R1", "--file", "x.json"}, 2, "", "not both"},
		{"empty input", "", nil, 2, "", "no position on stdin"},
		{"negative timeout", issueSolve, []string{"--timeout", "-1s"}, 2, "", "--timeout must not be negative"},
		{"unknown preset", issueSolve, []string{"--rules", "nope"}, 2, "", "unknown rule preset"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runSolveCmd(t, c.stdin, c.args...)
			if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errOut, c.err) {
				t.Fatalf("exit %d (want %d)\nstdout %q (want %q)\nstderr %q (want %q)", code, c.code, out, c.out, errOut, c.err)
			}
			if code == 2 && (strings.Count(strings.TrimSpace(errOut), "\n") != 0 || out != "") {
				t.Errorf("bad input must give one sentence on stderr and nothing on stdout: %q / %q", out, errOut)
			}
		})
	}
}

func TestSolveBatch(t *testing.T) {
	in := issueSolve + "\n" +
		`{"table":[["R3","R4"]],"rack":["R2"]}` + "\n\n" +
		"not json\n" +
		`{"rack":["K1","B9"]}` + "\n" +
		`{"rules":"six","rack":["R5","R6","R7","R7"],"table":[["R7","B7","K7"],["R8","R9","R10"]]}` + "\n"
	code, out, errOut := runSolveCmd(t, in)
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 5 {
		t.Fatalf("want 5 answers, got %d: %q", len(lines), out)
	}
	a := decodeAnswer(t, lines[0])
	if !a.Play || a.TilesPlaced != 4 {
		t.Errorf("line 1: %+v", a)
	}
	if a := decodeAnswer(t, lines[1]); a.Error == "" || !strings.Contains(a.Error, "not a valid set") {
		t.Errorf("line 2: %+v", a)
	}
	if a := decodeAnswer(t, lines[2]); !strings.Contains(a.Error, "not valid JSON") {
		t.Errorf("line 3: %+v", a)
	}
	if a := decodeAnswer(t, lines[3]); a.Play || a.Error != "" || !a.Optimal {
		t.Errorf("line 4: %+v", a)
	}
	if a := decodeAnswer(t, lines[4]); !a.Play || a.TilesPlaced != 4 {
		t.Errorf("line 5 (six: three R7 copies): %+v", a)
	}
	// --batch reads a single line as a batch too: a bad line is an answer
	code, out, _ = runSolveCmd(t, "nope\n", "--batch")
	if code != 0 || !strings.Contains(out, `{"error":`) {
		t.Errorf("--batch: exit %d, %q", code, out)
	}
}

func TestSolvePrettyJSON(t *testing.T) {
	in := "{\n  \"table\": [[\"R3\",\"R4\",\"R5\"]],\n  \"rack\": [\"R6\"]\n}\n"
	code, out, errOut := runSolveCmd(t, in, "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	if a := decodeAnswer(t, out); a.TilesPlaced != 1 {
		t.Errorf("got %+v", a)
	}
}

func TestSolveTimeout(t *testing.T) {
	// A position with four jokers in the 160-tile set under a deadline far
	// too short to finish: the answer comes back, marked not optimal unless
	// the search happened to finish.
	in := `{"rules":"six","table":[["R1","R2","R3","R4"],["B5","O5","K5"],["K7","K8","K9","K10"],["R9","B9","O9"]],` +
		`"rack":["J","J","J","J","R5","R6","B6","O6","K6","B8","O8","R10","B11","K12","O12","R13"]}`
	code, out, errOut := runSolveCmd(t, in, "--json", "--timeout", "1ns")
	if errOut != "" || (code != 0 && code != 1) {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	a := decodeAnswer(t, out)
	if a.Optimal && !a.Play {
		t.Errorf("an optimal answer must find the play: %+v", a)
	}
}

func FuzzSolveInput(f *testing.F) {
	f.Add(issueSolve)
	f.Add(`{"rules":"six","opened":false,"rack":["J","J","R1"],"keep":["J"],"must":["R1"]}`)
	f.Add(`{"table":[["J:R4","R5","R6"]],"rack":["R4"],"options":{"wrap":true}}`)
	f.Add("{}\n{}\n")
	f.Fuzz(func(t *testing.T, in string) {
		var out, errOut strings.Builder
		code := run([]string{"solve", "--json", "--timeout", "50ms"}, strings.NewReader(in), &out, &errOut)
		if code < 0 || code > 2 {
			t.Fatalf("exit %d", code)
		}
	})
}

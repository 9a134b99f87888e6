package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runCheckCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, stdin, append([]string{"check"}, args...)...)
}

const issueTurn = `{"rules": "standard", "options": {"wrap": true}, "opened": true, "table": [["R3","R4","R5"]], "rack": ["R2","B5","K5"], "after": [["R2","R3","R4"],["R5","B5","K5"]]}`

func TestCheckIssueExample(t *testing.T) {
	code, out, errOut := runCheckCmd(t, issueTurn, "--json")
	if code != 0 || errOut != "" {
		t.Fatalf("exit %d, stderr %q", code, errOut)
	}
	var v struct {
		Valid  bool     `json:"valid"`
		Placed []string `json:"placed"`
		Points int      `json:"points"`
	}
	if err := json.Unmarshal([]byte(out), &v); err != nil {
		t.Fatalf("output %q: %v", out, err)
	}
	if !v.Valid || strings.Join(v.Placed, " ") != "R2 B5 K5" || v.Points != 12 {
		t.Errorf("got %+v", v)
	}
	if strings.TrimSpace(out) != `{"valid":true,"placed":["R2","B5","K5"],"points":12,"sets":[["R2","R3","R4"],["R5","B5","K5"]]}` {
		t.Errorf("output %q", out)
	}
}

func TestCheckVerdicts(t *testing.T) {
	cases := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out, err string // substrings of stdout and stderr
	}{
		{"text valid", issueTurn, nil, 0, "Valid turn: plays R2 B5 K5 for 12 points", ""},
		{"invalid set json", `{"opened":true,"rack":["R5","R6","R8"],"after":[["R5","R6","R8"]]}`, []string{"--json"}, 1,
			`{"valid":false,"code":"invalid_set","error":"set 1 (R5 R6 R8) is not a valid set`, ""},
		{"invalid set text", `{"opened":true,"rack":["R5","R6","R8"],"after":[["R5","R6","R8"]]}`, nil, 1,
			"Invalid turn (invalid_set): set 1 (R5 R6 R8)", ""},
		{"initial meld", `{"rack":["R10","B10","K10","O1"],"after":[["K10","B10","R10"]]}`, nil, 0,
			"Valid initial meld: plays R10 B10 K10 for 30 points; the table becomes R10 B10 K10; the rack keeps O1", ""},
		{"initial meld too low", `{"rack":["R9","B9","K9"],"after":[["R9","B9","K9"]]}`, []string{"--json"}, 1, `"code":"initial_meld_too_low"`, ""},
		{"forty by flag", `{"rack":["R10","B10","K10"],"after":[["R10","B10","K10"]]}`, []string{"--rules", "forty"}, 1, "initial_meld_too_low", ""},
		{"forty by JSON", `{"rules":"forty","rack":["R10","B10","K10"],"after":[["R10","B10","K10"]]}`, nil, 1, "initial_meld_too_low", ""},
		{"option flag", `{"rack":["R10","B10","K10"],"after":[["R10","B10","K10"]]}`, []string{"--option", "initial-meld=40"}, 1, "initial_meld_too_low", ""},
		{"flag overrides JSON option", `{"options":{"initial-meld":40},"rack":["R10","B10","K10"],"after":[["R10","B10","K10"]]}`, []string{"--option", "initial-meld=30"}, 0, "Valid", ""},
		{"wrap by JSON option", `{"options":{"wrap":true},"opened":true,"rack":["R12","R13","R1"],"after":[["R12","R13","R1"]]}`, nil, 0, "Valid", ""},
		{"no wrap by default", `{"opened":true,"rack":["R12","R13","R1"],"after":[["R12","R13","R1"]]}`, nil, 1, "invalid_set", ""},
		{"joker annotation", `{"opened":true,"table":[["R5","R6","J:R4"]],"rack":["R7"],"after":[["J:R4","R5","R6","R7"]]}`, []string{"--json"}, 0, `"points":7`, ""},
		{"river key", `{"rules":"river","opened":true,"table":[["R3","R4","R5"]],"rack":["R6","B1","B2","B3"],"key":"R6","after":[["R3","R4","R5"],["B1","B2","B3"]]}`, []string{"--json"}, 1, "key_tile_not_played", ""},
		{"river plunder", `{"rules":"river","opened":true,"table":[["R3","R4","R5"]],"rack":["R6","K9","K10","K11"],"key":"R6","plunder":["K10","K11"],"after":[["R3","R4","R5","R6"],["K9","K10","K11"]]}`, []string{"--json"}, 1, "plunder_played", ""},
		{"flags valid", "", []string{"--opened", "--table", "R3 R4 R5", "--rack", "R2 B5 K5", "--after", "R2 R3 R4 | R5 B5 K5", "--json"}, 0, `"points":12`, ""},
		{"flags invalid", "", []string{"--table", "R5 R6 J", "--rack", "R3", "--after", "R3 J R5 R6", "--opened"}, 1, "joker_rule", ""},
		{"two copies: the set that lost one is blamed (issue 25 defect 7)", "", []string{"--opened", "--table", "O7 O8 O9 | B7 O7 K7", "--rack", "O10", "--after", "O7 O8 O9 O10"}, 1, "O7 from table set 2 (B7 O7 K7) is no longer on the table", ""},
		{"flags river", "", []string{"--rules", "river", "--opened", "--table", "R3 R4 R5", "--rack", "R6 K1", "--key", "R6", "--plunder", "K1", "--after", "R3 R4 R5 R6"}, 0, "Valid turn", ""},

		{"malformed JSON", `{"after": [`, nil, 2, "", "ends in the middle"},
		{"not JSON", `R3 R4 R5`, nil, 2, "", "not valid JSON"},
		{"empty input", ``, nil, 2, "", "no turn"},
		{"unknown field", `{"after":[],"tabel":[]}`, nil, 2, "", `unknown field "tabel"`},
		{"missing after", `{"table":[]}`, nil, 2, "", `no "after"`},
		{"wrong type", `{"after":[],"rack":"R3 R4"}`, nil, 2, "", `"rack" must be an array of tiles`},
		{"two values", `{"after":[]}{"after":[]}`, nil, 2, "", "more than one JSON value"},
		{"unknown tile", `{"after":[],"rack":["R14"]}`, nil, 2, "", `"R14" is not a tile`},
		{"unknown tile in after", `{"after":[["X3"]]}`, nil, 2, "", `in "after", set 1`},
		{"too many copies", `{"table":[["R5","B5","K5"]],"rack":["R5","R5"],"after":[]}`, nil, 2, "", "only 2"},
		{"too many copies after", `{"opened":true,"rack":["R5"],"after":[["R5","R5","R5"]]}`, nil, 2, "", `"after" holds 3 R5 tiles`},
		{"one copy more than the rack after", `{"opened":true,"rack":["R5"],"after":[["R5","R5","B5"]]}`, []string{"--json"}, 1, `"code":"not_in_rack"`, ""},
		{"too many jokers", `{"rack":["J","J","J"],"after":[]}`, nil, 2, "", "jokers"},
		{"three copies under six", `{"rules":"six","table":[["R5","B5","K5"]],"rack":["R5","R5"],"after":[["R5","B5","K5"]]}`, nil, 1, "nothing_played", ""},
		{"unknown option", `{"options":{"wrapp":true},"after":[]}`, nil, 2, "", `unknown rule option "wrapp"`},
		{"bad option value", `{"options":{"wrap":"maybe"},"after":[]}`, nil, 2, "", "true or false"},
		{"unknown preset", `{"rules":"fast","after":[]}`, nil, 2, "", `unknown rule preset "fast"`},
		{"unknown option flag", issueTurn, []string{"--option", "nope=1"}, 2, "", `unknown rule option "nope"`},
		{"grid table given sets", `{"options":{"table":"grid"},"after":[]}`, nil, 2, "", `"after" must be a grid`},
		{"invalid start table", `{"table":[["R3","R4"]],"after":[]}`, nil, 2, "", "table at the start"},
		{"key not on the rack", `{"rules":"river","rack":["R5"],"key":"R6","after":[]}`, nil, 2, "", "Key Tile"},
		{"flags and file", "", []string{"--table", "R3 R4 R5", "--file", "x.json"}, 2, "", "not both"},
		{"opened without flags", issueTurn, []string{"--opened"}, 2, "", "--opened"},
		{"bad flag tile", "", []string{"--table", "R3 R4 Q5", "--after", "R3 R4"}, 2, "", "in --table"},
		{"missing file", "", []string{"--file", "/nonexistent/turn.json"}, 2, "", "cannot read"},
		{"argument", "", []string{"extra"}, 2, "", "unknown command"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			code, out, errOut := runCheckCmd(t, c.stdin, c.args...)
			if code != c.code {
				t.Fatalf("exit %d, want %d (stdout %q, stderr %q)", code, c.code, out, errOut)
			}
			if !strings.Contains(out, c.out) {
				t.Errorf("stdout %q does not contain %q", out, c.out)
			}
			if c.err != "" && !strings.Contains(errOut, c.err) {
				t.Errorf("stderr %q does not contain %q", errOut, c.err)
			}
			if c.code == 2 {
				if out != "" {
					t.Errorf("bad input wrote stdout %q", out)
				}
				if strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
					t.Errorf("stderr is not one sentence: %q", errOut)
				}
			} else if errOut != "" {
				t.Errorf("stderr %q on a verdict", errOut)
			}
		})
	}
}

func TestCheckFile(t *testing.T) {
	path := filepath.Join(t.TempDir(), "turn.json")
	if err := os.WriteFile(path, []byte(issueTurn), 0o644); err != nil {
		t.Fatal(err)
	}
	code, out, _ := runCheckCmd(t, "", "--file", path, "--json")
	if code != 0 || !strings.Contains(out, `"points":12`) {
		t.Errorf("exit %d, output %q", code, out)
	}
}

func TestCheckHelp(t *testing.T) {
	code, out, _ := runCheckCmd(t, "", "--help")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, w := range []string{"--table", "--rack", "--after", "--json", "--file", "--rules", "--option", "joker_rule", "Exit status"} {
		if !strings.Contains(out, w) {
			t.Errorf("help does not mention %s", w)
		}
	}
}

package main

import (
	"strings"
	"testing"
)

// TestFrenchCheckAndSolve: check and solve under --rules french read
// grids in the grid notation and as JSON grid objects.
func TestFrenchCheckAndSolve(t *testing.T) {
	cases := []struct {
		name     string
		stdin    string
		args     []string
		code     int
		out, err string
	}{
		{"check the source's example", "", []string{"check", "--rules", "french", "--opened", "--table", "R3 R4 R5", "--rack", "R2 B4 K4",
			"--after", "@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 ."}, 0,
			"Valid turn: plays R2 B4 K4 for 10 points; the table becomes @-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .; the rack is empty: Rummikub.", ""},
		{"check a line of two", "", []string{"check", "--rules", "french", "--opened", "--table", "R3 R4 R5", "--rack", "B4",
			"--after", "@0,0 R3 R4 R5 / . B4", "--json"}, 1, `"code":"line_of_two"`, ""},
		{"check a loose tile", "", []string{"check", "--rules", "french", "--opened", "--table", "R3 R4 R5", "--rack", "B9",
			"--after", "R3 R4 R5 . B9", "--json"}, 1, `"cells":[[0,4]]`, ""},
		{"check JSON grids", `{"rules":"french","opened":true,"table":{"origin":[0,0],"rows":[["R3","R4","R5"]]},"rack":["R6"],"after":{"rows":[["R3","R4","R5","R6"]]}}`,
			[]string{"check", "--json"}, 0, `{"valid":true,"placed":["R6"],"points":6,"grid":{"origin":[0,0],"rows":[["R3","R4","R5","R6"]]}}`, ""},
		{"check a bad grid", "", []string{"check", "--rules", "french", "--table", "R3 X4", "--rack", "", "--after", ""}, 2, "", "cell (0,1) of the grid"},
		{"check sets given for a grid", `{"rules":"french","table":[["R3"]],"rack":[],"after":{}}`, []string{"check"}, 2, "", `"table" must be a grid`},
		{"check with no after", `{"rules":"french","rack":["R1"]}`, []string{"check"}, 2, "", `no "after"`},
		{"solve the source's example", "", []string{"solve", "--rules", "french", "--table", "R3 R4 R5", "--rack", "R2 B4 K4 O9"}, 0,
			"Play 3 tiles for 10 points (optimal", ""},
		{"solve JSON", `{"rules":"french","table":{"origin":[0,0],"rows":[["R3","R4","R5"]]},"rack":["R6","K1"]}`, []string{"solve", "--json"}, 0,
			`"grid":{"origin":[0,0],"rows":[["R3","R4","R5","R6"]]},"placed":["R6"],"tiles_placed":1,"points_placed":6,"complete":true,"optimal":true`, ""},
		{"solve a batch of grids", `{"rules":"french","table":{"rows":[["R3","R4","R5"]]},"rack":["R6"]}` + "\n" + `{"rules":"french","rack":["K1"]}`,
			[]string{"solve", "--json"}, 0, `"tiles_placed":1,"points_placed":6,"complete":true,"optimal":true`, ""},
		{"solve no play", "", []string{"solve", "--rules", "french", "--table", "R3 R4 R5 R6", "--rack", "K1"}, 1, "No play", ""},
		{"solve an invalid grid", "", []string{"solve", "--rules", "french", "--table", "R3 R4", "--rack", "K1"}, 2, "", "line of two"},
		{"solve a bad origin", "", []string{"solve", "--rules", "french", "--table", "@x R3", "--rack", "K1"}, 2, "", "origin"},
	}
	for _, c := range cases {
		code, out, errOut := runCmd(t, c.stdin, c.args...)
		if code != c.code || !strings.Contains(out, c.out) || !strings.Contains(errOut, c.err) {
			t.Errorf("%s: exit %d, stdout %q, stderr %q; want exit %d with %q and %q", c.name, code, out, errOut, c.code, c.out, c.err)
		}
		if c.code == 2 && strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%s: bad input gets one sentence, got %q", c.name, errOut)
		}
	}
}

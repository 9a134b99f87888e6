package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// FuzzCheckInput feeds `rummikub check --json` arbitrary input. It never
// panics; bad input (exit 2) always gets one sentence on stderr and nothing
// on stdout; a verdict (exit 0 or 1) is one JSON object on stdout of the
// contract's shape.
func FuzzCheckInput(f *testing.F) {
	for _, s := range []string{
		issueTurn,
		`{"opened":true,"table":[["R5","R6","J"]],"rack":["R3"],"after":[["R3","J","R5","R6"]]}`,
		`{"rules":"forty","rack":["R10","B10","K10","O10"],"after":[["R10","B10","K10","O10"]]}`,
		`{"rules":"river","opened":true,"rack":["R6","K1"],"key":"R6","plunder":["K1"],"table":[["R3","R4","R5"]],"after":[["R3","R4","R5","R6"]]}`,
		`{"options":{"wrap":true,"joker-meld-value":25},"rack":["J","R12","R13"],"after":[["J","R12","R13"]]}`,
		`{"after":[[]]}`, `{}`, `[]`, `null`, ``, `{"after":[["R14"]]}`, `{"after":[],"x":1}`, `{"after":[]}{}`,
		`{"rules":"six","rack":["J","J","J","J","J"],"after":[]}`, `{"options":{"copies":3.5},"after":[]}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		var out, errOut strings.Builder
		code := run([]string{"check", "--json"}, strings.NewReader(in), &out, &errOut)
		switch code {
		case 2:
			msg := strings.TrimSpace(errOut.String())
			if msg == "" || strings.Contains(msg, "\n") {
				t.Fatalf("bad input %q: stderr %q is not one sentence", in, errOut.String())
			}
			if out.Len() != 0 {
				t.Fatalf("bad input %q wrote stdout %q", in, out.String())
			}
		case 0, 1:
			var v struct {
				Valid  *bool    `json:"valid"`
				Placed []string `json:"placed"`
				Points *int     `json:"points"`
				Code   string   `json:"code"`
				Error  string   `json:"error"`
			}
			if err := json.Unmarshal([]byte(out.String()), &v); err != nil || v.Valid == nil {
				t.Fatalf("input %q: stdout %q is not a verdict: %v", in, out.String(), err)
			}
			if *v.Valid != (code == 0) {
				t.Fatalf("input %q: exit %d with valid=%v", in, code, *v.Valid)
			}
			if code == 0 && (len(v.Placed) == 0 || v.Points == nil) {
				t.Fatalf("input %q: valid verdict without placed tiles or points: %q", in, out.String())
			}
			if code == 1 && (v.Code == "" || v.Error == "") {
				t.Fatalf("input %q: refusal without code or error: %q", in, out.String())
			}
			if errOut.Len() != 0 {
				t.Fatalf("input %q: a verdict wrote stderr %q", in, errOut.String())
			}
		default:
			t.Fatalf("input %q: exit %d", in, code)
		}
	})
}

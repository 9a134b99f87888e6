package main

import (
	"io"
	"strings"
	"testing"
)

// Issue 25 defect 8: check with --table and --rack but no --after is a
// usage error, not a judged turn.
func TestCheckWithoutAfterIsUsageError(t *testing.T) {
	for _, args := range [][]string{
		{"--table", "R1 R2 R3", "--rack", "R4"},
		{"--opened", "--rack", "R4 R5 R6"},
	} {
		t.Run(strings.Join(args, " "), func(t *testing.T) {
			code, out, errOut := runCheckCmd(t, "", args...)
			if code != 2 || out != "" || !strings.Contains(errOut, "--after is missing") {
				t.Fatalf("exit %d, stdout %q, stderr %q; want exit 2 naming --after", code, out, errOut)
			}
		})
	}
}

// Issue 25 defect 8: solve and check reading a terminal say first what
// to type and how to end; from a pipe they say nothing.
func TestJSONInputFromTerminalSaysWhatToType(t *testing.T) {
	old := stdinIsTerminal
	defer func() { stdinIsTerminal = old }()
	for _, tc := range []struct {
		cmd, want string
	}{
		{"check", "Reading the turn as JSON from the terminal"},
		{"solve", "Reading the position as JSON from the terminal"},
	} {
		t.Run(tc.cmd, func(t *testing.T) {
			stdinIsTerminal = func(io.Reader) bool { return true }
			code, _, errOut := runCmd(t, "", tc.cmd)
			if code != 2 || !strings.Contains(errOut, tc.want) || !strings.Contains(errOut, "Ctrl-D") {
				t.Fatalf("exit %d, stderr %q; want the prompt %q", code, errOut, tc.want)
			}
			stdinIsTerminal = func(io.Reader) bool { return false }
			_, _, errOut = runCmd(t, "", tc.cmd)
			if strings.Contains(errOut, "Reading") {
				t.Fatalf("a pipe got the prompt: %q", errOut)
			}
		})
	}
}

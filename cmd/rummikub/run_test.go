package main

import (
	"strings"
	"testing"
)

// runCmd runs `rummikub args...` with stdin and returns the exit code,
// stdout and stderr: every command test goes through the same run as main.
func runCmd(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errOut strings.Builder
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return code, out.String(), errOut.String()
}

// refusesInOneLine runs each command line of bad, a subtest each, and
// wants it refused as bad input (see refused).
func refusesInOneLine(t *testing.T, bad [][]string) {
	t.Helper()
	for _, args := range bad {
		t.Run(strings.Join(args, " "), func(t *testing.T) { refused(t, "", args...) })
	}
}

// refused runs args and wants them refused as bad input: exit code 2,
// one sentence on stderr that holds want, nothing on stdout.
func refused(t *testing.T, want string, args ...string) {
	t.Helper()
	code, out, errOut := runCmd(t, "", args...)
	if code != 2 || errOut == "" || !strings.Contains(errOut, want) || strings.Count(strings.TrimSpace(errOut), "\n") != 0 {
		t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line with %q", args, code, errOut, want)
	}
	if out != "" {
		t.Errorf("%v: nothing belongs on stdout, got %q", args, out)
	}
}

// The version and completion commands answer, and every command of the
// list is reachable by name.
func TestVersionCompletionAndCommandList(t *testing.T) {
	code, out, _ := runCmd(t, "", "--version")
	if code != 0 || !strings.HasPrefix(out, "rummikub ") {
		t.Fatalf("--version: code %d, out %q", code, out)
	}
	code, out, _ = runCmd(t, "", "completion", "bash")
	if code != 0 || !strings.Contains(out, "bash completion") {
		t.Fatalf("completion bash: code %d, out starts %.60q", code, out)
	}
	for _, c := range commands() {
		code, out, errOut := runCmd(t, "", c.Name(), "--help")
		if code != 0 || !strings.Contains(out, "Usage:") {
			t.Errorf("%s --help: code %d, stderr %q", c.Name(), code, errOut)
		}
	}
}

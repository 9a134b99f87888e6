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

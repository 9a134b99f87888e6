package main

import (
	"io"
	"runtime/debug"
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

// Issue 25 defect 12: the small things a new user hit on the command
// line, each a usage error (exit 2) with one sentence, or plain words.
func TestCommandLineSmallDefects(t *testing.T) {
	keepFixture(t, "friday")
	for _, tc := range []struct {
		name string
		args []string
		code int
		out  string // a substring of stdout, or of stderr for exit 2
		not  string // what must not be in stdout and stderr
	}{
		{"completion for a shell cobra cannot serve", []string{"completion", "tcsh"}, 2, `there is no completion for "tcsh"`, "Usage:"},
		{"a question answered with no number", []string{"learn", "scoring", "--step", "1", "--answer", "abc"}, 2, `the answer must be a number, not "abc"`, ""},
		{"a game past the match's last", []string{"replay", "friday", "--game", "5"}, 2, "has games 1 to 2, not 5", "no turn 1"},
		{"a turn past the game's last", []string{"replay", "friday", "--game", "1", "--turn", "999"}, 2, "game 1 of match friday has turns 1 to", ""},
		{"a lesson of one step", []string{"learn"}, 0, "", "(1 steps)"},
		{"one point", []string{"check", "--opened", "--table", "R2 R3 R4", "--rack", "R1", "--after", "R1 R2 R3 R4"}, 0, "for 1 point;", "1 points"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errOut := runCmd(t, "", tc.args...)
			if code != tc.code {
				t.Fatalf("exit %d, want %d (stdout %.200q, stderr %q)", code, tc.code, out, errOut)
			}
			where := out
			if code == 2 {
				where = errOut
				if strings.Count(strings.TrimSpace(errOut), "\n") != 0 || out != "" {
					t.Errorf("not one sentence on stderr alone: stdout %q, stderr %q", out, errOut)
				}
			}
			if !strings.Contains(where, tc.out) {
				t.Errorf("%q does not say %q", where, tc.out)
			}
			if tc.not != "" && (strings.Contains(out, tc.not) || strings.Contains(errOut, tc.not)) {
				t.Errorf("the output says %q: stdout %.300q, stderr %q", tc.not, out, errOut)
			}
		})
	}
}

// Issue 25 defect 12: --version names the revision once, also when the
// module version is a pseudo-version built from it.
func TestVersionNamesTheRevisionOnce(t *testing.T) {
	for _, tc := range []struct {
		name, version, rev, modified, want string
	}{
		{"pseudo-version", "v0.0.0-20261204181000-8fea53a7c94d+dirty", "8fea53a7c94d48ce35a99caaca1eafe4ea57b44c", "true", "v0.0.0-20261204181000-8fea53a7c94d+dirty"},
		{"devel", "(devel)", "8fea53a7c94d48ce35a99caaca1eafe4ea57b44c", "false", "(devel) 8fea53a7c94d"},
		{"no revision", "", "", "", "(devel)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			bi := &debug.BuildInfo{Main: debug.Module{Version: tc.version}}
			if tc.rev != "" {
				bi.Settings = []debug.BuildSetting{{Key: "vcs.revision", Value: tc.rev}, {Key: "vcs.modified", Value: tc.modified}}
			}
			if got := versionOf(bi); got != tc.want {
				t.Fatalf("%q, want %q", got, tc.want)
			}
		})
	}
}

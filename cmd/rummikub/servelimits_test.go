package main

import (
	"strings"
	"testing"
)

// serveLimits are serve's limits, as its flags name them, each with a
// value that is not a limit.
var serveLimits = []struct{ flag, bad string }{
	{"--max-sessions", "0"},
	{"--max-per-key", "-1"},
	{"--rate", "0"},
	{"--burst", "-3"},
	{"--max-pending", "0"},
	{"--handshake-timeout", "0s"},
	{"--idle-timeout", "-1s"},
	{"--max-waiting", "0"},
	{"--waiting-expiry", "0s"},
}

// Every limit of serve is a flag that serve --help lists, and a value
// that is no limit is refused in one sentence with exit code 2 before
// anything listens.
func TestServeLimitsAreFlags(t *testing.T) {
	code, help, _ := runCmd(t, "", "serve", "--help")
	if code != 0 {
		t.Fatalf("serve --help: exit %d", code)
	}
	dir := t.TempDir()
	for _, l := range serveLimits {
		t.Run(l.flag, func(t *testing.T) {
			if !strings.Contains(help, l.flag+" ") || !strings.Contains(help, "limit: ") {
				t.Errorf("serve --help does not list %s as a limit", l.flag)
			}
			refused(t, "a limit is a number above 0", "serve", "--listen", "127.0.0.1:0", "--data", dir, l.flag, l.bad)
		})
	}
}

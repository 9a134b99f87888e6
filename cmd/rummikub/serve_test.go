package main

import (
	"net"
	"os"
	"path/filepath"
	"testing"
)

// Bad flags of serve get one sentence and exit 2.
func TestServeBadInput(t *testing.T) {
	dir := t.TempDir()
	busy, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer busy.Close()
	cases := map[string][]string{
		"not HOST:PORT":       {"serve", "--listen", "nonsense", "--data", dir},
		"no SSH public":       {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--allow-keys", writeTemp(t, "keys", "not a key\n")},
		"cannot read":         {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--allow-keys", filepath.Join(dir, "missing")},
		"write NAME=COMMAND":  {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--bot", "Robo"},
		"two bots are called": {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--bot", "A=true", "--bot", "a=true"},
		"cannot listen":       {"serve", "--listen", busy.Addr().String(), "--data", dir},
		"unknown flag":        {"serve", "--port", "22"},
		"--cpu-workers must":  {"serve", "--listen", "127.0.0.1:0", "--data", dir, "--cpu-workers", "0"},
		"unknown command":     {"serve", "extra"},
	}
	for want, args := range cases {
		t.Run(want, func(t *testing.T) { refused(t, want, args...) })
	}
}

func writeTemp(t *testing.T, name, data string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, []byte(data), 0o600); err != nil {
		t.Fatal(err)
	}
	return p
}

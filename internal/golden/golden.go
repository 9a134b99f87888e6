// Package golden compares a test's output with a file under testdata, or
// rewrites the file when the test runs with its package's -update flag. The
// view tests of the terminal game and of its tile styles share it.
package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// Check compares got with testdata/name; with update it writes got there
// instead.
func Check(t testing.TB, name, got string, update bool) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from the golden file (go test -run %s -update rewrites it)\n--- got:\n%s\n--- want:\n%s", name, t.Name(), got, want)
	}
}

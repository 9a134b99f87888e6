package golden

import (
	"os"
	"path/filepath"
	"testing"
)

// fakeT records failures instead of stopping the test.
type fakeT struct {
	testing.TB
	failed bool
}

func (f *fakeT) Helper()               {}
func (f *fakeT) Name() string          { return "fake" }
func (f *fakeT) Errorf(string, ...any) { f.failed = true }
func (f *fakeT) Fatalf(string, ...any) { f.failed = true }
func (f *fakeT) Fatal(...any)          { f.failed = true }

func TestCheckWritesThenCompares(t *testing.T) {
	dir := t.TempDir()
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)

	Check(t, "board.txt", "R7 B7 K7", true)
	if b, err := os.ReadFile(filepath.Join("testdata", "board.txt")); err != nil || string(b) != "R7 B7 K7" {
		t.Fatalf("update did not write the file: %q, %v", b, err)
	}
	Check(t, "board.txt", "R7 B7 K7", false)
	f := &fakeT{}
	Check(f, "board.txt", "R7 B7 O7", false)
	if !f.failed {
		t.Error("a different output passed the comparison")
	}
	f = &fakeT{}
	Check(f, "missing.txt", "x", false)
	if !f.failed {
		t.Error("a missing golden file passed")
	}
}

package game

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWriteFileAtomicReplacesWholeFile(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "save.json")
	if err := WriteFileAtomic(p, []byte("first")); err != nil {
		t.Fatal(err)
	}
	if err := WriteFileAtomic(p, []byte("second")); err != nil {
		t.Fatal(err)
	}
	got, err := os.ReadFile(p)
	if err != nil || string(got) != "second" {
		t.Fatalf("read %q, %v", got, err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 1 {
		t.Fatalf("temporary files left behind: %v", entries)
	}
	if err := WriteFileAtomic(filepath.Join(dir, "missing", "x.json"), []byte("x")); err == nil {
		t.Fatal("writing into a missing directory should fail")
	}
}

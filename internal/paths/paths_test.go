package paths

import (
	"os"
	"path/filepath"
	"testing"
)

func TestDirsFollowEnvironment(t *testing.T) {
	home := t.TempDir()
	t.Setenv("RUMMIKUB_HOME", home)
	d, err := DataDir()
	if err != nil || d != filepath.Join(home, "data") {
		t.Fatalf("DataDir = %q, %v", d, err)
	}
	if st, err := os.Stat(d); err != nil || !st.IsDir() {
		t.Fatalf("DataDir not created: %v", err)
	}
	t.Setenv("RUMMIKUB_HOME", "")
	xdg := t.TempDir()
	t.Setenv("XDG_DATA_HOME", xdg)
	d, err = DataDir()
	if err != nil || d != filepath.Join(xdg, "rummikub") {
		t.Fatalf("DataDir with XDG_DATA_HOME = %q, %v", d, err)
	}
	t.Setenv("XDG_CONFIG_HOME", xdg)
	c, err := ConfigDir()
	if err != nil || c != filepath.Join(xdg, "rummikub") {
		t.Fatalf("ConfigDir = %q, %v", c, err)
	}
}

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"rummikub/themes"
)

func runThemes(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	return runCmd(t, "", append([]string{"themes"}, args...)...)
}

func TestThemesCommand(t *testing.T) {
	home := t.TempDir()
	t.Setenv("RUMMIKUB_HOME", home)
	t.Setenv("NO_COLOR", "")
	code, out, errs := runThemes(t)
	if code != 0 || errs != "" {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	for _, n := range themes.BuiltinNames() {
		if !strings.Contains(out, n) {
			t.Errorf("list lacks %s:\n%s", n, out)
		}
	}
	if !strings.Contains(out, filepath.Join(home, "config", "themes")) {
		t.Errorf("list does not say where user themes go:\n%s", out)
	}

	// --source prints a file that, saved as a user theme, loads.
	code, src, _ := runThemes(t, "--source", "dark")
	if code != 0 || !strings.Contains(src, "[tiles]") {
		t.Fatalf("--source dark: exit %d\n%s", code, src)
	}
	dir, _ := themes.UserDir()
	if err := os.WriteFile(filepath.Join(dir, "mine.toml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, out, _ = runThemes(t); !strings.Contains(out, "mine") {
		t.Errorf("the user theme is not listed:\n%s", out)
	}

	// --preview (stdout is not a terminal: plain text, letters on tiles).
	code, out, _ = runThemes(t, "--preview", "classic")
	if code != 0 || !strings.Contains(out, "[R13]") || strings.Contains(out, "\x1b[") {
		t.Errorf("--preview classic off a terminal: exit %d\n%s", code, out)
	}

	for _, bad := range [][]string{{"nope"}, {"--source", "nope"}, {"--preview", "nope"}} {
		code, _, errs := runThemes(t, bad...)
		if code != 2 || !strings.Contains(errs, "classic") || strings.Count(errs, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want 2 and one sentence listing the themes", bad, code, errs)
		}
	}

	// A broken user theme is reported with its file and line.
	if err := os.WriteFile(filepath.Join(dir, "broken.toml"), []byte("[tiles]\nred = \"red\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, errs = runThemes(t, "broken")
	if code != 2 || !strings.Contains(errs, "broken.toml, line 2") {
		t.Errorf("broken user theme: exit %d, stderr %q", code, errs)
	}
}

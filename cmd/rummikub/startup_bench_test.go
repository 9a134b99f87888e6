package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// BenchmarkPlayStartup measures the time from starting `rummikub play` in
// a real terminal (a tmux pane of 80x24, already open, so tmux's own start
// is not counted) to its first frame: the set-up screen's "Start the
// match" on the pane. The pane is read every 2 ms, so the figure is good
// to a few milliseconds; it reports the median of ten starts per op.
func BenchmarkPlayStartup(b *testing.B) {
	if _, err := exec.LookPath("tmux"); err != nil {
		b.Skip("tmux is not installed: skipping the start-up measure (apt-get install tmux to run it)")
	}
	dir := b.TempDir()
	bin := filepath.Join(dir, "rummikub")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		b.Fatalf("build: %v\n%s", err, out)
	}
	session := fmt.Sprintf("rk-startup-%d", os.Getpid())
	tmux := func(args ...string) string {
		out, err := exec.Command("tmux", args...).CombinedOutput()
		if err != nil {
			b.Fatalf("tmux %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	tmux("new-session", "-d", "-s", session, "-x", "80", "-y", "24", "sleep 600")
	defer exec.Command("tmux", "kill-session", "-t", session).Run()
	cmd := fmt.Sprintf("env RUMMIKUB_HOME=%s TERM=xterm-256color %s play", dir, bin)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var runs []time.Duration
		for r := 0; r < 10; r++ {
			t0 := time.Now()
			tmux("respawn-pane", "-k", "-t", session, cmd)
			for !strings.Contains(tmux("capture-pane", "-p", "-t", session), "Start the match") {
				if time.Since(t0) > 20*time.Second {
					b.Fatal("no first frame in 20 s")
				}
				time.Sleep(2 * time.Millisecond)
			}
			runs = append(runs, time.Since(t0))
		}
		sort.Slice(runs, func(i, j int) bool { return runs[i] < runs[j] })
		b.ReportMetric(float64(runs[len(runs)/2].Microseconds())/1000, "ms-to-first-frame")
	}
}

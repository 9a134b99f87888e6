package main

import (
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// progressBar draws "[#####.....] 120/2000  6%  ETA 3m12s" on one line,
// redrawn in place at most a few times a second.
type progressBar struct {
	w     io.Writer
	total int
	start time.Time
	mu    sync.Mutex
	last  time.Time
	width int // characters last drawn, to blank them on clear
}

func newProgressBar(w io.Writer, total int) *progressBar {
	return &progressBar{w: w, total: total, start: time.Now()}
}

// update draws the bar for done games out of total.
func (p *progressBar) update(done int) {
	p.mu.Lock()
	defer p.mu.Unlock()
	now := time.Now()
	if done < p.total && now.Sub(p.last) < 150*time.Millisecond {
		return
	}
	p.last = now
	line := progressLine(done, p.total, now.Sub(p.start))
	fmt.Fprintf(p.w, "\r%s", line)
	if pad := p.width - len(line); pad > 0 {
		fmt.Fprint(p.w, strings.Repeat(" ", pad))
	}
	p.width = len(line)
}

// clear removes the bar so the results start on a clean line.
func (p *progressBar) clear() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.width > 0 {
		fmt.Fprintf(p.w, "\r%s\r", strings.Repeat(" ", p.width))
		p.width = 0
	}
}

// progressLine is the bar's text: its fill, the count, the percentage and
// the time left estimated from the pace so far.
func progressLine(done, total int, elapsed time.Duration) string {
	const cells = 30
	if total <= 0 {
		total = 1
	}
	fill := done * cells / total
	bar := strings.Repeat("#", fill) + strings.Repeat(".", cells-fill)
	eta := "ETA --"
	if done > 0 && done < total {
		left := time.Duration(float64(elapsed) / float64(done) * float64(total-done))
		eta = "ETA " + left.Round(time.Second).String()
	} else if done >= total {
		eta = "done in " + elapsed.Round(100*time.Millisecond).String()
	}
	return fmt.Sprintf("[%s] %d/%d %3d%%  %s", bar, done, total, done*100/total, eta)
}

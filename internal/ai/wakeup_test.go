package ai

import (
	"testing"
	"time"
)

// TestMarginFollowsLateWakeUps: a process whose moves were woken late
// after their safety net gives the next moves a margin covering twice
// that lateness (within three quarters of the budget), and the margin
// comes back to its fixed share as moves end by their work again.
func TestMarginFollowsLateWakeUps(t *testing.T) {
	saved := wakeLate.Load()
	t.Cleanup(func() { wakeLate.Store(saved) })
	b := base{think: 100 * time.Millisecond}
	tests := []struct {
		name  string
		late  time.Duration
		moves int // moves ended by their work after it
		want  time.Duration
	}{
		{"no lateness: 40% of the budget", 0, 0, 40 * time.Millisecond},
		{"woken 30 ms late: twice that", 30 * time.Millisecond, 0, 60 * time.Millisecond},
		{"woken 500 ms late: three quarters of the budget", 500 * time.Millisecond, 0, 75 * time.Millisecond},
		{"forgotten after moves ended by work", 30 * time.Millisecond, 60, 40 * time.Millisecond},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			wakeLate.Store(0)
			noteWake(tc.late)
			for range tc.moves {
				noteWake(0)
			}
			if got := b.margin(); got != tc.want {
				t.Errorf("margin = %v, want %v", got, tc.want)
			}
		})
	}
}

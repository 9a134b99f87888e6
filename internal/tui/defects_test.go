package tui

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"

	"rummikub/internal/game"
)

// Defect 1: the ? page closes with esc, and keys pressed while it shows
// do not act on the board underneath.
func TestHelpPageClosesWithEscAndSwallowsKeys(t *testing.T) {
	tp := twoHumans(t, "R10 R11 R12 B1 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	rack := rackFaces(tp.arr)
	tp.press("?")
	if !tp.help.ShowAll {
		t.Fatal("? should show every key")
	}
	tp.press("g space right q")
	if got := rackFaces(tp.arr); got != rack {
		t.Fatalf("a sort reached the board under the help page: %s", got)
	}
	if tp.arr.Holding() || tp.arr.Cursor().Pos != 0 {
		t.Fatalf("a tile was picked up or the cursor moved under the help page: %+v", tp.arr.Cursor())
	}
	if tp.confirm != confirmNone {
		t.Fatal("q under the help page should not ask to quit")
	}
	tp.press("esc")
	if tp.help.ShowAll {
		t.Fatal("esc should close the help page")
	}
	tp.press("?")
	tp.press("?")
	if tp.help.ShowAll {
		t.Fatal("? again should close the help page")
	}
}

// Defect 2: six players at 80 and 100 columns: every seat's name, tile
// count and score is shown whole.
func TestSixPlayerHeaderTellsSeatsApart(t *testing.T) {
	names := []string{"Ana", "CPU easy", "CPU easy 2", "CPU medium", "CPU medium 2", "CPU hard"}
	for _, w := range []int{80, 100} {
		cfg := Config{Seats: humans(names...)}
		r, err := game.Preset("six")
		if err != nil {
			t.Fatal(err)
		}
		cfg.Rules = r
		tp := newTestPlay(t, cfg, w, 24, nil)
		tp.start()
		tp.after(time.Second)
		tp.press("enter")
		bar := tp.playersBar()
		for i, n := range names {
			cell := n + " " + itoa(tp.v.RackCounts[i])
			if !strings.Contains(bar, cell) {
				t.Errorf("%d columns: %q is not in the header:\n%s", w, cell, bar)
			}
		}
		if c := strings.Count(bar, "+0"); c != 6 {
			t.Errorf("%d columns: %d scores in the header, want 6:\n%s", w, c, bar)
		}
		for _, l := range strings.Split(tp.View(), "\n") {
			if lipgloss.Width(l) > w {
				t.Errorf("%d columns: a line is %d wide: %q", w, lipgloss.Width(l), l)
			}
		}
		if h := lipgloss.Height(tp.View()); h > 24 {
			t.Errorf("%d columns: the board is %d lines high", w, h)
		}
	}
}

// Defect 4: the status line's verdict is the judge's: it never says enter
// ends the turn when the judge would refuse it.
func TestStatusLineVerdictIsTheJudges(t *testing.T) {
	tp := twoHumans(t, "R1 R2 R3 B9 B2 O5 O7 K3 K4 K6 K8 K9 K13 B5")
	// R1 R2 R3 as a new set: valid, but 6 points of the 30 needed.
	tp.press("shift+right shift+right space n space")
	if got := game.FormatTable(tp.arr.Sets()); got != "R1 R2 R3" {
		t.Fatalf("table %q", got)
	}
	line := tp.statusLine()
	if strings.Contains(line, "enter ends the turn") {
		t.Fatalf("the status line promises a turn the judge refuses: %q", line)
	}
	if !strings.Contains(line, "6") || !strings.Contains(line, "30") {
		t.Fatalf("the status line should give the judge's reason (6 of 30): %q", line)
	}
	// The judge's reason is what enter is refused with.
	tp.press("enter")
	if !tp.statusBad || tp.phase != phaseTurn {
		t.Fatalf("enter should be refused: %q", tp.status)
	}
}

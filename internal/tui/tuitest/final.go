// Package tuitest holds what the screen tests of tui and its packages
// share around teatest.
package tuitest

import (
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/exp/teatest/v2"
)

// FinalModel is the model a teatest program ended with, waiting up to
// timeout for the program to end. teatest's own FinalModel can answer
// nil: its program goroutine says it is done before it hands over the
// model, and FinalModel does not wait for the model (seen in CI under
// -race: "interface conversion: tea.Model is nil"). Asking again once
// the program is done gets the model.
func FinalModel(tb testing.TB, tm *teatest.TestModel, timeout time.Duration) tea.Model {
	tb.Helper()
	m := tm.FinalModel(tb, teatest.WithFinalTimeout(timeout))
	for end := time.Now().Add(timeout); m == nil && time.Now().Before(end); {
		time.Sleep(5 * time.Millisecond)
		m = tm.FinalModel(tb)
	}
	if m == nil {
		tb.Fatalf("the program ended without a final model within %s", timeout)
	}
	return m
}

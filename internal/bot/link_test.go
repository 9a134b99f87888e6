package bot

import (
	"context"
	"io"
	"testing"
	"time"

	"rummikub/internal/game"
)

// A bot on a Link that never reads its turn: the move ends when the
// caller cancels (the match closes), not at the turn's deadline (a
// minute here); the ready's name is kept.
func TestLinkTurnEndsWhenCancelled(t *testing.T) {
	botIn, toBot := io.Pipe() // nobody reads botIn after the ready
	fromBot, botOut := io.Pipe()
	gone := make(chan struct{})
	back := make(chan *Link, 1)
	l := NewLink(fromBot, toBot, gone, func() { close(gone) }, func(x *Link) { back <- x })
	go func() { // the bot: reads the hello, says ready, then reads nothing
		buf := make([]byte, 1<<16)
		_, _ = botIn.Read(buf)
		_, _ = io.WriteString(botOut, `{"type":"ready","name":"deaf"}`+"\n")
	}()
	used := false
	s := NewLinkSeat("deaf", func(time.Duration) (*Link, error) {
		if used {
			return nil, io.EOF
		}
		used = true
		return l, nil
	}, Options{Startup: 5 * time.Second})
	m, err := game.NewMatch(game.Standard(), []string{"a", "b"}, 1)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	_, err = s.Move(ctx, m.ViewFor(m.Game.Turn))
	if err == nil || time.Since(start) > 10*time.Second {
		t.Fatalf("move: %v after %v", err, time.Since(start))
	}
	if l.Name() != "deaf" {
		t.Fatalf("name %q", l.Name())
	}
}

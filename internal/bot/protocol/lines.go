package protocol

import (
	"bufio"
	"errors"
	"io"
)

// ErrTooLong marks a line longer than the reader's limit; the rest of it
// was skipped.
var ErrTooLong = errors.New("the line is longer than the protocol's limit of 1 MiB")

// Line is one line read from the other side, or why it could not be read.
type Line struct {
	Text []byte
	Err  error // ErrTooLong for a skipped line
}

// ReadLines sends every line of r (without its newline) to the channel it
// returns, and closes it at the end of r. A line over max bytes is sent as
// ErrTooLong once its end is reached, never held in memory. Closing quit
// (nil: never) lets the reader stop when nobody reads the lines any more.
func ReadLines(r io.Reader, max int, quit <-chan struct{}) <-chan Line {
	ch := make(chan Line, 16)
	go func() {
		defer close(ch)
		br := bufio.NewReaderSize(r, 64<<10)
		var buf []byte
		long := false
		for {
			chunk, err := br.ReadSlice('\n')
			if len(chunk) > 0 && !long {
				if len(buf)+len(chunk) > max {
					long, buf = true, nil
				} else {
					buf = append(buf, chunk...)
				}
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err != nil && len(chunk) == 0 && len(buf) == 0 && !long {
				return
			}
			l := Line{Err: ErrTooLong}
			if !long {
				text := buf
				if n := len(text); n > 0 && text[n-1] == '\n' {
					text = text[:n-1]
				}
				if n := len(text); n > 0 && text[n-1] == '\r' {
					text = text[:n-1]
				}
				l = Line{Text: text}
			}
			select {
			case ch <- l:
			case <-quit:
				return
			}
			buf, long = nil, false
			if err != nil {
				return
			}
		}
	}()
	return ch
}

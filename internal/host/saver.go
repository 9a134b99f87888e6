package host

import (
	"sync"
	"time"
)

// saveLocked hands the saver the match as it stands, with the time left
// of the turn in play. The marshalling happens here, under the host's
// lock; the writing happens on the saver's goroutine.
func (h *Host) saveLocked() {
	if h.saver == nil {
		return
	}
	h.dirty = false
	left := h.resume
	if h.phase == PhasePlaying || h.phase == PhaseWaiting {
		if l := h.timeLeftLocked(); l > 0 {
			left = l
		}
	}
	if left >= h.limit() {
		left = 0 // the full time: nothing to give back
	}
	data, err := marshalSave(h.st, h.m, left, h.saver.created, h.clock.Now())
	if err != nil {
		h.publish(Event{Kind: EvSaveFailed, Seat: -1, Err: err})
		return
	}
	h.saver.submit(data)
}

// durableSeqLocked is the number of the save that holds the match as it
// stands: the last one handed to the saver, or the next one while the
// match has changed since. An event published now is read once that save
// is written. 0 when the match is not saved.
func (h *Host) durableSeqLocked() int {
	if h.saver == nil {
		return 0
	}
	seq := h.saver.submitted()
	if h.dirty {
		seq++
	}
	return seq
}

// onSaveResult tells the subscribers when saving fails, and when it works
// again after a failure.
func (h *Host) onSaveResult(err error, recovered bool) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.lastError = err
	switch {
	case err != nil:
		h.publish(Event{Kind: EvSaveFailed, Seat: -1, Err: err})
	case recovered:
		h.publish(Event{Kind: EvSaved, Seat: -1})
	}
}

// Flush waits until every save handed to the saver so far is written,
// and returns the error of the last write (nil when it worked).
func (h *Host) Flush() error {
	if h.saver == nil {
		return nil
	}
	return h.saver.flush()
}

// saver writes a match's saves on a goroutine of its own, always the
// newest one: saves handed over while a write is under way replace each
// other, and the next write takes the last.
type saver struct {
	store   *Store
	name    string
	created time.Time
	report  func(err error, recovered bool)

	mu      sync.Mutex
	cond    *sync.Cond
	pending []byte
	seq     int // saves handed over
	done    int // saves written (or superseded by a written one)
	// written is closed (and replaced) whenever done moves on.
	written chan struct{}
	failed  bool
	err     error
	closed  bool
	exited  chan struct{}
}

func newSaver(store *Store, name string, created time.Time, report func(error, bool)) *saver {
	s := &saver{store: store, name: name, created: created, report: report, exited: make(chan struct{}),
		written: make(chan struct{})}
	s.cond = sync.NewCond(&s.mu)
	go s.run()
	return s
}

func (s *saver) submit(data []byte) {
	s.mu.Lock()
	s.pending = data
	s.seq++
	s.mu.Unlock()
	s.cond.Broadcast()
}

func (s *saver) run() {
	defer close(s.exited)
	for {
		s.mu.Lock()
		for s.pending == nil && !s.closed {
			s.cond.Wait()
		}
		if s.pending == nil && s.closed {
			s.mu.Unlock()
			return
		}
		data, seq := s.pending, s.seq
		s.pending = nil
		s.mu.Unlock()

		err := s.store.Write(s.name, data)

		s.mu.Lock()
		recovered := err == nil && s.failed
		s.failed = err != nil
		s.err = err
		s.mu.Unlock()
		// The subscribers hear of a failure before Flush returns, so a
		// caller that flushed finds the event already published.
		if err != nil || recovered {
			s.report(err, recovered)
		}
		s.mu.Lock()
		s.done = seq
		close(s.written)
		s.written = make(chan struct{})
		s.mu.Unlock()
		s.cond.Broadcast()
	}
}

// submitted is the number of the last save handed over.
func (s *saver) submitted() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seq
}

// until is nil once save seq is written (or failed: a failure is told
// with EvSaveFailed, and play goes on), else a channel closed when the
// next write ends.
func (s *saver) until(seq int) <-chan struct{} {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done >= seq {
		return nil
	}
	return s.written
}

func (s *saver) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	want := s.seq
	for s.done < want {
		s.cond.Wait()
	}
	return s.err
}

func (s *saver) close() {
	s.mu.Lock()
	s.closed = true
	s.mu.Unlock()
	s.cond.Broadcast()
	<-s.exited
}

package serve

import (
	"fmt"
	"os"
	"sync"

	"rummikub/internal/game"
)

// versionedFile is a file written in numbered versions, each taken in
// memory under its owner's lock and written off it: a version is
// written (atomically) unless a later one, which holds all it does, is
// on disk already, so writers that race keep the newest.
type versionedFile struct {
	path    string
	mu      sync.Mutex // orders the writes
	written int        // the version on disk, under mu
}

// write writes version seq of the file's data.
func (f *versionedFile) write(seq int, data []byte) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if seq <= f.written {
		return nil
	}
	if err := game.WriteFileAtomic(f.path, data); err != nil {
		return err
	}
	f.written = seq
	return nil
}

// remove removes the file as its version seq, unless a later version is
// written already.
func (f *versionedFile) remove(seq int) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	if seq <= f.written {
		return nil
	}
	if err := os.Remove(f.path); err != nil && !os.IsNotExist(err) {
		return fmt.Errorf("cannot remove %s: %w", f.path, err)
	}
	f.written = seq
	return nil
}

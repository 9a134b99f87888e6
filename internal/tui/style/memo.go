package style

import (
	"sync"

	"rummikub/internal/game"
)

// memo keeps the tiles, cells and slots already drawn, so that a frame draws each
// tile by a map lookup rather than through Lip Gloss: a tile is a few
// styled segments and a frame, and the board redraws every tile on every
// key and every opponent's move. A Styles never changes once built, so
// neither does what it draws for the same face and options.
//
// Measured with BenchmarkRack (a rack of 14 tiles and 6 grid cells, median
// of 5): 101 µs and 622 allocations a rack without it, 1.5 µs and none
// with it. On the server's BenchmarkSessions (200 sessions) drawing tiles
// was 14% of the CPU. Slots joined with Lip Gloss v2: a sets-board
// frame (BenchmarkBoardKey/standard-redraw) 23 µs without them, 17 with.
type memo struct {
	mu sync.Mutex // Styles are shared by the sessions of a server
	m  map[memoKey]string
}

// memoKey is what a drawing depends on besides the Styles.
type memoKey struct {
	kind memoKind
	face game.Face
	opts TileOpts
}

type memoKind uint8

const (
	memoTile memoKind = iota
	memoCell
	memoSlot
)

// maxMemo bounds the memo. Faces, options and labels are few (a label is
// a set's number), so a board's tiles fit many times over; a memo that
// fills anyway is emptied and starts again.
const maxMemo = 4096

// draw returns the drawing kept for k, or makes it with f and keeps it.
// A nil memo (Styles not made by New) draws every time.
func (m *memo) draw(k memoKey, f func() string) string {
	if m == nil {
		return f()
	}
	m.mu.Lock()
	s, ok := m.m[k]
	m.mu.Unlock()
	if ok {
		return s
	}
	s = f()
	m.mu.Lock()
	if len(m.m) >= maxMemo {
		clear(m.m)
	}
	m.m[k] = s
	m.mu.Unlock()
	return s
}

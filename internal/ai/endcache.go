package ai

import (
	"sync"

	"rummikub/internal/game"
)

// endCache keeps what the endgame search learnt about positions (who can
// go out, the moves each player has, the residual of each rack) from one
// turn to the next of the same game: the position two plies after this
// turn's search is the root of the next turn's, so most of the tree
// searched then is already known, and the search reaches deeper with the
// same budget. A search abandoned at its deadline may still be running
// when the next one starts, so every access is locked.
type endCache struct {
	mu    sync.Mutex
	game  int
	outs  map[ekey]bool
	moves map[ekey][]smove
	resid map[uint64]int
	owns  map[int]bool // by log index: a play's tiles made sets of their own
	parts map[uint64]partition
}

// maxCached bounds the entries kept; past it the cache starts afresh.
const maxCached = 50000

func newEndCache() *endCache {
	c := &endCache{}
	c.reset(0)
	return c
}

func (c *endCache) reset(g int) {
	c.game = g
	c.outs = map[ekey]bool{}
	c.moves = map[ekey][]smove{}
	c.resid = map[uint64]int{}
	c.owns = map[int]bool{}
	c.parts = map[uint64]partition{}
}

// forGame empties the cache when it holds another game's positions or has
// grown past maxCached.
func (c *endCache) forGame(g int) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.game != g || len(c.outs)+len(c.moves)+len(c.resid) > maxCached {
		c.reset(g)
	}
}

func (c *endCache) out(k ekey) (bool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, hit := c.outs[k]
	return o, hit
}

func (c *endCache) setOut(k ekey, o bool) {
	c.mu.Lock()
	c.outs[k] = o
	c.mu.Unlock()
}

func (c *endCache) movesFor(k ekey) ([]smove, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	m, hit := c.moves[k]
	return m, hit
}

func (c *endCache) setMoves(k ekey, m []smove) {
	c.mu.Lock()
	c.moves[k] = m
	c.mu.Unlock()
}

func (c *endCache) residual(k uint64) (int, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, hit := c.resid[k]
	return v, hit
}

func (c *endCache) setResidual(k uint64, v int) {
	c.mu.Lock()
	c.resid[k] = v
	c.mu.Unlock()
}

func (c *endCache) ownPlay(i int) (bool, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	o, hit := c.owns[i]
	return o, hit
}

func (c *endCache) setOwnPlay(i int, o bool) {
	c.mu.Lock()
	c.owns[i] = o
	c.mu.Unlock()
}

func (c *endCache) partition(k uint64) (partition, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	pt, hit := c.parts[k]
	return pt, hit
}

func (c *endCache) setPartition(k uint64, pt partition) {
	c.mu.Lock()
	c.parts[k] = pt
	c.mu.Unlock()
}

// rackKey is the cache's key of a rack.
func rackKey(rack []game.Tile) uint64 { return zobrist(rack) }

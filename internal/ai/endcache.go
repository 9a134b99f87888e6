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

// lookup and store read and write one of the cache's maps, chosen by
// field, under its lock (reset replaces the maps, so the field too is
// read under it).
func lookup[K comparable, V any](c *endCache, field func(*endCache) map[K]V, k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	v, hit := field(c)[k]
	return v, hit
}

func store[K comparable, V any](c *endCache, field func(*endCache) map[K]V, k K, v V) {
	c.mu.Lock()
	field(c)[k] = v
	c.mu.Unlock()
}

func outsOf(c *endCache) map[ekey]bool         { return c.outs }
func movesOf(c *endCache) map[ekey][]smove     { return c.moves }
func residOf(c *endCache) map[uint64]int       { return c.resid }
func ownsOf(c *endCache) map[int]bool          { return c.owns }
func partsOf(c *endCache) map[uint64]partition { return c.parts }

func (c *endCache) out(k ekey) (bool, bool)              { return lookup(c, outsOf, k) }
func (c *endCache) setOut(k ekey, o bool)                { store(c, outsOf, k, o) }
func (c *endCache) movesFor(k ekey) ([]smove, bool)      { return lookup(c, movesOf, k) }
func (c *endCache) setMoves(k ekey, m []smove)           { store(c, movesOf, k, m) }
func (c *endCache) residual(k uint64) (int, bool)        { return lookup(c, residOf, k) }
func (c *endCache) setResidual(k uint64, v int)          { store(c, residOf, k, v) }
func (c *endCache) ownPlay(i int) (bool, bool)           { return lookup(c, ownsOf, i) }
func (c *endCache) setOwnPlay(i int, o bool)             { store(c, ownsOf, i, o) }
func (c *endCache) partition(k uint64) (partition, bool) { return lookup(c, partsOf, k) }
func (c *endCache) setPartition(k uint64, pt partition)  { store(c, partsOf, k, pt) }

// rackKey is the cache's key of a rack.
func rackKey(rack []game.Tile) uint64 { return zobrist(rack) }

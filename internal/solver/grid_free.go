package solver

import (
	"context"

	"rummikub/internal/game"
)

// New tiles standing apart. The new tiles of a play fall into pieces
// (tiles side by side); a piece touching no tile of the grid, nor another
// piece, is judged by itself: every line it makes is its own, whatever
// cell it lies on. So only its shape matters, and the best pieces for
// the rack tiles left are found once for each multiset of them, on an
// empty board (freeSolver), then laid wherever the grid has room.
//
// free(R) is the best worth of pieces made of tiles of R. Let x be the
// first face of R. Either one tile x lies in no piece (free(R - x)), or x
// lies in a piece; laid with x on the origin, that piece is a valid node
// of the grower started from x alone, and the rest is free(R - piece).
// The initial meld asks the pieces for meld points as well (need), and a
// River pull for tiles that must be played (must); both are part of the
// key.

// freeKey is a multiset of rack tiles and what its pieces must give.
type freeKey struct {
	rest, must [game.NumFaces]uint8
	need       int
}

// freePiece is one piece: tiles on cells relative to the origin.
type freePiece struct {
	cells []game.Cell
	faces []int
}

// freeEntry is the best answer for a key: its worth (-1 when no pieces
// meet need and must), its first piece, and the key of the rest.
type freeEntry struct {
	val   int
	piece *freePiece
	next  freeKey
}

type freeSolver struct {
	r       *game.Rules
	worth   *[game.NumFaces]int
	memo    map[freeKey]freeEntry
	ctx     context.Context
	nodes   *int
	stopped *bool
	plain   bool // no cuts (tests)
}

func (fs *freeSolver) solve(k freeKey) int {
	if e, ok := fs.memo[k]; ok {
		return e.val
	}
	// Stored even when the deadline cut it short: it is then a play, not
	// the best one, and the search is over anyway.
	e := fs.compute(k)
	fs.memo[k] = e
	return e.val
}

func (fs *freeSolver) compute(k freeKey) freeEntry {
	x := -1
	for i, c := range k.rest {
		if c > 0 {
			x = i
			break
		}
	}
	if x < 0 {
		if k.need <= 0 && k.must == ([game.NumFaces]uint8{}) {
			return freeEntry{val: 0}
		}
		return freeEntry{val: -1}
	}
	best := freeEntry{val: -1}
	if k.rest[x] > k.must[x] {
		nk := k
		nk.rest[x]--
		if v := fs.solve(nk); v >= 0 {
			best = freeEntry{val: v, next: nk}
		}
	}
	total := 0
	var rest [game.NumFaces]int
	for i, c := range k.rest {
		rest[i] = int(c)
		total += int(c)
	}
	if total < 3 {
		return best
	}
	b := newBoard(fs.r, game.Cell{}, game.Cell{}, total+1)
	g := newGrower(b, rest, fs.worth, fs.ctx, fs.nodes, fs.stopped)
	if !g.lay(b.index(game.Cell{}), x) {
		return best
	}
	g.bound = func(full bool) bool {
		if full && !fs.plain {
			return g.value+g.restBound() <= best.val
		}
		return g.value+g.restAll() <= best.val
	}
	g.leaf = func() {
		nk := freeKey{need: k.need - g.meldValue()}
		nk.need = max(nk.need, 0)
		for i := range nk.rest {
			nk.rest[i] = uint8(g.rest[i])
			used := int(k.rest[i]) - g.rest[i]
			nk.must[i] = uint8(max(0, int(k.must[i])-used))
		}
		v := fs.solve(nk)
		if v < 0 || g.value+v <= best.val {
			return
		}
		p := &freePiece{}
		for _, i := range g.newIdx {
			p.cells = append(p.cells, b.cellAt(i))
			p.faces = append(p.faces, int(b.cell[i])-1)
		}
		best = freeEntry{val: g.value + v, piece: p, next: nk}
	}
	g.run()
	return best
}

// pieces follows the memo from k: the pieces of the best answer.
func (fs *freeSolver) pieces(k freeKey) []*freePiece {
	var out []*freePiece
	for {
		e, ok := fs.memo[k]
		if !ok || e.val <= 0 {
			return out
		}
		if e.piece != nil {
			out = append(out, e.piece)
		}
		k = e.next
	}
}

// meldValue is what the new tiles are worth toward an initial meld: a
// numbered tile its number, a joker the number its lines give it (or
// joker-meld-value).
func (g *grower) meldValue() int {
	b := g.b
	v := 0
	for _, i := range g.newIdx {
		c := b.cell[i]
		if c != jokerCell {
			v += int(faceOf(c).Num)
			continue
		}
		if b.r.JokerMeldValue > 0 {
			v += b.r.JokerMeldValue
			continue
		}
		if f, ok := g.anchorFace(i); ok {
			v += int(f.Num)
		}
	}
	return v
}

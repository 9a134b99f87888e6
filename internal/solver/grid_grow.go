package solver

import (
	"context"

	"rummikub/internal/game"
)

// grower is the depth-first search over placements of rack tiles on one
// board, shared by the anchored search (the grid's tiles on the board)
// and the free search (one new component grown from a tile at the
// origin). Each node is a set of new tiles whose every line is
// consistent (grid_board.go):
//
//   - with a deficiency, the node branches on the tiles that may mend
//     one of them (the one with fewest ways, none: the node is dead);
//     every completion of the node mends it with one of those tiles;
//   - without one, the node is a valid grid: leaf records it, and the
//     node branches on every tile on an empty cell beside a tile.
//
// So every valid set of new tiles reachable by tiles laid side by side
// is a node: from any node inside it, one branch stays inside it. Nodes
// are visited once (a hash of the new tiles, and of the seed below).
//
// Seeds. On a valid node the tile laid starts a new piece; the seed is
// its cell. A seed beside old tiles only (not beside a new tile) must not
// come before the last seed (cells in index order). This keeps one order
// of independent pieces instead of all their orders, and loses no play:
// laying the pieces of a play seed by seed, always taking the first cell
// of the play beside what lies, every seed beside old tiles only comes
// after the one before it (it was already a candidate then). Measured on
// the report's positions (TestGridSolverReport, 486 positions of games
// where every seat plays): 108k nodes without it, 75k with it.
type grower struct {
	b     *board
	rest  [game.NumFaces]int // playable rack tiles of each face left
	worth *[game.NumFaces]int
	seeds bool // apply the seed order (the anchored search)

	newIdx []int // the new tiles, in the order laid
	occ    []int // every occupied cell: old tiles, then new ones
	value  int   // the worth of the new tiles
	hash   uint64
	seen   map[uint64]struct{}

	// leaf is called on every valid node; bound reports that no node
	// below this one can beat what is known (the search cuts it): with
	// full, by the bound of the tiles left (grid_bound.go), else by the
	// worth of them all. The full bound costs several times a node's
	// other work, so it is reckoned on valid nodes only (where a piece is
	// complete): measured on 130 positions of 8 games, that halved the
	// search's time. Honestly, on the report's positions the cuts trade
	// nodes for time about evenly: the seed order and the bound together
	// visit 75k nodes where neither visits 156k (457k against 675k with
	// two seats holding back), in about the same CPU time (0.37 s
	// against 0.46 s, 2.0 s against 1.9 s), the slowest position taking
	// 1.4 s with them and 1.0 s without.
	leaf  func()
	bound func(full bool) bool

	ctx     context.Context
	work    *Work
	nodes   *int
	stopped *bool

	undo       []undoRec
	anchors    []anchor
	oldAnchors [][]anchor // by face, see indexOldAnchors
	mark       []uint32   // frontier marks, by generation
	gen        uint32
	defsBuf    [][]deficiency
}

func newGrower(b *board, rest [game.NumFaces]int, worth *[game.NumFaces]int, ctx context.Context, nodes *int, stopped *bool) *grower {
	g := &grower{b: b, rest: rest, worth: worth, seen: map[uint64]struct{}{}, ctx: ctx, work: WorkOf(ctx), nodes: nodes, stopped: stopped}
	g.mark = make([]uint32, len(b.cell))
	for i, v := range b.cell {
		if v != cellEmpty {
			g.occ = append(g.occ, i)
		}
	}
	return g
}

func mix64(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9
	x = (x ^ (x >> 27)) * 0x94d049bb133111eb
	return x ^ (x >> 31)
}

func tileHash(i, x int) uint64 { return mix64(uint64(i)<<6 | uint64(x)) }

// lay puts face x on i as a new tile if the lines stay consistent and the
// grid within its limits; it reports whether it did.
func (g *grower) lay(i, x int) bool {
	b := g.b
	if b.cell[i] != cellEmpty || !b.interior(i) || !g.quickFit(i, x) || !b.fitsLimits(i) {
		return false
	}
	lo, hi, any := b.put(i, x, true)
	if !b.consistentAt(i) {
		b.take(i, lo, hi, any)
		return false
	}
	g.rest[x]--
	g.newIdx = append(g.newIdx, i)
	g.occ = append(g.occ, i)
	g.value += g.worth[x]
	g.hash ^= tileHash(i, x)
	g.undo = append(g.undo, undoRec{lo, hi, any})
	return true
}

type undoRec struct {
	lo, hi game.Cell
	any    bool
}

// unlay takes back the last tile laid.
func (g *grower) unlay() {
	n := len(g.newIdx) - 1
	i := g.newIdx[n]
	x := int(g.b.cell[i]) - 1
	u := g.undo[len(g.undo)-1]
	g.undo = g.undo[:len(g.undo)-1]
	g.b.take(i, u.lo, u.hi, u.any)
	g.rest[x]++
	g.newIdx = g.newIdx[:n]
	g.occ = g.occ[:len(g.occ)-1]
	g.value -= g.worth[x]
	g.hash ^= tileHash(i, x)
}

// quickFit rules out faces that a numbered neighbour forbids outright;
// consistentAt decides the rest.
func (g *grower) quickFit(i, x int) bool {
	if x == game.NumFaces-1 {
		return true
	}
	b := g.b
	f := game.FaceAt(x)
	if v := b.cell[i-1]; v != cellEmpty && v != jokerCell {
		l := faceOf(v)
		if l.Color != f.Color || !(int(f.Num) == int(l.Num)+1 || b.r.Wrap && l.Num == game.MaxNumber && f.Num == 1) {
			return false
		}
	}
	if v := b.cell[i+1]; v != cellEmpty && v != jokerCell {
		rt := faceOf(v)
		if rt.Color != f.Color || !(int(f.Num)+1 == int(rt.Num) || b.r.Wrap && f.Num == game.MaxNumber && rt.Num == 1) {
			return false
		}
	}
	for _, j := range [2]int{i - b.w, i + b.w} {
		if v := b.cell[j]; v != cellEmpty && v != jokerCell {
			u := faceOf(v)
			if u.Num != f.Num || u.Color == f.Color {
				return false
			}
		}
	}
	return true
}

// adjacentNew reports whether cell i has a new tile beside it.
func (g *grower) adjacentNew(i int) bool {
	b := g.b
	for _, j := range [4]int{i - 1, i + 1, i - b.w, i + b.w} {
		if b.cell[j] != cellEmpty && b.isNew[j] {
			return true
		}
	}
	return false
}

// run searches from the current node.
func (g *grower) run() { g.dfs(-1, 0) }

func (g *grower) dfs(lastSeed, depth int) {
	if *g.stopped {
		return
	}
	*g.nodes++
	if *g.nodes&63 == 0 && (g.work.Spend(64) || g.ctx.Err() != nil) {
		*g.stopped = true
		return
	}
	key := g.hash
	if g.seeds {
		key ^= mix64(uint64(lastSeed+2) << 40)
	}
	if _, ok := g.seen[key]; ok {
		return
	}
	g.seen[key] = struct{}{}
	for len(g.defsBuf) <= depth {
		g.defsBuf = append(g.defsBuf, nil)
	}
	defs := g.b.deficiencies(g.newIdx, g.defsBuf[depth])
	g.defsBuf[depth] = defs
	if g.bound(len(defs) == 0) {
		return
	}
	if len(defs) > 0 {
		g.mend(defs, lastSeed, depth)
		return
	}
	g.leaf()
	g.growth(lastSeed, depth)
}

// mend branches on the deficiency with the fewest tiles that mend it.
func (g *grower) mend(defs []deficiency, lastSeed, depth int) {
	bestD, bestN := -1, 1<<30
	for k, d := range defs {
		n := 0
		for _, i := range d.cells[:d.n] {
			for x, c := range g.rest {
				if c > 0 && g.lay(i, x) {
					n++
					g.unlay()
				}
			}
		}
		if n < bestN {
			bestD, bestN = k, n
			if n == 0 {
				return // nothing can mend it: a dead node
			}
		}
	}
	d := defs[bestD]
	for _, i := range d.cells[:d.n] {
		for x, c := range g.rest {
			if c > 0 && g.lay(i, x) {
				g.dfs(lastSeed, depth+1)
				g.unlay()
				if *g.stopped {
					return
				}
			}
		}
	}
}

// growth branches on every tile laid on an empty cell beside a tile.
func (g *grower) growth(lastSeed, depth int) {
	b := g.b
	g.gen++
	gen := g.gen
	var cells []int
	for _, o := range g.occ {
		for _, i := range [4]int{o - 1, o + 1, o - b.w, o + b.w} {
			if b.cell[i] == cellEmpty && g.mark[i] != gen && b.interior(i) {
				g.mark[i] = gen
				cells = append(cells, i)
			}
		}
	}
	for _, i := range cells {
		if g.seeds && i < lastSeed && !g.adjacentNew(i) {
			continue
		}
		for x, c := range g.rest {
			if c > 0 && g.lay(i, x) {
				g.dfs(i, depth+1)
				g.unlay()
				if *g.stopped {
					return
				}
			}
		}
	}
}

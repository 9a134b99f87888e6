package solver

import (
	"context"
	"slices"
	"sync/atomic"

	"rummikub/internal/game"
)

// gridSearch is one SolveGrid call.
type gridSearch struct {
	req      GridRequest
	r        *game.Rules
	start    game.TurnStart
	playable []game.Tile

	byFace [game.NumFaces][]game.Tile
	rest   [game.NumFaces]int
	must   [game.NumFaces]int
	worth  [game.NumFaces]int

	nodes   int
	stopped bool
	free    *freeSolver
	best    int
	cands   []gridCand // every play that beat the one before, best last
	// plain searches without the seed order and the bound of the tiles
	// left (only the worth of the whole rest), for the tests of the cuts.
	plain bool
}

// gridCand is a play found: new tiles on grid cells, then pieces laid
// apart, and its worth.
type gridCand struct {
	cells  []game.Cell
	faces  []int
	pieces []*freePiece
	val    int
}

func (s *gridSearch) setup(ctx context.Context) {
	for _, t := range s.playable {
		x := t.Face.Index()
		s.byFace[x] = append(s.byFace[x], t)
		s.rest[x]++
	}
	for _, t := range s.req.Must {
		s.must[t.Face.Index()]++
	}
	// Tiles of a face are handed out in order: the Key Tile named by id
	// first.
	for x := range s.byFace {
		slices.SortStableFunc(s.byFace[x], func(a, b game.Tile) int {
			return boolInt(!s.isMust(a)) - boolInt(!s.isMust(b))
		})
	}
	for x := range game.NumFaces {
		p := s.r.Penalty(game.FaceAt(x))
		if s.req.Objective == MostPoints {
			s.worth[x] = p*200 + 1
		} else {
			s.worth[x] = 10000 + p
		}
	}
	s.free = &freeSolver{r: s.r, worth: &s.worth, memo: map[freeKey]freeEntry{}, ctx: ctx, nodes: &s.nodes, stopped: &s.stopped, plain: s.plain}
	s.best = 0
}

func (s *gridSearch) isMust(t game.Tile) bool {
	return slices.ContainsFunc(s.req.Must, func(m game.Tile) bool { return m.ID != game.NoID && m.ID == t.ID })
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func (s *gridSearch) key(rest, must [game.NumFaces]int, need int) freeKey {
	k := freeKey{need: need}
	for x := range rest {
		k.rest[x] = uint8(rest[x])
		k.must[x] = uint8(max(0, must[x]))
	}
	return k
}

func (s *gridSearch) solve(ctx context.Context) (GridResult, error) {
	s.setup(ctx)
	defer func() { gridNodes.Add(int64(s.nodes)) }()
	switch {
	case s.req.Opened && !s.req.Apart:
		s.anchored(ctx)
		return s.answer(true), nil
	case s.req.Opened || !s.r.MeldThenExtend || s.req.Apart:
		need := 0
		if !s.req.Opened {
			need = s.r.InitialMeld
		}
		k := s.key(s.rest, s.must, need)
		if v := s.free.solve(k); v > 0 {
			s.cands = append(s.cands, gridCand{pieces: s.free.pieces(k), val: v})
		}
		return s.answer(s.req.Opened), nil
	}
	return s.meldThenExtend(ctx)
}

// meldThenExtend: the best meld apart, then the best opened play from
// it, judged as one turn; not proven optimal over every placement.
func (s *gridSearch) meldThenExtend(ctx context.Context) (GridResult, error) {
	k := s.key(s.rest, s.must, s.r.InitialMeld)
	if v := s.free.solve(k); v > 0 {
		s.cands = append(s.cands, gridCand{pieces: s.free.pieces(k), val: v})
	}
	meld := s.answer(false)
	meld.Optimal = false
	if !meld.Play {
		return meld, nil
	}
	rest, err := withoutTiles(s.playable, meld.Placed)
	if err != nil {
		return meld, nil
	}
	more := GridRequest{Rules: s.r, Grid: meld.Grid, Rack: rest, Opened: true, Objective: s.req.Objective}
	ext, err := SolveGrid(ctx, more)
	if err != nil || !ext.Play {
		return meld, nil
	}
	if whole, ok := s.judged(ext.Grid, false); ok {
		whole.Complete = meld.Complete && ext.Complete
		return whole, nil
	}
	return meld, nil
}

// anchored is the opened player's search: new tiles grown from the grid,
// the rack tiles left laid as pieces apart.
func (s *gridSearch) anchored(ctx context.Context) {
	lo, hi, ok := s.req.Grid.Bounds()
	if !ok {
		k := s.key(s.rest, s.must, 0)
		if v := s.free.solve(k); v > 0 {
			s.cands = append(s.cands, gridCand{pieces: s.free.pieces(k), val: v})
		}
		return
	}
	b := newBoard(s.r, lo, hi, len(s.playable)+2)
	for _, gt := range s.req.Grid.Tiles {
		b.put(b.index(gt.Cell), gt.Tile.Face.Index(), false)
	}
	g := newGrower(b, s.rest, &s.worth, ctx, &s.nodes, &s.stopped)
	g.seeds = !s.plain
	g.bound = func(full bool) bool {
		if g.value+g.restAll() <= s.best {
			return true
		}
		return full && !s.plain && g.value+g.restBound() <= s.best
	}
	g.leaf = func() {
		var must [game.NumFaces]int
		for x := range must {
			must[x] = s.must[x] - (s.rest[x] - g.rest[x])
		}
		k := s.key(g.rest, must, 0)
		v := s.free.solve(k)
		if v < 0 || g.value+v <= s.best {
			return
		}
		s.best = g.value + v
		c := gridCand{val: s.best, pieces: s.free.pieces(k)}
		for _, i := range g.newIdx {
			c.cells = append(c.cells, b.cellAt(i))
			c.faces = append(c.faces, int(b.cell[i])-1)
		}
		s.cands = append(s.cands, c)
	}
	g.run()
}

// answer builds the best candidate that passes the judge.
func (s *gridSearch) answer(opened bool) GridResult {
	complete := !s.stopped
	for i := len(s.cands) - 1; i >= 0; i-- {
		if res, ok := s.build(s.cands[i], opened); ok {
			res.Complete = complete
			res.Optimal = complete && i == len(s.cands)-1
			return res
		}
	}
	return GridResult{Complete: complete, Optimal: complete && len(s.cands) == 0}
}

// build lays a candidate out on the grid, gives every placed tile its
// rack tile, and has the engine judge it.
func (s *gridSearch) build(c gridCand, opened bool) (GridResult, bool) {
	g := s.req.Grid.Clone()
	var used [game.NumFaces]int
	tile := func(x int) (game.Tile, bool) {
		if used[x] >= len(s.byFace[x]) {
			return game.Tile{}, false
		}
		t := s.byFace[x][used[x]]
		used[x]++
		return t, true
	}
	for k, cell := range c.cells {
		t, ok := tile(c.faces[k])
		if !ok {
			return GridResult{}, false
		}
		g.Tiles = append(g.Tiles, game.GridTile{Cell: cell, Tile: t})
	}
	for _, p := range c.pieces {
		d, ok := roomFor(g, p)
		if !ok {
			return GridResult{}, false
		}
		for k, cell := range p.cells {
			t, ok := tile(p.faces[k])
			if !ok {
				return GridResult{}, false
			}
			g.Tiles = append(g.Tiles, game.GridTile{Cell: game.Cell{Row: cell.Row + d.Row, Col: cell.Col + d.Col}, Tile: t})
		}
	}
	g.Sort()
	return s.judged(g, opened)
}

// roomFor is the shift that lays piece p on g with no tile of it beside
// a tile of g, keeping the grid smallest.
func roomFor(g game.Grid, p *freePiece) (game.Cell, bool) {
	plo, phi := p.cells[0], p.cells[0]
	for _, c := range p.cells {
		plo = game.Cell{Row: min(plo.Row, c.Row), Col: min(plo.Col, c.Col)}
		phi = game.Cell{Row: max(phi.Row, c.Row), Col: max(phi.Col, c.Col)}
	}
	lo, hi, ok := g.Bounds()
	if !ok {
		return game.Cell{Row: -plo.Row, Col: -plo.Col}, true
	}
	at := g.Cells()
	ph, pw := phi.Row-plo.Row+1, phi.Col-plo.Col+1
	best, bestArea := game.Cell{}, -1
	for row := lo.Row - ph - 1; row <= hi.Row+2; row++ {
		for col := lo.Col - pw - 1; col <= hi.Col+2; col++ {
			d := game.Cell{Row: row - plo.Row, Col: col - plo.Col}
			nlo := game.Cell{Row: min(lo.Row, row), Col: min(lo.Col, col)}
			nhi := game.Cell{Row: max(hi.Row, row+ph-1), Col: max(hi.Col, col+pw-1)}
			if nhi.Row-nlo.Row >= game.GridRows || nhi.Col-nlo.Col >= game.GridCols ||
				nlo.Row < -game.GridCoordLimit || nlo.Col < -game.GridCoordLimit || nhi.Row > game.GridCoordLimit || nhi.Col > game.GridCoordLimit {
				continue
			}
			area := (nhi.Row - nlo.Row + 1) * (nhi.Col - nlo.Col + 1)
			if bestArea >= 0 && area >= bestArea {
				continue
			}
			free := true
			for _, c := range p.cells {
				c = game.Cell{Row: c.Row + d.Row, Col: c.Col + d.Col}
				for _, n := range [5]game.Cell{{}, {Row: -1}, {Row: 1}, {Col: -1}, {Col: 1}} {
					if _, ok := at[game.Cell{Row: c.Row + n.Row, Col: c.Col + n.Col}]; ok {
						free = false
					}
				}
			}
			if free {
				best, bestArea = d, area
			}
		}
	}
	return best, bestArea >= 0
}

// judged judges the play grid after from the request's start and turns it
// into a result.
func (s *gridSearch) judged(after game.Grid, opened bool) (GridResult, bool) {
	start := s.start
	start.Opened = opened
	tr, err := game.JudgeGridTurn(s.r, start, after)
	if err != nil {
		return GridResult{}, false
	}
	for _, m := range s.req.Must {
		if !slices.ContainsFunc(tr.Placed, func(t game.Tile) bool { return t.Face == m.Face && (m.ID == game.NoID || t.ID == m.ID) }) {
			return GridResult{}, false
		}
	}
	res := GridResult{Play: true, Grid: game.GridOf(tr.After), Placed: tr.Placed, TilesPlaced: len(tr.Placed)}
	for _, t := range tr.Placed {
		res.PointsPlaced += s.r.Penalty(t.Face)
	}
	return res, true
}

// gridNodes counts the nodes of every grid search, for the report
// (TestGridSolverReport).
var gridNodes atomic.Int64

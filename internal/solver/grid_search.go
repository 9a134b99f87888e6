package solver

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"rummikub/internal/game"
)

// gridSearch is one SolveGrid call.
type gridSearch struct {
	req      GridRequest
	r        *game.Rules
	start    game.TurnStart
	playable []game.Tile

	// The working position of the depth-first search over moves.
	b      board
	lo, hi game.Cell
	cnt    [game.NumFaces - 1]int // playable rack tiles of each face left
	jokers int                    // playable rack jokers left
	byFace [game.NumFaces][]game.Tile
	path   []move

	ctx      context.Context
	nodes    int
	stopped  bool
	seen     map[string]bool
	free     map[[game.NumFaces]int]freePlay
	cands    []gridCand
	bestKey  int
	complete bool
}

// freePlay is the best new sets for what is left of the rack.
type freePlay struct {
	sets          game.Table
	tiles, points int
}

// gridCand is a play found: its moves, the new sets after them, its worth.
type gridCand struct {
	moves []move
	sets  game.Table
	key   int
}

// maxGridNodes bounds the positions the search visits.
const maxGridNodes = 1500

func (s *gridSearch) worth(tiles, points int) int {
	if s.req.Objective == MostPoints {
		return points*200 + tiles
	}
	return tiles*10000 + points
}

func (s *gridSearch) solve(ctx context.Context) (GridResult, error) {
	s.ctx = ctx
	if !s.req.Opened || s.req.Apart {
		res, ok := s.apart(ctx)
		if !ok || !s.r.MeldThenExtend || s.req.Opened {
			return res, nil
		}
		// meld-then-extend: go on from the meld as an opened player, and
		// keep the whole turn when the judge accepts it.
		rest, err := withoutTiles(s.playable, res.Placed)
		if err != nil {
			return res, nil
		}
		more := &gridSearch{req: s.req, r: s.r, playable: rest,
			start: game.TurnStart{Grid: res.Grid, Rack: rest, Opened: true}}
		more.req.Opened, more.req.Must, more.req.Grid, more.req.Rack = true, nil, res.Grid, rest
		ext, err := more.solve(ctx)
		if err != nil || !ext.Play {
			return res, nil
		}
		if whole, ok := s.judged(ext.Grid, false); ok {
			whole.Complete = res.Complete && ext.Complete
			return whole, nil
		}
		return res, nil
	}
	return s.search(ctx)
}

// apart lays the rack's best own sets apart from the grid: the initial
// meld, or an opened player's sets that keep away from the grid.
func (s *gridSearch) apart(ctx context.Context) (GridResult, bool) {
	sol, err := Solve(ctx, Request{Rules: s.r, Rack: s.playable, Opened: s.req.Opened, Objective: s.req.Objective, Must: s.req.Must})
	if err != nil || !sol.Play || len(sol.Placed) == 0 {
		return GridResult{Complete: err == nil && sol.Optimal}, false
	}
	after, err := layApart(s.req.Grid, sol.Sets, s.r)
	if err != nil {
		return GridResult{}, false
	}
	res, ok := s.judged(after, s.req.Opened)
	res.Complete = sol.Optimal
	return res, ok
}

// search is the opened player's search over moves through the grid.
func (s *gridSearch) search(ctx context.Context) (GridResult, error) {
	s.b = board{at: map[game.Cell]game.Tile{}, wild: map[game.Cell]bool{}}
	for _, gt := range s.req.Grid.Tiles {
		s.b.at[gt.Cell] = gt.Tile
	}
	s.lo, s.hi, _ = s.req.Grid.Bounds()
	for _, t := range s.playable {
		s.byFace[t.Face.Index()] = append(s.byFace[t.Face.Index()], t)
		if t.IsJoker() {
			s.jokers++
		} else {
			s.cnt[t.Face.Index()]++
		}
	}
	s.seen = map[string]bool{}
	s.free = map[[game.NumFaces]int]freePlay{}
	s.bestKey = -1
	s.dfs(0, 0)
	s.complete = !s.stopped
	sort.SliceStable(s.cands, func(a, b int) bool { return s.cands[a].key > s.cands[b].key })
	for i, c := range s.cands {
		if i >= 3 && ctx.Err() != nil {
			break // out of time: the best plays were tried
		}
		if res, ok := s.build(c); ok {
			res.Complete = s.complete
			return res, nil
		}
	}
	return GridResult{Complete: s.complete}, nil
}

// dfs visits the working position: it records the play of the moves so
// far with the best new sets for the rest, then tries every move.
func (s *gridSearch) dfs(tiles, points int) {
	s.nodes++
	if s.nodes > maxGridNodes || s.ctx.Err() != nil {
		s.stopped = true
		return
	}
	fp := s.freeSets()
	if k := s.worth(tiles+fp.tiles, points+fp.points); k > s.bestKey && tiles+fp.tiles > 0 {
		s.bestKey = k
		s.cands = append(s.cands, gridCand{moves: slices.Clone(s.path), sets: fp.sets, key: k})
	}
	left, leftPts := s.jokers, s.jokers*s.r.JokerPenalty
	for x, n := range s.cnt {
		left += n
		leftPts += n * int(game.FaceAt(x).Num)
	}
	if s.worth(tiles+left, points+leftPts) <= s.bestKey {
		return
	}
	ms := s.moves()
	sort.SliceStable(ms, func(a, b int) bool { return len(ms[a]) > len(ms[b]) })
	for _, m := range ms {
		if s.stopped {
			return
		}
		s.apply(m)
		key := s.pathKey()
		if !s.seen[key] {
			s.seen[key] = true
			pts := 0
			for _, p := range m {
				if p.joker {
					pts += s.r.JokerPenalty
				} else {
					pts += int(p.face.Num)
				}
			}
			s.dfs(tiles+len(m), points+pts)
		}
		s.undo(m)
	}
}

func (s *gridSearch) apply(m move) {
	for _, p := range m {
		s.b.at[p.cell] = p.tile()
		if p.joker {
			s.jokers--
		} else {
			s.cnt[p.face.Index()]--
		}
	}
	s.path = append(s.path, m)
	s.box()
}

func (s *gridSearch) undo(m move) {
	for _, p := range m {
		delete(s.b.at, p.cell)
		if p.joker {
			s.jokers++
		} else {
			s.cnt[p.face.Index()]++
		}
	}
	s.path = s.path[:len(s.path)-1]
	s.box()
}

// box recomputes the bounds of the working grid.
func (s *gridSearch) box() {
	first := true
	for c := range s.b.at {
		if first {
			s.lo, s.hi, first = c, c, false
			continue
		}
		s.lo.Row, s.lo.Col = min(s.lo.Row, c.Row), min(s.lo.Col, c.Col)
		s.hi.Row, s.hi.Col = max(s.hi.Row, c.Row), max(s.hi.Col, c.Col)
	}
}

// pathKey names the tiles laid so far, whatever the order of the moves.
func (s *gridSearch) pathKey() string {
	var parts []string
	for _, m := range s.path {
		for _, p := range m {
			parts = append(parts, fmt.Sprintf("%d,%d,%v,%v", p.cell.Row, p.cell.Col, p.face, p.joker))
		}
	}
	sort.Strings(parts)
	return strings.Join(parts, ";")
}

// rest is the playable tiles the moves so far leave: of each face, the
// moves use the first ones.
func (s *gridSearch) rest() []game.Tile {
	var out []game.Tile
	for x, ts := range s.byFace {
		n := s.jokers
		if x != game.NumFaces-1 {
			n = s.cnt[x]
		}
		out = append(out, ts[len(ts)-n:]...)
	}
	return out
}

// freeSets is the best new sets the rest of the rack makes, remembered
// by what is left.
func (s *gridSearch) freeSets() freePlay {
	var key [game.NumFaces]int
	copy(key[:], s.cnt[:])
	key[game.NumFaces-1] = s.jokers
	if fp, ok := s.free[key]; ok {
		return fp
	}
	var fp freePlay
	sol, err := Solve(s.ctx, Request{Rules: s.r, Rack: s.rest(), Opened: true, Objective: s.req.Objective})
	if err == nil && sol.Play {
		fp = freePlay{sets: sol.Sets, tiles: sol.TilesPlaced}
		for _, t := range sol.Placed {
			if t.IsJoker() {
				fp.points += s.r.JokerPenalty
			} else {
				fp.points += int(t.Face.Num)
			}
		}
		if !sol.Optimal {
			s.stopped = true
		}
	}
	s.free[key] = fp
	return fp
}

// build lays a candidate out on the grid, gives every placed tile its
// rack tile, and has the engine judge it.
func (s *gridSearch) build(c gridCand) (GridResult, bool) {
	g := s.req.Grid.Clone()
	var used [game.NumFaces]int
	for _, m := range c.moves {
		for _, p := range m {
			x := p.face.Index()
			if p.joker {
				x = game.NumFaces - 1
			}
			if used[x] >= len(s.byFace[x]) {
				return GridResult{}, false
			}
			t := s.byFace[x][used[x]]
			used[x]++
			if p.joker {
				t.As = p.face
			}
			g.Tiles = append(g.Tiles, game.GridTile{Cell: p.cell, Tile: t})
		}
	}
	g, err := layApart(g, c.sets, s.r)
	if err != nil {
		return GridResult{}, false
	}
	return s.judged(g, true)
}

package solver

import "rummikub/internal/game"

// The moves of the grid search: rack tiles laid on empty cells next to a
// line already on the grid (or a lone tile of it), along that line's
// direction: a run extended at either end or at both, a run made through
// a tile of a column, a group made or extended through a tile of a row,
// two lines joined through the cells between them. Every move leaves the
// grid valid on its own: the line it lays along and every line it crosses.

// placement is one rack tile laid: the face it shows, or a rack joker
// standing for face.
type placement struct {
	cell  game.Cell
	face  game.Face
	joker bool
}

// move is rack tiles laid in one go.
type move []placement

// maxRunExt bounds how far a run grows on one side in one move.
const maxRunExt = game.MaxNumber - 1

// moves lists every move on the search's board with the tiles left.
func (s *gridSearch) moves() []move {
	var out []move
	for _, d := range []game.Cell{right, down} {
		for c := range s.b.at {
			if s.b.has(step(c, d, -1)) {
				continue // not the start of its line along d
			}
			seg := s.b.line(c, d)
			out = s.extend(out, seg, d)
		}
	}
	return out
}

// extend adds the moves that lay tiles before and after seg along d.
func (s *gridSearch) extend(out []move, seg []game.Cell, d game.Cell) []move {
	maxExt := maxRunExt
	if d == down {
		maxExt = game.NumColors - 1
	}
	// free[k] says the k-th cell out on each side is empty (stop at the
	// first taken one: a move fills a stretch of empty cells).
	side := func(from game.Cell, dir int) int {
		n := 0
		for n < maxExt && !s.b.has(step(from, d, dir*(n+1))) {
			n++
		}
		return n
	}
	first, last := seg[0], seg[len(seg)-1]
	maxL, maxR := side(first, -1), side(last, 1)
	// A stretch that fails with a line of three or more fails longer too:
	// the faces its cells need, and the lines across them, stay the same.
	for l := 0; l <= maxL; l++ {
		leftFailed := false
		for r := 0; r <= maxR; r++ {
			if l+r == 0 || (d == down && len(seg)+l+r > game.NumColors) || (d == right && len(seg)+l+r > game.MaxNumber) {
				continue
			}
			var cells []game.Cell
			for k := l; k >= 1; k-- {
				cells = append(cells, step(first, d, -k))
			}
			for k := 1; k <= r; k++ {
				cells = append(cells, step(last, d, k))
			}
			if !s.inBounds(cells) {
				continue
			}
			var found []move
			if d == right {
				if m, ok := s.runMove(cells); ok {
					found = append(found, m)
				}
			} else {
				found = s.groupMoves(cells)
			}
			out = append(out, found...)
			if len(found) == 0 && len(seg)+l+r >= 3 {
				if r == 0 {
					leftFailed = true
				}
				break
			}
		}
		if leftFailed {
			break
		}
	}
	return out
}

// inBounds reports whether laying tiles on cells keeps the grid within
// its bounds.
func (s *gridSearch) inBounds(cells []game.Cell) bool {
	lo, hi := s.lo, s.hi
	for _, c := range cells {
		lo.Row, lo.Col = min(lo.Row, c.Row), min(lo.Col, c.Col)
		hi.Row, hi.Col = max(hi.Row, c.Row), max(hi.Col, c.Col)
	}
	return hi.Row-lo.Row < game.GridRows && hi.Col-lo.Col < game.GridCols &&
		lo.Row >= -game.GridCoordLimit && lo.Col >= -game.GridCoordLimit && hi.Row <= game.GridCoordLimit && hi.Col <= game.GridCoordLimit
}

// withWild lays placeholders on cells for the length of f.
func (s *gridSearch) withWild(cells []game.Cell, f func()) {
	for _, c := range cells {
		s.b.at[c] = game.Tile{ID: game.NoID, Face: game.JokerFace}
		s.b.wild[c] = true
	}
	f()
	for _, c := range cells {
		delete(s.b.at, c)
		delete(s.b.wild, c)
	}
}

// runMove is the move laying cells in a row, if the run they make can be
// laid from the rack.
func (s *gridSearch) runMove(cells []game.Cell) (move, bool) {
	var faces []game.Face
	var line []game.Cell
	ok := false
	s.withWild(cells, func() {
		line = s.b.line(cells[0], right)
		faces, ok = s.b.runFaces(line, s.r)
	})
	if !ok {
		return nil, false
	}
	want := map[game.Cell]game.Face{}
	for i, c := range line {
		want[c] = faces[i]
	}
	m := make(move, len(cells))
	for i, c := range cells {
		m[i] = placement{cell: c, face: want[c]}
	}
	return s.fill(m, right)
}

// groupMoves are the moves laying cells in a column, one for each way of
// giving them free colours of the group's number the rack holds.
func (s *gridSearch) groupMoves(cells []game.Cell) []move {
	var num, wild int
	var taken [game.NumColors]bool
	ok := false
	s.withWild(cells, func() {
		line := s.b.line(cells[0], down)
		num, taken, wild, ok = s.b.groupInfo(line)
	})
	if !ok {
		return nil
	}
	var free []game.Color
	for _, c := range game.Colors {
		if !taken[c] {
			free = append(free, c)
		}
	}
	if len(free) < wild {
		return nil
	}
	var out []move
	m := make(move, len(cells))
	used := [game.NumColors]bool{}
	var rec func(i int)
	rec = func(i int) {
		if i == len(cells) {
			if got, ok := s.fill(append(move(nil), m...), down); ok {
				out = append(out, got)
			}
			return
		}
		for _, c := range free {
			if used[c] {
				continue
			}
			used[c] = true
			m[i] = placement{cell: cells[i], face: game.F(c, num)}
			rec(i + 1)
			used[c] = false
		}
	}
	rec(0)
	return out
}

// fill decides which placements take a real rack tile and which a rack
// joker (only where nothing crosses, and only when the real tile is
// missing), and checks every line the move makes or crosses.
func (s *gridSearch) fill(m move, d game.Cell) (move, bool) {
	var need [game.NumFaces - 1]int
	jokers := 0
	for i := range m {
		x := m[i].face.Index()
		need[x]++
		if need[x] > s.cnt[x] {
			need[x]--
			if jokers >= s.jokers || s.b.crossing(m[i].cell, d) {
				return nil, false
			}
			m[i].joker = true
			jokers++
		}
	}
	for _, p := range m {
		s.b.at[p.cell] = p.tile()
	}
	ok := s.b.lineOK(s.b.line(m[0].cell, d), d, s.r)
	for _, p := range m {
		if !ok {
			break
		}
		pc := s.b.line(p.cell, perp(d))
		ok = s.b.lineOK(pc, perp(d), s.r) && !(p.joker && len(pc) > 1)
	}
	for _, p := range m {
		delete(s.b.at, p.cell)
	}
	return m, ok
}

// tile is the tile a placement lays (no id yet).
func (p placement) tile() game.Tile {
	if p.joker {
		return game.Tile{ID: game.NoID, Face: game.JokerFace, As: p.face}
	}
	return game.T(p.face)
}

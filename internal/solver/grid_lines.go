package solver

import "rummikub/internal/game"

// Lines of a working grid, read as the engine reads them (game.ReadGrid):
// a row of two or more tiles must be a run read left to right, a column a
// group. A joker at a crossing is fixed to the tile it stands for (its As,
// which the engine keeps on a judged grid and the search sets on the
// jokers it lays); a joker in a column only is any free colour of it.

// board is the working grid of the search: tiles by cell, and the cells
// holding a placeholder that stands for whatever its line needs (wild).
type board struct {
	at   map[game.Cell]game.Tile
	wild map[game.Cell]bool
}

func (b board) has(c game.Cell) bool {
	_, ok := b.at[c]
	return ok
}

var (
	right = game.Cell{Row: 0, Col: 1}
	down  = game.Cell{Row: 1, Col: 0}
)

func step(c, d game.Cell, k int) game.Cell {
	return game.Cell{Row: c.Row + k*d.Row, Col: c.Col + k*d.Col}
}

func perp(d game.Cell) game.Cell {
	if d == right {
		return down
	}
	return right
}

// line is the maximal line through c along d (c itself counted even when
// empty on the board, as the tile t the caller is about to lay there).
func (b board) line(c, d game.Cell) []game.Cell {
	lo := c
	for {
		p := step(lo, d, -1)
		if !b.has(p) {
			break
		}
		lo = p
	}
	var out []game.Cell
	for x := lo; ; x = step(x, d, 1) {
		if !b.has(x) && x != c {
			break
		}
		out = append(out, x)
	}
	return out
}

// crossing reports whether the tile on c has a neighbour across d.
func (b board) crossing(c, d game.Cell) bool {
	p := perp(d)
	return b.has(step(c, p, -1)) || b.has(step(c, p, 1))
}

// lineOK reports whether the tiles on cells (a maximal line along d, every
// cell filled) are a valid line: one tile, a run, or a group.
func (b board) lineOK(cells []game.Cell, d game.Cell, r *game.Rules) bool {
	switch {
	case len(cells) == 1:
		return true
	case len(cells) == 2:
		return false
	case d == right:
		return b.runOK(cells, r)
	}
	return b.groupOK(cells)
}

// runFaces reads cells as a run and returns the face of every place.
func (b board) runFaces(cells []game.Cell, r *game.Rules) ([]game.Face, bool) {
	n := len(cells)
	if n > game.MaxNumber {
		return nil, false
	}
	first := -1
	var f game.Face
	for i, c := range cells {
		t := b.at[c]
		if !b.wild[c] && !t.IsJoker() {
			first, f = i, t.Face
			break
		}
		if !b.wild[c] && b.crossing(c, right) && !t.As.IsZero() {
			first, f = i, t.As // a joker fixed by its column
			break
		}
	}
	if first < 0 {
		return nil, false
	}
	maxPlace := game.MaxNumber
	if r.Wrap {
		maxPlace++
	}
	starts := []int{int(f.Num) - first}
	if f.Num == 1 && r.Wrap {
		starts = append(starts, game.MaxNumber+1-first)
	}
	for _, s := range starts {
		if s < 1 || s+n-1 > maxPlace {
			continue
		}
		faces := make([]game.Face, n)
		ok := true
		for i, c := range cells {
			p := s + i
			if p > game.MaxNumber {
				p = 1
			}
			want := game.F(f.Color, p)
			t := b.at[c]
			if b.wild[c] {
				// a placeholder: anything fits
			} else if t.IsJoker() {
				if b.crossing(c, right) && t.As != want {
					ok = false
				}
			} else if t.Face != want {
				ok = false
			}
			if !ok {
				break
			}
			faces[i] = want
		}
		if ok {
			return faces, true
		}
	}
	return nil, false
}

func (b board) runOK(cells []game.Cell, r *game.Rules) bool {
	_, ok := b.runFaces(cells, r)
	return ok
}

// groupInfo reads cells as a group: its number, the colours taken by real
// tiles and fixed jokers, and how many free jokers it holds.
func (b board) groupInfo(cells []game.Cell) (num int, taken [game.NumColors]bool, wild int, ok bool) {
	if len(cells) > game.NumColors {
		return 0, taken, 0, false
	}
	num = -1
	var fixed []game.Face
	for _, c := range cells {
		t := b.at[c]
		if b.wild[c] {
			wild++
			continue
		}
		if t.IsJoker() {
			if b.crossing(c, down) {
				fixed = append(fixed, t.As)
			} else {
				wild++
			}
			continue
		}
		if num >= 0 && int(t.Face.Num) != num || taken[t.Face.Color] {
			return 0, taken, 0, false
		}
		num = int(t.Face.Num)
		taken[t.Face.Color] = true
	}
	if num < 0 {
		return 0, taken, 0, false
	}
	for _, f := range fixed {
		if int(f.Num) != num || f.Color >= game.NumColors || taken[f.Color] {
			return 0, taken, 0, false
		}
		taken[f.Color] = true
	}
	return num, taken, wild, true
}

func (b board) groupOK(cells []game.Cell) bool {
	_, _, _, ok := b.groupInfo(cells)
	return ok
}

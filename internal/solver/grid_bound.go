package solver

import "rummikub/internal/game"

// The upper bound of the grid search: the worth of the new tiles plus
// that of every rack tile left that could still lie in a line of three.
// A tile of a final play lies in a line of three or more; that line
// either holds a tile already on the board (old or new), and then it is
// that tile's row (a run of its colour, the cells between filled) or its
// column (a group of its number without the tile's colour, the cells
// between filled and the tiles beyond the tile's cell joining it), or it
// is made only of tiles still on the rack (two partners for a run or a
// group, jokers filling in). A tile with neither can never be played from
// this node, so the bound leaves it out; jokers are always counted.
// (Issue 23: the column's test once saw only the tile's own column, not
// the tiles beyond a hole of one cell, and cut every play into such a
// hole; TestSolveGridGapsMatchBruteForce draws those shapes.)

// restAll is the worth of every rack tile left.
func (g *grower) restAll() int {
	all := 0
	for x, c := range g.rest {
		all += c * g.worth[x]
	}
	return all
}

// restBound is the most worth the tiles left can still add.
func (g *grower) restBound() int {
	if g.oldAnchors == nil {
		g.indexOldAnchors()
	}
	total := g.rest[game.NumFaces-1] * g.worth[game.NumFaces-1]
	unknownJoker := false
	g.anchors = g.anchors[:0]
	for _, o := range g.newIdx {
		f, ok := g.anchorFace(o)
		if !ok {
			unknownJoker = true
			continue
		}
		g.anchors = append(g.anchors, anchor{o, f})
	}
	for x := 0; x < game.NumFaces-1; x++ {
		if g.rest[x] == 0 {
			continue
		}
		if unknownJoker || g.usableAlone(x) || g.usableAnchored(x, g.oldAnchors[x]) || g.usableAnchored(x, g.anchors) {
			total += g.rest[x] * g.worth[x]
		}
	}
	return total
}

// indexOldAnchors lists, for every face, the tiles on the board before
// the search that could share a line with it: its colour (a run) or its
// number in another colour (a group), so that each face tries a few
// tiles of the grid instead of all of them.
func (g *grower) indexOldAnchors() {
	g.oldAnchors = make([][]anchor, game.NumFaces)
	for _, o := range g.occ {
		if g.b.isNew[o] {
			continue
		}
		f, ok := g.anchorFace(o)
		if !ok {
			continue
		}
		for x := 0; x < game.NumFaces-1; x++ {
			h := game.FaceAt(x)
			if f.Color == 255 || h.Color == f.Color && h.Num != f.Num || h.Num == f.Num && h.Color != f.Color {
				g.oldAnchors[x] = append(g.oldAnchors[x], anchor{o, f})
			}
		}
	}
}

// anchor is a tile on the board and its face (see anchorFace).
type anchor struct {
	o int
	f game.Face
}

// anchorFace is the face of the tile on o: a joker's from its row, else
// only its number from its column (colour 255).
func (g *grower) anchorFace(o int) (game.Face, bool) {
	b := g.b
	v := b.cell[o]
	if v != jokerCell {
		return faceOf(v), true
	}
	if f, ok := b.jokerFace(o); ok {
		return f, true
	}
	first, n := b.span(o, b.w)
	for k := 0; k < n; k++ {
		if u := b.cell[first+k*b.w]; u != jokerCell {
			return game.Face{Color: 255, Num: faceOf(u).Num}, true
		}
	}
	return game.Face{}, false
}

// usableAlone reports whether face x can make a run or a group with two
// other tiles left on the rack.
func (g *grower) usableAlone(x int) bool {
	f := game.FaceAt(x)
	jokers := g.rest[game.NumFaces-1]
	n := int(f.Num)
	// a group: two other colours of n, jokers filling in
	others := 0
	for _, c := range game.Colors {
		if c != f.Color && g.rest[game.F(c, n).Index()] > 0 {
			others++
		}
	}
	if others+jokers >= 2 {
		return true
	}
	maxPlace := game.MaxNumber
	if g.b.r.Wrap {
		maxPlace++
	}
	places := []int{n}
	if n == 1 && g.b.r.Wrap {
		places = append(places, game.MaxNumber+1)
	}
	for _, p := range places {
		for s := p - 2; s <= p; s++ {
			if s < 1 || s+2 > maxPlace {
				continue
			}
			miss := 0
			for q := s; q <= s+2; q++ {
				if q != p && g.rest[game.F(f.Color, placeNum(q)).Index()] == 0 {
					miss++
				}
			}
			if miss <= jokers {
				return true
			}
		}
	}
	return false
}

// usableAnchored reports whether face x could lie in the row or the
// column of one of the tiles anchors.
func (g *grower) usableAnchored(x int, anchors []anchor) bool {
	b := g.b
	f := game.FaceAt(x)
	for _, a := range anchors {
		o, u := a.o, a.f
		if u.Num == f.Num && u.Color != f.Color {
			first, n := b.span(o, b.w)
			if n < game.NumColors && !g.colourIn(first, n, f.Color) && g.groupReach(first, n, x) {
				return true
			}
		}
		if u.Color == 255 {
			u.Color = f.Color // a joker in a column only: its run may take any colour
		}
		if u.Color != f.Color {
			continue
		}
		up := int(u.Num)
		for _, from := range [2]int{up, game.MaxNumber + 1} {
			if from == game.MaxNumber+1 && !(up == 1 && b.r.Wrap) {
				continue
			}
			for _, to := range [2]int{int(f.Num), game.MaxNumber + 1} {
				if to == game.MaxNumber+1 && !(f.Num == 1 && b.r.Wrap) {
					continue
				}
				if to != from && g.pathFits(o, from, to, f.Color) {
					return true
				}
			}
		}
	}
	return false
}

// groupReach reports whether face x could join the column of n cells
// from first (tiles of x's number without x's colour) in a group: on an
// empty cell beyond one of its ends where x fits, the cells between
// filled by partners left on the rack (tiles of x's number in other
// colours, or jokers), the column then holding three or four tiles, the
// tiles beyond x's cell counted (they join it: a hole of one cell
// between two tiles of a number is such a cell).
func (g *grower) groupReach(first, n, x int) bool {
	b := g.b
	f := game.FaceAt(x)
	var taken [game.NumColors]bool
	taken[f.Color] = true
	for k := 0; k < n; k++ {
		if v := b.cell[first+k*b.w]; v != jokerCell {
			taken[faceOf(v).Color] = true
		}
	}
	partners := g.rest[game.NumFaces-1]
	for _, c := range game.Colors {
		if !taken[c] && g.rest[game.F(c, int(f.Num)).Index()] > 0 {
			partners++
		}
	}
	for _, step := range [2]int{-b.w, b.w} {
		i, size, left := first+n*b.w, n, partners
		if step < 0 {
			i = first - b.w
		}
		for size < game.NumColors && b.interior(i) && b.cell[i] == cellEmpty {
			if g.quickFit(i, x) {
				whole := size + 1
				for j := i + step; b.cell[j] != cellEmpty; j += step {
					whole++
				}
				if whole <= game.NumColors && whole+left >= 3 {
					return true
				}
			}
			// a partner on i, and x further on
			if left == 0 || !g.partnerFits(i, f, &taken) {
				break
			}
			left--
			size++
			for i += step; b.cell[i] != cellEmpty; i += step {
				size++ // the tiles beyond join the column
			}
		}
	}
	return false
}

// partnerFits reports whether a joker or a tile of f's number in a colour
// not taken, left on the rack, fits on cell i.
func (g *grower) partnerFits(i int, f game.Face, taken *[game.NumColors]bool) bool {
	if g.rest[game.NumFaces-1] > 0 {
		return true
	}
	for _, c := range game.Colors {
		if y := game.F(c, int(f.Num)).Index(); !taken[c] && g.rest[y] > 0 && g.quickFit(i, y) {
			return true
		}
	}
	return false
}

// fitsAt reports whether face x could lie on cell i beside the tiles
// around it (quickFit: the numbered neighbours allow it).
func (g *grower) fitsAt(i, x int) bool {
	return g.b.cell[i] == cellEmpty && g.b.interior(i) && g.quickFit(i, x)
}

// colourIn reports whether the column of n cells from first holds a
// numbered tile of colour c.
func (g *grower) colourIn(first, n int, c game.Color) bool {
	for k := 0; k < n; k++ {
		if v := g.b.cell[first+k*g.b.w]; v != jokerCell && faceOf(v).Color == c {
			return true
		}
	}
	return false
}

// pathFits reports whether the row from the tile on o (at run place
// from) to place to can be filled: every cell between holds the face its
// place needs or a joker, or is empty with such a tile left on the rack
// (jokers filling in), and the cell of place to is empty.
func (g *grower) pathFits(o, from, to int, c game.Color) bool {
	b := g.b
	dir := 1
	if to < from {
		dir = -1
	}
	var need [game.NumFaces - 1]int
	miss := 0
	for p, i := from+dir, o+dir; ; p, i = p+dir, i+dir {
		if !b.interior(i) {
			return false
		}
		v := b.cell[i]
		fx := game.F(c, placeNum(p)).Index()
		if p == to {
			return g.fitsAt(i, fx) && g.runThird(o, i, from, dir, c, &need, miss)
		}
		switch {
		case v == cellEmpty && !g.fitsAt(i, fx):
			return false
		case v == cellEmpty:
			need[fx]++
			if need[fx] > g.rest[fx] {
				miss++
			}
		case v != jokerCell && int(v)-1 != fx:
			return false
		}
		if miss > g.rest[game.NumFaces-1] {
			return false
		}
	}
}

// runThird reports whether the row from the tile on o to the cell i of
// place to (filled as pathFits found, miss jokers spent) can reach three
// tiles: it is long enough, or joins the tiles beyond i, or a tile for
// the place beyond either end (or a joker) is left on the rack.
func (g *grower) runThird(o, i, from, dir int, c game.Color, need *[game.NumFaces - 1]int, miss int) bool {
	b := g.b
	first, n := b.span(o, 1)
	lo, hi := min(first, i), max(first+n-1, i)
	if hi-lo+1 >= 3 || b.cell[i+dir] != cellEmpty {
		return true
	}
	if g.rest[game.NumFaces-1] > miss {
		return true
	}
	maxPlace := game.MaxNumber
	if b.r.Wrap {
		maxPlace++
	}
	// the places just beyond the row's two ends (o lies at place from)
	pLo := from - (o - lo)
	for _, p := range [2]int{pLo - 1, pLo + hi - lo + 1} {
		if p < 1 || p > maxPlace {
			continue
		}
		fx := game.F(c, placeNum(p)).Index()
		if g.rest[fx] > need[fx] {
			return true
		}
	}
	return false
}

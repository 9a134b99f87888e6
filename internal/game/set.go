package game

import (
	"fmt"
	"sort"
)

// Kind says whether a set is a run or a group.
type Kind uint8

// The two kinds of set.
const (
	Run Kind = iota + 1
	Group
)

func (k Kind) String() string {
	switch k {
	case Run:
		return "run"
	case Group:
		return "group"
	}
	return "set"
}

// Meld is a valid set laid out canonically: a run in ascending order with
// every joker at the place it fills, or a group with its numbered tiles in
// colour order and its jokers last. Every joker in Tiles carries in As the
// tile it stands for (in a group with a free colour, the first free one).
type Meld struct {
	Kind  Kind
	Tiles []Tile
	Color Color // a run's colour
	Start int   // a run's first place: 1..13, or 2..14 where 14 is a high 1 (wrap)
	Num   int   // a group's number
	// free holds, for a group, the colours its numbered tiles leave open:
	// any joker in the group stands for any one of them.
	free colorSet
}

// SetError says why tiles do not make a valid set.
type SetError struct {
	Tiles  []Tile
	Reason string
}

func (e *SetError) Error() string {
	return fmt.Sprintf("%s is not a valid set: %s", FormatTiles(e.Tiles), e.Reason)
}

// placeNumber is the number a run place shows: place 14 is a high 1.
func placeNumber(p int) int {
	if p == MaxNumber+1 {
		return 1
	}
	return p
}

// Stands returns the faces the tile at index i may stand for: the tile
// itself if numbered; for a joker in a run the one tile of its place; for a
// joker in a group every free colour of the group's number.
func (m *Meld) Stands(i int) []Face {
	t := m.Tiles[i]
	if !t.IsJoker() {
		return []Face{t.Face}
	}
	if m.Kind == Run {
		return []Face{F(m.Color, placeNumber(m.Start+i))}
	}
	var out []Face
	for _, c := range m.free.colors() {
		out = append(out, F(c, m.Num))
	}
	return out
}

// Value is the meld's worth toward the initial meld: numbered tiles their
// number, a joker the number it stands for, or the fixed joker-meld-value.
func (m *Meld) Value(r *Rules) int {
	v := 0
	for i, t := range m.Tiles {
		switch {
		case !t.IsJoker():
			v += int(t.Face.Num)
		case r.JokerMeldValue > 0:
			v += r.JokerMeldValue
		case m.Kind == Run:
			v += placeNumber(m.Start + i)
		default:
			v += m.Num
		}
	}
	return v
}

// AnalyzeSet decides whether tiles make a valid run or group under r and
// lays them out canonically. A joker's meaning comes from its annotation
// (J:R4) when given, otherwise from the order the tiles were laid: in a run
// laid in ascending order a joker fills the place where it lies (R5 R6 J is
// R5 R6 R7; J R5 R6 is R4 R5 R6). Tiles laid out of order are sorted, jokers
// filling gaps first, then the high end, then the low end. A set that could
// be either kind (one numbered tile and jokers) is read as a run when it can
// be one.
func AnalyzeSet(tiles []Tile, r *Rules) (Meld, error) {
	fail := func(reason string) (Meld, error) {
		return Meld{}, &SetError{Tiles: tiles, Reason: reason}
	}
	if len(tiles) < 3 {
		return fail("a set needs at least 3 tiles")
	}
	numbered := 0
	for _, t := range tiles {
		if !t.Face.Valid() {
			return fail(fmt.Sprintf("%v is not a tile", t.Face))
		}
		if !t.IsJoker() {
			numbered++
		}
	}
	if numbered == 0 {
		return fail("a set must hold at least one numbered tile")
	}
	run, runErr := analyzeRun(tiles, r)
	if runErr == "" {
		return run, nil
	}
	group, groupErr := analyzeGroup(tiles)
	if groupErr == "" {
		return group, nil
	}
	// Say the reason of the kind the player more likely meant: tiles of one
	// number were meant as a group, tiles of one colour as a run.
	if sameNumber(tiles) {
		return fail(groupErr)
	}
	return fail(runErr)
}

func sameNumber(tiles []Tile) bool {
	n := -1
	for _, t := range tiles {
		if t.IsJoker() {
			continue
		}
		if n >= 0 && int(t.Face.Num) != n {
			return false
		}
		n = int(t.Face.Num)
	}
	return true
}

// analyzeGroup returns the group layout or a reason it is not a group.
func analyzeGroup(tiles []Tile) (Meld, string) {
	if len(tiles) > NumColors {
		return Meld{}, "a group holds at most 4 tiles, one of each colour"
	}
	num := -1
	var seen [NumColors]bool
	var byColor [NumColors]Tile // the numbered tiles, by colour
	var jokers [NumColors]Tile
	nj := 0
	for _, t := range tiles {
		if t.IsJoker() {
			jokers[nj] = t
			nj++
			continue
		}
		if num >= 0 && int(t.Face.Num) != num {
			return Meld{}, "a group's tiles must all show the same number"
		}
		num = int(t.Face.Num)
		if seen[t.Face.Color] {
			return Meld{}, fmt.Sprintf("a group cannot hold two %s tiles", t.Face.Color)
		}
		seen[t.Face.Color] = true
		byColor[t.Face.Color] = t
	}
	var free colorSet
	for _, c := range Colors {
		if !seen[c] {
			free |= 1 << c
		}
	}
	// Annotated jokers must name distinct free colours of the group's number.
	taken := seen
	for _, j := range jokers[:nj] {
		if j.As.IsZero() {
			continue
		}
		if int(j.As.Num) != num || taken[j.As.Color] {
			return Meld{}, fmt.Sprintf("a joker laid as %v does not fit a group of %ds", j.As, num)
		}
		taken[j.As.Color] = true
	}
	// the numbered tiles in colour order (each colour holds at most one),
	// then the jokers as laid
	out := make([]Tile, 0, len(tiles))
	for _, c := range Colors {
		if seen[c] {
			out = append(out, byColor[c])
		}
	}
	for _, j := range jokers[:nj] {
		if j.As.IsZero() {
			for _, c := range Colors {
				if !taken[c] {
					taken[c] = true
					j.As = F(c, num)
					break
				}
			}
		}
		out = append(out, j)
	}
	return Meld{Kind: Group, Tiles: out, Num: num, free: free}, ""
}

// colorSet is a set of colours, one bit per colour.
type colorSet uint8

// colors lists the set's colours in canonical order.
func (s colorSet) colors() []Color {
	var out []Color
	for _, c := range Colors {
		if s&(1<<c) != 0 {
			out = append(out, c)
		}
	}
	return out
}

// analyzeRun returns the run layout or a reason it is not a run: the tiles
// read in the order they were laid if they fit that way, otherwise sorted
// (with a 1 read low, then under wrap high).
func analyzeRun(tiles []Tile, r *Rules) (Meld, string) {
	if len(tiles) > MaxNumber {
		return Meld{}, "a run holds at most 13 tiles"
	}
	color, ok := runColor(tiles)
	if !ok {
		return Meld{}, "a run's tiles must all be the same colour"
	}
	rs := runShape{n: len(tiles), maxPlace: MaxNumber, color: color, wrap: r.Wrap}
	if r.Wrap {
		rs.maxPlace = MaxNumber + 1
	}
	// 1. The order the tiles were laid: tile i at place start+i.
	if start, ok := rs.laidStart(tiles); ok {
		return rs.build(start, tiles), ""
	}
	// 2. Out of order: sort, fill gaps with jokers, extend high then low.
	best := ""
	for _, high := range []bool{false, true} {
		if high && !r.Wrap {
			break
		}
		m, why := rs.sorted(tiles, high)
		if why == "" {
			return m, ""
		}
		best = why
	}
	return Meld{}, best
}

// runColor is the one colour of a run's numbered tiles and annotated
// jokers (255 when there are none); false when they differ.
func runColor(tiles []Tile) (Color, bool) {
	color := Color(255)
	for _, t := range tiles {
		f, ok := fixedFace(t)
		if !ok {
			continue
		}
		if color != 255 && f.Color != color {
			return color, false
		}
		color = f.Color
	}
	return color, true
}

// fixedFace is the face a tile stands for in a set: its own, or an
// annotated joker's; false for a joker still free to take any place.
func fixedFace(t Tile) (Face, bool) {
	if !t.IsJoker() {
		return t.Face, true
	}
	return t.As, !t.As.IsZero()
}

// runShape is what every reading of one run shares: its length, colour,
// the highest place it may reach (14 under wrap, a 1 played high) and
// whether a 1 may take that place.
type runShape struct {
	n, maxPlace int
	color       Color
	wrap        bool
}

// placeSet is the one or two places a tile may take in a run (a value, so
// that reading a set allocates nothing for it).
type placeSet struct {
	at [2]int
	n  int
}

// places are the places a numbered tile (or annotated joker) may take: its
// number, and for a 1 under wrap also the high place 14.
func (rs runShape) places(f Face) placeSet {
	if f.Num == 1 && rs.wrap {
		return placeSet{[2]int{1, MaxNumber + 1}, 2}
	}
	return placeSet{[2]int{int(f.Num)}, 1}
}

// fits reports whether a run of this length starting at start stays on
// the places 1 to maxPlace.
func (rs runShape) fits(start int) bool { return start >= 1 && start+rs.n-1 <= rs.maxPlace }

// build lays order from place start, naming each joker the face it stands for.
func (rs runShape) build(start int, order []Tile) Meld {
	out := make([]Tile, rs.n)
	for i, t := range order {
		if t.IsJoker() {
			t.As = F(rs.color, placeNumber(start+i))
		}
		out[i] = t
	}
	return Meld{Kind: Run, Tiles: out, Color: rs.color, Start: start}
}

// laidStart finds the start at which the tiles read as a run in the order
// they were laid. The first fixed tile's places decide every candidate.
func (rs runShape) laidStart(tiles []Tile) (int, bool) {
	for i, t := range tiles {
		f, ok := fixedFace(t)
		if !ok {
			continue
		}
		ps := rs.places(f)
		for _, p := range ps.at[:ps.n] {
			start := p - i
			if rs.fits(start) && rs.laidInOrder(tiles, start) {
				return start, true
			}
		}
		return 0, false
	}
	return 0, false
}

// laidInOrder reports whether every fixed tile i may take place start+i.
func (rs runShape) laidInOrder(tiles []Tile, start int) bool {
	for i, t := range tiles {
		f, ok := fixedFace(t)
		if !ok {
			continue
		}
		okPlace := false
		ps := rs.places(f)
		for _, p := range ps.at[:ps.n] {
			if p == start+i {
				okPlace = true
			}
		}
		if !okPlace {
			return false
		}
	}
	return true
}

// sorted reads the tiles out of order: the fixed tiles sorted by place
// (a 1 at 14 when high), the free jokers filling the gaps first, then the
// high end, then the low end. It returns the run, or why the tiles make
// none this way.
func (rs runShape) sorted(tiles []Tile, high bool) (Meld, string) {
	type placed struct {
		place int
		tile  Tile
	}
	var fixedTiles []placed
	var loose []Tile
	used := map[int]bool{}
	dup := false
	for _, t := range tiles {
		f, ok := fixedFace(t)
		if !ok {
			loose = append(loose, t)
			continue
		}
		p := int(f.Num)
		if high && p == 1 {
			p = MaxNumber + 1
		}
		if used[p] {
			dup = true
		}
		used[p] = true
		fixedTiles = append(fixedTiles, placed{p, t})
	}
	if dup {
		return Meld{}, "a run cannot hold the same number twice"
	}
	sort.Slice(fixedTiles, func(a, b int) bool { return fixedTiles[a].place < fixedTiles[b].place })
	lo, hi := fixedTiles[0].place, fixedTiles[len(fixedTiles)-1].place
	gaps := hi - lo + 1 - len(fixedTiles)
	if gaps > len(loose) {
		return Meld{}, "its numbers are not consecutive"
	}
	end := min(hi+len(loose)-gaps, rs.maxPlace)
	start := end - rs.n + 1
	if !rs.fits(start) {
		if rs.wrap {
			return Meld{}, "a run cannot go past 13 and back over 1"
		}
		return Meld{}, "a run cannot go past 13 (1 is always low)"
	}
	order := make([]Tile, 0, rs.n)
	fi := 0
	for p := start; p < start+rs.n; p++ {
		if fi < len(fixedTiles) && fixedTiles[fi].place == p {
			order = append(order, fixedTiles[fi].tile)
			fi++
			continue
		}
		order = append(order, loose[0])
		loose = loose[1:]
	}
	return rs.build(start, order), ""
}

// ValidSet reports whether tiles make a valid set under r.
func ValidSet(tiles []Tile, r *Rules) bool {
	_, err := AnalyzeSet(tiles, r)
	return err == nil
}

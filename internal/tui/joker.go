package tui

import (
	"errors"
	"fmt"
	"sort"
	"strings"

	"rummikub/internal/game"
)

// Errors of choosing a joker's meaning, shown on the status line.
var (
	ErrNotAJoker      = errors.New("put the cursor on a joker on the table to choose what it stands for")
	ErrJokerCarrying  = errors.New("put the tiles you carry down first, then choose what the joker stands for")
	ErrNoJokerReading = errors.New("this set is not valid whatever its jokers stand for")
)

// JokerReading is what CycleJoker chose: the set's new layout, which of
// the set's readings it is (1-based) and how many there are.
type JokerReading struct {
	Meld  game.Meld
	Index int
	Count int
}

// CycleJoker gives the set under the cursor, which must be a joker on
// the table, its next valid reading: the next run placement or choice of
// group colours (J J R10 is R8 R9 R10, R9 R10 R11, R10 R11 R12, then the
// group of 10s in each pair of free colours, and round again). Every
// joker of the set gets its meaning stated (As), the set is laid out
// canonically so each joker stands where it counts, and the cursor stays
// on the same joker. What the board shows is what the engine judges. It
// is one step that Undo takes back; moving a tile in or out of the set
// later clears the choice.
func (a *Arrangement) CycleJoker() (JokerReading, error) {
	if a.Holding() {
		return JokerReading{}, ErrJokerCarrying
	}
	c := a.cur.cursor
	if c.Area != AreaTable || c.Set >= len(a.cur.sets) || c.Pos >= len(a.cur.sets[c.Set]) ||
		!a.cur.sets[c.Set][c.Pos].IsJoker() {
		return JokerReading{}, ErrNotAJoker
	}
	set := a.cur.sets[c.Set]
	reads := jokerReadings(set, a.rules)
	if len(reads) == 0 {
		return JokerReading{}, ErrNoJokerReading
	}
	next := 0
	if m, err := game.AnalyzeSet(set, a.rules); err == nil {
		cur := readingKey(m)
		for i, r := range reads {
			if readingKey(r) == cur {
				next = (i + 1) % len(reads)
				break
			}
		}
	}
	m := reads[next]
	id := set[c.Pos].ID
	a.step()
	a.cur.sets[c.Set] = append([]game.Tile(nil), m.Tiles...)
	for i, t := range m.Tiles {
		if t.ID == id {
			c.Pos = i
		}
	}
	a.SetCursor(c)
	return JokerReading{Meld: m, Index: next + 1, Count: len(reads)}, nil
}

// jokerReadings lists every distinct valid reading of a set holding
// jokers, each laid out canonically with every joker's meaning stated:
// first the runs from the lowest placement up, then the groups by their
// jokers' colours. A set without jokers or without a valid reading gives
// none.
func jokerReadings(set []game.Tile, r *game.Rules) []game.Meld {
	var jokers []int
	for i, t := range set {
		if t.IsJoker() {
			jokers = append(jokers, i)
		}
	}
	if len(jokers) == 0 || len(jokers) == len(set) {
		return nil
	}
	var out []game.Meld
	seen := map[string]bool{}
	try := func(faces []game.Face) {
		tiles := append([]game.Tile(nil), set...)
		for k, i := range jokers {
			tiles[i].As = faces[k]
		}
		m, err := game.AnalyzeSet(tiles, r)
		if err != nil {
			return
		}
		if key := readingKey(m); !seen[key] {
			seen[key] = true
			out = append(out, m)
		}
	}
	for _, faces := range runPlacements(set, len(jokers), r) {
		try(faces)
	}
	for _, faces := range groupColours(set, len(jokers)) {
		try(faces)
	}
	return out
}

// runPlacements lists, for each window of places the set could fill as a
// run, the faces its jokers take there (lowest free place first).
func runPlacements(set []game.Tile, nJokers int, r *game.Rules) [][]game.Face {
	color, ok := game.Color(0), false
	for _, t := range set {
		if t.IsJoker() {
			continue
		}
		if ok && t.Face.Color != color {
			return nil
		}
		color, ok = t.Face.Color, true
	}
	maxPlace := game.MaxNumber
	if r.Wrap {
		maxPlace = game.MaxNumber + 1 // a high 1
	}
	n := len(set)
	var out [][]game.Face
	for start := 1; start+n-1 <= maxPlace; start++ {
		used := map[int]bool{}
		fits := true
		for _, t := range set {
			if t.IsJoker() {
				continue
			}
			p := int(t.Face.Num)
			if p == 1 && r.Wrap && start > 1 {
				p = game.MaxNumber + 1
			}
			if p < start || p >= start+n || used[p] {
				fits = false
				break
			}
			used[p] = true
		}
		if !fits {
			continue
		}
		faces := make([]game.Face, 0, nJokers)
		for p := start; p < start+n; p++ {
			if !used[p] {
				num := p
				if num > game.MaxNumber {
					num = 1
				}
				faces = append(faces, game.F(color, num))
			}
		}
		out = append(out, faces)
	}
	return out
}

// groupColours lists, for each choice of free colours the set's jokers
// could take as a group, the faces they take.
func groupColours(set []game.Tile, nJokers int) [][]game.Face {
	num := -1
	var taken [game.NumColors]bool
	for _, t := range set {
		if t.IsJoker() {
			continue
		}
		if (num >= 0 && int(t.Face.Num) != num) || taken[t.Face.Color] {
			return nil
		}
		num = int(t.Face.Num)
		taken[t.Face.Color] = true
	}
	var free []game.Color
	for _, c := range game.Colors {
		if !taken[c] {
			free = append(free, c)
		}
	}
	var out [][]game.Face
	var pick func(from int, faces []game.Face)
	pick = func(from int, faces []game.Face) {
		if len(faces) == nJokers {
			out = append(out, append([]game.Face(nil), faces...))
			return
		}
		for i := from; i < len(free); i++ {
			pick(i+1, append(faces, game.F(free[i], num)))
		}
	}
	pick(0, nil)
	return out
}

// readingKey names a valid reading of a set: its kind and the faces its
// jokers stand for, whichever joker stands for which.
func readingKey(m game.Meld) string {
	var faces []string
	for _, t := range m.Tiles {
		if t.IsJoker() {
			faces = append(faces, t.As.String())
		}
	}
	sort.Strings(faces)
	return fmt.Sprintf("%v:%s", m.Kind, strings.Join(faces, ","))
}

// describeReading is the status line's account of a chosen reading:
// "The joker stands for B10: a group of 10s (reading 4 of 6; = again for
// the next)."
func describeReading(jr JokerReading, joker game.TileID) string {
	m := jr.Meld
	var what string
	if m.Kind == game.Run {
		first, last := m.Tiles[0], m.Tiles[len(m.Tiles)-1]
		what = fmt.Sprintf("a run %s to %s", readFace(first), readFace(last))
	} else {
		what = fmt.Sprintf("a group of %ds", m.Num)
	}
	as := ""
	for _, t := range m.Tiles {
		if t.ID == joker && t.IsJoker() {
			as = t.As.String()
		}
	}
	if jr.Count == 1 {
		return fmt.Sprintf("The joker can only stand for %s here: %s.", as, what)
	}
	return fmt.Sprintf("The joker stands for %s: %s (reading %d of %d; = again for the next).", as, what, jr.Index, jr.Count)
}

// readFace is the face a tile of a valid meld shows or stands for.
func readFace(t game.Tile) string {
	if t.IsJoker() {
		return t.As.String()
	}
	return t.Face.String()
}

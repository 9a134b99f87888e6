package tui

import (
	"errors"
	"fmt"

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
	reads := game.Readings(set, a.rules)
	if len(reads) == 0 {
		return JokerReading{}, ErrNoJokerReading
	}
	next := 0
	if m, err := game.AnalyzeSet(set, a.rules); err == nil {
		cur := game.ReadingKey(m)
		for i, r := range reads {
			if game.ReadingKey(r) == cur {
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

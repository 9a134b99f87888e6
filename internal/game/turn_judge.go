package game

import (
	"errors"
	"fmt"
)

// JudgeTurn judges a whole turn at once: start is the position when the turn
// began, after the sets the player ends the turn with. It returns the
// accepted turn, a *TurnError (with one of the stable codes in TurnCodes)
// when the turn breaks a rule, or another error when start itself is not a
// possible position (an invalid set on the table, more copies of a tile than
// the rules' tile set holds, a Key Tile or Plunder tile not on the rack).
//
// Rules work on faces: copies of a tile are interchangeable, so the turn is
// judged by comparing the multisets of faces of the table before, the rack
// and the sets after. Tile ids, when the tiles carry them, only decide which
// physical tiles the result reports as moved; the verdict never depends on
// them. A joker's As in after is read as the player's statement of what it
// stands for (J:R4); leave it zero to let the order of the tiles decide, and
// clear it when a joker moves to another set.
func JudgeTurn(r *Rules, start TurnStart, after Table) (TurnResult, error) {
	if r == nil {
		return TurnResult{}, errors.New("no rules to judge the turn by")
	}
	return runJudge(&judge{ledger: ledger{r: r, start: start, noun: "table"}, after: after})
}

// maxJudgedJokers bounds the jokers of a position: the joker rule tries
// every matching of start jokers to end jokers, and keys them by bit masks.
// The largest edition has 4; the jokers option allows 8.
const maxJudgedJokers = 16

// judge holds the working state of one JudgeTurn call: the ledger shared
// with the grid's judge, and what a table of sets adds to it.
type judge struct {
	ledger
	after Table

	startMelds []Meld
	tableTiles []Tile // every start table tile, set by set

	flat  []Tile // every tile of after, in order, as given
	melds []Meld // the after sets analyzed; each tile's ID is its index in flat

	startJokers []jokerAt
	endJokers   []jokerAt
	setJokers   [][]int // for each after set, its indexes into endJokers
}

// jokerAt is a joker on the table and the faces it may stand for.
type jokerAt struct {
	set    int
	index  int  // start: the index in tableTiles; end: the index in flat
	tile   Tile // start: the real tile; end: ID is the index in flat
	stands []Face
}

// prepare checks that start is a possible position and counts its faces.
func (j *judge) prepare() error {
	r := j.r
	if r.Table == TableGrid {
		return errors.New("turns on the French grid (table=grid) are judged on a grid: use JudgeGridTurn")
	}
	for i, s := range SetsOf(j.start.Table) {
		m, err := AnalyzeSet(s, r)
		if err != nil {
			return fmt.Errorf("the table at the start of the turn is not valid: set %d (%s): %s", i+1, FormatTiles(s), reasonOf(err))
		}
		j.startMelds = append(j.startMelds, m)
		for k, t := range m.Tiles {
			if t.IsJoker() {
				j.startJokers = append(j.startJokers, jokerAt{set: i, index: len(j.tableTiles) + jokerPos(s, m, k), tile: t, stands: m.Stands(k)})
			}
		}
		j.tableTiles = append(j.tableTiles, s...)
	}
	return j.countStart(j.tableTiles)
}

// jokerPos is where in s (as laid) the joker at index k of m's canonical
// tiles lies: the joker of the same id, or else the k-th joker in order.
func jokerPos(s []Tile, m Meld, k int) int {
	nth := 0
	for _, t := range m.Tiles[:k] {
		if t.IsJoker() {
			nth++
		}
	}
	for x, t := range s {
		if t.IsJoker() && t.ID != NoID && t.ID == m.Tiles[k].ID {
			return x
		}
	}
	for x, t := range s {
		if t.IsJoker() {
			if nth == 0 {
				return x
			}
			nth--
		}
	}
	return 0
}

// reasonOf is the reason part of a SetError, or the error's text.
func reasonOf(err error) string {
	var se *SetError
	if errors.As(err, &se) {
		return se.Reason
	}
	return err.Error()
}

// setName names after set i as the player laid it: "set 2 (R5 R6 R8)".
func (j *judge) setName(i int) string {
	return fmt.Sprintf("set %d (%s)", i+1, FormatTiles(j.after[i]))
}

// startName names start table set i in its canonical layout, so the
// meaning of each joker shows: "table set 1 (R5 R6 J:R7)".
func (j *judge) startName(i int) string {
	return fmt.Sprintf("table set %d (%s)", i+1, FormatTiles(j.startMelds[i].Tiles))
}

// judge applies every rule in turn; the order decides which error a turn
// breaking several rules gets: first where the tiles come from, then the
// sets, then what the turn must play, then the initial meld and the jokers.
func (j *judge) judge() *TurnError {
	r := j.r
	// 1. Every tile after is a tile.
	for i, s := range j.after {
		for _, t := range s {
			if !t.Face.Valid() {
				return turnErr(CodeInvalidSet, i, "%s is not a valid set: %v is not a tile", j.setName(i), t.Face)
			}
		}
	}
	// 2-4. Every tile after comes from the table or the rack, every table
	// tile is still on the table, no Plunder tile is played.
	if terr := j.conserve(j.after.Tiles(), j.tableTiles, j); terr != nil {
		return terr
	}
	// 5. Every set is valid.
	for i, s := range j.after {
		tmp := make([]Tile, len(s))
		for k, t := range s {
			tmp[k] = t
			tmp[k].ID = TileID(len(j.flat))
			j.flat = append(j.flat, t)
		}
		m, err := AnalyzeSet(tmp, r)
		if err != nil {
			return turnErr(CodeInvalidSet, i, "%s is not a valid set: %s", j.setName(i), reasonOf(err))
		}
		j.melds = append(j.melds, m)
		var js []int
		for k, t := range m.Tiles {
			if t.IsJoker() {
				js = append(js, len(j.endJokers))
				j.endJokers = append(j.endJokers, jokerAt{set: i, index: int(t.ID), tile: t, stands: m.Stands(k)})
			}
		}
		j.setJokers = append(j.setJokers, js)
	}
	// 6-7. The River's Key Tile is played, and at least one rack tile.
	if terr := j.mustPlay(); terr != nil {
		return terr
	}
	// 8. The initial meld, when the table may not be used in its turn.
	if !j.start.Opened && !r.MeldThenExtend {
		if terr := j.untouchedMeld(); terr != nil {
			return terr
		}
	}
	// 9. The jokers (and the initial meld made with meld-then-extend).
	return j.jokers()
}

// notInRack, missing and plundered name the set to blame (turnPlaces).
func (j *judge) notInRack(k int, f Face, have int) *TurnError {
	i := j.setOf(k)
	if have == 0 {
		return turnErr(CodeNotInRack, i, "%s uses %v, which is neither on the table nor on your rack", j.setName(i), f)
	}
	return turnErr(CodeNotInRack, i, "%s uses one %v more than the table and your rack hold (%d)", j.setName(i), f, have)
}

func (j *judge) missing(x int) *TurnError {
	f := j.tableTiles[x].Face
	return turnErr(CodeTableTileMissing, -1, "%v from %s is no longer on the table: tiles on the table may move between sets but never go back to a rack", f, j.startName(j.lostFrom(f)))
}

func (j *judge) plundered(f Face) *TurnError {
	i := j.firstSetWith(f)
	return turnErr(CodePlunderPlayed, i, "%s plays %v from the Plunder pulled from the River this turn: the Plunder goes to the rack and cannot be played until a later turn", j.setName(i), f)
}

// setOf is the after set holding the k-th tile of after, set by set.
func (j *judge) setOf(k int) int {
	for i, s := range j.after {
		if k < len(s) {
			return i
		}
		k -= len(s)
	}
	return -1
}

// lostFrom is the start table set a tile of face f (fewer of which are on
// the table after than before) is missing from: the set whose tile of
// that id is nowhere after, or else the first set holding f that no set
// after holds together with f and another of its tiles, or else the first
// set holding f. With two copies of a face, the set that kept its copy
// is not blamed.
func (j *judge) lostFrom(f Face) int {
	ids := map[TileID]bool{}
	for _, s := range j.after {
		for _, t := range s {
			if t.ID != NoID {
				ids[t.ID] = true
			}
		}
	}
	first, kept := -1, -1
	for i, s := range SetsOf(j.start.Table) {
		for _, t := range s {
			if t.Face != f {
				continue
			}
			if t.ID != NoID && len(ids) > 0 && !ids[t.ID] {
				return i
			}
			if first < 0 {
				first = i
			}
			if kept < 0 && !j.keptWith(s, f) {
				kept = i
			}
		}
	}
	if kept >= 0 {
		return kept
	}
	return first
}

// firstSetWith is the first after set holding face f (-1 if none).
func (j *judge) firstSetWith(f Face) int {
	for i, s := range j.after {
		for _, t := range s {
			if t.Face == f {
				return i
			}
		}
	}
	return -1
}

// keptWith reports whether a set after holds f together with another face
// of start set s.
func (j *judge) keptWith(s []Tile, f Face) bool {
	for _, a := range j.after {
		has := false
		for _, t := range a {
			has = has || t.Face == f
		}
		if !has {
			continue
		}
		for _, t := range a {
			if t.Face == f {
				continue
			}
			for _, u := range s {
				if u.Face == t.Face {
					return true
				}
			}
		}
	}
	return false
}

// setCounts counts the numbered faces of after set i.
func (j *judge) setCounts(i int) FaceCounts {
	var c FaceCounts
	for _, t := range j.melds[i].Tiles {
		if !t.IsJoker() {
			c[t.Face.Index()]++
		}
	}
	return c
}

// countsWithin reports whether every count of a is at most b's.
func countsWithin(a, b *FaceCounts) bool {
	for x := range a {
		if a[x] > b[x] {
			return false
		}
	}
	return true
}

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
	j := &judge{r: r, start: start, after: after}
	if err := j.prepare(); err != nil {
		return TurnResult{}, err
	}
	if terr := j.judge(); terr != nil {
		return TurnResult{}, terr
	}
	return j.result(), nil
}

// maxJudgedJokers bounds the jokers of a position: the joker rule tries
// every matching of start jokers to end jokers, and keys them by bit masks.
// The largest edition has 4; the jokers option allows 8.
const maxJudgedJokers = 16

// judge holds the working state of one JudgeTurn call.
type judge struct {
	r     *Rules
	start TurnStart
	after Table

	startMelds []Meld
	tableTiles []Tile // every start table tile, set by set
	// face counts: the start table, the start rack, its Locked and Must
	// tiles, the sets after, and placed = after - table (the rack's share).
	table, rack, locked, must, end, placed FaceCounts
	nPlaced                                int

	flat  []Tile // every tile of after, in order, as given
	melds []Meld // the after sets analyzed; each tile's ID is its index in flat

	startJokers []jokerAt
	endJokers   []jokerAt
	setJokers   [][]int // for each after set, its indexes into endJokers

	perm []int // the accepted matching: start joker i is endJokers[perm[i]]
}

// jokerAt is a joker on the table and the faces it may stand for.
type jokerAt struct {
	set    int
	tile   Tile // start: the real tile; end: ID is the index in flat
	stands []Face
}

// prepare checks that start is a possible position and counts its faces.
func (j *judge) prepare() error {
	r := j.r
	if r.Table == TableGrid {
		return errors.New("turns on the French grid (table=grid) are judged on a grid: use JudgeGridTurn")
	}
	for i, s := range j.start.Table {
		m, err := AnalyzeSet(s, r)
		if err != nil {
			return fmt.Errorf("the table at the start of the turn is not valid: set %d (%s): %s", i+1, FormatTiles(s), reasonOf(err))
		}
		j.startMelds = append(j.startMelds, m)
		for _, t := range s {
			j.table[t.Face.Index()]++
		}
		j.tableTiles = append(j.tableTiles, s...)
		for k, t := range m.Tiles {
			if t.IsJoker() {
				j.startJokers = append(j.startJokers, jokerAt{set: i, tile: t, stands: m.Stands(k)})
			}
		}
	}
	for _, t := range j.start.Rack {
		if !t.Face.Valid() {
			return fmt.Errorf("the rack holds %v, which is not a tile", t.Face)
		}
		j.rack[t.Face.Index()]++
	}
	for i := range NumFaces {
		f := FaceAt(i)
		have := j.table[i] + j.rack[i]
		if f.IsJoker() {
			if have > r.Jokers {
				return fmt.Errorf("the table and the rack hold %d jokers, but the rules' tile set has only %d", have, r.Jokers)
			}
		} else if have > r.Copies {
			return fmt.Errorf("the table and the rack hold %d %v tiles, but the rules' tile set has only %d of each", have, f, r.Copies)
		}
	}
	if n := j.table[JokerFace.Index()] + j.rack[JokerFace.Index()]; n > maxJudgedJokers {
		return fmt.Errorf("the table and the rack hold %d jokers; turns are judged with at most %d", n, maxJudgedJokers)
	}
	for _, t := range j.start.Locked {
		if !t.Face.Valid() {
			return fmt.Errorf("the Plunder holds %v, which is not a tile", t.Face)
		}
		j.locked[t.Face.Index()]++
	}
	for _, t := range j.start.Must {
		if !t.Face.Valid() {
			return fmt.Errorf("the Key Tile %v is not a tile", t.Face)
		}
		j.must[t.Face.Index()]++
	}
	for i := range NumFaces {
		if j.locked[i]+j.must[i] > j.rack[i] {
			return fmt.Errorf("the Key Tile and Plunder name %v more often than the rack holds it", FaceAt(i))
		}
	}
	return nil
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
	// 2. Every tile after comes from the table or the rack.
	for i, s := range j.after {
		for _, t := range s {
			x := t.Face.Index()
			j.end[x]++
			have := j.table[x] + j.rack[x]
			if j.end[x] <= have {
				continue
			}
			if have == 0 {
				return turnErr(CodeNotInRack, i, "%s uses %v, which is neither on the table nor on your rack", j.setName(i), t.Face)
			}
			return turnErr(CodeNotInRack, i, "%s uses one %v more than the table and your rack hold (%d)", j.setName(i), t.Face, have)
		}
	}
	// 3. Every table tile is still on the table.
	for _, s := range j.start.Table {
		for _, t := range s {
			x := t.Face.Index()
			if j.end[x] < j.table[x] {
				return turnErr(CodeTableTileMissing, -1, "%v from %s is no longer on the table: tiles on the table may move between sets but never go back to a rack", t.Face, j.startName(j.lostFrom(t.Face)))
			}
		}
	}
	for x := range NumFaces {
		j.placed[x] = j.end[x] - j.table[x]
		j.nPlaced += j.placed[x]
	}
	// 4. River: no Plunder tile is played.
	for x := range NumFaces {
		if j.placed[x] > j.rack[x]-j.locked[x] {
			i := j.firstSetWith(FaceAt(x))
			return turnErr(CodePlunderPlayed, i, "%s plays %v from the Plunder pulled from the River this turn: the Plunder goes to the rack and cannot be played until a later turn", j.setName(i), FaceAt(x))
		}
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
				j.endJokers = append(j.endJokers, jokerAt{set: i, tile: t, stands: m.Stands(k)})
			}
		}
		j.setJokers = append(j.setJokers, js)
	}
	// 6. River: the Key Tile is played.
	for x := range NumFaces {
		if j.placed[x] < j.must[x] {
			return turnErr(CodeKeyTileNotPlayed, -1, "the Key Tile %v pulled from the River was not played: it must be played this turn (tiles of your rack may help)", FaceAt(x))
		}
	}
	// 7. At least one rack tile is played.
	if j.nPlaced == 0 {
		return turnErr(CodeNothingPlayed, -1, "no tile from your rack was played: a turn must add at least one tile from your rack to the table, or draw instead")
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

// firstSetWith is the first after set holding face f (-1 if none).
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
	for i, s := range j.start.Table {
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

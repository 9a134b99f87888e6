package game

import "fmt"

// ledger is the part of judging a turn that does not depend on the shape
// of the table: the face counts of the position at the start (table, rack,
// the Key Tile and Plunder of a River pull) and at the end, what the rack
// gave (placed = end - table), the checks made on those counts alone, and
// the accepted matching of the jokers on the table (turn_joker_match.go).
// Both judges, of sets (judge) and of the French grid (gridJudge), embed
// one; only reading the sets or lines, naming the places to blame and the
// shape's own rules (the untouched initial meld, two rack tiles beside a
// freed joker) are theirs.
type ledger struct {
	r     *Rules
	start TurnStart
	noun  string // "table" or "grid": what the sentences call the table

	table, rack, locked, must, end, placed FaceCounts
	nPlaced                                int

	perm []int // the accepted matching: start joker i is end joker perm[i]
}

// shapeJudge is one shape's judge, around its ledger: prepare checks and
// counts the start, judge applies the rules in order, result builds the
// accepted turn.
type shapeJudge interface {
	prepare() error
	judge() *TurnError
	result() TurnResult
}

// runJudge runs a shape's judge: a start that is not a possible position
// is an error, a broken rule a *TurnError, else the accepted turn.
func runJudge(j shapeJudge) (TurnResult, error) {
	if err := j.prepare(); err != nil {
		return TurnResult{}, err
	}
	if terr := j.judge(); terr != nil {
		return TurnResult{}, terr
	}
	return j.result(), nil
}

// turnPlaces names the places a shape blames when the counts break a rule.
type turnPlaces interface {
	// notInRack blames after tile k, of face f, of which the table and
	// the rack hold only have.
	notInRack(k int, f Face, have int) *TurnError
	// missing blames start table tile x, no longer on the table.
	missing(x int) *TurnError
	// plundered blames the after tiles of face f, from the Plunder.
	plundered(f Face) *TurnError
}

// countStart counts the start position (the table's tiles, the rack, its
// Key Tile and Plunder) and checks that it is possible under the rules.
func (l *ledger) countStart(tableTiles []Tile) error {
	r := l.r
	for _, t := range tableTiles {
		l.table[t.Face.Index()]++
	}
	if err := countTiles(l.start.Rack, &l.rack, "the rack holds %v, which is not a tile"); err != nil {
		return err
	}
	for i := range NumFaces {
		f := FaceAt(i)
		have := l.table[i] + l.rack[i]
		if f.IsJoker() {
			if have > r.Jokers {
				return fmt.Errorf("the %s and the rack hold %d jokers, but the rules' tile set has only %d", l.noun, have, r.Jokers)
			}
		} else if have > r.Copies {
			return fmt.Errorf("the %s and the rack hold %d %v tiles, but the rules' tile set has only %d of each", l.noun, have, f, r.Copies)
		}
	}
	if n := l.table[JokerFace.Index()] + l.rack[JokerFace.Index()]; n > maxJudgedJokers {
		return fmt.Errorf("the %s and the rack hold %d jokers; turns are judged with at most %d", l.noun, n, maxJudgedJokers)
	}
	if err := countTiles(l.start.Locked, &l.locked, "the Plunder holds %v, which is not a tile"); err != nil {
		return err
	}
	if err := countTiles(l.start.Must, &l.must, "the Key Tile %v is not a tile"); err != nil {
		return err
	}
	for i := range NumFaces {
		if l.locked[i]+l.must[i] > l.rack[i] {
			return fmt.Errorf("the Key Tile and Plunder name %v more often than the rack holds it", FaceAt(i))
		}
	}
	return nil
}

// countTiles adds tiles to c; a tile that is not a tile is an error,
// notTile its sentence.
func countTiles(tiles []Tile, c *FaceCounts, notTile string) error {
	for _, t := range tiles {
		if !t.Face.Valid() {
			return fmt.Errorf(notTile, t.Face)
		}
		c[t.Face.Index()]++
	}
	return nil
}

// conserve counts the tiles after and checks where they come from: every
// tile after from the table or the rack (not_in_rack), every start table
// tile still on the table (table_tile_missing), no Plunder tile played
// (plunder_played). It leaves placed and nPlaced set.
func (l *ledger) conserve(after, tableTiles []Tile, p turnPlaces) *TurnError {
	for k, t := range after {
		x := t.Face.Index()
		l.end[x]++
		if have := l.table[x] + l.rack[x]; l.end[x] > have {
			return p.notInRack(k, t.Face, have)
		}
	}
	for x, t := range tableTiles {
		if f := t.Face.Index(); l.end[f] < l.table[f] {
			return p.missing(x)
		}
	}
	for x := range NumFaces {
		l.placed[x] = l.end[x] - l.table[x]
		l.nPlaced += l.placed[x]
	}
	for x := range NumFaces {
		if l.placed[x] > l.rack[x]-l.locked[x] {
			return p.plundered(FaceAt(x))
		}
	}
	return nil
}

// mustPlay checks what every turn must play: the Key Tile of a River pull
// (key_tile_not_played) and at least one rack tile (nothing_played).
func (l *ledger) mustPlay() *TurnError {
	for x := range NumFaces {
		if l.placed[x] < l.must[x] {
			return turnErr(CodeKeyTileNotPlayed, -1, "the Key Tile %v pulled from the River was not played: it must be played this turn (tiles of your rack may help)", FaceAt(x))
		}
	}
	if l.nPlaced == 0 {
		if l.noun == "grid" {
			return turnErr(CodeNothingPlayed, -1, "no tile from your rack was placed: a turn must put at least one tile from your rack on the grid, or draw instead")
		}
		return turnErr(CodeNothingPlayed, -1, "no tile from your rack was played: a turn must add at least one tile from your rack to the table, or draw instead")
	}
	return nil
}

// jokerWorth says how jokers were counted toward a meld, when jokers were
// placed.
func (l *ledger) jokerWorth() string {
	if l.placed[JokerFace.Index()] == 0 {
		return ""
	}
	if l.r.JokerMeldValue > 0 {
		return fmt.Sprintf(" (a joker counting %d)", l.r.JokerMeldValue)
	}
	return " (a joker counting as the tile it stands for)"
}

// jokerValue is what a joker standing for as is worth as a placed tile.
func (l *ledger) jokerValue(as Face) int {
	if l.r.JokerMeldValue > 0 {
		return l.r.JokerMeldValue
	}
	return int(as.Num)
}

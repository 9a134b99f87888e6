package tui

import (
	"fmt"

	"charm.land/bubbles/v2/help"

	"rummikub/internal/game"
)

// setsSurface is the sets table (table=sets) as the board's surface: a
// turn's working arrangement is an Arrangement of sets; the table is
// drawn as sets in rows that wrap and scroll (sets_view.go); the cursor
// moves along sets and the rack, tiles are selected, split, and dropped
// at a set's end by its number (sets_keys.go).
type setsSurface struct {
	a *Arrangement // the turn's working arrangement; nil between turns
	// moved are the table tiles moved this turn (worked out with the
	// layout); badSet the set a refused turn blames, or -1; typedSet a
	// set's number being typed ("1" of 10-19), or ""; drag where a mouse
	// drag picked tiles up.
	moved    map[game.TileID]bool
	badSet   int
	typedSet string
	drag     drag[Cursor]
}

func newSetsSurface() *setsSurface { return &setsSurface{badSet: -1} }

func (s *setsSurface) open(b *Board, seat int, rack []game.Tile) {
	v := &b.v
	s.a = NewArrangement(&v.Rules, game.SetsOf(v.Table), rack, v.Locked, v.Must)
}

func (s *setsSurface) close() { s.a = nil }

func (s *setsSurface) work() arrangement {
	if s.a == nil {
		return nil
	}
	return s.a
}

// sets are the table's sets as drawn now: the working arrangement's
// during a turn, the table as it is otherwise.
func (s *setsSurface) sets(b *Board) game.Table {
	if s.a != nil {
		return s.a.Sets()
	}
	return game.SetsOf(b.v.Table)
}

func (s *setsSurface) rows(b *Board) (lens []int, slots bool) {
	sets := s.sets(b)
	lens = make([]int, len(sets))
	for i, set := range sets {
		lens[i] = len(set)
	}
	return lens, s.reserveSlots(b)
}

// reserveSlots says the table keeps a place at every set's end for the
// end slot during a turn, carrying or not, so the layout does not move
// when a tile is picked up.
func (s *setsSurface) reserveSlots(b *Board) bool { return s.a != nil && b.phase == phaseTurn }

func (s *setsSurface) place(b *Board, g *geometry, top int) int {
	s.moved = nil
	if s.a != nil {
		s.moved = s.a.MovedTiles()
	}
	ts := s.tableState(b)
	var lines int
	g.tableSkip, g.tableRows, lines = tableScroll(b.lay, s.drawnRows(b, &ts), &ts, g.avail, g.tileH, b.geo.tableSkip)
	return lines
}

// tileMarks are the marks of a table tile: placed from the rack or moved
// to another set this turn, in set (judged for the mark of a set not
// valid, or -1: the caller judges it once for the set), or changed since
// the player's last turn.
func (s *setsSurface) tileMarks(b *Board, t game.Tile, set int) TileMarks {
	var m TileMarks
	if a := s.a; a != nil {
		m.Placed = a.Placed(t)
		m.Moved = s.moved[t.ID]
		m.Locked = a.Locked(t)
		m.Key = a.Must(t)
		if set >= 0 {
			_, m.Invalid = s.setJudgement(set)
		}
	}
	if b.lastMark[t.ID] && !m.Placed && !m.Moved {
		m.Changed = true
	}
	return m
}

func (s *setsSurface) keyMap(k BoardKeys) help.KeyMap { return k }

func (s *setsSurface) invalidMark() string { return "set not valid" }

func (s *setsSurface) markRefused(te *game.TurnError) {
	if s.a != nil {
		s.badSet = s.a.SetIndex(te.Set)
	}
}

func (s *setsSurface) forget() { s.badSet = -1 }

func (s *setsSurface) newTurn() {
	s.badSet = -1
	s.typedSet = ""
}

// keepPlaces keeps each set of the table where it was in base (the
// table before, or the play as the player laid it); new sets go to the
// end.
func (s *setsSurface) keepPlaces(base, now game.Layout) game.Layout {
	if sets := game.SetsOf(now); len(sets) > 0 {
		return keepPlaces(game.SetsOf(base), sets)
	}
	return now
}

func (s *setsSurface) changed(before, after game.Layout, ev game.Event) map[game.TileID]bool {
	return markChanged(game.SetsOf(before), game.SetsOf(after), ev)
}

func (s *setsSurface) describePlay(ev game.Event, before, after game.Layout, r *game.Rules) string {
	return describePlay(ev, game.SetsOf(before), game.SetsOf(after), r)
}

func (s *setsSurface) rulesNote() string { return "" }

// turnHint is what the status line says while the player works on the
// sets table: the reason an invalid set under the cursor is invalid, or
// what to do next.
func (s *setsSurface) turnHint(b *Board) string {
	a := s.a
	c := a.Cursor()
	if c.Area == AreaTable && c.Set < len(a.Sets()) {
		if _, err := a.SetStatus(c.Set); err != nil {
			return "This set: " + setReason(err)
		}
		if len(a.Sets()[c.Set]) == 0 && !a.Holding() {
			return fmt.Sprintf("Set %d is empty: it is left off the table when the turn ends.", c.Set+1)
		}
	}
	if bad := a.InvalidSets(); len(bad) > 0 {
		_, err := a.SetStatus(bad[0])
		return fmt.Sprintf("Set %d: %s", bad[0]+1, setReason(err))
	}
	if a.Holding() {
		return fmt.Sprintf("Carrying %s: 1-9 puts it at the end of that set, e at the end of this one, + in a new set, or move and press space (esc puts it back).", faces(a.Held()))
	}
	if a.Changed() {
		// The engine's judge decides whether enter would be taken.
		if _, err := game.JudgeTurn(&b.v.Rules, b.v.TurnStart(), a.Table()); err != nil {
			return sentence(err.Error())
		}
		return fmt.Sprintf("%d %s from your rack on the table: enter ends the turn.", a.PlacedCount(), plural(a.PlacedCount(), "tile", "tiles"))
	}
	if b.summary != "" {
		return b.summary + "."
	}
	if !b.v.Melded[b.viewer] {
		return fmt.Sprintf("Your initial meld needs %d points from your own tiles; type a tile's name (r7) to pick it up, or press d to draw.", b.v.Rules.InitialMeld)
	}
	return "Your turn: type a tile's name (r7) to pick it up and a set's number to put it at that set's end; space picks up and puts down at the cursor; enter ends the turn."
}

// setReason is a set error's reason alone.
func setReason(err error) string {
	if se, ok := err.(*game.SetError); ok {
		return se.Reason
	}
	return err.Error()
}

package tui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// The keys and the mouse on the sets table: the cursor along sets and
// the rack, selecting, splitting, reading jokers, dropping what is
// carried at a set's end by its number, and the mouse's clicks and drags.

// nameKey takes a key of a tile's name being typed (r7) or, on the
// sets table, of a set's number to drop what is carried at (1-19); took
// false for any other key.
func (s *setsSurface) nameKey(p *Board, k tea.KeyPressMsg) (took bool, err error) {
	if s.typedSet != "" {
		// The second digit of a set's number comes before all else.
		if took, err := s.directDrop(p, k); took {
			return took, err
		}
	}
	if p.typed != "" || key.Matches(k, p.keys.TypeTile) {
		if took, err := p.onTyped(k); took {
			return took, err
		}
	}
	return s.directDrop(p, k)
}

// moveKey moves the cursor and tiles on the sets table; ok false for any
// other key.
func (s *setsSurface) moveKey(p *Board, k tea.KeyPressMsg) (err error, ok bool) {
	if s.cursorKey(p, k) {
		return nil, true
	}
	return s.tileKey(p, k)
}

// cursorKey moves the cursor on the sets table; false for any other key.
func (s *setsSurface) cursorKey(p *Board, k tea.KeyPressMsg) bool {
	a, keys := s.a, p.keys
	switch {
	case key.Matches(k, keys.Left):
		a.Left()
	case key.Matches(k, keys.Right):
		a.Right()
	case key.Matches(k, keys.Up):
		a.SetCursor(p.lay.vertical(a, -1))
	case key.Matches(k, keys.Down):
		a.SetCursor(p.lay.vertical(a, 1))
	case key.Matches(k, keys.Tab):
		a.Toggle()
	case key.Matches(k, keys.PrevSet):
		a.PrevSet()
	case key.Matches(k, keys.NextSet):
		a.NextSet()
	case key.Matches(k, keys.NewSet):
		a.NewSetSlot()
	case key.Matches(k, keys.Home):
		a.LineStart()
	case key.Matches(k, keys.End):
		a.LineEnd()
	default:
		return false
	}
	return true
}

// tileKey selects, moves, splits tiles and reads jokers on the sets
// table; ok false for any other key.
func (s *setsSurface) tileKey(p *Board, k tea.KeyPressMsg) (err error, ok bool) {
	a, keys := s.a, p.keys
	switch {
	case key.Matches(k, keys.SelLeft):
		err = a.Extend(-1)
	case key.Matches(k, keys.SelRight):
		err = a.Extend(1)
	case key.Matches(k, keys.SelectMode):
		if a.Selecting() {
			a.ClearSelection()
		} else {
			a.StartSelection()
			p.setStatus("Select mode: move with ←/→ and press space to pick the tiles up.", false)
		}
	case key.Matches(k, keys.SelectSet):
		a.SelectSet()
	case key.Matches(k, keys.Grab):
		if a.Holding() {
			err = a.Drop()
		} else {
			err = a.PickUp()
		}
	case key.Matches(k, keys.Return):
		if a.Holding() {
			err = a.Return()
		} else {
			a.ClearSelection()
		}
	case key.Matches(k, keys.Split):
		err = a.Split()
	case key.Matches(k, keys.Joker):
		var jr JokerReading
		if jr, err = a.CycleJoker(); err == nil {
			c := a.Cursor()
			p.setStatus(describeReading(jr, a.Sets()[c.Set][c.Pos].ID), false)
		}
	default:
		return nil, false
	}
	return err, true
}

// directDrop sends what is carried to the end of set N (its number
// typed) or of the set under the cursor (e); it reports whether the key
// was one. With ten sets or more a digit that begins a set's number
// (1 of 10-19) waits for the next key: a digit, or space for the set of
// the one digit.
func (s *setsSurface) directDrop(p *Board, k tea.KeyPressMsg) (bool, error) {
	a := s.a
	if !a.Holding() {
		s.typedSet = ""
		return false, nil
	}
	ks := k.String()
	if s.typedSet != "" {
		num := s.typedSet
		s.typedSet = ""
		switch {
		case len(ks) == 1 && ks[0] >= '0' && ks[0] <= '9':
			return true, a.DropAtEnd(atoi(num+ks) - 1)
		case k.Code == tea.KeySpace || k.Code == tea.KeyEnter:
			return true, a.DropAtEnd(atoi(num) - 1)
		case k.Code == tea.KeyEsc || k.Code == tea.KeyBackspace:
			return true, nil
		}
	}
	switch {
	case key.Matches(k, p.keys.ToSet):
		n := atoi(ks)
		if sets := len(a.Sets()); n*10 <= sets {
			s.typedSet = ks
			p.setStatus(fmt.Sprintf("Set %d…: a second digit for sets %d0-%d, space for set %d.", n, n, min(n*10+9, sets), n), false)
			return true, nil
		}
		return true, a.DropAtEnd(n - 1)
	case key.Matches(k, p.keys.ToNew):
		a.NewSetSlot()
		return true, a.Drop()
	case key.Matches(k, p.keys.ToEnd):
		c := a.Cursor()
		if c.Area == AreaRack {
			return true, a.DropAtEnd(-1)
		}
		if c.Set >= len(a.Sets()) {
			return true, a.Drop() // the new set slot
		}
		return true, a.DropAtEnd(c.Set)
	}
	return false, nil
}

// hit finds the place of the arrangement under screen cell (x, y), as the
// board's layout places it (the one View draws).
func (s *setsSurface) hit(p *Board, x, y int) (Cursor, bool) {
	g := p.geo
	if g.tileH < 1 || p.lay.cellW < 1 {
		return Cursor{}, false
	}
	col := x - g.left
	if col < 0 {
		return Cursor{}, false
	}
	if y >= g.tableTop && y < g.tableTop+g.tableRows*g.tileH {
		row := (y-g.tableTop)/g.tileH + g.tableSkip
		return p.lay.hitTable(row, col)
	}
	top := g.rackTop + g.rackLead
	if y >= top && y < top+g.rackRows*g.tileH {
		row := (y - top) / g.tileH
		pos := row*p.lay.rackPer + col/p.lay.cellW
		n := len(s.a.Rack())
		if s.a.Holding() {
			n++
		}
		if col/p.lay.cellW >= p.lay.rackPer || pos >= n {
			if s.a.Holding() {
				return Cursor{Area: AreaRack, Pos: len(s.a.Rack())}, true
			}
			return Cursor{}, false
		}
		return Cursor{Area: AreaRack, Pos: pos}, true
	}
	return Cursor{}, false
}

// mouse handles the mouse during a turn on the sets table: a click picks
// a tile up and a second click drops it; pressing on a tile, dragging and
// releasing elsewhere moves it. acted says it worked on the arrangement
// (err: why a drop was refused).
func (s *setsSurface) mouse(p *Board, m mouseEvent) (acted bool, err error) {
	a := s.a
	switch {
	case m.press && m.Button == tea.MouseLeft:
		c, ok := s.hit(p, m.X, m.Y)
		if !ok {
			return false, nil
		}
		a.SetCursor(c)
		p.setStatus("", false)
		if a.Holding() {
			s.drag.stop()
			return true, a.Drop()
		}
		if err := a.PickUp(); err != nil {
			return false, nil
		}
		s.drag.start(c)
		return true, nil
	case m.release:
		c, ok := s.drag.release(a.Holding(), func() (Cursor, bool) { return s.hit(p, m.X, m.Y) })
		if !ok {
			return false, nil
		}
		a.SetCursor(c)
		return true, a.Drop()
	case m.motion && s.drag.active():
		if c, ok := s.hit(p, m.X, m.Y); ok {
			a.SetCursor(c)
		}
	case m.wheel && m.Button == tea.MouseWheelUp:
		a.SetCursor(p.lay.vertical(a, -1))
	case m.wheel && m.Button == tea.MouseWheelDown:
		a.SetCursor(p.lay.vertical(a, 1))
	}
	return false, nil
}

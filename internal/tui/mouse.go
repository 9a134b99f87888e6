package tui

import (
	tea "charm.land/bubbletea/v2"
)

// hit finds the place of the arrangement under screen cell (x, y), as the
// board's layout places it (the one View draws).
func (p *Board) hit(x, y int) (Cursor, bool) {
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
		n := len(p.arr.Rack())
		if p.arr.Holding() {
			n++
		}
		if col/p.lay.cellW >= p.lay.rackPer || pos >= n {
			if p.arr.Holding() {
				return Cursor{Area: AreaRack, Pos: len(p.arr.Rack())}, true
			}
			return Cursor{}, false
		}
		return Cursor{Area: AreaRack, Pos: pos}, true
	}
	return Cursor{}, false
}

// onMouse lets the mouse move tiles where the terminal sends mouse events:
// a click picks a tile up and a second click drops it; pressing on a tile,
// dragging and releasing elsewhere moves it. While the move log is open
// the wheel scrolls it and nothing reaches the board.
func (p *Play) onMouse(msg tea.MouseMsg) tea.Cmd {
	if p.logOpen {
		if m := mouseOf(msg); m.wheel && m.Button == tea.MouseWheelUp {
			p.logBack += logWheelStep
		} else if m.wheel && m.Button == tea.MouseWheelDown {
			p.logBack = max(0, p.logBack-logWheelStep)
		}
		return nil
	}
	if p.garr != nil {
		return p.onGridMouse(msg)
	}
	if p.phase != phaseTurn || p.arr == nil || p.confirm != confirmNone {
		return nil
	}
	a := p.arr
	m := mouseOf(msg)
	switch {
	case m.press && m.Button == tea.MouseLeft:
		c, ok := p.hit(m.X, m.Y)
		if !ok {
			return nil
		}
		a.SetCursor(c)
		p.setStatus("", false)
		if a.Holding() {
			if err := a.Drop(); err != nil {
				p.setStatus(sentence(err.Error()), true)
			}
			p.drag = nil
			return nil
		}
		if err := a.PickUp(); err != nil {
			return nil
		}
		p.drag = &c
	case m.release:
		if p.drag == nil || !a.Holding() {
			p.drag = nil
			return nil
		}
		from := *p.drag
		p.drag = nil
		c, ok := p.hit(m.X, m.Y)
		if !ok || c == from {
			return nil // a click: the tile stays lifted until the next click
		}
		a.SetCursor(c)
		if err := a.Drop(); err != nil {
			p.setStatus(sentence(err.Error()), true)
		}
	case m.motion && p.drag != nil:
		if c, ok := p.hit(m.X, m.Y); ok {
			a.SetCursor(c)
		}
	case m.wheel && m.Button == tea.MouseWheelUp:
		a.SetCursor(p.lay.vertical(a, -1))
	case m.wheel && m.Button == tea.MouseWheelDown:
		a.SetCursor(p.lay.vertical(a, 1))
	}
	return nil
}

// logWheelStep is the lines one notch of the wheel scrolls the move log
// (as bubbles' viewport does elsewhere).
const logWheelStep = 3

// mouseEvent is a mouse message's place and button, and which kind of
// message it is: Bubble Tea v2 sends a click, a release, a motion and the
// wheel as four messages.
type mouseEvent struct {
	tea.Mouse
	press, release, motion, wheel bool
}

func mouseOf(msg tea.MouseMsg) mouseEvent {
	e := mouseEvent{Mouse: msg.Mouse()}
	switch msg.(type) {
	case tea.MouseClickMsg:
		e.press = true
	case tea.MouseReleaseMsg:
		e.release = true
	case tea.MouseMotionMsg:
		e.motion = true
	case tea.MouseWheelMsg:
		e.wheel = true
	}
	return e
}

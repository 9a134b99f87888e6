package tui

import tea "charm.land/bubbletea/v2"

// onMouse lets the mouse move tiles where the terminal sends mouse events,
// on the surface's terms (a click picks up and puts down, a drag moves);
// what it changed is told to the host, as a key's change is. While the
// move log is open the wheel scrolls it and nothing reaches the board.
func (p *Play) onMouse(msg tea.MouseMsg) tea.Cmd {
	m := mouseOf(msg)
	if p.logOpen {
		if m.wheel && m.Button == tea.MouseWheelUp {
			p.logBack += logWheelStep
		} else if m.wheel && m.Button == tea.MouseWheelDown {
			p.logBack = max(0, p.logBack-logWheelStep)
		}
		return nil
	}
	if p.phase != phaseTurn || !p.working() || p.confirm != confirmNone {
		return nil
	}
	if acted, err := p.surf.mouse(&p.Board, m); acted {
		return p.afterTurnKey(err)
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

// drag is where a mouse drag picked a tile up, on a surface whose places
// are C (Cursor, GridCursor); nil when no drag goes on.
type drag[C comparable] struct{ from *C }

func (d *drag[C]) start(c C)    { d.from = &c }
func (d *drag[C]) stop()        { d.from = nil }
func (d *drag[C]) active() bool { return d.from != nil }

// release ends the drag at the place hit finds under the mouse: the place
// to drop the held tile on, or false when no drag went on, the tile is no
// longer held, or the button came up where it went down (a click: the
// tile stays lifted until the next click).
func (d *drag[C]) release(holding bool, hit func() (C, bool)) (C, bool) {
	var none C
	if d.from == nil || !holding {
		d.from = nil
		return none, false
	}
	from := *d.from
	d.from = nil
	c, ok := hit()
	if !ok || c == from {
		return none, false
	}
	return c, true
}

package tui

import tea "github.com/charmbracelet/bubbletea"

// onMouse lets the mouse move tiles where the terminal sends mouse events,
// on the surface's terms (a click picks up and puts down, a drag moves);
// what it changed is told to the host, as a key's change is.
func (p *Play) onMouse(m tea.MouseMsg) tea.Cmd {
	if p.phase != phaseTurn || !p.working() || p.confirm != confirmNone {
		return nil
	}
	if acted, err := p.surf.mouse(&p.Board, m); acted {
		return p.afterTurnKey(err)
	}
	return nil
}

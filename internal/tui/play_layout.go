package tui

import "github.com/charmbracelet/lipgloss"

// chrome is the match screen's lines around the board, drawn when its
// layout is worked out (layoutNow): their heights decide where the table
// and the rack sit, and View draws them from here rather than afresh.
// Measured with BenchmarkBoardKey and the served sessions' benchmark
// (see the package doc): the players bar and the help bar took about a
// fifth of a served frame's time, for frames that change neither (a
// chat key redraws the whole screen).
type chrome struct {
	bar    string // the players bar
	timer  string // the turn timer the bar was drawn with
	info   string // the line of the game, the rules and the pool
	river  string // the hint and the River, under the table; or ""
	status string
	help   string
}

// layoutNow works out the match screen's layout for its state and size
// now: the lines around the board, then the board's own (placeBoard). It
// runs at the end of every Update and in SetSize; View only draws.
func (p *Play) layoutNow() {
	if !p.boardShown() {
		return
	}
	c := chrome{timer: p.timerText(), bar: p.playersBar(), info: p.infoLine(), status: p.statusLine(), help: p.helpView()}
	river := p.riverRow()
	if h := p.hintRow(); h != "" {
		if river != "" {
			river = h + "\n" + river
		} else {
			river = h
		}
	}
	c.river = river
	p.chrome = c
	f := frameLines{
		top:  lipgloss.Height(c.bar) + lipgloss.Height(c.info),
		foot: lipgloss.Height(c.status) + lipgloss.Height(c.help),
	}
	if river != "" {
		f.mid = lipgloss.Height(river)
	}
	p.placeBoard(f)
}

// boardShown reports whether View draws the board now (not the hand-over,
// the scores, the move log, the replay, or the request for a larger
// terminal).
func (p *Play) boardShown() bool {
	if p.width < MinWidth || p.height < MinHeight || p.logOpen {
		return false
	}
	switch p.phase {
	case phaseHandover:
		return false
	case phaseGameOver, phaseMatchOver:
		return p.replay == nil && p.final
	}
	return true
}

// liveBar is the players bar with the turn timer as it stands when drawn
// (the clock runs between messages), on the lines the layout gave it.
func (c *chrome) liveBar(p *Play) string {
	if p.timerText() == c.timer {
		return c.bar
	}
	if bar := p.playersBar(); lipgloss.Height(bar) == lipgloss.Height(c.bar) {
		return bar
	}
	return c.bar
}

// liveStatus is the status line; while a computer thinks, its turning
// mark follows the clock.
func (c *chrome) liveStatus(p *Play) string {
	if p.phase != phaseComputer {
		return c.status
	}
	if s := p.statusLine(); lipgloss.Height(s) == lipgloss.Height(c.status) {
		return s
	}
	return c.status
}

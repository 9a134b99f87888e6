package tui

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"rummikub/internal/game"
)

// chrome is the match screen's lines around the board, drawn when its
// layout is worked out (layoutNow): their heights decide where the table
// and the rack sit, and View draws them from here rather than afresh.
// Measured with the served sessions' benchmark (BenchmarkSessions, 200
// sessions; cpu profile): drawing the players bar, the info line and the
// help bar in View took about a fifth of the process's time, for frames
// that change none of them (a chat key redraws the whole screen).
type chrome struct {
	bar     string // the players bar
	barKey  string // what the bar was drawn from
	timer   string // the turn timer's text the bar was drawn with
	info    string // the line of the game, the rules and the pool
	infoTxt string // the same, plain: what it was drawn from
	river   string // the hint and the River, under the table; or ""
	// status is the status line on the lines kept for it (fitStatus);
	// noHelp says it covers the help bar.
	status  string
	noHelp  bool
	help    string
	helpKey helpKey // what the help was drawn from
}

// helpKey is what the help bar is drawn from: the same key, the same bar.
type helpKey struct {
	phase               phase
	width               int
	all, hints, hinter  bool
	practice, river, ok bool
}

// layoutNow works out the match screen's layout for its state and size
// now: the lines around the board, then the board's own (placeBoard). It
// runs at the end of every Update and in SetSize; View only draws.
func (p *Play) layoutNow() {
	if p.logOpen {
		p.layoutLog()
	}
	if !p.boardShown() {
		return
	}
	// The bars are drawn again only when what they show changed: a key
	// that moves the cursor changes neither. BenchmarkBoardKey/standard:
	// 323 allocations a key before, 235 with this.
	old := &p.chrome
	c := chrome{timer: p.timerKey(), infoTxt: p.infoText()}
	if c.info = old.info; c.infoTxt != old.infoTxt {
		c.info = p.st.Dim.Render(c.infoTxt)
	}
	c.barKey = p.barKey(c.timer)
	if c.bar = old.bar; c.barKey != old.barKey {
		c.bar = p.playersBar()
	}
	c.helpKey = p.helpKey()
	if c.help = old.help; c.helpKey != old.helpKey {
		c.help = p.helpView()
	}
	river := p.riverRow()
	if h := p.hintRow(); h != "" {
		if river != "" {
			river = h + "\n" + river
		} else {
			river = h
		}
	}
	c.river = river
	c.status, c.noHelp = p.fitStatus(p.statusLine(), c.help)
	p.chrome = c
	f := frameLines{
		top:  lipgloss.Height(c.bar) + lipgloss.Height(c.info),
		foot: c.footHeight(),
	}
	if river != "" {
		f.mid = lipgloss.Height(river)
	}
	p.placeBoard(f)
}

// barKey is what the players bar is drawn from, with the timer's text.
func (p *Play) barKey(timer string) string {
	v := &p.v
	return fmt.Sprint(p.width, v.Turn, v.GameOver, v.Names, v.RackCounts, v.Melded, v.Totals, timer)
}

// helpKey is what the help bar is drawn from now.
func (p *Play) helpKey() helpKey {
	return helpKey{
		phase: p.phase, width: p.width, all: p.help.ShowAll,
		hints: p.cfg.Hints, hinter: p.hinter != nil, practice: p.cfg.Practice, river: p.v.Rules.Draw == game.DrawRiver, ok: true,
	}
}

// layoutTick is the layout after the clock's tick, which changes only
// the turn timer (and a computer's turning mark, which View draws): the
// players bar is drawn again when its timer changed, and the whole
// layout only if that changed the bar's height. Served sessions take
// four ticks a second each: working out the whole layout at each was
// about 6% of the served sessions' benchmark's time.
func (p *Play) layoutTick() {
	if !p.boardShown() {
		return
	}
	c := &p.chrome
	timer := p.timerKey()
	if timer == c.timer {
		return
	}
	bar := p.playersBar()
	if lipgloss.Height(bar) != lipgloss.Height(c.bar) {
		p.layoutNow()
		return
	}
	c.bar, c.timer, c.barKey = bar, timer, p.barKey(timer)
}

// timerKey is the turn timer's text and its warning mark: what the bar
// draws of it.
func (p *Play) timerKey() string {
	txt, warn := p.timerPlain()
	if warn {
		return txt + "!"
	}
	return txt
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
	if p.timerKey() == c.timer {
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
	if p.phase != phaseComputer || !p.isComputer(p.v.Turn) {
		return c.status
	}
	if s, noHelp := p.fitStatus(p.statusLine(), c.help); noHelp == c.noHelp && lipgloss.Height(s) == lipgloss.Height(c.status) {
		return s
	}
	return c.status
}

// footHeight is the lines of the status and the help under the rack.
func (c *chrome) footHeight() int {
	if c.noHelp {
		return lipgloss.Height(c.status)
	}
	return lipgloss.Height(c.status) + lipgloss.Height(c.help)
}

// statusRoom is the lines kept for the status under the rack at this
// terminal's height, whatever it says at the moment: a message that fits
// in them (or in them and the help bar's line, which it covers while it
// is shown) never moves the table or the rack, so the board stays where
// the player aims at it while a tile picked up, a drop refused or an undo
// changes what the status says. Two lines at 24 rows, where the board
// needs its room; as many as the longest message takes at 80 columns
// (statusLines) from 40.
func (p *Play) statusRoom() int {
	switch {
	case p.height >= 40:
		return statusLines
	case p.height >= 30:
		return 3
	}
	return 2
}

// fitStatus puts the status s on the lines kept for it (statusRoom),
// blank lines after a shorter message; a longer one covers the one-line
// help bar (noHelp) and, past that, takes the lines it needs: only on a
// terminal too low to keep statusLines for it, and the board moves then
// rather than a word of the message being lost.
func (p *Play) fitStatus(s, help string) (status string, noHelp bool) {
	room, n := p.statusRoom(), lipgloss.Height(s)
	if n <= room {
		return s + strings.Repeat("\n", room-n), false
	}
	if !p.help.ShowAll && lipgloss.Height(help) == 1 {
		return s, true
	}
	return s, false
}

// statusFits is the most lines a status message takes without moving the
// board: the lines kept for it and the help bar's line.
func (p *Play) statusFits() int { return p.statusRoom() + 1 }

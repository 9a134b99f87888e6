package tui

import (
	"fmt"
	"rummikub/internal/game"
	"rummikub/internal/host"
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Following the host: its events change the view, the phase of the
// screen and the news for the players; a human turn begins here.

// onEvent takes in what the host reports: the view, what happened, and
// the phase the screen moves to.
func (p *Play) onEvent(e host.Event) tea.Cmd {
	prev := p.v
	p.v, p.hs = e.State.View, e.State
	// Sets stay where they were on the screen; new ones go to the end.
	// The play just laid here keeps the order it was laid in.
	base := prev.Table
	if p.laid != nil && e.Kind == host.EvApplied && e.Public.Kind == game.ActPlay {
		base, p.laid = p.laid, nil
	}
	p.v.Table = p.surf.keepPlaces(base, p.v.Table)
	if p.v.Game != p.gameNum {
		// A new game: racks start sorted, nothing is marked.
		p.gameNum = p.v.Game
		p.rackOrder = map[int][]game.TileID{}
		p.rackSort = map[int]rackSort{}
		p.summary, p.recent, p.lastMark = "", nil, nil
		p.drawn = map[int]map[game.TileID]bool{}
		p.log = nil
	}
	switch e.Kind {
	case host.EvApplied, host.EvTimedOut:
		if e.Public.Kind == game.ActNextGame {
			p.setStatus(fmt.Sprintf("Game %d begins.", p.v.Game), false)
			break
		}
		p.onApplied(e, prev)
	case host.EvRewound:
		p.summary, p.lastMark = "", nil
		p.clearWork()
		// Said when the turn begins again, in place of the game-start
		// line of a first turn.
		p.rewound = true
		p.final, p.ana = false, nil // a game taken back is not over
	case host.EvSaveFailed:
		p.saveErr = "The match could not be saved: " + e.Err.Error()
	case host.EvSaved:
		p.saveErr = ""
	case host.EvClosed:
		return nil
	}
	return p.syncPhase(e)
}

// onApplied records what an applied action did: the summary, the marks,
// and news for the player it concerns.
func (p *Play) onApplied(e host.Event, prev game.SeatView) {
	p.rewound = false
	ev := e.Public
	sum := summarize(&p.v, ev, e.Before, p.surf)
	mine := e.Seat == p.viewer && !p.isComputer(e.Seat)
	if riverReveal(&p.v, e.Seat, ev) {
		// The keep that follows tells the draw, once.
		if mine {
			p.setStatus("River draw: keep one tile, the other goes to the River.", false)
		}
		return
	}
	p.addLog(e.Seat, sum)
	if ev.Kind == game.ActPull || ev.Kind == game.ActCancelPull {
		p.summary = sum
		if mine && ev.Kind == game.ActPull {
			p.setStatus(fmt.Sprintf("You pulled %s: play the Key Tile %s this turn (the rest is locked). p puts the pull back.",
				game.FormatTiles(ev.Pulled), ev.Pulled[0]), false)
		} else if mine {
			p.setStatus("The pull is put back: the tiles are in the River again.", false)
		}
		return
	}
	p.summary = sum
	p.recent = append(p.recent, sum)
	p.markSince(e, ev, prev)
	msg := p.seatNews(e.Seat, ev, e.Drawn, e.Kind == host.EvTimedOut, sum, mine)
	if !p.isComputer(e.Seat) {
		p.keepRackOrder()
	}
	p.setStatus(msg, false)
}

// seatNews keeps what an action of seat brought only that seat: the
// tiles it drew, marked on its rack until its next turn ends, and news
// for its next turn ("You drew K13", what a time-out cost). mine says
// the seat's player is at the screen now. It returns the status line's
// message for the action (sum, or the news when nobody else is here).
func (p *Play) seatNews(seat int, ev game.Event, drawn []game.Tile, timedOut bool, sum string, mine bool) string {
	delete(p.notices, seat) // the news of the seat's last turn is old now
	if !p.isComputer(seat) && p.isLocal(seat) {
		// The seat's drawn tiles are marked until its next turn ends.
		delete(p.drawn, seat)
		if len(drawn) > 0 {
			p.drawn[seat] = map[game.TileID]bool{}
			for _, t := range drawn {
				p.drawn[seat][t.ID] = true
			}
		}
	}
	msg := sum + "."
	if timedOut && !p.isComputer(seat) {
		msg = timeoutNotice(ev, p.v.Names[seat], p.humanSeats() == 1)
		if len(drawn) > 0 && p.humanSeats() == 1 {
			msg = strings.TrimSuffix(msg, ".") + ": " + game.FormatTiles(drawn) + "."
		}
		p.notices[seat] = msg
	} else if mine && len(drawn) > 0 && ev.Kind != game.ActTimeout {
		// Told to the player alone: now when nobody else shares the
		// screen, and again when their next turn begins.
		you := fmt.Sprintf("You drew %s (marked %s on your rack).", game.FormatTiles(drawn), p.st.DrawnMark)
		p.notices[seat] = you
		if p.humanSeats() == 1 {
			msg = you
		}
	}
	return msg
}

// riverReveal reports whether ev is the first half of a River draw (two
// tiles shown to the seat, which keeps one next): the seat is still to
// move after its draw.
func riverReveal(v *game.SeatView, seat int, ev game.Event) bool {
	return ev.Kind == game.ActDraw && v.Rules.Draw == game.DrawRiver && v.Turn == seat && !v.GameOver
}

// timeoutNotice tells the player a time-out hit what it cost; you says
// the player is the only human at this screen.
func timeoutNotice(ev game.Event, name string, you bool) string {
	who, tiles := name, name+"'s tiles are"
	if you {
		who, tiles = "you", "your tiles are"
	}
	switch {
	case ev.Unfinished && ev.Drew > 0:
		return fmt.Sprintf("Time ran out: the table is restored, %s back and %s drew %d.", tiles, who, ev.Drew)
	case ev.Drew > 0:
		return fmt.Sprintf("Time ran out: %s drew %d %s.", who, ev.Drew, plural(ev.Drew, "tile", "tiles"))
	}
	return fmt.Sprintf("Time ran out: %s passed (the pool is empty).", who)
}

// syncPhase moves the screen to the host's phase.
func (p *Play) syncPhase(e host.Event) tea.Cmd {
	hs := p.hs
	was := p.phase
	switch hs.Phase {
	case host.PhaseGameOver, host.PhaseMatchOver:
		p.clearWork()
		p.confirm = confirmNone
		p.phase = phaseGameOver
		if hs.Phase == host.PhaseMatchOver {
			p.phase = phaseMatchOver
		}
		if was != phaseGameOver && was != phaseMatchOver {
			return p.gameOverCmd()
		}
	case host.PhaseThinking:
		p.clearWork()
		p.phase = phaseComputer
		p.viewer = -1
		if p.humanSeats() == 1 {
			p.viewer = p.local[0]
		}
		if was != phaseComputer {
			p.newTurn()
		}
	case host.PhaseShowing:
		p.clearWork()
		p.phase = phaseComputerShow
	case host.PhaseWaiting:
		if was != phaseHandover {
			p.newTurn()
			p.phase = phaseHandover
			p.viewer = -1
			p.clearWork()
			p.holdTill = p.now().Add(handoverHold)
		}
	case host.PhasePlaying:
		seat := p.v.Turn
		if !p.isLocal(seat) {
			// Another terminal's player: their turn is shown as it is
			// played, their working arrangement never.
			p.clearWork()
			if was != phaseComputer {
				p.newTurn()
			}
			p.phase = phaseComputer
			p.viewer = p.v.Seat
			return nil
		}
		newTurn := e.Kind == host.EvTurnStarted || !p.working() || p.viewer != seat
		if newTurn {
			p.beginHumanTurn()
		} else if e.Kind == host.EvApplied && e.Seat == seat && (e.Public.Kind == game.ActPull || e.Public.Kind == game.ActCancelPull) {
			p.refreshTurn()
		}
		switch {
		case len(p.v.Reveal) > 0:
			if p.phase != phaseRiverChoice {
				p.riverSel = 0
			}
			p.phase = phaseRiverChoice
		case p.phase == phasePullSelect:
		default:
			p.phase = phaseTurn
		}
	}
	return nil
}

// newTurn clears what belonged to the turn before.
func (p *Play) newTurn() {
	p.gen++
	if p.confirm != confirmQuit {
		// A quit question stays while the computers play on.
		p.confirm = confirmNone
	}
	p.hint = nil
	p.hintBusy = false
	p.surf.newTurn()
	p.typed = ""
	if p.v.Turns == 0 && len(p.recent) == 0 {
		p.recent = append(p.recent, startLine(&p.v))
	}
	if p.v.Turns == 0 && len(p.log) == 0 {
		p.addLog(-1, startLine(&p.v))
	}
}

// beginHumanTurn copies table and rack into a working arrangement for the
// seat whose turn it is, in the player's own rack order.
func (p *Play) beginHumanTurn() {
	p.newTurn()
	seat := p.v.Turn
	p.recent = nil
	switch {
	case p.rewound:
		// Until the next action: the host starts the turn again after
		// telling the take-back.
		p.setStatus("Your last turn is taken back, with the computers' replies.", false)
	case p.v.Turns == 0:
		p.setStatus(startLine(&p.v)+".", false)
	}
	// The news stays the seat's until it acts (seatNews), so a screen
	// that hears of the turn twice says it, once, both times.
	notice := p.notices[seat]
	if n := notice; n != "" && !strings.HasPrefix(p.status, n) {
		// News from the seat's last turn, then what happened since.
		if p.status != "" && p.status != n {
			n += " " + p.status
		}
		p.setStatus(n, false)
	}
	p.viewer = seat
	if since := p.sinceLast(); since > 0 && len(p.log)-since > 1 && p.status != "" {
		p.setStatus(p.movesSince(notice, since), false)
	}
	p.phase = phaseTurn
	p.newWork(seat)
}

// movesSince is the status line at the start of a turn when several
// moves were made since the seat's last: its news, then each move on a
// line of its own, the latest last; when they do not all fit, the
// earliest give way to a line saying m shows them.
func (p *Play) movesSince(notice string, since int) string {
	var lines []string
	if notice != "" {
		lines = append(lines, notice)
	}
	moves := p.log[since:]
	room := min(p.statusFits(), statusLines) - len(lines)
	if len(moves) > room {
		lines = append(lines, fmt.Sprintf("(m shows all %d moves since your last turn; the last:)", len(moves)))
		moves = moves[len(moves)-(room-1):]
	}
	for _, e := range moves {
		lines = append(lines, truncate(sentence(e.text), p.width-2))
	}
	return strings.Join(lines, "\n")
}

// refreshTurn rebuilds the working arrangement after the rack changed in
// the middle of a turn (a pull, or one put back).
func (p *Board) refreshTurn() {
	seat := p.v.Turn
	p.keepRackOrder()
	p.newWork(seat)
	p.phase = phaseTurn
}

// markSince adds what an applied play changed on the table to the marks
// of "changed since your last turn": a human's own action at this screen
// starts them afresh (holding that action's changes when the next player
// is another human here, nothing when it is the only one).
func (p *Play) markSince(e host.Event, ev game.Event, prev game.SeatView) {
	changed := p.surf.changed(e.Before, p.v.Table, ev)
	if !p.isComputer(e.Seat) && p.isLocal(e.Seat) {
		p.lastMark = map[game.TileID]bool{}
		if p.humanSeats() == 1 {
			return
		}
	}
	if p.lastMark == nil {
		p.lastMark = map[game.TileID]bool{}
	}
	for id := range changed {
		p.lastMark[id] = true
	}
}

package tui

import (
	"context"
	"errors"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// eachRune hands the keys of one message of several runes to on one by
// one: keys typed quickly (a tile's name, r11), pasted, or arriving in one
// packet over SSH come as one message. It reports whether k was such a
// message.
func eachRune(k tea.KeyPressMsg, on func(tea.KeyPressMsg) tea.Cmd) (tea.Cmd, bool) {
	if utf8.RuneCountInString(k.Text) < 2 {
		return nil, false
	}
	var cmds []tea.Cmd
	for _, r := range k.Text {
		cmds = append(cmds, on(tea.KeyPressMsg{Code: r, Text: string(r), Mod: k.Mod}))
	}
	return tea.Batch(cmds...), true
}

// onKey handles a key: first the keys of every phase (quit, a question,
// the move log, the help page), then the phase's own.
func (p *Play) onKey(k tea.KeyPressMsg) tea.Cmd {
	if k.String() == "ctrl+c" {
		return tea.Quit
	}
	if cmd, ok := eachRune(k, p.onKey); ok {
		return cmd
	}
	if cmd, ok := p.onOverlayKey(k); ok {
		return cmd
	}
	switch p.phase {
	case phaseHandover:
		return p.onHandoverKey(k)
	case phaseComputer, phaseComputerShow:
		return p.onComputerKey(k)
	case phaseGameOver, phaseMatchOver:
		return p.onGameOverKey(k)
	case phaseRiverChoice:
		return p.onRiverChoiceKey(k)
	case phasePullSelect:
		return p.onPullKey(k)
	}
	return p.onTurnKey(k)
}

// onOverlayKey handles what covers the board: a yes/no question, the move
// log, the page of every key. ok false when none is open or opened.
func (p *Play) onOverlayKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	switch {
	case p.confirm != confirmNone:
		return p.onConfirm(k), true
	case p.logOpen:
		return p.onLogKey(k), true
	case key.Matches(k, p.keys.Log) && p.phase != phaseMatchOver && !(p.phase == phaseHandover && p.now().Before(p.holdTill)):
		p.seedLog()
		p.logOpen, p.logBack = true, 0
		return nil, true
	case p.help.ShowAll:
		// The page of every key covers the board: esc or ? closes it,
		// and no other key reaches the board underneath.
		if key.Matches(k, p.keys.Help) || k.Code == tea.KeyEsc {
			p.help.ShowAll = false
		}
		return nil, true
	case key.Matches(k, p.keys.Help) && p.phase != phaseHandover:
		p.help.ShowAll = true
		return nil, true
	}
	return nil, false
}

// onHandoverKey: enter begins the turn once the privacy screen's hold is
// over.
func (p *Play) onHandoverKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case p.now().Before(p.holdTill):
	case key.Matches(k, p.keys.Quit):
		p.confirm = confirmQuit
	case k.Code == tea.KeyEnter:
		if err := p.host.Begin(p.v.Turn); err != nil {
			p.setStatus(sentence(err.Error()), true)
		}
	}
	return nil
}

// onComputerKey: while a computer thinks only quit; once its change is
// shown any other key goes on.
func (p *Play) onComputerKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, p.keys.Quit):
		p.confirm = confirmQuit
	case p.phase == phaseComputerShow:
		p.host.Continue()
	}
	return nil
}

// onGameOverKey: from the final table to the scores, the replay, a
// practice take-back, the next game, or leaving once the match is over.
func (p *Play) onGameOverKey(k tea.KeyPressMsg) tea.Cmd {
	over := p.phase == phaseMatchOver
	switch {
	case p.final && k.Code == tea.KeyEnter:
		p.final = false // from the final table to the scores
	case !p.final && k.String() == "r":
		return p.openReplay()
	case key.Matches(k, p.keys.TakeBack) && p.cfg.Practice && p.humanSeats() == 1:
		// The computers' reply ended the game: the take-back is still
		// there.
		p.viewer = p.local[0]
		return p.takeBack()
	case over && (key.Matches(k, p.keys.Quit) || k.Code == tea.KeyEnter || k.Code == tea.KeyEsc):
		return func() tea.Msg { return QuitMsg{} }
	case over:
	case key.Matches(k, p.keys.Quit):
		p.confirm = confirmQuit
	case k.Code == tea.KeyEnter || k.String() == "space":
		if err := p.host.NextGame(); err != nil {
			p.setStatus(sentence(err.Error()), true)
			return nil
		}
		p.viewer = -1
	}
	return nil
}

// onConfirm answers a yes/no question.
func (p *Play) onConfirm(k tea.KeyPressMsg) tea.Cmd {
	yes := k.String() == "y" || k.String() == "Y"
	if k.String() == "enter" && p.confirm == confirmQuit {
		yes = false
	}
	c := p.confirm
	p.confirm = confirmNone
	if !yes {
		p.setStatus("", false)
		return nil
	}
	switch c {
	case confirmQuit:
		return p.quit()
	case confirmDraw:
		p.resetWork()
		return p.draw()
	case confirmPull:
		p.resetWork()
		p.phase = phasePullSelect
		p.riverSel = len(p.v.River) - 1
	}
	return nil
}

// onTurnKey handles a key during a human turn: the board's keys
// (Board.onBoardKey) and the turn's actions, which go to the host (end
// the turn, draw, hint, take back, pull, quit). Every change is told to
// the host (draft), for a time-out.
func (p *Play) onTurnKey(k tea.KeyPressMsg) tea.Cmd {
	p.setStatus("", false)
	if took, err := p.onNameKey(k); took {
		return p.afterTurnKey(err)
	}
	if cmd, ok := p.turnActionKey(k, p.work()); ok {
		return cmd
	}
	if key.Matches(k, p.keys.Quit) {
		p.confirm = confirmQuit
		return nil
	}
	err, ok := p.onArrangeKey(k)
	if !ok {
		return nil // what a refused turn named stays marked until a key works on it
	}
	return p.afterTurnKey(err)
}

// onBoardKey handles a key that works on the arrangement, the keys of a
// board without a host (the lessons and puzzles): a tile's name or a
// set's number typed, sorting, undo, redo, reset, the cursor, moving
// tiles.
func (p *Board) onBoardKey(k tea.KeyPressMsg) {
	p.setStatus("", false)
	took, err := p.onNameKey(k)
	if !took {
		err, _ = p.onArrangeKey(k)
	}
	p.afterBoardKey(err)
}

// onArrangeKey handles the keys that edit the working arrangement (sort,
// undo, redo, reset) and those that move the cursor and tiles, on either
// shape; ok false for any other key.
func (p *Board) onArrangeKey(k tea.KeyPressMsg) (err error, ok bool) {
	if err, ok := p.turnEditKey(k, p.work()); ok {
		return err, true
	}
	return p.surf.moveKey(p, k)
}

// onNameKey takes a key of a tile's name being typed (r7) or, on the
// sets table, of a set's number to drop what is carried at (1-19); took
// false for any other key.
func (p *Board) onNameKey(k tea.KeyPressMsg) (took bool, err error) { return p.surf.nameKey(p, k) }

// afterBoardKey shows a refused step's reason and forgets what a refused
// turn named (a set, or cells) once the player works on.
func (p *Board) afterBoardKey(err error) {
	if err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	p.surf.forget()
}

// afterTurnKey is afterBoardKey, and tells the host the working
// arrangement.
func (p *Play) afterTurnKey(err error) tea.Cmd {
	p.afterBoardKey(err)
	p.draft()
	return nil
}

// endTurn hands the working arrangement to the host, which has the
// engine judge it. A refused turn leaves the arrangement as it was.
func (p *Play) endTurn() tea.Cmd {
	a := p.work()
	putDown, moveFirst := a.endTurnWords()
	if a.Holding() {
		p.setStatus(putDown, true)
		return nil
	}
	if !a.Changed() {
		p.setStatus(moveFirst, true)
		return nil
	}
	return p.submitPlay(game.PlayAction(p.viewer, a.Layout()), p.markRefused)
}

// markRefused marks what a refused turn's judge named: the set on the
// sets table, the cells on the grid.
func (p *Board) markRefused(te *game.TurnError) { p.surf.markRefused(te) }

// submitPlay hands a play to the host, which has the engine judge it, for
// either board. A refused turn changes nothing of the working arrangement:
// mark records what the judge named, and the status line says why.
func (p *Play) submitPlay(act game.Action, mark func(*game.TurnError)) tea.Cmd {
	if _, err := p.host.Act(p.viewer, act); err != nil {
		var te *game.TurnError
		if errors.As(err, &te) {
			mark(te)
			p.setStatus(sentence(te.Message)+" Nothing was lost: fix it, or x resets the turn.", true)
		} else {
			p.setStatus(sentence(err.Error()), true)
		}
		return nil
	}
	p.keepRackOrder()
	if act.Kind == game.ActPlay {
		p.laid = act.After
	}
	return nil
}

// draw draws (or passes with an empty pool).
func (p *Play) draw() tea.Cmd {
	if p.v.PullPending {
		p.setStatus("You pulled from the River: play the Key Tile, or press p to put the pull back.", true)
		return nil
	}
	kind := game.ActDraw
	if p.v.Pool == 0 {
		kind = game.ActPass
	}
	p.putBack()
	if _, err := p.host.Act(p.viewer, game.Action{Kind: kind}); err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	return nil
}

// putBack puts every tile moved this turn back and remembers the rack's
// order with them (a draw puts them back).
func (p *Board) putBack() {
	if !p.working() {
		return
	}
	if p.workChanged() {
		p.resetWork()
	}
	p.keepRackOrder()
}

// onRiverChoiceKey picks which of the two revealed tiles to keep.
func (p *Play) onRiverChoiceKey(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case key.Matches(k, p.keys.Quit):
		p.confirm = confirmQuit
		return nil
	case key.Matches(k, p.keys.Left):
		p.riverSel = 0
		return nil
	case key.Matches(k, p.keys.Right):
		p.riverSel = 1
		return nil
	case key.Matches(k, p.keys.Choose1):
		p.riverSel = 0
	case key.Matches(k, p.keys.Choose2):
		p.riverSel = 1
	case k.Code == tea.KeyEnter || k.String() == "space":
	default:
		return nil
	}
	if _, err := p.host.Act(p.viewer, game.Action{Kind: game.ActKeep, Index: p.riverSel}); err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	return nil
}

// pullKey starts or puts back a River pull.
func (p *Play) pullKey() tea.Cmd {
	if p.v.Rules.Draw != game.DrawRiver {
		p.setStatus("Pulling from the River is only played with the River rules (--rules river).", true)
		return nil
	}
	if p.v.PullPending {
		p.resetWork()
		if _, err := p.host.Act(p.viewer, game.Action{Kind: game.ActCancelPull}); err != nil {
			p.setStatus(sentence(err.Error()), true)
		}
		return nil
	}
	if len(p.v.River) == 0 {
		p.setStatus("The River is empty.", true)
		return nil
	}
	if p.workChanged() {
		p.confirm = confirmPull
		return nil
	}
	p.phase = phasePullSelect
	p.riverSel = len(p.v.River) - 1
	p.setStatus("Pull from the River: choose the tile with ←/→, enter takes it and every tile after it.", false)
	return nil
}

// onPullKey chooses the River tile to pull.
func (p *Play) onPullKey(k tea.KeyPressMsg) tea.Cmd {
	n := len(p.v.River)
	switch {
	case key.Matches(k, p.keys.Left):
		if p.riverSel > 0 {
			p.riverSel--
		}
	case key.Matches(k, p.keys.Right):
		if p.riverSel < n-1 {
			p.riverSel++
		}
	case k.Code == tea.KeyEsc || key.Matches(k, p.keys.Pull):
		p.phase = phaseTurn
		p.setStatus("", false)
	case k.Code == tea.KeyEnter || k.String() == "space":
		p.phase = phaseTurn
		if _, err := p.host.Act(p.viewer, game.Action{Kind: game.ActPull, Index: p.riverSel}); err != nil {
			p.setStatus(sentence(err.Error()), true)
		}
	}
	return nil
}

// askHint asks the solver for the best play, or lays out the hint shown.
func (p *Play) askHint() tea.Cmd {
	if !p.cfg.Hints || p.hinter == nil {
		p.setStatus("Hints are off in this match (they are on in practice: --practice).", true)
		return nil
	}
	if p.hint != nil {
		p.work().applyHint(p.hint, p.orderedHintRack(p.hint.Rack))
		p.setStatus("The hint is laid out: enter plays it, u undoes it.", false)
		p.hint = nil
		p.draft()
		return nil
	}
	if p.hintBusy {
		return nil
	}
	p.hintBusy = true
	p.setStatus("Looking for the best play…", false)
	v := p.v
	gen := p.gen
	h := p.hinter
	ctx, cancel := p.thinkContext()
	return tea.Batch(func() tea.Msg {
		defer cancel()
		hint, err := h(ctx, v)
		return hintMsg{gen: gen, hint: hint, err: err}
	})
}

// orderedHintRack keeps the rack's current order for a hint's rack.
func (p *Board) orderedHintRack(rack []game.Tile) []game.Tile {
	left := map[game.TileID]bool{}
	for _, t := range rack {
		left[t.ID] = true
	}
	var out []game.Tile
	for _, t := range p.workRack() {
		if left[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

// thinkContext is the time a hint may take: what is left of the turn, at
// most 10 seconds.
func (p *Play) thinkContext() (context.Context, context.CancelFunc) {
	d := 10 * time.Second
	if dl := p.deadline(); !dl.IsZero() {
		left := dl.Sub(p.now()) - 500*time.Millisecond
		if left < d {
			d = left
		}
		if d < 100*time.Millisecond {
			d = 100 * time.Millisecond
		}
	}
	return context.WithTimeout(context.Background(), d)
}

// takeBack takes back the human's whole last turn and the computers'
// replies (practice).
func (p *Play) takeBack() tea.Cmd {
	if !p.cfg.Practice {
		p.setStatus("Taking back a turn is for practice matches (--practice).", true)
		return nil
	}
	if err := p.host.TakeBack(p.viewer); err != nil {
		p.setStatus(sentence(err.Error()), true)
	}
	return nil
}

// turnActionKey handles the shared keys that end or leave the working
// arrangement (end the turn, draw, hint, take back, pull); ok false for
// any other key.
func (p *Play) turnActionKey(k tea.KeyPressMsg, a arrangement) (tea.Cmd, bool) {
	keys := p.keys
	switch {
	case key.Matches(k, keys.EndTurn):
		return p.endTurn(), true
	case key.Matches(k, keys.Draw):
		if a.Changed() {
			p.confirm = confirmDraw
			return nil, true
		}
		return p.draw(), true
	case key.Matches(k, keys.Hint):
		return p.askHint(), true
	case key.Matches(k, keys.TakeBack):
		return p.takeBack(), true
	case key.Matches(k, keys.Pull):
		return p.pullKey(), true
	}
	return nil, false
}

// turnEditKey handles the shared keys that edit the working arrangement
// (sort, undo, redo, reset); ok false for any other key.
func (p *Board) turnEditKey(k tea.KeyPressMsg, a arrangement) (err error, ok bool) {
	keys := p.keys
	switch {
	case key.Matches(k, keys.SortColor):
		a.SortRack(false)
		p.setStatus("Rack sorted by colour (789).", false)
	case key.Matches(k, keys.SortNumber):
		a.SortRack(true)
		p.setStatus("Rack sorted by number (777).", false)
	case key.Matches(k, keys.Undo):
		err = a.Undo()
	case key.Matches(k, keys.Redo):
		err = a.Redo()
	case key.Matches(k, keys.Reset):
		if a.Changed() {
			a.Reset()
			p.setStatus("Turn reset: every tile is back where it was (u undoes this).", false)
		}
	default:
		return nil, false
	}
	return err, true
}

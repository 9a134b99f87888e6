package tui

import (
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/host"
)

// TablePlay is a screen of a match host that many terminals share (a
// table served over SSH): the table starts and closes the host, not the
// screen. Leaving the screen ends only its own subscription; the match
// and its clock go on for the others.
type TablePlay struct {
	*Play
	watcher bool
}

// NewTablePlay is the screen of one seat at a shared table: that seat's
// rack only, the others' turns as they are played.
func NewTablePlay(cfg Config, h *host.Host, seat int, hinter Hinter, st *Styles) *TablePlay {
	p := newPlay(cfg, h, []int{seat}, hinter, st)
	return sharedPlay(p, false)
}

// NewWatchPlay is a spectator's screen: subscribed with no seat, it
// sees what is public (the table, the River, rack sizes) and no rack.
// Its keys are the help page and leaving.
func NewWatchPlay(cfg Config, h *host.Host, st *Styles) *TablePlay {
	p := newPlay(cfg, h, nil, nil, st)
	return sharedPlay(p, true)
}

// sharedPlay joins a host already running: the screen takes the phase
// of the match as it stands (the subscription's first event).
func sharedPlay(p *Play, watcher bool) *TablePlay {
	p.shared = true
	// A server would run the solver over the whole game once per
	// session at every game's end: shared tables leave the analysis to
	// rummikub analyze and replay on the kept match.
	p.anaDeadline = -1
	p.syncPhase(host.Event{Kind: host.EvTurnStarted, Seat: p.v.Turn, State: p.hs})
	p.layoutNow()
	return &TablePlay{Play: p, watcher: watcher}
}

// Init starts the screen's clock display and its wait for the host's
// events; the host is already running.
func (t *TablePlay) Init() tea.Cmd {
	return tea.Batch(tick(), t.waitEvent())
}

// Update handles a message; a spectator's keys do not reach the board.
func (t *TablePlay) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok && t.watcher {
		switch {
		case k.String() == "ctrl+c":
			return t, tea.Quit
		case k.String() == "q" || k.Code == tea.KeyEsc:
			return t, t.quit()
		case k.String() == "?":
			t.help.ShowAll = !t.help.ShowAll
		case k.Code == tea.KeyEnter && t.final:
			t.final = false // from the final table to the scores
		}
		return t, nil
	}
	_, cmd := t.Play.Update(msg)
	return t, cmd
}

// Leave ends the screen's subscription (the session is gone).
func (t *TablePlay) Leave() { t.sub.Close() }

// Watching reports whether the screen is a spectator's.
func (t *TablePlay) Watching() bool { return t.watcher }

// Seats are the seats whose private view the screen receives: its own,
// or none for a spectator.
func (t *TablePlay) Seats() []int { return t.sub.Seats() }

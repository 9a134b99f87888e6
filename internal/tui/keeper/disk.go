package keeper

import (
	"fmt"
	"sync"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/scorebook"
)

// The keeper's file work (listing, loading, saving and deleting sessions)
// runs in tea.Cmds, never inside Update: Update changes the session in
// memory and asks for a command; the command's message tells Update what
// came of it. A save that fails is shown as an error and the change stays
// in memory (it can be saved again by the next change, or undone), so
// nothing typed is lost; a save that succeeds is atomic
// (scorebook.Store.Save).

// disk orders the keeper's writes. Bubble Tea runs commands in goroutines
// of their own, so two saves asked for quickly could reach the disk in
// either order: each save carries a number, and a save older than one
// already written is skipped. Copies of a Model share one disk.
type disk struct {
	mu      sync.Mutex
	seq     uint64 // the last save asked for (under mu)
	written uint64 // the newest save on disk (under mu)
	// flight counts the writes asked for and not yet done, so leaving
	// waits for them (a program that quits does not wait for its
	// commands).
	flight sync.WaitGroup
	// pending counts the commands made whose message Update has not yet
	// taken: the screen says "Saving…" meanwhile, and tests wait for it
	// to reach zero.
	pending atomic.Int64
}

// Messages of the keeper's file commands.
type (
	storeMsg struct {
		store scorebook.Store
		err   error
	}
	listMsg struct {
		entries []scorebook.Entry
		err     error
	}
	loadMsg struct {
		name    string
		session *scorebook.Session // nil: no session of that name
		err     error
	}
	savedMsg struct {
		seq  uint64
		err  error
		done string // said once the session is on disk
	}
	deletedMsg struct {
		name string
		err  error
	}
)

// fileMsg is any of the messages above: Update counts them back.
func fileMsg(msg tea.Msg) bool {
	switch msg.(type) {
	case storeMsg, listMsg, loadMsg, savedMsg, deletedMsg:
		return true
	}
	return false
}

// Pending reports whether file work asked for is not yet taken in.
func (m Model) Pending() bool { return m.disk.pending.Load() > 0 }

// do queues file work to run as a command after this Update.
func (m *Model) do(f func() tea.Msg) {
	m.disk.pending.Add(1)
	m.out = append(m.out, f)
}

// loadStore finds the data directory's scores folder (creating it).
func (m *Model) loadStore() {
	m.do(func() tea.Msg {
		st, err := scorebook.DefaultStore()
		return storeMsg{st, err}
	})
}

// refreshPicker asks for the list of saved sessions again.
func (m *Model) refreshPicker() {
	st := m.store
	if st.Dir == "" {
		return // the store's message lists them
	}
	m.do(func() tea.Msg {
		entries, err := st.List()
		return listMsg{entries, err}
	})
}

// openOrCreate opens a named session, or sets up a new one of that name.
func (m *Model) openOrCreate(name string) {
	if err := scorebook.CheckSessionName(name); err != nil {
		m.fail(err)
		return
	}
	st := m.store
	m.do(func() tea.Msg {
		if !st.Exists(name) {
			return loadMsg{name: name}
		}
		s, err := st.Load(name)
		return loadMsg{name: name, session: s, err: err}
	})
}

// save writes the open session in a command, and says done once it is on
// disk; a failure is shown, and the change stays in memory (and can be
// undone) so nothing typed is lost. fresh says the session is new: it
// must not overwrite a session of the same name saved meanwhile.
func (m *Model) save(done string, fresh bool) {
	d, st, name := m.disk, m.store, m.name
	s := cloneSession(&m.book.Session)
	m.say("Saving…")
	d.mu.Lock()
	d.seq++
	seq := d.seq
	d.mu.Unlock()
	d.flight.Add(1)
	m.do(func() tea.Msg {
		defer d.flight.Done()
		d.mu.Lock()
		defer d.mu.Unlock()
		if seq < d.written {
			return savedMsg{seq: seq} // a newer save is on disk already
		}
		if fresh && st.Exists(name) {
			return savedMsg{seq: seq, err: fmt.Errorf("a session called %s exists already; this one is kept on screen but not saved: press b and choose another name", name)}
		}
		if err := st.Save(name, s); err != nil {
			return savedMsg{seq: seq, err: err}
		}
		d.written = seq
		return savedMsg{seq: seq, done: done}
	})
}

// remove deletes a named session in a command.
func (m *Model) remove(name string) {
	st := m.store
	m.do(func() tea.Msg { return deletedMsg{name, st.Delete(name)} })
}

// onFile takes in what a file command did.
func (m *Model) onFile(msg tea.Msg) tea.Cmd {
	m.disk.pending.Add(-1)
	switch msg := msg.(type) {
	case storeMsg:
		if msg.err != nil {
			m.fail(msg.err)
			return nil
		}
		m.store = msg.store
		m.refreshPicker()
		if m.opts.Session != "" {
			m.openOrCreate(m.opts.Session)
		}
	case listMsg:
		if msg.err != nil {
			m.fail(msg.err)
		}
		m.setEntries(msg.entries)
	case loadMsg:
		switch {
		case msg.err != nil:
			m.fail(msg.err)
		case msg.session == nil:
			m.startSetup(nil, msg.name)
		default:
			m.open(msg.name, msg.session)
			m.say("Resumed session " + msg.name + ".")
		}
		return m.focusCmd()
	case savedMsg:
		if msg.err != nil {
			m.fail(msg.err)
		} else if msg.done != "" {
			m.say(msg.done)
		}
		m.resize()
	case deletedMsg:
		if msg.err != nil {
			m.fail(msg.err)
		} else {
			m.say("Deleted session " + msg.name + ".")
		}
		m.refreshPicker()
	}
	return nil
}

// flush waits for the writes asked for, then runs next: leaving the
// keeper (or the program) loses nothing.
func (m Model) flush(next tea.Cmd) tea.Cmd {
	d := m.disk
	return func() tea.Msg {
		d.flight.Wait()
		return next()
	}
}

// cloneSession copies a session so a command can write it while Update
// changes the original.
func cloneSession(s *scorebook.Session) *scorebook.Session {
	c := &scorebook.Session{Players: append([]string(nil), s.Players...), Options: s.Options}
	for _, g := range s.Games {
		racks := make([]scorebook.Rack, len(g.Racks))
		for i, r := range g.Racks {
			r.Tiles = append(r.Tiles[:0:0], r.Tiles...)
			racks[i] = r
		}
		g.Racks = racks
		c.Games = append(c.Games, g)
	}
	return c
}

package serve

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/bubbletea"

	"rummikub/internal/analysis"
	"rummikub/internal/solver"
	"rummikub/internal/tui/replay"
)

// replayCommand is `ssh -t HOST replay CODE`: the replay screen of
// `rummikub replay` (every turn, every rack, the best play of every
// position) for a finished match kept on the server. A match still being
// played is never shown: its racks are secret.
func (s *Server) replayCommand(sess ssh.Session, args []string) {
	refuse := func(code int, msg string) {
		wish.Println(sess, msg)
		_ = sess.Exit(code)
	}
	if len(args) != 1 {
		refuse(2, "replay takes one table code, as in `ssh -t HOST replay abc234`.")
		return
	}
	code, err := ParseCode(args[0])
	if err != nil {
		refuse(2, sentence(err.Error()))
		return
	}
	pty, winch, ok := sess.Pty()
	if !ok {
		refuse(2, "The replay is drawn in a terminal: connect with `ssh -t HOST replay "+code+"`.")
		return
	}
	sv, err := s.store.Load(code)
	if err != nil {
		refuse(1, fmt.Sprintf("There is no match %s kept on this server.", code))
		return
	}
	if !sv.Finished() {
		refuse(1, fmt.Sprintf("The match %s is still being played; its replay opens once it is over (watch it from the lobby meanwhile).", code))
		return
	}
	st, err := s.sessionStyles(sess, pty.Term)
	if err != nil {
		refuse(1, sentence(err.Error()))
		return
	}
	rec := &analysis.Record{Name: code, Path: s.store.Path(code), Seats: sv.Settings.Seats, Match: sv.Match}
	m := replay.New(replay.Options{Record: rec, Styles: st, Objective: solver.MostTiles})
	w, h := clampWindow(pty.Window.Width, pty.Window.Height)
	z := &sizes{}
	p := tea.NewProgram(m, append(bubbletea.MakeOptions(sess),
		tea.WithWindowSize(w, h), tea.WithoutSignalHandler(), tea.WithFilter(z.filter))...)
	z.p = p
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-sess.Context().Done():
				p.Quit()
				return
			case w, ok := <-winch:
				if !ok {
					winch = nil
					continue
				}
				p.Send(tea.WindowSizeMsg{Width: w.Width, Height: w.Height}) // clamped by the filter
			}
		}
	}()
	if _, err := p.Run(); err != nil {
		s.log.Warn("a replay stopped", "code", code, "err", err)
	}
	close(done)
	p.Kill()
	_ = sess.Exit(0)
}

// replayArgs reports whether a command is a replay, and its arguments.
func replayArgs(cmd []string) ([]string, bool) {
	if len(cmd) > 0 && strings.EqualFold(cmd[0], "replay") {
		return cmd[1:], true
	}
	return nil, false
}

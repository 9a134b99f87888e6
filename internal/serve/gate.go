package serve

import (
	"fmt"
	"sort"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/ssh"
	"github.com/charmbracelet/wish"
	"github.com/muesli/termenv"
	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/tui/style"
	"rummikub/themes"
)

// Sentences for a session that cannot play.
const (
	noKeySentence = "rummikub serve knows its players by their SSH key, and your client offered none: " +
		"make one with `ssh-keygen -t ed25519` and connect again."
	noKeyListed = "rummikub serve lets in only the SSH keys on its list, and your client offered none of them: " +
		"send your public key (~/.ssh/id_ed25519.pub) to the server's host."
	noTermSentence = "rummikub serve plays in a terminal: connect with `ssh -t` (or without a command)."
	closingWords   = "The server is closing: every table is saved; connect again when it is back to carry on."
)

type sessionKey struct{}

// gate turns away what is not a game session (no key, no terminal, a
// command that is not a table's code, too many sessions) with one
// sentence, and tidies up after a session that played.
func (s *Server) gate(next ssh.Handler) ssh.Handler {
	return func(sess ssh.Session) {
		refuse := func(code int, msg string) {
			wish.Println(sess, msg)
			_ = sess.Exit(code)
		}
		if sess.PublicKey() == nil {
			if s.allowed != nil {
				refuse(1, noKeyListed)
			} else {
				refuse(1, noKeySentence)
			}
			return
		}
		key := gossh.FingerprintSHA256(sess.PublicKey())
		if cmd := sess.Command(); len(cmd) > 0 && isServerCommand(cmd[0]) {
			if s.command(sess, key, cmd) {
				return
			}
		}
		if _, _, ok := sess.Pty(); !ok {
			refuse(1, noTermSentence)
			return
		}
		code := ""
		if cmd := sess.Command(); len(cmd) > 0 {
			c, err := ParseCode(strings.Join(cmd, " "))
			if err != nil {
				refuse(2, sentence(err.Error()))
				return
			}
			code = c
		}
		ss, msg := s.admit(key)
		if ss == nil {
			refuse(1, msg)
			return
		}
		ss.code = code
		sess.Context().SetValue(sessionKey{}, ss)
		defer s.release(ss)
		next(sess)
		if s.isClosing() {
			wish.Println(sess, "\r\n"+closingWords)
		}
	}
}

// admit counts a new session of key within the limits.
func (s *Server) admit(key string) (*session, string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.closing {
		return nil, closingWords
	}
	if len(s.sessions) >= s.opt.MaxSessions {
		return nil, "The server is full; try again in a little while."
	}
	if s.perKey[key] >= s.opt.MaxPerKey {
		return nil, fmt.Sprintf("Your key has %d sessions open here already; close one first.", s.perKey[key])
	}
	ss := &session{srv: s, key: key, seat: -1, name: s.players.names[key]}
	s.sessions[ss] = true
	s.perKey[key]++
	s.live.Add(1)
	return ss, ""
}

func (s *Server) release(ss *session) {
	ss.leaveTable()
	s.mu.Lock()
	delete(s.sessions, ss)
	if s.perKey[ss.key]--; s.perKey[ss.key] <= 0 {
		delete(s.perKey, ss.key)
	}
	s.mu.Unlock()
	s.live.Done()
}

func (s *Server) isClosing() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closing
}

// programMiddleware runs the session's Bubble Tea program, drawn with a
// renderer of the session's own: its terminal type, colour profile and
// NO_COLOR, never the server's.
func (s *Server) programMiddleware() wish.Middleware {
	return func(next ssh.Handler) ssh.Handler {
		return func(sess ssh.Session) {
			ss, _ := sess.Context().Value(sessionKey{}).(*session)
			pty, winch, ok := sess.Pty()
			if ss == nil || !ok {
				next(sess)
				return
			}
			st, err := sessionStyles(sess, pty.Term)
			if err != nil {
				wish.Println(sess, sentence(err.Error()))
				return
			}
			w, h := clampWindow(pty.Window.Width, pty.Window.Height)
			ss.init(st, w, h, sess.LocalAddr().String())
			p := tea.NewProgram(ss, tea.WithInput(sess), tea.WithOutput(sess), tea.WithAltScreen(),
				tea.WithMouseCellMotion(), tea.WithoutSignalHandler())
			s.mu.Lock()
			ss.prog = p
			s.mu.Unlock()
			done := make(chan struct{})
			go resizes(p, winch, done, sess.Context().Done())
			if _, err := p.Run(); err != nil {
				s.log.Warn("a session's program stopped", "key", ss.key, "err", err)
			}
			close(done)
			p.Kill()
			next(sess)
		}
	}
}

// resizes hands a session's window changes to its program, clamped, at
// most one per resizeGap (the last size sent in a gap is the one drawn),
// until done; the session's end quits the program.
func resizes(p *tea.Program, winch <-chan ssh.Window, done, ended <-chan struct{}) {
	var last time.Time
	var wait <-chan time.Time // a size waits for the gap's end
	var size tea.WindowSizeMsg
	for {
		select {
		case <-done:
			return
		case <-ended:
			p.Quit()
			return
		case w, ok := <-winch:
			if !ok {
				winch = nil
				continue
			}
			size.Width, size.Height = clampWindow(w.Width, w.Height)
			if wait != nil {
				continue
			}
			if gap := resizeGap - time.Since(last); gap > 0 {
				wait = time.After(gap)
				continue
			}
		case <-wait:
		}
		wait = nil
		last = time.Now()
		p.Send(size)
	}
}

// sessionStyles are the game's styles on a renderer of the session's
// own terminal.
func sessionStyles(sess ssh.Session, term string) (*style.Styles, error) {
	env := append(append([]string(nil), sess.Environ()...), "TERM="+term)
	r := lipgloss.NewRenderer(sess, termenv.WithEnvironment(sshEnv(env)), termenv.WithUnsafe(), termenv.WithColorCache(true))
	theme := ""
	if sshEnv(env).Getenv("NO_COLOR") != "" || term == "" || term == "dumb" {
		// As in the local game: NO_COLOR (set, not empty) is the mono theme.
		r.SetColorProfile(termenv.Ascii)
		theme = "mono"
	}
	r.SetHasDarkBackground(true)
	th, err := themes.Load(theme)
	if err != nil {
		return nil, err
	}
	return style.New(r, th), nil
}

// sshEnv is a session's environment for termenv.
type sshEnv []string

func (e sshEnv) Environ() []string { return e }

func (e sshEnv) Getenv(k string) string {
	for i := len(e) - 1; i >= 0; i-- {
		if v, ok := strings.CutPrefix(e[i], k+"="); ok {
			return v
		}
	}
	return ""
}

// sentence capitalises a message and ends it with a full stop.
func sentence(s string) string {
	if s == "" {
		return s
	}
	s = strings.ToUpper(s[:1]) + s[1:]
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}

// sortTables orders the lobby: waiting tables first, then by age.
func sortTables(ts []*Table) {
	sort.SliceStable(ts, func(i, j int) bool {
		if !ts[i].Created.Equal(ts[j].Created) {
			return ts[i].Created.After(ts[j].Created)
		}
		return ts[i].Code < ts[j].Code
	})
}

package serve

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/ssh"
	"charm.land/wish/v2"
	"charm.land/wish/v2/bubbletea"
	"github.com/charmbracelet/colorprofile"
	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/tui/style"
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

// programHandler makes the session's Bubble Tea program, which Wish's
// Bubble Tea middleware runs: the session's input and output, its
// environment (TERM, COLORTERM, NO_COLOR: Bubble Tea draws in the colours
// of the client's terminal, never the server's), its window size clamped
// and resizes spaced (sizes). nil: not a game session (the gate said why).
func (s *Server) programHandler(sess ssh.Session) *tea.Program {
	ss, _ := sess.Context().Value(sessionKey{}).(*session)
	pty, _, ok := sess.Pty()
	if ss == nil || !ok {
		return nil
	}
	st, err := s.sessionStyles(sess, pty.Term)
	if err != nil {
		wish.Println(sess, sentence(err.Error()))
		return nil
	}
	w, h := clampWindow(pty.Window.Width, pty.Window.Height)
	ss.init(st, w, h, sess.LocalAddr().String())
	ss.ended = sess.Context().Done()
	z := &sizes{start: tea.WindowSizeMsg{Width: w, Height: h}, echoes: startEchoes}
	p := tea.NewProgram(ss, append(bubbletea.MakeOptions(sess),
		tea.WithWindowSize(w, h), tea.WithoutSignalHandler(), tea.WithFilter(z.filter))...)
	z.p = p
	s.mu.Lock()
	ss.prog = p
	s.mu.Unlock()
	return p
}

// sizes bounds the window sizes a session's program receives: each is
// clamped, and at most one per resizeGap is drawn; a size that comes
// sooner waits for the gap's end (the last one waiting is the one drawn,
// unless a newer size got through first). The session starts at its
// PTY request's size (start); a copy of it that Bubble Tea or Wish sends
// as the program starts (echoes) is dropped once the client has sent
// another size (moved).
type sizes struct {
	p      *tea.Program
	mu     sync.Mutex
	last   time.Time
	held   *tea.WindowSizeMsg
	timer  *time.Timer
	start  tea.WindowSizeMsg
	echoes int
	moved  bool
}

// startEchoes is how many copies of the starting size reach the filter:
// Bubble Tea sends the size it was given (tea.WithWindowSize) from a
// goroutine of its own, and Wish sends the PTY request's size. The first
// to arrive must go through (Bubble Tea's renderer draws nothing before a
// size has). But Bubble Tea's copy comes whenever that goroutine runs: on
// a busy server it came after the client's first window change and put
// the session back at its starting size (TestHostileWindowSizesOverSSH,
// "0x0 by window change", once under make test).
const startEchoes = 2

// heldSize lets the size held through at the end of its gap.
type heldSize struct{}

// filter is the program's message filter (tea.WithFilter).
func (z *sizes) filter(_ tea.Model, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.SuspendMsg:
		return tea.ResumeMsg{} // a remote client cannot suspend the server (as Wish's own filter)
	case heldSize:
		z.mu.Lock()
		defer z.mu.Unlock()
		if z.held == nil {
			return nil
		}
		size := *z.held
		z.held = nil
		z.last = time.Now()
		return size
	case tea.WindowSizeMsg:
		m.Width, m.Height = clampWindow(m.Width, m.Height)
		z.mu.Lock()
		defer z.mu.Unlock()
		if z.echoes > 0 && m == z.start {
			z.echoes--
			if z.moved {
				return nil // late: the client's newer size stands
			}
		} else {
			z.moved = true
		}
		if gap := resizeGap - time.Since(z.last); gap > 0 {
			z.held = &m
			if z.timer == nil {
				z.timer = time.AfterFunc(gap, z.release)
			}
			return nil
		}
		z.held = nil // older than this one
		z.last = time.Now()
		return m
	}
	return msg
}

func (z *sizes) release() {
	z.mu.Lock()
	z.timer = nil
	z.mu.Unlock()
	z.p.Send(heldSize{})
}

// sessionStyles are the game's styles for the session's own terminal:
// the colour profile its environment tells (NO_COLOR, or a terminal
// without colour: the mono theme, as in the local game), on a dark
// background until the terminal says otherwise; from the styles the
// sessions share.
func (s *Server) sessionStyles(sess ssh.Session, term string) (*style.Styles, error) {
	env := append(append([]string(nil), sess.Environ()...), "TERM="+term)
	profile := colorprofile.Env(env)
	mono := sshEnv(env).Getenv("NO_COLOR") != "" || term == "" || term == "dumb"
	if mono {
		profile = min(profile, colorprofile.Ascii)
	}
	return s.styles.get(profile, mono, true)
}

// sshEnv is a session's environment.
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

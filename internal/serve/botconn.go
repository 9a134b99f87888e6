package serve

import (
	"errors"
	"sort"
	"strings"
	"sync"
	"time"

	"charm.land/ssh"

	"rummikub/internal/bot"
)

// sshBotPrefix marks a seat played by a bot over SSH: "ssh:" and the
// bot's key fingerprint, in the seat's Level.
const sshBotPrefix = "ssh:"

// botPool holds the connections of bots over SSH (`ssh -T HOST bot`)
// that sit at no table: a bot is its key, and a key may have several
// connections open (each can sit at one table). A seat takes one when
// its bot starts (bot.Seat's Dialer) and hands it back at the match's
// end.
type botPool struct {
	mu    sync.Mutex
	idle  map[string][]*bot.Link
	names map[string]string // the name each key's bot gave in its last ready
	wake  chan struct{}     // closed and replaced when a connection comes back or arrives
	bump  func()            // tells the lobby
	shut  bool              // the server is closing: connections are hung up
}

// closeAll hangs up every free connection, and every one handed back
// from now on: the server is closing.
func (p *botPool) closeAll() {
	p.mu.Lock()
	p.shut = true
	var all []*bot.Link
	for _, ls := range p.idle {
		all = append(all, ls...)
	}
	p.idle = map[string][]*bot.Link{}
	p.changedLocked()
	p.mu.Unlock()
	for _, l := range all {
		l.Hangup()
	}
}

func newBotPool(bump func()) *botPool {
	return &botPool{idle: map[string][]*bot.Link{}, names: map[string]string{}, wake: make(chan struct{}), bump: bump}
}

func (p *botPool) changedLocked() {
	close(p.wake)
	p.wake = make(chan struct{})
}

// put makes l available as key's bot.
func (p *botPool) put(key string, l *bot.Link) {
	select {
	case <-l.Gone():
		return
	default:
	}
	p.mu.Lock()
	if p.shut {
		p.mu.Unlock()
		l.Hangup()
		return
	}
	if n := l.Name(); n != "" {
		p.names[key] = n
	}
	p.idle[key] = append(p.idle[key], l)
	p.changedLocked()
	p.mu.Unlock()
	p.bump()
}

// drop forgets l (its connection ended).
func (p *botPool) drop(key string, l *bot.Link) {
	p.mu.Lock()
	ls := p.idle[key]
	for i, x := range ls {
		if x == l {
			ls = append(ls[:i:i], ls[i+1:]...)
			break
		}
	}
	if len(ls) == 0 {
		delete(p.idle, key)
	} else {
		p.idle[key] = ls
	}
	p.mu.Unlock()
	p.bump()
}

// take gives one of key's connections, waiting at most wait for one.
func (p *botPool) take(key string, wait time.Duration) (*bot.Link, error) {
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		p.mu.Lock()
		for len(p.idle[key]) > 0 {
			l := p.idle[key][0]
			p.idle[key] = p.idle[key][1:]
			select {
			case <-l.Gone():
				continue
			default:
			}
			if len(p.idle[key]) == 0 {
				delete(p.idle, key)
			}
			p.mu.Unlock()
			p.bump()
			return l, nil
		}
		delete(p.idle, key)
		wake := p.wake
		p.mu.Unlock()
		select {
		case <-wake:
		case <-timer.C:
			return nil, errors.New("the bot has no connection open to this server")
		}
	}
}

// availableBot is a bot over SSH with a connection free.
type availableBot struct {
	Key, Name string
	Free      int
}

// available lists the bots with a free connection, by name.
func (p *botPool) available() []availableBot {
	p.mu.Lock()
	defer p.mu.Unlock()
	var out []availableBot
	for k, ls := range p.idle {
		out = append(out, availableBot{Key: k, Name: p.nameLocked(k), Free: len(ls)})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Name != out[b].Name {
			return out[a].Name < out[b].Name
		}
		return out[a].Key < out[b].Key
	})
	return out
}

func (p *botPool) name(key string) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.nameLocked(key)
}

func (p *botPool) nameLocked(key string) string {
	if n := p.names[key]; n != "" {
		return n
	}
	return "bot " + shortKey(key)
}

func (p *botPool) learnName(key, name string) {
	if name == "" {
		return
	}
	p.mu.Lock()
	p.names[key] = name
	p.mu.Unlock()
}

// shortKey is the start of a key fingerprint, for a name.
func shortKey(key string) string {
	k := strings.TrimPrefix(key, "SHA256:")
	if len(k) > 8 {
		k = k[:8]
	}
	return k
}

// serveBot is a bot's session (`ssh -T HOST bot`): no terminal, the
// protocol's lines on the channel. The connection waits in the pool
// until a table seats it, plays there as a bot.Seat (the same rules as a
// bot process: deadlines, refusals, restarts, retirement; a dropped
// connection is a crash), comes back after the match, and ends when the
// bot closes it or the server closes.
func (s *Server) serveBot(sess ssh.Session, key string) {
	ctx := sess.Context()
	gone := make(chan struct{}) // the session ended, or the server hung up
	var once sync.Once
	end := func() { once.Do(func() { close(gone) }) }
	go func() {
		select {
		case <-ctx.Done():
			end()
		case <-gone:
		}
	}()
	l := bot.NewLink(sess, sess, gone, func() { _ = sess.Close(); end() }, func(back *bot.Link) { s.bots.put(key, back) })
	l.OnReady(func(name string) { s.bots.learnName(key, name) })
	s.bots.put(key, l)
	s.log.Info("bot connected", "key", key)
	<-gone
	s.bots.drop(key, l)
	l.Hangup()
	s.log.Info("bot disconnected", "key", key)
}

// linkSeat is the computer seat of a bot over SSH: its key's connections,
// with first the one reserved for it (nil: none).
func (s *Server) linkSeat(key, name string, seed uint64, reserved *bot.Link) *bot.Seat {
	var mu sync.Mutex
	return bot.NewLinkSeat(name, func(wait time.Duration) (*bot.Link, error) {
		mu.Lock()
		l := reserved
		reserved = nil
		mu.Unlock()
		if l != nil {
			select {
			case <-l.Gone():
			default:
				return l, nil
			}
		}
		return s.bots.take(key, wait)
	}, bot.Options{Seed: seed, Log: s.opt.BotLog, Startup: s.opt.BotStartup})
}

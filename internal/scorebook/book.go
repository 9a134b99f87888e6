package scorebook

import "fmt"

// Book is a session being changed, with undo: every change is checked on
// a copy first, so a refused change leaves the session exactly as it was,
// and an accepted one can be taken back.
type Book struct {
	Session Session
	undo    []step
}

type step struct {
	before Session
	what   string
}

// MaxUndo is how many changes can be undone.
const MaxUndo = 200

// NewBook starts a book on a session (which must pass Check).
func NewBook(s Session) *Book { return &Book{Session: s} }

// Change applies fn to a copy of the session; if the result passes Check
// it becomes the session and the old one is kept for Undo. what names the
// change for the undo message ("game 3 added").
func (b *Book) Change(what string, fn func(s *Session) error) error {
	next := b.Session.Clone()
	if err := fn(&next); err != nil {
		return err
	}
	if err := next.Check(); err != nil {
		return err
	}
	b.undo = append(b.undo, step{before: b.Session, what: what})
	if len(b.undo) > MaxUndo {
		b.undo = b.undo[len(b.undo)-MaxUndo:]
	}
	b.Session = next
	return nil
}

// AddGame records the next game.
func (b *Book) AddGame(g Game) error {
	i := len(b.Session.Games)
	return b.Change(fmt.Sprintf("game %d added", i+1), func(s *Session) error {
		if err := s.CheckGame(i, g); err != nil {
			return err
		}
		if res, err := s.Score(); err == nil && res.Finished {
			return fmt.Errorf("the match is over: raise the target or the number of games in the options to play on")
		}
		s.Games = append(s.Games, g.Clone())
		return nil
	})
}

// ReplaceGame changes game i (0-based); everything after it recomputes.
func (b *Book) ReplaceGame(i int, g Game) error {
	return b.Change(fmt.Sprintf("game %d changed", i+1), func(s *Session) error {
		if i < 0 || i >= len(s.Games) {
			return fmt.Errorf("there is no game %d", i+1)
		}
		if err := s.CheckGame(i, g); err != nil {
			return err
		}
		s.Games[i] = g.Clone()
		return nil
	})
}

// DeleteGame removes game i (0-based); the games after it move up.
func (b *Book) DeleteGame(i int) error {
	return b.Change(fmt.Sprintf("game %d deleted", i+1), func(s *Session) error {
		if i < 0 || i >= len(s.Games) {
			return fmt.Errorf("there is no game %d", i+1)
		}
		s.Games = append(s.Games[:i], s.Games[i+1:]...)
		return nil
	})
}

// SetSetup changes the players and options. Players may be renamed at any
// time, but added or removed only before the first game.
func (b *Book) SetSetup(players []string, o Options) error {
	return b.Change("players and options changed", func(s *Session) error {
		if err := CheckPlayers(players); err != nil {
			return err
		}
		if len(players) != len(s.Players) && len(s.Games) > 0 {
			return fmt.Errorf("players can be renamed but not added or removed once games are scored (there are %d players)", len(s.Players))
		}
		if err := o.Check(); err != nil {
			return err
		}
		s.Players = append([]string(nil), players...)
		s.Options = o
		return nil
	})
}

// CanUndo reports whether there is a change to undo.
func (b *Book) CanUndo() bool { return len(b.undo) > 0 }

// Undo takes back the last change and says which it was; ok is false when
// there is nothing to undo.
func (b *Book) Undo() (what string, ok bool) {
	if len(b.undo) == 0 {
		return "", false
	}
	last := b.undo[len(b.undo)-1]
	b.undo = b.undo[:len(b.undo)-1]
	b.Session = last.before
	return last.what, true
}

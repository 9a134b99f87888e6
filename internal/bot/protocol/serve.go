package protocol

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"time"

	"rummikub/internal/game"
)

// Player is what a served bot plays with: given what its seat may know,
// the action to take within ctx's deadline. internal/ai's players are
// Players; so is any function made a PlayerFunc.
type Player interface {
	Move(ctx context.Context, v game.SeatView) (game.Action, error)
}

// PlayerFunc makes a function a Player.
type PlayerFunc func(ctx context.Context, v game.SeatView) (game.Action, error)

// Move calls f.
func (f PlayerFunc) Move(ctx context.Context, v game.SeatView) (game.Action, error) { return f(ctx, v) }

// NewPlayer makes the player a served bot plays with, from the hello's
// seed.
type NewPlayer func(seed uint64) (Player, error)

// Serve is the bot side of the protocol: it reads the referee's messages
// from in and answers on out with the player newPlayer makes at each
// hello, until in ends (nil) or ctx is done. Lines it cannot use are
// reported on diag (the bot's stderr) and skipped; an action the player
// cannot work out is answered with a draw (or a pass). Its ready asks
// for the tiles' ids, so the player sees the copies the referee sees and
// plays as it would seated directly.
func Serve(ctx context.Context, in io.Reader, out io.Writer, diag io.Writer, name string, newPlayer NewPlayer) error {
	s := server{out: out, diag: diag, name: name, newPlayer: newPlayer}
	lines := ReadLines(in, MaxLine, ctx.Done())
	for {
		select {
		case <-ctx.Done():
			return ctx.Err()
		case l, open := <-lines:
			if !open {
				return nil
			}
			if l.Err != nil {
				s.warn("%v", l.Err)
				continue
			}
			if err := s.handle(ctx, l.Text); err != nil {
				return err
			}
		}
	}
}

// server is Serve's state between messages.
type server struct {
	out, diag io.Writer
	name      string
	newPlayer NewPlayer

	hello  *Hello
	rules  game.Rules
	player Player
	log    []game.Event
}

func (s *server) warn(format string, args ...any) {
	if s.diag != nil {
		fmt.Fprintf(s.diag, "rummikub bot: "+format+"\n", args...)
	}
}

// write sends one message; an error here (the referee went away) ends
// Serve.
func (s *server) write(msg any) error {
	b, err := json.Marshal(msg)
	if err != nil {
		return err
	}
	_, err = s.out.Write(append(b, '\n'))
	return err
}

// handle answers one line of the referee's.
func (s *server) handle(ctx context.Context, text []byte) error {
	var head struct {
		Type string `json:"type"`
	}
	if len(text) == 0 {
		return nil
	}
	if err := json.Unmarshal(text, &head); err != nil {
		s.warn("a line that is not a JSON message was skipped: %v", err)
		return nil
	}
	switch head.Type {
	case TypeHello:
		var h Hello
		if err := json.Unmarshal(text, &h); err != nil {
			s.warn("a hello that cannot be read was skipped: %v", err)
			return nil
		}
		r, err := RulesOf(&h)
		if err != nil {
			s.warn("the hello's rules cannot be played: %v", err)
			return nil
		}
		p, err := s.newPlayer(h.Seed)
		if err != nil {
			return err
		}
		s.hello, s.rules, s.player, s.log = &h, r, p, nil
		return s.write(Ready{Type: TypeReady, Name: s.name, IDs: true})
	case TypeTurn:
		var t Turn
		if err := json.Unmarshal(text, &t); err != nil {
			s.warn("a turn that cannot be read was skipped: %v", err)
			return nil
		}
		return s.write(s.answer(ctx, &t))
	case TypeRefused:
		var r Refused
		_ = json.Unmarshal(text, &r)
		s.warn("turn %d was refused (%s): %s", r.ID, r.Fault, r.Reason)
	case TypeGameOver, TypeMatchOver:
	default:
		s.warn("a message of unknown type %q was skipped", Clip(head.Type))
	}
	return nil
}

// answer works out the answer to a turn.
func (s *server) answer(ctx context.Context, t *Turn) Answer {
	plain := Answer{Type: TypeDraw, ID: t.ID}
	if t.Pool == 0 {
		plain.Type = TypePass
	}
	if s.player == nil {
		s.warn("a turn came before any hello; drawing")
		return plain
	}
	events, err := LogOf(t.Log)
	if err != nil {
		s.warn("turn %d: the log cannot be read: %v", t.ID, err)
	}
	if t.LogStart <= len(s.log) {
		s.log = append(s.log[:max(t.LogStart, 0)], events...)
	} else {
		s.warn("turn %d: the log skips entries %d to %d", t.ID, len(s.log), t.LogStart-1)
		s.log = append(s.log, events...)
	}
	v, err := ViewOf(s.rules, s.hello.Names, t, s.log[:len(s.log):len(s.log)])
	if err != nil {
		s.warn("turn %d: %v; drawing", t.ID, err)
		return plain
	}
	mctx, cancel := context.WithTimeout(ctx, time.Duration(t.TimeMS)*time.Millisecond)
	defer cancel()
	act, err := s.player.Move(mctx, v)
	if err != nil {
		s.warn("turn %d: %v; drawing", t.ID, err)
		return plain
	}
	return AnswerOf(act, t.ID, hasIDs(t.Rack))
}

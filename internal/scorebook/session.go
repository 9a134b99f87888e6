package scorebook

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"rummikub/internal/game"
)

// Player counts a session accepts.
const (
	MinPlayers = 2
	MaxPlayers = 6
	// MaxNameLen is the longest player name, in characters.
	MaxNameLen = 16
)

// Seats that are not players, for Game.Out.
const (
	Blocked  = -1 // nobody went out: the game is scored as blocked
	NoWinner = -2 // not chosen yet (a draft game); never valid in a session
)

// Session is one match being kept: who plays, by which options, and the
// games played so far in order.
type Session struct {
	Players []string
	Options Options
	Games   []Game
}

// Game is one game as the players report it.
type Game struct {
	Out   int    // seat of the player who went out, Blocked, or NoWinner
	Racks []Rack // one per seat; the player who went out may leave theirs empty
}

// NewGame is an empty draft game for n players: no winner chosen, no racks.
func NewGame(n int) Game {
	return Game{Out: NoWinner, Racks: make([]Rack, n)}
}

// Clone returns a deep copy, so an edited copy never changes the original.
func (s *Session) Clone() Session {
	c := Session{Players: append([]string(nil), s.Players...), Options: s.Options}
	c.Games = make([]Game, len(s.Games))
	for i, g := range s.Games {
		c.Games[i] = g.Clone()
	}
	return c
}

// Clone returns a deep copy of the game.
func (g Game) Clone() Game {
	c := Game{Out: g.Out, Racks: make([]Rack, len(g.Racks))}
	for i, k := range g.Racks {
		c.Racks[i] = k.Clone()
	}
	return c
}

// Rules are the game rules these options stand for: the standard rules
// with the keeper's options applied.
func (s *Session) Rules() game.Rules { return s.Options.Rules() }

// CheckPlayers checks a list of player names: 2 to 6 names, none empty or
// too long, no two alike (ignoring case).
func CheckPlayers(names []string) error {
	if len(names) < MinPlayers || len(names) > MaxPlayers {
		return fmt.Errorf("a session needs %d to %d players, not %d", MinPlayers, MaxPlayers, len(names))
	}
	seen := map[string]int{}
	for i, name := range names {
		if err := CheckName(name); err != nil {
			return fmt.Errorf("player %d: %v", i+1, err)
		}
		key := strings.ToLower(name)
		if j, ok := seen[key]; ok {
			return fmt.Errorf("players %d and %d are both called %q; give each player a different name", j+1, i+1, name)
		}
		seen[key] = i
	}
	return nil
}

// CheckName checks one player name: not empty, no surrounding spaces, at
// most MaxNameLen characters, printable.
func CheckName(name string) error {
	switch {
	case strings.TrimSpace(name) == "":
		return fmt.Errorf("a player needs a name")
	case strings.TrimSpace(name) != name:
		return fmt.Errorf("the name %q has spaces around it", name)
	case !utf8.ValidString(name):
		return fmt.Errorf("a player's name must be readable text")
	case utf8.RuneCountInString(name) > MaxNameLen:
		return fmt.Errorf("the name %q is longer than %d characters", name, MaxNameLen)
	}
	for _, r := range name {
		if !unicode.IsPrint(r) {
			return fmt.Errorf("the name %q holds a character that cannot be shown", name)
		}
	}
	return nil
}

// Seat finds a player by name (exactly as written), or -1.
func (s *Session) Seat(name string) int {
	for i, p := range s.Players {
		if p == name {
			return i
		}
	}
	return -1
}

// CheckGame checks one game against the session's players and options. i
// is the game's index, used to name it in the message ("game 3 ...").
func (s *Session) CheckGame(i int, g Game) error {
	n := len(s.Players)
	label := fmt.Sprintf("game %d", i+1)
	if len(g.Racks) != n {
		return fmt.Errorf("%s has %d racks for %d players", label, len(g.Racks), n)
	}
	switch {
	case g.Out == NoWinner:
		return fmt.Errorf("%s has no winner: pick who went out, or mark it blocked", label)
	case g.Out < Blocked || g.Out >= n:
		return fmt.Errorf("%s names seat %d as going out, but there are %d players", label, g.Out+1, n)
	}
	fewest := s.Options.Blocked == game.BlockedFewestTiles && g.Out == Blocked
	for seat, k := range g.Racks {
		name := s.Players[seat]
		if err := k.check(); err != nil {
			return fmt.Errorf("%s, %s's rack: %v", label, name, err)
		}
		if seat == g.Out {
			if k.Given && (k.Total() != 0 || len(k.Tiles) != 0) {
				return fmt.Errorf("%s: %s went out, so their rack must be empty, not %s", label, name, k.String())
			}
			continue
		}
		if !k.Given {
			return fmt.Errorf("%s has no rack for %s: enter a total or the tiles left", label, name)
		}
		if fewest && !k.AsTiles {
			return fmt.Errorf("%s is blocked and scored by fewest tiles, so %s's rack must be entered as tiles (R7 K11 J), not as a total", label, name)
		}
	}
	return nil
}

// Check checks the whole session: players, options, every game, and that
// no game was recorded after the match had ended.
func (s *Session) Check() error {
	_, err := s.Score()
	return err
}

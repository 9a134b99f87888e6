package game

import "fmt"

// Replay rebuilds a match from its rules, players, seed and the actions
// of its History: every deal follows from the seed, every action is
// applied again, so the result equals the original match. An action that
// is refused on the way is an error naming its place in the history.
func Replay(r Rules, names []string, seed uint64, actions []Action) (*Match, error) {
	m, err := NewMatch(r, names, seed)
	if err != nil {
		return nil, err
	}
	for i, a := range actions {
		if _, err := m.Apply(a); err != nil {
			return nil, fmt.Errorf("move %d of the history (%s by seat %d) cannot be replayed: %w", i+1, a.Kind, a.Seat, err)
		}
	}
	return m, nil
}

// Rewind takes the match back to the moment when the first n actions of
// its history had been applied (practice-mode undo), by replaying that
// prefix: simple and exact.
func (m *Match) Rewind(n int) error {
	if n < 0 || n > len(m.History) {
		return fmt.Errorf("cannot rewind to move %d of a history of %d moves", n, len(m.History))
	}
	r, err := Replay(m.Rules, m.Names, m.Seed, m.History[:n])
	if err != nil {
		return err
	}
	*m = *r
	return nil
}

// UndoPoint is the history length at which seat's most recent turn of the
// current game began, or -1 if the seat has not yet acted in this game.
// Rewind(UndoPoint(seat)) takes back that whole turn and everything after
// it (the computer players' replies included), giving the turn back to
// seat: the "take back my last turn" of practice mode.
func (m *Match) UndoPoint(seat int) int {
	for i := len(m.History) - 1; i >= 0; i-- {
		a := m.History[i]
		if a.Kind == ActNextGame {
			return -1 // the current game began here
		}
		if a.Seat != seat {
			continue
		}
		// Walk back over this seat's earlier actions of the same turn (a
		// pull before a play, a draw before its keep).
		j := i
		for j > 0 && m.History[j-1].Seat == seat && m.History[j-1].Kind != ActNextGame && !endsTurn(m.Log[j-1]) {
			j--
		}
		return j
	}
	return -1
}

// endsTurn reports whether a logged action ended its player's turn.
func endsTurn(e Event) bool {
	switch e.Kind {
	case ActPlay, ActPass, ActTimeout, ActKeep:
		return true
	case ActDraw:
		return e.Drew > 0 // a River draw that only revealed tiles did not
	}
	return false
}

package serve

import "rummikub/internal/game"

// createTable opens a table made by key, and writes its file: the
// creator sits at seat 0.
func (s *Server) createTable(key, creator, name string, rules game.Rules, seats []seatInfo, unrated ...bool) (*Table, error) {
	t, w, err := s.openTable(key, creator, name, rules, seats, unrated...)
	if err != nil {
		return nil, err
	}
	return t, w.write()
}

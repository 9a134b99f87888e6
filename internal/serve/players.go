package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"

	"rummikub/internal/game"
)

// players remembers each key's chosen name, in a file of its own.
type players struct {
	path  string
	names map[string]string // key fingerprint → name
}

func loadPlayers(path string) (*players, error) {
	p := &players{path: path, names: map[string]string{}}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return p, nil
	}
	if err != nil {
		return nil, fmt.Errorf("cannot read the players' names: %w", err)
	}
	if err := json.Unmarshal(data, &p.names); err != nil {
		return nil, fmt.Errorf("%s is not a list of players' names: %v", path, err)
	}
	return p, nil
}

// taken reports whether another key has the name.
func (p *players) taken(name, key string) bool {
	for k, n := range p.names {
		if k != key && strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// set names a key and saves the list (atomically).
func (p *players) set(key, name string) error {
	p.names[key] = name
	data, err := json.MarshalIndent(p.names, "", "  ")
	if err != nil {
		return err
	}
	return game.WriteFileAtomic(p.path, data)
}

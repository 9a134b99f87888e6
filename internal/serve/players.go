package serve

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"strings"
)

// players remembers each key's chosen name, in a file of its own. The
// names are Server.mu's; the file is written without that lock (by the
// session that named itself), in order.
type players struct {
	file  versionedFile
	names map[string]string // key fingerprint → name
	seq   int               // changes of names, under Server.mu
}

func loadPlayers(path string) (*players, error) {
	p := &players{file: versionedFile{path: path}, names: map[string]string{}}
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

// set names a key in memory (under Server.mu) and returns the list to
// write, with its change's number, for save.
func (p *players) set(key, name string) ([]byte, int, error) {
	p.names[key] = name
	p.seq++
	data, err := json.MarshalIndent(p.names, "", "  ")
	return data, p.seq, err
}

// save writes the list of change seq (atomically), unless a later one
// is written already. It is called without Server.mu.
func (p *players) save(data []byte, seq int) error {
	return p.file.write(seq, data)
}

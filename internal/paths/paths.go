// Package paths finds where rummikub keeps its files: saved matches and
// score-keeper sessions in the XDG data directory, user themes in the XDG
// config directory. RUMMIKUB_HOME, when set, holds both (tests use it).
package paths

import (
	"errors"
	"os"
	"path/filepath"
)

// DataDir is the directory for saves and score sessions, created on demand:
// $RUMMIKUB_HOME/data, else $XDG_DATA_HOME/rummikub, else
// ~/.local/share/rummikub.
func DataDir() (string, error) {
	return ensure(func() (string, error) {
		if h := os.Getenv("RUMMIKUB_HOME"); h != "" {
			return filepath.Join(h, "data"), nil
		}
		if d := os.Getenv("XDG_DATA_HOME"); d != "" && filepath.IsAbs(d) {
			return filepath.Join(d, "rummikub"), nil
		}
		home, err := os.UserHomeDir()
		if err != nil {
			return "", errors.New("cannot find a home directory for saved games; set XDG_DATA_HOME")
		}
		return filepath.Join(home, ".local", "share", "rummikub"), nil
	})
}

// ConfigDir is the directory for user themes, created on demand:
// $RUMMIKUB_HOME/config, else the user config directory's rummikub folder.
func ConfigDir() (string, error) {
	return ensure(func() (string, error) {
		if h := os.Getenv("RUMMIKUB_HOME"); h != "" {
			return filepath.Join(h, "config"), nil
		}
		d, err := os.UserConfigDir()
		if err != nil {
			return "", errors.New("cannot find a config directory; set XDG_CONFIG_HOME")
		}
		return filepath.Join(d, "rummikub"), nil
	})
}

func ensure(find func() (string, error)) (string, error) {
	dir, err := find()
	if err != nil {
		return "", err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	return dir, nil
}

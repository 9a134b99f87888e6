package main

import (
	"os"
	"path/filepath"

	"rummikub/internal/paths"
	"rummikub/internal/seats"
)

// openBotLog opens the file the bots' stderr and the referee's notes
// about them go to, appending: path, or bots.log in the data directory.
func openBotLog(path string) (*os.File, error) {
	if path == "" {
		dir, err := paths.DataDir()
		if err != nil {
			return nil, badInput("%v", err)
		}
		path = filepath.Join(dir, "bots.log")
	}
	f, err := os.OpenFile(path, os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o644)
	if err != nil {
		return nil, badInput("cannot open the bot log: %v", err)
	}
	return f, nil
}

// anyBot reports whether a players list holds a cmd: seat.
func anyBot(entries []string) bool {
	for _, e := range entries {
		if seats.IsBot(e) {
			return true
		}
	}
	return false
}

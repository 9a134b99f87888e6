// Package serve is `rummikub serve`: Rummikub tables over SSH, each
// player in a terminal of their own. A player is their SSH public key,
// with a short name chosen on the first visit. The lobby lists the open
// tables; a table is one host.Host that every session at it shares (each
// seat's screen subscribes to the seat's own events, a spectator to the
// public ones), so no session ever holds a copy of the match or another
// seat's rack. Tables are saved after every action (the host's store,
// one file per match, plus a small file of who sits where) and come back
// when the server starts again.
//
// # Locking
//
// Server.mu guards the server's maps (tables, sessions, players); a
// Table's own mu guards its seats, presence and chat. The match itself is
// the host's, behind the host's lock. A lock is never held while calling
// the host, except Table.mu around host.New and Start at a table's start
// and around HandToComputer and HandBack (the host calls nothing back
// under its lock), and never Server.mu while taking a Table's: the order
// is Table.mu, then Server.mu.
//
// No file is written under these locks, nor in a session's Update: a
// change is made in memory under the lock, and its file (the players'
// names, a table's seats) written after it is let go, in order
// (players.save, tableWrite.write), by a command (writeCmd) when a
// session's key made the change; a write that fails keeps the change and
// tells the player, as an error, that it is not saved. A rated match's
// result is kept once the ladder's file holds it (ladder.go).
package serve

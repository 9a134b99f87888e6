// Package protocol is the bot protocol of docs/protocol.md on its own:
// the messages and their JSON, the reading of newline-delimited lines,
// the rebuilding of a game.SeatView from a turn message (ViewOf), and
// Serve, the bot side's loop, which answers a referee with any Player.
//
// It imports only internal/game, so a bot written in Go can speak the
// protocol through it without the project's computer levels; the
// referee side (running bot processes as seats) is package bot, and
// `rummikub bot` serves internal/ai's levels through Serve.
package protocol

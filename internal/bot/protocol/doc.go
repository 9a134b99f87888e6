// Package protocol is the bot protocol of docs/protocol.md on its own:
// the messages and their JSON, the reading of newline-delimited lines,
// the rebuilding of a game.SeatView from a turn message (ViewOf), and
// Serve, the bot side's loop, which answers a referee with any Player.
//
// It imports only internal/game, so a bot written in Go can speak the
// protocol through it without the project's computer levels; the
// referee side (running bot processes as seats) is package bot, and
// `rummikub bot` serves internal/ai's levels through Serve.
//
// The table travels in one of two forms, sets in "table" or the French
// grid in "grid" (docs/protocol.md). The view's and the action's table is
// one game.Layout, written with its own Fields and read back with the
// rules' ReadFields (game/layout_json.go), so the package never asks
// which shape a table has.
package protocol

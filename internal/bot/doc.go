// Package bot is the bot protocol (docs/protocol.md): newline-delimited
// JSON over a child process's stdin and stdout, tiles in the project's
// notation, through which any program can take a seat and this program's
// levels can sit at anyone's table.
//
// It has two sides. The referee side, Seat, runs a bot command as a child
// process and is a computer seat like any ai.Player: Move sends the bot
// what its seat may know (a game.SeatView, never another rack) and reads
// its answer within the turn's deadline. A bot that misbehaves never
// breaks a game: malformed JSON or an illegal action (invalid), no answer
// by the deadline (late) and a process that dies (crashed) each become a
// Fault the caller replaces with a draw or a pass, counted per seat, and
// the bot is restarted or retired by the rule of RestartRule. The bot's
// stderr goes to a log file, never the screen.
//
// Like sim, the referee side reads the clock: a bot's start and every
// write to it have deadlines of their own, beside the turn's context.
//
// The messages themselves, and the bot side (protocol.Serve, which
// answers a referee with any player, as `rummikub bot --level LEVEL` does
// with one of our levels), are package protocol, which needs no more than
// internal/game.
package bot

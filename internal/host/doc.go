// Package host runs one match: it owns the game.Match and is the only
// thing that changes it. Seats send actions; the host applies them through
// game.Match.Apply, runs the turn clock, asks computer seats for their
// moves, applies the one draw-or-pass fallback, saves the match after every
// change, and publishes what happened to its subscribers, each of which
// receives only what its seats may know (game.Match.ViewFor).
//
// The host knows no screen and no player's mind. A terminal, an SSH
// session or a test drives a human seat through Act (and Draft, Begin,
// Continue, NextGame, TakeBack); a computer seat is any Computer (an
// internal/ai level, a bot process) given to New. A new kind of seat
// plugs in as one of those two: something that calls Act for a seat, or
// something that implements Computer.
//
// # A turn
//
// When a turn starts the host publishes a TurnStarted event. A computer's
// turn runs at once on a goroutine of the host's (ComputerTurn, the same
// code sim plays with). A human's turn starts its clock at once, or, with
// Options.HotSeat and more than one human, waits in PhaseWaiting until
// Begin (the privacy screen's Enter) so the next player's time starts when
// they sit down. When the clock runs out the host applies the time-out:
// with Draft the seat keeps the host told of its working arrangement, and
// an arrangement that moved tiles but would be refused counts as an
// unfinished rearrangement (the penalty draw). After a computer's turn the
// host waits Options.ComputerPause (Continue skips it) so a person can see
// the move. The clock's time left is part of the saved state, saved on
// Close and every ClockSaveEvery while a clock runs: a match resumed (after
// a close or a crash) gives the player at most that much time back.
//
// # Locking
//
// One mutex (Host.mu) guards the match and every field of the host's
// state; every exported method takes it for its whole run, and never
// calls out while holding it except to game (pure computation) and to
// enqueue events. A computer thinks without the lock: it gets a copy of
// its seat's view, and its action is applied under the lock only if the
// turn it was asked for is still the current one (a generation number).
// Timers fire on their own goroutines and take the lock like any caller,
// checking the generation too. Saves are marshalled under the lock and
// written by one saver goroutine outside it, so a slow disk never holds up
// a seat; Flush waits for the writes. A Subscription's queue has a lock of
// its own and never blocks the host: events are appended, and a reader
// takes them with Next.
//
// # Durability
//
// An event is read (Next) only once the save holding the change it tells
// is written and synced: each event carries the saver's number of that
// save, and Next waits for it. So nothing a screen shows is lost to a
// crash (kill -9) a moment later; the cost is one write's time before the
// subscribers see a move. A failed write releases the events too, with
// EvSaveFailed: the match goes on, and the players are told.
package host

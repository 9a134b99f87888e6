// Package game is the Rummikub rules engine: tiles and their notation, the
// rule options and presets of docs/rules.md, sets, the judging of a whole turn,
// the flow of games and matches, scoring, and save files.
//
// It imports no UI, prints nothing, reads no clock and takes all randomness
// from a seeded source, so a seed replays a deal exactly and the same code
// judges a human's turn and a computer's.
//
// # Two shapes of table
//
// What lies on the table is a Layout: a Table of sets (table=sets) or a
// Grid (table=grid, the French rules). Game.Table, SeatView.Table,
// TurnStart.Table, TurnResult.After and Action.After each hold one Layout.
// Judge judges a turn on either; Layout.Check says whether an arrangement
// is a valid table; ParseLayout reads one in the rules' notation;
// EmptyTable is the empty table of the rules' shape; Unfinished is the
// time-out's rule for a working arrangement. Code that draws, edits or
// searches one shape gets the concrete type with SetsOf or GridOf. In
// JSON a table travels in the field of its shape (layout_json.go):
// Layout.Fields writes it, Rules.ReadFields reads it back refusing the
// other shape's field (ShapeError), Rules.ParseLayoutJSON reads one value
// in the form of the rules' shape; Layout.Draw lays it out as lines of
// text. ParseTurnStart builds a position from tile strings. The
// save file keeps its two fields ("table"/"sets" and "grid"); it is read
// into and written from the one Layout, each shape writing its own field
// and refusing the other's on reading (save.go, save_load.go), and
// testdata holds saves written before the change that must round-trip.
//
// Both shapes are judged by one ledger of a turn (turn_ledger.go): the
// face counts of the start and the end, the checks on counts alone
// (not_in_rack, table_tile_missing, plunder_played, key_tile_not_played,
// nothing_played), the joker rule's matching and freeing
// (turn_joker_match.go) and the tile ids of the result (turn_assign.go).
// A shape adds only what differs: reading sets (turn_judge.go,
// turn_meld.go, turn_jokers.go) or lines on a grid (grid_*.go), naming
// the set or cells to blame, its initial meld apart from the table, and
// how joker-two-rack-tiles counts a freed joker's set or lines.
//
// # Judging a turn
//
// JudgeTurn judges a whole turn at once, from the position at its start
// (table, rack, whether the player has opened, a River pull's Key Tile and
// Plunder) and the sets the player ends with. Copies of a tile are
// interchangeable, so every rule is judged on faces; tile ids only say which
// physical tiles moved. The checks, in the order that decides which error a
// turn breaking several rules gets:
//
//   - not_in_rack: every tile after comes from the table or the rack;
//   - table_tile_missing: every tile on the table at the start is still on
//     it (harvested tiles must be replayed; nothing goes back to a rack);
//   - plunder_played: no tile of the Plunder of a River pull is played;
//   - invalid_set: every set after is a valid run or group;
//   - key_tile_not_played: the Key Tile of a River pull is on the table;
//   - nothing_played: at least one tile came from the rack;
//   - initial_meld_touches_table, initial_meld_too_low: the initial meld
//     (below);
//   - joker_rule: the jokers that were on the table (below).
//
// # The initial meld
//
// A player who has not opened may lay only new sets made from their own
// rack, worth at least initial-meld points together (a joker counting as the
// tile it stands for, or joker-meld-value when that is set). Every set on
// the table at the start must still be there unchanged, compared as a
// multiset of sets of faces (a run's jokers in the same places), else the
// turn touches the table. With meld-then-extend the player may use the table
// in the same turn once the meld is made; the sets counted as the meld are
// the sets after made purely of rack tiles: of the sets the rack's tiles can
// cover together, the family worth the most.
//
// # The joker rule
//
// Exactly as docs/rules.md, "Jokers on the table": at the end of a turn
// every joker that was on the table at the start either still stands for the
// same tile, or it was freed. A group joker stands for any free colour of
// its group, so "the same tile" means that the faces it may stand for at the
// start and at the end share one. Jokers are interchangeable: the engine
// tries every matching of the jokers on the table at the start to the jokers
// on the table at the end, and accepts the turn if any matching works.
// Freeing a joker that stood for X (in a group of 3: either missing colour)
// needs:
//
//   - the initial meld made before this turn (or in it, with
//     meld-then-extend);
//   - a real X on the table at the end of the turn for that joker: one real
//     tile frees one joker, so the freed jokers are matched to distinct real
//     tiles;
//   - with joker-from-rack, that X came from the rack this turn;
//   - with joker-two-rack-tiles, the set now holding the freed joker holds at
//     least two tiles from the rack (a rack joker counts; which copies came
//     from the rack is open, so the placed tiles only have to be shareable
//     among such sets, and in a meld-then-extend turn a rack tile counts for
//     the meld's sets or for such a set, not both);
//   - by default, at least one rack tile played this turn.
//
// With free-jokers none of this applies. A joker that slides from one end of
// its run to the other changes the tile it stands for, so it counts as freed.
//
// # The River
//
// Under draw=river a player who pulls from the River must play the Key Tile
// (TurnStart.Must) this turn, and may not play the Plunder pulled with it
// (TurnStart.Locked); both are tiles of TurnStart.Rack.
//
// # Matches
//
// NewMatch deals a match; every change goes through Match.Apply (Play, Draw,
// Keep, Pass, Timeout, Pull, CancelPull) and Match.NextGame, and a refused
// action changes nothing (a *TurnError from JudgeTurn for a Play, else a
// *FlowError). Match.ViewFor gives a seat exactly what it may know; a
// computer player receives that view. Every applied action is kept in
// Match.History, from which Replay rebuilds the match and Rewind takes it
// back (practice-mode undo); Match.Save and Load keep a whole match as
// versioned JSON; Match.CheckConservation checks that every tile is in
// exactly one place. The River rules the engine fills in are documented in
// river.go, the time-out rules in timeout.go.
package game

package game

import "fmt"

// ActionKind names what a player does. The names are stable: they appear
// in saves and logs.
type ActionKind string

// The actions of a match.
const (
	// ActPlay ends the turn with a final arrangement of the table (Sets):
	// judged whole by JudgeTurn, the one judge of human and computer turns.
	ActPlay ActionKind = "play"
	// ActDraw draws one tile from the pool and ends the turn. Under
	// draw=river it reveals two tiles to the player instead, who then
	// chooses one with ActKeep (a pool of one tile is simply drawn).
	ActDraw ActionKind = "draw"
	// ActKeep keeps Reveal[Index] after a River draw; the other revealed
	// tile goes face up to the end of the River, and the turn ends.
	ActKeep ActionKind = "keep"
	// ActPass ends the turn without playing; only with an empty pool.
	ActPass ActionKind = "pass"
	// ActTimeout says the turn's time ran out (see timeout.go).
	ActTimeout ActionKind = "timeout"
	// ActPull pulls from the River (draw=river): the tile at River[Index]
	// and every tile discarded after it (see river.go).
	ActPull ActionKind = "pull"
	// ActCancelPull puts a River pull back, when the key tile cannot be
	// played (see river.go).
	ActCancelPull ActionKind = "cancel-pull"
	// ActNextGame deals the next game of the match (Match.NextGame). Its
	// Seat is ignored (-1 by convention).
	ActNextGame ActionKind = "next-game"
)

// Action is one thing a player does. Seat is the acting seat; only the
// fields of its Kind matter.
type Action struct {
	Seat int
	Kind ActionKind
	// After is a Play's final arrangement of the whole table, in the shape
	// the rules play on: every set on the table (a Table), or every tile on
	// the grid (a Grid, table=grid), at the end of the turn. Tiles may
	// carry their ids (as the match handed them out) or NoID; tiles
	// without an id are matched to the table and the rack by face. A Play
	// without one ends with an empty table.
	After Layout
	// Unfinished marks a Timeout that caught an unfinished rearrangement.
	Unfinished bool
	// Index is the revealed tile a Keep keeps, or the River place a Pull
	// takes from.
	Index int
}

// Stable codes of a refused action other than a refused Play (which is a
// *TurnError).
const (
	CodeNotYourTurn   = "not_your_turn"
	CodeGameOver      = "game_over"
	CodeGameNotOver   = "game_not_over"
	CodeMatchOver     = "match_over"
	CodePoolEmpty     = "pool_empty"
	CodePoolNotEmpty  = "pool_not_empty"
	CodeNotRiver      = "not_river"
	CodeRiverChoice   = "river_choice_pending"
	CodePullPending   = "pull_pending"
	CodeNoPull        = "no_pull"
	CodeNoTimeLimit   = "no_time_limit"
	CodeBadAction     = "bad_action"
	CodeBadRiverIndex = "bad_river_index"
)

// FlowError is an action refused by the flow of the game (not the turn
// judge): a stable Code and one sentence.
type FlowError struct {
	Code    string
	Message string
}

func (e *FlowError) Error() string { return e.Message }

func flowErr(code, format string, args ...any) *FlowError {
	return &FlowError{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Outcome is what an applied action did.
type Outcome struct {
	Event Event // the public account, also appended to Match.Log
	// Drawn is the tiles that went to the acting player's rack from the
	// pool (private to that player).
	Drawn []Tile
	// Revealed is the two tiles a River draw shows the player.
	Revealed []Tile
	// Result is an accepted Play's judgement.
	Result *TurnResult
	// TurnEnded, GameOver and MatchOver say what the action ended.
	TurnEnded bool
	GameOver  bool
	MatchOver bool
}

// Event is the public account of one applied action: what every player at
// the table saw. It never holds a tile drawn face down.
type Event struct {
	Game int
	Seat int
	Kind ActionKind
	// A play: the rack tiles played, their value, whether it was the
	// initial meld, and whether the player went out.
	Placed []Tile
	Points int
	Melded bool
	Out    bool
	// Drew is how many tiles went from the pool to the rack.
	Drew int
	// Discarded is the tile a River draw put on the River.
	Discarded []Tile
	// Pulled is the tiles a River pull took, the key tile first.
	Pulled     []Tile
	Unfinished bool
	// Blocked says this action (a pass) blocked the game.
	Blocked bool
}

// Apply carries out one action. A refused action changes nothing: a
// refused Play returns the *TurnError of the judge, anything else a
// *FlowError. Applied actions are appended to History and Log.
func (m *Match) Apply(a Action) (Outcome, error) {
	c := m.working()
	out, err := c.apply(&a)
	if err != nil {
		return Outcome{}, err
	}
	if err := c.CheckConservation(); err != nil {
		// A bug in the engine, never the player's fault: refuse rather
		// than corrupt the match.
		return Outcome{}, fmt.Errorf("internal error, action refused: %w", err)
	}
	out.Event.Game = c.Game.Number
	out.Event.Seat = a.Seat
	out.Event.Kind = a.Kind
	out.GameOver = c.Game.Over
	out.MatchOver = c.Over()
	c.History = append(c.History, a)
	c.Log = append(c.Log, out.Event)
	*m = *c
	return out, nil
}

// apply dispatches an action on m (a working copy). It may rewrite a to
// the form recorded in the history (a Play's tiles with their ids).
func (m *Match) apply(a *Action) (Outcome, error) {
	if a.Kind == ActNextGame {
		a.Seat = -1
		if err := m.nextGame(); err != nil {
			return Outcome{}, err
		}
		return Outcome{}, nil
	}
	g := m.Game
	if g.Over {
		if m.Over() {
			return Outcome{}, flowErr(CodeMatchOver, "the match is over")
		}
		return Outcome{}, flowErr(CodeGameOver, "game %d is over; deal the next game", g.Number)
	}
	if a.Seat < 0 || a.Seat >= len(g.Racks) {
		return Outcome{}, flowErr(CodeBadAction, "there is no seat %d at this table", a.Seat)
	}
	if a.Seat != g.Turn {
		return Outcome{}, flowErr(CodeNotYourTurn, "it is %s's turn, not %s's", m.Names[g.Turn], m.Names[a.Seat])
	}
	if len(g.Reveal) > 0 && a.Kind != ActKeep && a.Kind != ActTimeout {
		return Outcome{}, flowErr(CodeRiverChoice, "%s must first choose which drawn tile to keep", m.Names[a.Seat])
	}
	switch a.Kind {
	case ActPlay:
		return m.play(a)
	case ActDraw:
		return m.drawAction()
	case ActKeep:
		return m.keep(a.Index)
	case ActPass:
		return m.pass()
	case ActTimeout:
		return m.timeout(a.Unfinished)
	case ActPull:
		return m.pull(a.Index)
	case ActCancelPull:
		return m.cancelPull()
	}
	return Outcome{}, flowErr(CodeBadAction, "%q is not an action", string(a.Kind))
}

// turnStart is the position the judge needs for the turn in play: the
// table (of sets, or the grid), the rack, whether the seat has melded,
// and a River pull's Key Tile and Plunder.
func (m *Match) turnStart() TurnStart {
	g := m.Game
	seat := g.Turn
	start := TurnStart{
		Table:  g.Table,
		Rack:   g.Racks[seat],
		Opened: g.Melded[seat],
	}
	if g.Pull != nil {
		start.Must = []Tile{g.Pull.Key}
		start.Locked = g.Pull.Plunder
	}
	return start
}

// play judges and applies a final arrangement, on either shape of table:
// every tile given a physical id, the turn judged, the new table laid.
func (m *Match) play(a *Action) (Outcome, error) {
	g := m.Game
	start := m.turnStart()
	after := a.After
	if after == nil {
		after = m.Rules.EmptyTable()
	}
	after = after.resolve(start)
	res, err := Judge(&m.Rules, start, after)
	if err != nil {
		return Outcome{}, err
	}
	a.After = after
	// The new rack is the old one less the tiles now on the table, found
	// by id so every physical tile stays accounted for.
	onTable := map[TileID]bool{}
	for _, t := range res.After.AllTiles() {
		onTable[t.ID] = true
	}
	g.Table = CloneLayout(res.After)
	return m.played(res, onTable)
}

// played applies an accepted play whose tiles now on the table are
// onTable: the rack, the meld, and the end of the turn or of the game.
func (m *Match) played(res TurnResult, onTable map[TileID]bool) (Outcome, error) {
	g := m.Game
	seat := g.Turn
	g.Racks[seat] = removeIDs(g.Racks[seat], onTable)
	if res.Melded {
		g.Melded[seat] = true
	}
	g.Passes = 0
	ev := Event{Placed: cloneTiles(res.Placed), Points: res.Points, Melded: res.Melded}
	out := Outcome{Result: &res, TurnEnded: true}
	if len(g.Racks[seat]) == 0 {
		ev.Out = true
		out.Event = ev
		return out, m.finishGame(seat)
	}
	g.endTurn()
	out.Event = ev
	return out, nil
}

// drawAction draws for the player whose turn it is.
func (m *Match) drawAction() (Outcome, error) {
	g := m.Game
	if g.Pull != nil {
		return Outcome{}, flowErr(CodePullPending, "%s pulled from the River: play the key tile %s or put the pull back", m.Names[g.Turn], g.Pull.Key)
	}
	if len(g.Pool) == 0 {
		return Outcome{}, flowErr(CodePoolEmpty, "the pool is empty: play or pass")
	}
	if m.Rules.Draw == DrawRiver && len(g.Pool) >= 2 {
		g.Reveal = g.draw(2)
		return Outcome{Revealed: cloneTiles(g.Reveal)}, nil
	}
	drawn := g.draw(1)
	seat := g.Turn
	g.Racks[seat] = append(g.Racks[seat], drawn...)
	g.Passes = 0
	g.endTurn()
	return Outcome{Event: Event{Drew: 1}, Drawn: drawn, TurnEnded: true}, nil
}

// pass ends the turn without playing, which the rules allow only with an
// empty pool. A full round of passes blocks the game.
func (m *Match) pass() (Outcome, error) {
	g := m.Game
	if g.Pull != nil {
		return Outcome{}, flowErr(CodePullPending, "%s pulled from the River: play the key tile %s or put the pull back", m.Names[g.Turn], g.Pull.Key)
	}
	if len(g.Pool) > 0 {
		return Outcome{}, flowErr(CodePoolNotEmpty, "a player may pass only when the pool is empty; draw instead")
	}
	return m.passTurn(Event{})
}

// passTurn ends the turn as a pass (a pass, or a time-out with an empty
// pool) and blocks the game after a full round of them.
func (m *Match) passTurn(ev Event) (Outcome, error) {
	g := m.Game
	g.Passes++
	if g.Passes >= len(g.Racks) {
		ev.Blocked = true
		return Outcome{Event: ev, TurnEnded: true}, m.finishGame(-1)
	}
	g.endTurn()
	return Outcome{Event: ev, TurnEnded: true}, nil
}

// resolveIDs gives every tile of a submitted arrangement a physical id.
// Tiles that carry an id of the table or the rack keep it; a tile without
// one (NoID) takes, by face, a tile of the table first, then the turn's
// Must tiles, then unlocked rack tiles, then locked ones: the order that
// never refuses a turn a face-by-face reading would accept. A tile that
// matches nothing keeps NoID and the judge refuses it.
func resolveIDs(start TurnStart, sets Table) Table {
	out := cloneSets(sets)
	h := holdings(start)
	// Tiles that name a held id of their face claim it first; any other
	// id is dropped and the tile matched by face.
	for i, set := range out {
		for j, t := range set {
			if t.ID != NoID && !h.claim(t) {
				out[i][j].ID = NoID
			}
		}
	}
	pref := h.preferred(start)
	for i, set := range out {
		for j, t := range set {
			if t.ID == NoID {
				out[i][j].ID = h.byFace(pref, t.Face)
			}
		}
	}
	return out
}

// maxHeldID bounds the ids resolveIDs keeps track of.
const maxHeldID = 1 << 10

// held is what resolveIDs knows of the tiles a turn may use: rank[id]-1 is
// the preference of a held tile (0 the table, 1 a Must tile, 2 a free rack
// tile, 3 a locked one; 0 means not held), its face, and whether a tile
// of the arrangement has taken it.
type held struct {
	rank [maxHeldID]uint8
	face [maxHeldID]Face
	used [maxHeldID]bool
}

// holdings ranks the tiles of start.
func holdings(start TurnStart) *held {
	h := &held{}
	hold := func(t Tile, r uint8) {
		if int(t.ID) < maxHeldID {
			h.rank[t.ID] = r + 1
			h.face[t.ID] = t.Face
		}
	}
	for _, set := range SetsOf(start.Table) {
		for _, t := range set {
			hold(t, 0)
		}
	}
	for _, t := range start.Rack {
		hold(t, 2)
	}
	for _, t := range start.Locked {
		if int(t.ID) < maxHeldID && h.rank[t.ID] == 3 {
			h.rank[t.ID] = 4
		}
	}
	for _, t := range start.Must {
		if int(t.ID) < maxHeldID && h.rank[t.ID] >= 3 {
			h.rank[t.ID] = 2
		}
	}
	return h
}

// claim takes the held tile t names by id, if it is held, of t's face and
// not taken yet.
func (h *held) claim(t Tile) bool {
	if int(t.ID) >= maxHeldID || h.rank[t.ID] == 0 || h.used[t.ID] || h.face[t.ID] != t.Face {
		return false
	}
	h.used[t.ID] = true
	return true
}

// preferred lists the held tiles in preference order, for matching by
// face.
func (h *held) preferred(start TurnStart) []Tile {
	var pref []Tile
	for r := uint8(1); r <= 4; r++ {
		for _, set := range SetsOf(start.Table) {
			for _, t := range set {
				if int(t.ID) < maxHeldID && h.rank[t.ID] == r {
					pref = append(pref, t)
				}
			}
		}
		for _, t := range start.Rack {
			if int(t.ID) < maxHeldID && h.rank[t.ID] == r {
				pref = append(pref, t)
			}
		}
	}
	return pref
}

// byFace takes the first tile of pref of face f not taken yet and returns
// its id, or NoID.
func (h *held) byFace(pref []Tile, f Face) TileID {
	for _, c := range pref {
		if c.Face == f && !h.used[c.ID] {
			h.used[c.ID] = true
			return c.ID
		}
	}
	return NoID
}

package game

// SeatView is what one seat may know of the match: its own rack, the
// public table, River, counts and scores, and the public log. A computer
// player receives exactly this; it never sees the pool or another rack.
// The slices are copies, changing them does not change the match, except
// Log, which is shared with the match and must be treated as read-only.
type SeatView struct {
	Rules Rules
	Names []string
	Seat  int // the seat this view is for

	Game       int         // number of the current game, from 1
	Table      Layout      // the table: its sets, canonical, or the grid (table=grid)
	Rack       []Tile      // this seat's rack
	RackCounts []int       // every seat's tile count (its own included)
	Melded     []bool      // who has made the initial meld
	Pool       int         // tiles left in the pool
	River      []Tile      // the River, oldest first (draw=river)
	Turn       int         // whose turn it is
	Passes     int         // passes in a row with an empty pool
	Starter    int         // who played first this game
	StartDraw  []StartDraw // the draw that decided who plays first (public)
	Turns      int         // turns completed in this game

	// Reveal is the two tiles of this seat's River draw waiting for a
	// Keep; empty for everyone else.
	Reveal []Tile
	// Must and Locked are the key tile and the plunder of this seat's
	// River pull this turn (TurnStart's fields of the same names).
	Must   []Tile
	Locked []Tile
	// PullPending says some seat (the one whose turn it is) has pulled
	// from the River this turn; PullIndex is where.
	PullPending bool
	PullIndex   int

	GameOver bool
	Score    GameScore // the finished game's score, when GameOver
	// Racks is every seat's rack once the game is over, when they are
	// shown to everyone; nil while the game is played.
	Racks     [][]Tile
	Totals    []int
	Won       []int
	Results   []GameScore
	MatchOver bool

	// Log is the public account of the whole match so far (Match.Log,
	// shared: read it, never change it).
	Log []Event
}

// ViewFor returns what seat may know. A seat out of range gets the public
// part only (a spectator's view) with no rack.
func (m *Match) ViewFor(seat int) SeatView {
	g := m.Game
	v := SeatView{
		Rules:      m.Rules,
		Names:      append([]string(nil), m.Names...),
		Seat:       seat,
		Game:       g.Number,
		Table:      CloneLayout(g.Table),
		RackCounts: g.RackCounts(),
		Melded:     append([]bool(nil), g.Melded...),
		Pool:       len(g.Pool),
		River:      cloneTiles(g.River),
		Turn:       g.Turn,
		Passes:     g.Passes,
		Starter:    g.Starter,
		StartDraw:  append([]StartDraw(nil), g.StartDraw...),
		Turns:      g.Turns,
		GameOver:   g.Over,
		Score:      g.Score.clone(),
		Totals:     append([]int(nil), m.Totals...),
		Won:        append([]int(nil), m.Won...),
		MatchOver:  m.Over(),
		Log:        m.Log[:len(m.Log):len(m.Log)],
	}
	for _, s := range m.Results {
		v.Results = append(v.Results, s.clone())
	}
	if g.Over {
		v.Racks = cloneSets(g.Racks)
	}
	if g.Pull != nil {
		v.PullPending = true
		v.PullIndex = g.Pull.Index
	}
	if seat >= 0 && seat < len(g.Racks) {
		v.Rack = cloneTiles(g.Racks[seat])
		if seat == g.Turn {
			v.Reveal = cloneTiles(g.Reveal)
			if g.Pull != nil {
				v.Must = []Tile{g.Pull.Key}
				v.Locked = cloneTiles(g.Pull.Plunder)
			}
		}
	}
	return v
}

// TurnStart is what the judge needs for this seat's turn now: the table,
// the rack, whether the seat has melded, and the Must/Locked tiles of a
// River pull. A UI or a computer player can judge a candidate arrangement
// with JudgeTurn(&v.Rules, v.TurnStart(), after) before submitting it.
func (v SeatView) TurnStart() TurnStart {
	opened := false
	if v.Seat >= 0 && v.Seat < len(v.Melded) {
		opened = v.Melded[v.Seat]
	}
	return TurnStart{
		Table:  CloneLayout(v.Table),
		Rack:   cloneTiles(v.Rack),
		Opened: opened,
		Must:   cloneTiles(v.Must),
		Locked: cloneTiles(v.Locked),
	}
}

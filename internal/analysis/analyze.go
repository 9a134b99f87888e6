package analysis

import (
	"context"
	"fmt"
	"runtime"
	"sync"
	"time"

	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// Note is what every analysis says about itself.
const Note = "This measures plays, not luck: the best play is the solver's best for the " +
	"position the player had at the start of the turn (the table, the rack, the initial " +
	"meld made or not); it does not know the tiles still to be drawn, and it leaves out " +
	"pulling from the River and holding tiles back on purpose."

// DefaultDeadline is the time the solver is given for one position.
const DefaultDeadline = 3 * time.Second

// Options says how to analyse.
type Options struct {
	Objective solver.Objective
	// Deadline is the solver's time per position (0: DefaultDeadline).
	// Positions not solved in time are marked not optimal.
	Deadline time.Duration
	// Game limits the analysis to one game of the match (from 1); 0 is
	// every game. The end of a game analyses that game alone.
	Game int
}

// FromMatch makes a record of a match held in memory (the end-of-game
// screen has one), to analyse or replay it without a file.
func FromMatch(name string, seats []Seat, m *game.Match) *Record {
	if len(seats) != len(m.Names) {
		seats = make([]Seat, len(m.Names))
	}
	out := make([]Seat, len(seats))
	copy(out, seats)
	for i := range out {
		out[i].Name = m.Names[i]
	}
	return &Record{Name: name, Seats: out, Match: m}
}

// Best is the solver's best play for a turn's position.
type Best struct {
	Play    bool        // some play exists
	Placed  []game.Tile // the rack tiles it plays
	Tiles   int
	Points  int
	After   game.Layout // the whole table after it, in the rules' shape
	Optimal bool        // proven best (the search finished in time)
}

// BestPlay asks the solver for the best play of the position t began
// with.
func BestPlay(ctx context.Context, r *game.Rules, start game.TurnStart, obj solver.Objective, deadline time.Duration) (Best, error) {
	if deadline <= 0 {
		deadline = DefaultDeadline
	}
	ctx, cancel := context.WithTimeout(ctx, deadline)
	defer cancel()
	res, err := solver.SolveTurn(ctx, r, start, obj)
	if err != nil {
		return Best{}, err
	}
	return Best{Play: res.Found, Placed: res.Placed, Tiles: res.TilesPlaced, Points: res.PointsPlaced, After: res.After, Optimal: res.Optimal}, nil
}

// TurnReport is one analysed turn.
type TurnReport struct {
	Index  int      `json:"turn"` // the turn's place in the match, from 0 (replay's index)
	Game   int      `json:"game"`
	Number int      `json:"number"` // within the game, from 1
	Seat   int      `json:"seat"`
	Player string   `json:"player"`
	Kind   string   `json:"action"` // play, draw, pass, timeout
	Did    string   `json:"did"`    // in words
	Opened bool     `json:"opened"` // had melded before the turn
	Played []string `json:"played"`
	Tiles  int      `json:"tiles"`
	Points int      `json:"points"`

	Best       []string   `json:"best"`
	BestTiles  int        `json:"best_tiles"`
	BestPoints int        `json:"best_points"`
	BestTable  [][]string `json:"best_table"`
	// BestGrid is the grid after the best play, under the French rules.
	BestGrid     *game.GridJSON `json:"best_grid,omitempty"`
	Optimal      bool           `json:"optimal"`
	Missed       bool           `json:"missed"`
	MissedTiles  int            `json:"missed_tiles"`
	MissedPoints int            `json:"missed_points"`
}

// SeatReport sums one seat's turns up.
type SeatReport struct {
	Seat         int    `json:"seat"`
	Player       string `json:"player"`
	Kind         string `json:"kind"`
	Turns        int    `json:"turns"`
	Missed       int    `json:"missed_turns"`
	Tiles        int    `json:"tiles_played"`
	BestTiles    int    `json:"best_tiles"`
	MissedTiles  int    `json:"missed_tiles"`
	Points       int    `json:"points_played"`
	BestPoints   int    `json:"best_points"`
	MissedPoints int    `json:"missed_points"`
	FirstMiss    int    `json:"first_miss"` // the turn index of the first miss, -1 for none
}

// Report is the analysis of a whole match.
type Report struct {
	Match     string       `json:"match"`
	Rules     string       `json:"rules"`
	Players   []string     `json:"players"`
	Games     int          `json:"games"`
	Over      bool         `json:"over"`
	Objective string       `json:"objective"`
	Note      string       `json:"note"`
	Seats     []SeatReport `json:"seats"`
	Turns     []TurnReport `json:"turns"`
}

// Analyze sets every turn of the match against the solver's best play.
func Analyze(ctx context.Context, rec *Record, o Options) (Report, error) {
	m := rec.Match
	turns, err := Turns(m)
	if err != nil {
		return Report{}, err
	}
	rep := Report{
		Match:     rec.Name,
		Rules:     m.Rules.Summary(),
		Players:   append([]string(nil), m.Names...),
		Games:     m.Game.Number,
		Over:      m.Over(),
		Objective: o.Objective.String(),
		Note:      Note,
	}
	for i := range m.Names {
		rep.Seats = append(rep.Seats, SeatReport{Seat: i, Player: m.Names[i], Kind: rec.Kind(i), FirstMiss: -1})
	}
	bests, errs := solveAll(ctx, &m.Rules, turns, o)
	for i := range turns {
		t := &turns[i]
		if o.Game > 0 && t.Game != o.Game {
			continue
		}
		if errs[i] != nil {
			return Report{}, fmt.Errorf("turn %d of game %d: %v", t.Number, t.Game, errs[i])
		}
		tr := Compare(t, bests[i], o.Objective)
		rep.Turns = append(rep.Turns, tr)
		s := &rep.Seats[t.Seat]
		s.Turns++
		s.Tiles += tr.Tiles
		s.Points += tr.Points
		s.BestTiles += tr.BestTiles
		s.BestPoints += tr.BestPoints
		s.MissedTiles += tr.MissedTiles
		s.MissedPoints += tr.MissedPoints
		if tr.Missed {
			s.Missed++
			if s.FirstMiss < 0 {
				s.FirstMiss = tr.Index
			}
		}
	}
	return rep, nil
}

// Compare sets the play of turn t against the best play b.
func Compare(t *Turn, b Best, obj solver.Objective) TurnReport {
	tr := TurnReport{
		Index:      t.Index,
		Game:       t.Game,
		Number:     t.Number,
		Seat:       t.Seat,
		Player:     t.Player,
		Kind:       t.Kind(),
		Did:        t.Describe(),
		Opened:     t.Start.Opened,
		Played:     names(t.Placed),
		Tiles:      len(t.Placed),
		Points:     t.Points,
		Best:       names(b.Placed),
		BestTiles:  b.Tiles,
		BestPoints: b.Points,
		Optimal:    b.Optimal,
	}
	for _, s := range game.SetsOf(b.After) {
		tr.BestTable = append(tr.BestTable, names(s))
	}
	if g := game.GridOf(b.After); !g.Empty() {
		gj := g.JSON()
		tr.BestGrid = &gj
	}
	tr.Missed = better(obj, b.Tiles, b.Points, tr.Tiles, tr.Points)
	if tr.Missed {
		tr.MissedTiles = max(0, b.Tiles-tr.Tiles)
		tr.MissedPoints = max(0, b.Points-tr.Points)
	}
	return tr
}

// better reports whether a play of (t1, p1) beats one of (t2, p2) under
// the objective: most tiles then most points, or the other way round.
func better(obj solver.Objective, t1, p1, t2, p2 int) bool {
	if obj == solver.MostPoints {
		return p1 > p2 || (p1 == p2 && t1 > t2)
	}
	return t1 > t2 || (t1 == t2 && p1 > p2)
}

// names writes tiles as the notation does (J:R4 for a joker standing for
// R4), never as null in JSON.
func names(tiles []game.Tile) []string {
	return append([]string{}, game.TileStrings(tiles)...)
}

// solveAll finds the best play of every turn (of o.Game, when set), a
// few positions at once; the answers do not depend on the order.
func solveAll(ctx context.Context, r *game.Rules, turns []Turn, o Options) ([]Best, []error) {
	bests := make([]Best, len(turns))
	errs := make([]error, len(turns))
	sem := make(chan struct{}, max(1, runtime.NumCPU()))
	var wg sync.WaitGroup
	for i := range turns {
		if o.Game > 0 && turns[i].Game != o.Game {
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			defer func() { <-sem }()
			bests[i], errs[i] = BestPlay(ctx, r, turns[i].Start, o.Objective, o.Deadline)
		}(i)
	}
	wg.Wait()
	return bests, errs
}

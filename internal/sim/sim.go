package sim

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"
	"time"

	"rummikub/internal/ai"
	"rummikub/internal/game"
	"rummikub/internal/host"
)

// Config describes a tournament.
type Config struct {
	Rules   game.Rules
	Players []string // a level per entry, in seat order for unmirrored games
	// Names are the entries' names in the results and at the table; an
	// entry without one ("" or past the end) is shown as written, a
	// level lower-cased.
	Names  []string
	Games  int // single games to play
	Seed   uint64
	Mirror bool          // play every deal once per rotation of the seats
	Think  time.Duration // budget per computer move; 0 = each level's default
	Jobs   int           // games played at once; 0 = one per core
	// Deterministic gives the levels' moves no deadline: each thinks by
	// its work budget alone (see ai.WorkBudget), so that the games, and
	// the Digest, depend only on the configuration, whatever Jobs, the
	// machine or its load. Bots keep their time per move.
	Deterministic bool
	// Seats makes the players of entries that are not levels (bot
	// processes); nil allows levels only.
	Seats SeatMaker
	// Ratings rates the entries from the games (Result.Ratings).
	Ratings bool
	// Progress, when set, is called after every finished game with the
	// number finished so far, from one goroutine.
	Progress func(done int)
}

// SeatResult is one entry of the players list summed over all games,
// whatever seat it sat in.
type SeatResult struct {
	Player       string     `json:"player"`
	Wins         int        `json:"wins"`
	WinRate      float64    `json:"win_rate"`
	CI95         [2]float64 `json:"ci95"`
	Score        int        `json:"score"`
	AvgRackLeft  float64    `json:"avg_rack_left"`  // points left on the rack at the end
	AvgTilesLeft float64    `json:"avg_tiles_left"` // tiles left on the rack at the end
	MoveMS       MoveTimes  `json:"move_ms"`
	// Turns replaced by a draw or a pass: a refused or unreadable move,
	// no answer by the deadline, a crashed player, a retired one.
	Invalid int `json:"invalid"`
	Late    int `json:"late"`
	Crashed int `json:"crashed"`
	Retired int `json:"retired"`
}

// Result is a whole tournament's summary, the JSON of `rummikub sim --json`.
type Result struct {
	Games    int          `json:"games"`
	Seats    []SeatResult `json:"seats"`
	Blocked  int          `json:"blocked"`
	AvgTurns float64      `json:"avg_turns"`
	// AvgLoserTiles is the tiles left on the racks of the players who did
	// not win, per loser, over all games.
	AvgLoserTiles float64   `json:"avg_loser_tiles"`
	MoveMS        MoveTimes `json:"move_ms"`
	InvalidMoves  int       `json:"invalid_moves"`
	OverDeadline  int       `json:"over_deadline"`
	GamesPerSec   float64   `json:"games_per_sec"`
	Rules         string    `json:"rules"`
	Seed          uint64    `json:"seed"`
	Mirror        bool      `json:"mirror"`
	ThinkMS       []float64 `json:"think_ms"` // each entry's budget per move
	Jobs          int       `json:"jobs"`
	Seconds       float64   `json:"seconds"`
	// Deterministic says the levels thought by work alone (Config).
	Deterministic bool `json:"deterministic"`
	// Digest is a hash of every game's moves in order (see digest): two
	// runs played the same games, move for move, exactly when their
	// digests are equal.
	Digest string `json:"digest"`
	// Ratings are the entries' ratings, the best first, when
	// Config.Ratings asked for them.
	Ratings []EntryRating `json:"ratings,omitempty"`
	// Invalid lists the first refused computer moves, to find the bug.
	Invalid []string `json:"invalid,omitempty"`
}

// outcome is what one game produced.
type outcome struct {
	winner   int // entry index of the winner
	blocked  bool
	turns    int
	scores   []int // by entry
	points   []int // by entry: rack points left
	tiles    []int // by entry
	invalid  int
	over     int
	moveMS   [][]float64      // by entry
	faults   [][numFaults]int // by entry
	failures []string         // first few invalid moves, for the report
	digest   [32]byte         // the hash of the game's actions (gameDigest)
}

// Validate checks a configuration before any game is played.
func (c *Config) Validate() error {
	if len(c.Players) < 2 {
		return fmt.Errorf("a game needs at least 2 players, not %d", len(c.Players))
	}
	if len(c.Players) > c.Rules.MaxPlayers {
		return fmt.Errorf("these rules seat at most %d players, not %d (the six preset seats six)", c.Rules.MaxPlayers, len(c.Players))
	}
	for _, p := range c.Players {
		if err := c.checkEntry(p); err != nil {
			return err
		}
	}
	if c.Games < 1 {
		return fmt.Errorf("--games must be at least 1, not %d", c.Games)
	}
	if c.Think < 0 {
		return errors.New("the thinking budget cannot be negative")
	}
	if err := c.Rules.Validate(); err != nil {
		return err
	}
	if len(c.Names) > len(c.Players) {
		return fmt.Errorf("%d names for %d players", len(c.Names), len(c.Players))
	}
	if _, err := game.NewMatch(c.Rules, c.seatNames(identity(len(c.Players))), 1); err != nil {
		return err
	}
	return nil
}

func identity(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// display is how entry e is named in the results: its name, else the
// entry as written (a bot's command keeps its case), a level lower-cased.
func (c *Config) display(e int) string {
	if e < len(c.Names) && c.Names[e] != "" {
		return c.Names[e]
	}
	if c.Seats != nil && c.Seats.Owns(c.Players[e]) {
		return c.Players[e]
	}
	return strings.ToLower(c.Players[e])
}

// seatNames names the seats after the entries sitting there: a named
// entry by its name, any other as displayed with its place in the list.
func (c *Config) seatNames(seating []int) []string {
	names := make([]string, len(seating))
	for s, e := range seating {
		if e < len(c.Names) && c.Names[e] != "" {
			names[s] = c.Names[e]
			continue
		}
		names[s] = fmt.Sprintf("%s-%d", c.display(e), e+1)
	}
	return names
}

// Run plays the tournament. Everything in the result but the timings
// depends only on the configuration, never on Jobs or the machine, as
// long as no computer move is cut short by its deadline.
func Run(ctx context.Context, c Config) (Result, error) {
	if err := c.Validate(); err != nil {
		return Result{}, err
	}
	jobs := c.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	specs := schedule(c.Games, len(c.Players), c.Seed, c.Mirror)
	start := time.Now()
	outs, err := runAll(ctx, specs, jobs, func(ctx context.Context, g gameSpec) outcome {
		return playGame(ctx, &c, g)
	}, c.Progress)
	if err != nil {
		return Result{}, err
	}
	secs := time.Since(start).Seconds()
	res := summarise(&c, outs)
	res.Jobs = jobs
	res.Seconds = round(secs, 3)
	if secs > 0 {
		res.GamesPerSec = round(float64(len(outs))/secs, 2)
	}
	return res, nil
}

func summarise(c *Config, outs []outcome) Result {
	n := len(c.Players)
	res := Result{Games: len(outs), Rules: c.Rules.Summary(), Seed: c.Seed, Mirror: c.Mirror}
	wins := make([]int, n)
	score := make([]int, n)
	points := make([]int, n)
	tiles := make([]int, n)
	times := make([][]float64, n)
	faults := make([][numFaults]int, n)
	var all []float64
	turns, loserTiles, losers := 0, 0, 0
	for _, o := range outs {
		wins[o.winner]++
		if o.blocked {
			res.Blocked++
		}
		turns += o.turns
		res.InvalidMoves += o.invalid
		res.OverDeadline += o.over
		for _, f := range o.failures {
			if len(res.Invalid) < 10 {
				res.Invalid = append(res.Invalid, f)
			}
		}
		for e := 0; e < n; e++ {
			if e != o.winner {
				loserTiles += o.tiles[e]
				losers++
			}
			score[e] += o.scores[e]
			points[e] += o.points[e]
			tiles[e] += o.tiles[e]
			times[e] = append(times[e], o.moveMS[e]...)
			for k := range faults[e] {
				faults[e][k] += o.faults[e][k]
			}
			all = append(all, o.moveMS[e]...)
		}
	}
	games := len(outs)
	for e := 0; e < n; e++ {
		sr := SeatResult{Player: c.display(e), Wins: wins[e], Score: score[e], CI95: Wilson(wins[e], games)}
		if games > 0 {
			sr.WinRate = round(float64(wins[e])/float64(games), 4)
			sr.AvgRackLeft = round(float64(points[e])/float64(games), 2)
			sr.AvgTilesLeft = round(float64(tiles[e])/float64(games), 2)
		}
		sr.CI95 = [2]float64{round(sr.CI95[0], 4), round(sr.CI95[1], 4)}
		sr.MoveMS = summariseTimes(times[e])
		sr.Invalid, sr.Late, sr.Crashed, sr.Retired = faults[e][faultInvalid], faults[e][faultLate], faults[e][faultCrashed], faults[e][faultRetired]
		res.Seats = append(res.Seats, sr)
		res.ThinkMS = append(res.ThinkMS, float64(c.budget(c.Players[e]))/float64(time.Millisecond))
	}
	if games > 0 {
		res.AvgTurns = round(float64(turns)/float64(games), 2)
	}
	if losers > 0 {
		res.AvgLoserTiles = round(float64(loserTiles)/float64(losers), 2)
	}
	res.MoveMS = summariseTimes(all)
	res.Deterministic = c.Deterministic
	res.Digest = digest(outs)
	if c.Ratings {
		res.Ratings = rate(c, outs)
	}
	return res
}

// maxTurns ends a game that somehow never ends; the rules make every game
// end far sooner (the pool runs out, then a round of passes blocks it).
const maxTurns = 5000

// playGame plays one game of the tournament to its end.
func playGame(ctx context.Context, c *Config, g gameSpec) outcome {
	n := len(c.Players)
	o := outcome{scores: make([]int, n), points: make([]int, n), tiles: make([]int, n), moveMS: make([][]float64, n), faults: make([][numFaults]int, n)}
	m, err := game.NewMatch(c.Rules, c.seatNames(g.Seating), g.Seed)
	if err != nil {
		panic("sim: a validated configuration failed to deal: " + err.Error())
	}
	seats := make([]ai.Player, n)
	budgets := make([]time.Duration, n)
	for s, e := range g.Seating {
		level := c.Players[e]
		p, err := c.newPlayer(level, DeriveSeed(c.Seed, uint64(g.Index)+1<<32, uint64(s)))
		if err != nil {
			panic("sim: a validated level failed: " + err.Error())
		}
		seats[s] = p
		budgets[s] = c.budget(level)
	}
	defer finish(m, seats)
	begin(m, seats)
	for !m.Game.Over && m.Game.Turns < maxTurns && ctx.Err() == nil {
		seat := m.Game.Turn
		budget := budgets[seat]
		if c.byWork(c.Players[g.Seating[seat]]) {
			budget = 0 // no deadline: the level's work budget alone
		}
		spent, bad := playTurn(ctx, m, seat, seats[seat], budget, &o.faults[g.Seating[seat]])
		if bad != "" {
			o.invalid++
			if len(o.failures) < 3 {
				o.failures = append(o.failures, bad)
			}
		}
		ms := float64(spent) / float64(time.Millisecond)
		o.moveMS[g.Seating[seat]] = append(o.moveMS[g.Seating[seat]], ms)
		if budget > 0 && spent > budget {
			o.over++
		}
	}
	o.digest = gameDigest(m)
	if !m.Game.Over {
		// Never seen: count it as a blocked game scored as it stands.
		o.blocked = true
		o.winner = g.Seating[0]
		return o
	}
	sc := m.Game.Score
	o.winner = g.Seating[sc.Winner]
	o.blocked = sc.Blocked
	o.turns = m.Game.Turns
	for s, e := range g.Seating {
		o.scores[e] = sc.Scores[s]
		o.points[e] = c.Rules.RackValue(m.Game.Racks[s])
		o.tiles[e] = len(m.Game.Racks[s])
	}
	return o
}

// playTurn plays the seat's turn through host.ComputerTurn, the code a
// hosted match plays computer turns with, under one deadline (none when
// budget is 0). It returns the time the player spent deciding and, when
// the player made a move the engine refused or gave none it could read,
// a description of it (the move was replaced by a draw or a pass); it
// counts the player's faults by kind.
func playTurn(ctx context.Context, m *game.Match, seat int, p ai.Player, budget time.Duration, faults *[numFaults]int) (time.Duration, string) {
	var cancel context.CancelFunc
	if budget > 0 {
		ctx, cancel = context.WithTimeout(ctx, budget)
	} else {
		ctx, cancel = context.WithCancel(ctx)
	}
	defer cancel()
	rep := host.ComputerTurn(ctx, m, seat, p)
	invalid := false
	for _, f := range rep.Faults {
		k := faultInvalid
		if !f.Refused {
			k = faultOf(f.Err)
		}
		faults[k]++
		invalid = invalid || k == faultInvalid
	}
	if !invalid {
		return rep.Spent, "" // late, crashed or retired: counted, not an invalid move
	}
	return rep.Spent, rep.Refused
}

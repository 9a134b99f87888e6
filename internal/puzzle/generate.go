package puzzle

import (
	"context"
	"fmt"
	"time"

	"rummikub/internal/analysis"
	"rummikub/internal/game"
	"rummikub/internal/solver"
)

// The generator mines positions from self-play: match k of seed S is a
// one-game standard match between computers of GenLevels, dealt and
// played from the seed GameSeed(S, k). Every turn after the seat's
// initial meld whose rack holds at most MaxRack tiles and whose table
// holds at most MaxTable is solved (most tiles); the position becomes a
// puzzle when the solver proves its best and that best places at least
// MinGain tiles more than the plain play (new sets from the rack, tiles
// added to table sets, nothing rearranged), or goes out when the plain
// play does not, and moves at least one table tile. At most one puzzle is
// taken from each seat's game, its first qualifying turn, and a position
// seen before is skipped.
const (
	MaxRack  = 14
	MaxTable = 45
	MinGain  = 2
)

// GenLevels are the computer levels of the self-play matches: two that
// hold tiles back for one big turn (which makes rich tables) and one that
// plays all it can.
var GenLevels = []string{"hard", "hard", "medium"}

// ShippedSeed and ShippedCount made the shipped set:
// rummikub puzzle --generate --seed 1 --count 300.
const (
	ShippedSeed  = 1
	ShippedCount = 300
)

// GameSeed is the seed of self-play match k of generator seed s.
func GameSeed(s uint64, k int) uint64 {
	x := s*0x9E3779B97F4A7C15 + uint64(k+1)*0xBF58476D1CE4E5B9
	x ^= x >> 31
	x *= 0x94D049BB133111EB
	x ^= x >> 29
	return x
}

// solveTime bounds the solver on one position. Positions of this size
// are solved in milliseconds; one not proven in time is skipped, which
// would make the set depend on the machine, so it is generous.
const solveTime = 20 * time.Second

// Generate mines count puzzles from seed, numbered from 1 and graded.
// progress, when set, is told how many were found after every match.
func Generate(ctx context.Context, seed uint64, count int, progress func(found, matches int)) ([]Puzzle, error) {
	var out []Puzzle
	seen := map[string]bool{}
	rules := Rules()
	rules.Games = 1
	for k := 0; len(out) < count; k++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if k > 100*count+1000 {
			return nil, fmt.Errorf("only %d puzzles in %d matches", len(out), k)
		}
		m, _, err := analysis.SelfPlay(ctx, rules, GenLevels, nil, GameSeed(seed, k))
		if err != nil {
			return nil, err
		}
		turns, err := analysis.Turns(m)
		if err != nil {
			return nil, err
		}
		taken := map[int]bool{} // seats with a puzzle from this game
		for i := range turns {
			t := &turns[i]
			if taken[t.Seat] || !t.Start.Opened || len(t.Start.Rack) > MaxRack || tableSize(game.SetsOf(t.Start.Table)) > MaxTable || len(game.SetsOf(t.Start.Table)) == 0 {
				continue
			}
			p, ok, err := mine(ctx, &rules, t.Start)
			if err != nil {
				return nil, fmt.Errorf("match %d turn %d: %v", k, t.Number, err)
			}
			if !ok {
				continue
			}
			key := positionKey(p)
			if seen[key] {
				continue
			}
			seen[key] = true
			taken[t.Seat] = true
			p.ID = len(out) + 1
			p.Source = fmt.Sprintf("seed %d, match %d (%s), turn %d of %s", seed, k, levelsText(), t.Number, t.Player)
			out = append(out, p)
			if len(out) == count {
				break
			}
		}
		if progress != nil {
			progress(len(out), k+1)
		}
	}
	return out, nil
}

func levelsText() string {
	s := ""
	for i, l := range GenLevels {
		if i > 0 {
			s += ","
		}
		s += l
	}
	return s
}

func tableSize(t game.Table) int {
	n := 0
	for _, s := range t {
		n += len(s)
	}
	return n
}

// positionKey identifies a position by its faces, whatever their order.
func positionKey(p Puzzle) string {
	return fmt.Sprint(sortedSets(p.Table), sortedTiles(p.Rack))
}

// mine turns a position into a puzzle when it qualifies.
func mine(ctx context.Context, r *game.Rules, start game.TurnStart) (Puzzle, bool, error) {
	sctx, cancel := context.WithTimeout(ctx, solveTime)
	defer cancel()
	best, err := solver.Solve(sctx, solver.Request{Rules: r, Table: game.SetsOf(start.Table), Rack: start.Rack, Opened: true, Objective: solver.MostTiles})
	if err != nil {
		return Puzzle{}, false, err
	}
	if !best.Optimal || !best.Play {
		return Puzzle{}, false, nil
	}
	plain, err := PlainPlay(ctx, r, start)
	if err != nil {
		return Puzzle{}, false, err
	}
	out := best.TilesPlaced == len(start.Rack)
	gain := best.TilesPlaced - plain
	if gain < MinGain && !(out && gain > 0) {
		return Puzzle{}, false, nil
	}
	sol, err := steadySolution(ctx, r, start, best)
	if err != nil {
		return Puzzle{}, false, err
	}
	moved, joker := Moved(game.SetsOf(start.Table), sol)
	if moved == 0 {
		return Puzzle{}, false, nil
	}
	p := Puzzle{
		Table:    tableStrings(game.SetsOf(start.Table)),
		Rack:     sortedTiles(game.TileStrings(start.Rack)),
		Goal:     best.TilesPlaced,
		Out:      out,
		Solution: tableStrings(sol),
		Plain:    plain,
		Moved:    moved,
		Joker:    joker,
	}
	p.Effort = Effort(p)
	p.Difficulty = Grade(p)
	return p, true, nil
}

// steadySolution is a solution reaching the best play's tiles that leaves
// as much of the table alone as it can: the table sets are tried one at a
// time, in table order, and a set stays out of the search (kept as it is)
// when the solver, proving its answer, still places as many tiles without
// it. The solver itself is free to reshuffle the whole table; a puzzle's
// solution should show the rearrangement that matters.
func steadySolution(ctx context.Context, r *game.Rules, start game.TurnStart, best solver.Result) (game.Table, error) {
	kept := make([]bool, len(game.SetsOf(start.Table)))
	sol := best.Sets
	for i := range game.SetsOf(start.Table) {
		kept[i] = true
		var fixed, free game.Table
		for k, s := range game.SetsOf(start.Table) {
			if kept[k] {
				fixed = append(fixed, s)
			} else {
				free = append(free, s)
			}
		}
		sctx, cancel := context.WithTimeout(ctx, solveTime)
		res, err := solver.Solve(sctx, solver.Request{Rules: r, Table: free, Rack: start.Rack, Opened: true, Objective: solver.MostTiles})
		cancel()
		if err != nil {
			return nil, err
		}
		if !res.Optimal || res.TilesPlaced < best.TilesPlaced {
			kept[i] = false
			continue
		}
		sol = append(cloneTable(fixed), res.Sets...)
	}
	return sol, nil
}

// Effort is the measure puzzles are graded by: the table tiles the
// solution moves away from their set, plus the tiles it places beyond the
// plain play, plus 2 when a table joker changes what it stands for.
func Effort(p Puzzle) int {
	e := p.Moved + p.Goal - p.Plain
	if p.Joker {
		e += 2
	}
	return e
}

// Grade is the puzzle's difficulty by its effort: easy up to 4, medium 5
// to 8, hard 9 and more.
func Grade(p Puzzle) string {
	switch e := Effort(p); {
	case e >= 9:
		return Hard
	case e >= 5:
		return Medium
	}
	return Easy
}

// Moved counts the table tiles a play moves away from their set: for
// each table set, its tiles less the most of them that stay together in
// one set after the play (taking R6 off R3 R4 R5 R6 moves 1; splitting
// R3..R8 in two halves moves 3). joker says a table joker now stands for
// another tile (it was freed or moved).
func Moved(before, after game.Table) (moved int, joker bool) {
	where := map[game.TileID]int{} // tile id -> set after
	as := map[game.TileID]game.Face{}
	for i, s := range after {
		for _, t := range s {
			where[t.ID] = i
			as[t.ID] = t.As
		}
	}
	for _, s := range before {
		together := map[int]int{}
		stay := 0
		for _, t := range s {
			if k, ok := where[t.ID]; ok {
				together[k]++
				stay = max(stay, together[k])
			}
			if t.IsJoker() && as[t.ID] != t.As {
				joker = true
			}
		}
		moved += len(s) - stay
	}
	return moved, joker
}

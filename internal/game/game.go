package game

import "math/rand/v2"

// Game is the state of one game of a match. Every exported field is for
// reading only (see Match).
type Game struct {
	Number int // 1 for the first game of the match

	// Table is what lies on the table, in the shape the rules play on
	// (never nil): a Table of sets, each laid out canonically (runs
	// ascending, every joker carrying in As the tile it stands for), or
	// under the French rules (table=grid) a Grid, sorted by cell, every
	// joker carrying what it stands for.
	Table Layout
	// Racks holds each seat's tiles: the deal in deal order, drawn tiles
	// appended. A UI sorts them as its player likes.
	Racks [][]Tile
	// Melded says per seat whether the player has made the initial meld.
	Melded []bool
	// Pool is the face-down pool; the next tile drawn is the last one. Only
	// its length is public.
	Pool []Tile
	// River holds the tiles discarded by River draws (draw=river), oldest
	// first. It is public.
	River []Tile

	Turn   int // the seat whose turn it is
	Passes int // passes in a row with an empty pool; a full round blocks the game
	Turns  int // turns completed in this game

	// Starter is the seat that won the draw for the first player and
	// played first; StartDraw lists the tiles drawn to decide it.
	Starter   int
	StartDraw []StartDraw

	// Reveal holds the tiles a River draw showed the player whose turn it
	// is, waiting for an ActKeep choice. Only that player sees them.
	Reveal []Tile
	// Pull is the River pull the player whose turn it is made this turn,
	// or nil.
	Pull *Pull

	Over  bool      // the game is finished
	Score GameScore // its score, once Over
}

// StartDraw is one tile drawn in the draw for the first player. The
// highest number starts; a joker is drawn again at once and players tied
// on the highest number draw again in the next round.
type StartDraw struct {
	Round int
	Seat  int
	Tile  Tile
}

// Pull is a River pull in progress: the tiles taken from River index Index
// on. The Key Tile (the oldest one taken) must be played this turn; the
// Plunder is on the rack but locked for this turn. Both are already in the
// player's rack.
type Pull struct {
	Index   int
	Key     Tile
	Plunder []Tile
}

// gameRand is the seeded source of one game: a deal depends only on the
// match seed and the game's number.
func gameRand(seed uint64, number int) *rand.Rand {
	return rand.New(rand.NewPCG(seed, uint64(number)))
}

// deal sets up game number of a match of n seats: the draw for the first
// player, then a fresh shuffle, rack-size tiles each, the rest the pool.
func deal(r *Rules, n int, seed uint64, number int) *Game {
	rng := gameRand(seed, number)
	tiles := TileSet(r.Copies, r.Jokers)
	g := &Game{
		Number: number,
		Table:  r.EmptyTable(),
		Racks:  make([][]Tile, n),
		Melded: make([]bool, n),
	}
	g.Starter, g.StartDraw = drawForFirst(rng, tiles, n)
	g.Turn = g.Starter

	// The drawn tiles go back and everything is shuffled again.
	rng.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
	pos := 0
	for s := 0; s < n; s++ {
		g.Racks[s] = append([]Tile(nil), tiles[pos:pos+r.RackSize]...)
		pos += r.RackSize
	}
	g.Pool = append([]Tile(nil), tiles[pos:]...)
	return g
}

// drawForFirst decides who plays first: every contender draws a tile from
// the shuffled set, a joker is put aside and drawn again, the highest
// number starts, and players tied on the highest number draw again. If the
// set ran out (it cannot in practice) the tiles are shuffled back.
func drawForFirst(rng *rand.Rand, all []Tile, n int) (int, []StartDraw) {
	pile := append([]Tile(nil), all...)
	shuffle := func() {
		rng.Shuffle(len(pile), func(i, j int) { pile[i], pile[j] = pile[j], pile[i] })
	}
	shuffle()
	pos := 0
	var draws []StartDraw
	contenders := make([]int, n)
	for i := range contenders {
		contenders[i] = i
	}
	for round := 1; ; round++ {
		best, bestNum := []int(nil), -1
		for _, s := range contenders {
			var t Tile
			for {
				if pos == len(pile) {
					shuffle()
					pos = 0
				}
				t = pile[pos]
				pos++
				draws = append(draws, StartDraw{Round: round, Seat: s, Tile: t})
				if !t.IsJoker() {
					break
				}
			}
			switch num := int(t.Face.Num); {
			case num > bestNum:
				best, bestNum = []int{s}, num
			case num == bestNum:
				best = append(best, s)
			}
		}
		if len(best) == 1 {
			return best[0], draws
		}
		contenders = best
	}
}

// draw takes up to k tiles from the pool.
func (g *Game) draw(k int) []Tile {
	if k > len(g.Pool) {
		k = len(g.Pool)
	}
	out := make([]Tile, k)
	for i := range out {
		out[i] = g.Pool[len(g.Pool)-1]
		g.Pool = g.Pool[:len(g.Pool)-1]
	}
	return out
}

// endTurn passes the turn to the next seat clockwise.
func (g *Game) endTurn() {
	g.Turn = (g.Turn + 1) % len(g.Racks)
	g.Turns++
	g.Reveal = nil
	g.Pull = nil
}

// RackCounts is the number of tiles on each seat's rack.
func (g *Game) RackCounts() []int {
	out := make([]int, len(g.Racks))
	for i, rk := range g.Racks {
		out[i] = len(rk)
	}
	return out
}

func (g *Game) clone() *Game {
	c := *g
	c.Table = CloneLayout(g.Table)
	c.Racks = cloneSets(g.Racks)
	c.Melded = append([]bool(nil), g.Melded...)
	c.Pool = cloneTiles(g.Pool)
	c.River = cloneTiles(g.River)
	c.StartDraw = append([]StartDraw(nil), g.StartDraw...)
	c.Reveal = cloneTiles(g.Reveal)
	if g.Pull != nil {
		p := *g.Pull
		p.Plunder = cloneTiles(g.Pull.Plunder)
		c.Pull = &p
	}
	c.Score = g.Score.clone()
	return &c
}

func cloneTiles(ts []Tile) []Tile {
	if ts == nil {
		return nil
	}
	return append([]Tile{}, ts...)
}

func cloneSets[S ~[]E, E ~[]Tile](sets S) S {
	if sets == nil {
		return nil
	}
	out := make(S, len(sets))
	for i, s := range sets {
		out[i] = cloneTiles(s)
	}
	return out
}

// removeIDs returns rack without the tiles whose ids are in drop, keeping
// the order of the rest.
func removeIDs(rack []Tile, drop map[TileID]bool) []Tile {
	out := make([]Tile, 0, len(rack))
	for _, t := range rack {
		if !drop[t.ID] {
			out = append(out, t)
		}
	}
	return out
}

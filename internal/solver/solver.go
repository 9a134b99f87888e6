package solver

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"slices"

	"rummikub/internal/game"
)

// Objective says what a play is worth.
type Objective int

const (
	// MostTiles places the most rack tiles; ties go to the most points.
	MostTiles Objective = iota
	// MostPoints removes the most penalty points from the rack; ties go to
	// the most tiles.
	MostPoints
)

func (o Objective) String() string {
	switch o {
	case MostTiles:
		return "tiles"
	case MostPoints:
		return "points"
	}
	return fmt.Sprintf("objective(%d)", int(o))
}

// Request is one position to solve.
type Request struct {
	Rules     *game.Rules
	Table     game.Table // every table tile must end on the table
	Rack      []game.Tile
	Opened    bool // the player made the initial meld before this turn
	Objective Objective
	Keep      []game.Tile // rack tiles to hold back (never play these)
	Must      []game.Tile // rack tiles that must be played (e.g. a River key tile)
}

// Result is the best play found.
type Result struct {
	// Play reports that a legal play exists: false when nothing can be
	// placed or no initial meld is reachable.
	Play bool
	// Sets is the whole table after the play: sets left untouched first, in
	// their table order, then the others; every set laid out as
	// game.AnalyzeSet lays it, each joker annotated with what it stands for.
	Sets game.Table
	// Placed lists the rack tiles played, as given in the rack (ids kept),
	// in rack order.
	Placed       []game.Tile
	TilesPlaced  int
	PointsPlaced int // the rack penalty removed: face values, a joker its joker-penalty
	// Optimal reports that the search completed, so the play is proven
	// best. It is false when the deadline cut the search short.
	Optimal bool
}

// Solve finds the best play for req. It returns an error only for input it
// cannot use (an invalid table set, keep or must tiles not on the rack,
// bad rules); a position with no play is a Result with Play false. When ctx
// expires the search stops promptly and the best play found so far is
// returned with Optimal false.
func Solve(ctx context.Context, req Request) (res Result, err error) {
	defer func() {
		// A broken invariant must not take a game down: it becomes an error
		// (the tests treat any error on a valid position as a failure).
		if r := recover(); r != nil {
			res, err = Result{}, fmt.Errorf("solver: internal error: %v", r)
		}
	}()
	WorkOf(ctx).Spend(setupWork(req.Table.Len() + len(req.Rack)))
	p, err := newProblem(req)
	if err != nil {
		return Result{}, err
	}
	if ctx.Err() != nil {
		return p.result(nil, false), nil // the deadline has passed: no time to look
	}
	sol, optimal := p.search(ctx)
	return p.result(sol, optimal), nil
}

// ErrNoRules is returned when a request carries no rules.
var ErrNoRules = errors.New("solver: the request has no rules")

// rackTile is a playable rack tile and its place on the request's rack.
type rackTile struct {
	tile game.Tile
	idx  int
}

// tableJoker is a joker lying on the table at the start of the turn.
type tableJoker struct {
	tile game.Tile
	opts []game.Face // the tiles it stands for (several in a group)
}

// problem is a request checked and counted by face.
type problem struct {
	r      *game.Rules
	opened bool
	obj    Objective
	sets   []game.Meld // the table sets, analysed
	fixed  []bool      // table sets left out of the search, kept as they are

	tableReal   [game.NumFaces - 1][]game.Tile // physical table tiles by face index
	tableJokers []tableJoker
	rackReal    [game.NumFaces - 1][]rackTile // playable rack tiles by face, must ones first
	rackJokers  []rackTile                    // playable rack jokers, must ones first

	tt            [game.NumFaces - 1]int // table tiles of each face
	avail         [game.NumFaces - 1]int // rack tiles that may be played
	must          [game.NumFaces - 1]int // rack tiles that must be played
	jAvail, jMust int                    // rack jokers that may / must be played
}

// newProblem checks a request and counts it by face: the table's sets
// read, no face more often than the tile set holds it, the keep and must
// tiles found on the rack, and the playable rack tiles sorted by face.
func newProblem(req Request) (*problem, error) {
	if req.Rules == nil {
		return nil, ErrNoRules
	}
	if req.Objective != MostTiles && req.Objective != MostPoints {
		return nil, fmt.Errorf("solver: unknown objective %d", int(req.Objective))
	}
	p := &problem{r: req.Rules, opened: req.Opened, obj: req.Objective}
	counts, err := p.readTable(req.Table)
	if err != nil {
		return nil, err
	}
	for _, t := range req.Rack {
		if !t.Face.Valid() {
			return nil, fmt.Errorf("rack tile %v is not a tile", t.Face)
		}
		counts[t.Face.Index()]++
	}
	if err := checkTileSet(&counts, req.Rules); err != nil {
		return nil, err
	}
	role := make([]int, len(req.Rack))
	if err := markRoles(req.Rack, role, req.Must, roleMust, "must"); err != nil {
		return nil, err
	}
	if err := markRoles(req.Rack, role, req.Keep, roleKeep, "keep"); err != nil {
		return nil, err
	}
	p.readRack(req.Rack, role)
	return p, nil
}

// readTable analyses the table's sets and files their tiles by face. It
// returns the count of every face on the table.
func (p *problem) readTable(table game.Table) (game.FaceCounts, error) {
	p.sets = make([]game.Meld, 0, len(table))
	var counts game.FaceCounts
	for i, set := range table {
		m, err := game.AnalyzeSet(set, p.r)
		if err != nil {
			return counts, fmt.Errorf("table set %d: %w", i+1, err)
		}
		p.sets = append(p.sets, m)
		for _, t := range m.Tiles {
			counts[t.Face.Index()]++
		}
	}
	p.tt = [game.NumFaces - 1]int(counts[:game.NumFaces-1])
	// the table's tiles by face, each face's in a slice of one shared array
	// (a solve of a middle-game position is a tenth of a millisecond, and
	// these appends were a tenth of its allocations)
	realTiles := make([]game.Tile, 0, table.Len()-counts[game.NumFaces-1])
	for f, at := 0, 0; f < game.NumFaces-1; f++ {
		p.tableReal[f] = realTiles[at : at : at+p.tt[f]]
		at += p.tt[f]
	}
	for _, m := range p.sets {
		for k, t := range m.Tiles {
			if t.IsJoker() {
				p.tableJokers = append(p.tableJokers, tableJoker{tile: t, opts: m.Stands(k)})
				continue
			}
			f := t.Face.Index()
			p.tableReal[f] = append(p.tableReal[f], t)
		}
	}
	return counts, nil
}

// checkTileSet refuses a table and rack holding a face more often than the
// rules' tile set has it.
func checkTileSet(counts *game.FaceCounts, r *game.Rules) error {
	for x, n := range counts {
		f := game.FaceAt(x)
		if (f.IsJoker() && n > r.Jokers) || (!f.IsJoker() && n > r.Copies) {
			return fmt.Errorf("the table and rack hold %d %v tiles, more than the rules' tile set has", n, f)
		}
	}
	return nil
}

// The role of a rack tile in a request.
const (
	roleFree = iota
	roleKeep // held back
	roleMust // played
)

// markRoles gives each tile of list the role mark on a free rack tile:
// by id when the tile has one, otherwise by face.
func markRoles(rack []game.Tile, role []int, list []game.Tile, mark int, what string) error {
	for _, want := range list {
		found := false
		for i, t := range rack {
			if role[i] != roleFree {
				continue
			}
			if (want.ID != game.NoID && t.ID == want.ID && t.Face == want.Face) ||
				(want.ID == game.NoID && t.Face == want.Face) {
				role[i] = mark
				found = true
				break
			}
		}
		if !found {
			return fmt.Errorf("%s tile %v is not on the rack (or is listed twice)", what, want)
		}
	}
	return nil
}

// readRack files the rack tiles that may be played by face (jokers apart),
// the must ones first, and counts them; kept tiles are left out.
func (p *problem) readRack(rack []game.Tile, role []int) {
	var onRack [game.NumFaces]int
	for i, t := range rack {
		if role[i] != roleKeep {
			onRack[t.Face.Index()]++
		}
	}
	rackTiles := make([]rackTile, 0, len(rack))
	for f, at := 0, 0; f < game.NumFaces-1; f++ {
		p.rackReal[f] = rackTiles[at : at : at+onRack[f]]
		at += onRack[f]
	}
	for _, mark := range []int{roleMust, roleFree} {
		for i, t := range rack {
			if role[i] != mark {
				continue
			}
			t.As = game.Face{}
			rt := rackTile{t, i}
			if t.IsJoker() {
				p.rackJokers = append(p.rackJokers, rt)
				p.jAvail++
				if mark == roleMust {
					p.jMust++
				}
				continue
			}
			f := t.Face.Index()
			p.rackReal[f] = append(p.rackReal[f], rt)
			p.avail[f]++
			if mark == roleMust {
				p.must[f]++
			}
		}
	}
}

// rackByPlace is the rack tiles that may be played and those that must be,
// by number and colour.
func (p *problem) rackByPlace() (r, must [15][4]int) {
	for f := 0; f < game.NumFaces-1; f++ {
		face := game.FaceAt(f)
		r[face.Num][face.Color] = p.avail[f]
		must[face.Num][face.Color] = p.must[f]
	}
	return r, must
}

// Kinds of tile filling a slot of a set in a solution.
const (
	srcTable      = iota // a numbered tile from the table
	srcRack              // a numbered tile from the rack
	srcTableJoker        // a table joker (index in tableJokers)
	srcRackJoker         // a joker from the rack
)

// slot is one tile of a set in a solution: what it shows (or, for a joker,
// stands for) and where it comes from.
type slot struct {
	face  game.Face
	src   int
	joker int // for srcTableJoker: the index of the table joker
}

// solution is an arrangement found by a search: the table sets left as they
// were (by index) and the sets built anew, slot by slot.
type solution struct {
	kept []int
	sets [][]slot
}

// score packs the objective into one comparable number.
func (p *problem) score(tiles, points int) int64 {
	if p.obj == MostPoints {
		return int64(points)<<16 | int64(tiles)
	}
	return int64(tiles)<<16 | int64(points)
}

// result turns a solution into physical tiles and counts.
func (p *problem) result(sol *solution, optimal bool) Result {
	res := Result{Optimal: optimal}
	if sol == nil || !sol.placesTiles() {
		for _, m := range p.sets {
			res.Sets = append(res.Sets, slices.Clip(m.Tiles))
		}
		return res
	}
	// the table's and the rack's tiles by face, taken as the sets use them
	// (copies of the slices, and of the table's tiles, which kept sets
	// remove from)
	var tableReal [game.NumFaces - 1][]game.Tile
	var rackReal [game.NumFaces - 1][]rackTile
	nt, nr := 0, p.jAvail
	for f := range p.tt {
		nt += p.tt[f]
		nr += p.avail[f]
	}
	all := make([]game.Tile, 0, nt)
	for f, ts := range p.tableReal {
		at := len(all)
		all = append(all, ts...)
		tableReal[f] = all[at:len(all):len(all)]
	}
	copy(rackReal[:], p.rackReal[:])
	rackJokers := p.rackJokers
	placed := make([]rackTile, 0, nr)
	res.Sets = make(game.Table, 0, len(sol.kept)+len(sol.sets))
	for _, k := range sol.kept {
		// the problem's layout of the set, which it made for itself (see
		// newProblem) and is done with: no copy
		tiles := slices.Clip(p.sets[k].Tiles)
		res.Sets = append(res.Sets, tiles)
		for _, t := range tiles {
			if !t.IsJoker() {
				f := t.Face.Index()
				tableReal[f] = removeTile(tableReal[f], t)
			}
		}
	}
	fresh := make(game.Table, 0, len(sol.sets))
	for _, set := range sol.sets {
		tiles := make([]game.Tile, len(set))
		for i, s := range set {
			var t game.Tile
			switch s.src {
			case srcTable:
				f := s.face.Index()
				t, tableReal[f] = tableReal[f][0], tableReal[f][1:]
			case srcRack:
				f := s.face.Index()
				placed = append(placed, rackReal[f][0])
				t, rackReal[f] = rackReal[f][0].tile, rackReal[f][1:]
			case srcTableJoker:
				t = p.tableJokers[s.joker].tile
				t.As = s.face
			case srcRackJoker:
				placed = append(placed, rackJokers[0])
				t, rackJokers = rackJokers[0].tile, rackJokers[1:]
				t.As = s.face
			}
			tiles[i] = t
		}
		m, err := game.AnalyzeSet(tiles, p.r)
		if err != nil {
			panic("solver: built an invalid set " + game.FormatTiles(tiles) + ": " + err.Error())
		}
		fresh = append(fresh, m.Tiles)
	}
	slices.SortStableFunc(fresh, setOrder)
	res.Sets = append(res.Sets, fresh...)
	slices.SortFunc(placed, func(a, b rackTile) int { return cmp.Compare(a.idx, b.idx) })
	for _, rt := range placed {
		res.Placed = append(res.Placed, rt.tile)
	}
	for _, t := range res.Placed {
		res.TilesPlaced++
		res.PointsPlaced += p.r.Penalty(t.Face)
	}
	res.Play = res.TilesPlaced > 0
	return res
}

// removeTile removes one tile equal to t (same id and face) from tiles, in
// place.
func removeTile(tiles []game.Tile, t game.Tile) []game.Tile {
	for i, u := range tiles {
		if u.ID == t.ID && u.Face == t.Face {
			return append(tiles[:i], tiles[i+1:]...)
		}
	}
	return tiles
}

// setOrder orders new sets for display: by their lowest number, runs
// before groups, then colour.
func setOrder(a, b game.Set) int {
	return cmp.Compare(setKey(a), setKey(b))
}

func setKey(s []game.Tile) int {
	first := s[0].Face
	if first.IsJoker() {
		first = s[0].As
	}
	num := int(first.Num)
	isGroup := 0
	if len(s) >= 2 {
		second := s[1].Face
		if second.IsJoker() {
			second = s[1].As
		}
		if second.Num == first.Num {
			isGroup = 1
		}
	}
	return num*100 + isGroup*10 + int(first.Color)
}

// placesTiles reports whether the solution plays a rack tile.
func (s *solution) placesTiles() bool {
	for _, set := range s.sets {
		for _, sl := range set {
			if sl.src == srcRack || sl.src == srcRackJoker {
				return true
			}
		}
	}
	return false
}

package protocol

import (
	"fmt"

	"rummikub/internal/game"
)

// ViewOf rebuilds on the bot side the game.SeatView a turn message came
// from, for one of our players: rules and names from the hello, log the
// whole public log so far (the turn's own entries appended). Tiles that
// carry their ids (R7@20, the ready's ids option) keep them; the others
// get physical ids the way game.TileSet numbers them, each face's copies
// in the order they appear (table, River, rack), so a player that counts
// the tiles it cannot see finds them. The Must and Locked tiles are the
// rack tiles of their ids, or else of their faces.
func ViewOf(r game.Rules, names []string, t *Turn, log []game.Event) (game.SeatView, error) {
	ids := newIDs(&r)
	v := game.SeatView{
		Rules: r, Names: names, Seat: t.Seat, Game: t.Game, Turn: t.Turn,
		RackCounts: t.RackCounts, Melded: t.Melded, Pool: t.Pool, Passes: t.Passes, Starter: t.Starter,
		PullPending: t.PullPending, PullIndex: t.PullIndex, Totals: t.Totals, Won: t.Won, Log: log,
	}
	var err error
	table := game.TableFields{Sets: t.Table, Grid: t.Grid}
	if v.Table, err = r.ReadFields(table, func(s string) (game.Tile, error) { return parseTile(s, ids) }); err != nil {
		return v, fmt.Errorf("the turn's table: %v", err)
	}
	if v.River, err = parseTiles(t.River, ids); err != nil {
		return v, fmt.Errorf("the River: %v", err)
	}
	if v.Rack, err = parseTiles(t.Rack, ids); err != nil {
		return v, fmt.Errorf("the rack: %v", err)
	}
	if v.Reveal, err = parseTiles(t.Reveal, ids); err != nil {
		return v, fmt.Errorf("the revealed tiles: %v", err)
	}
	if v.Must, err = rackTiles(t.Must, v.Rack); err != nil {
		return v, fmt.Errorf("the key tile: %v", err)
	}
	if v.Locked, err = rackTiles(t.Locked, v.Rack); err != nil {
		return v, fmt.Errorf("the plunder: %v", err)
	}
	return v, possible(&v, ids)
}

// possible checks that a rebuilt view is one a match can give, so that a
// player is never asked to think about more tiles than the set holds.
func possible(v *game.SeatView, x *ids) error {
	n := len(v.Names)
	switch {
	case n < 2 || n > v.Rules.MaxPlayers:
		return fmt.Errorf("the hello names %d players", n)
	case v.Seat < 0 || v.Seat >= n:
		return fmt.Errorf("there is no seat %d", v.Seat)
	case v.Turn != v.Seat:
		return fmt.Errorf("it is seat %d's turn, not this seat's (%d)", v.Turn, v.Seat)
	case len(v.RackCounts) != n || len(v.Melded) != n:
		return fmt.Errorf("rack_counts and melded must have one entry per seat")
	case v.RackCounts[v.Seat] != len(v.Rack):
		return fmt.Errorf("the rack holds %d tiles, rack_counts says %d", len(v.Rack), v.RackCounts[v.Seat])
	case v.Pool < 0:
		return fmt.Errorf("the pool cannot hold %d tiles", v.Pool)
	}
	total := v.Pool + len(v.River) + len(v.Reveal)
	for _, c := range v.RackCounts {
		if c < 0 {
			return fmt.Errorf("a rack cannot hold %d tiles", c)
		}
		total += c
	}
	total += v.Table.Len()
	if total != v.Rules.TileCount() {
		return fmt.Errorf("the view accounts for %d tiles, the set has %d", total, v.Rules.TileCount())
	}
	for f, k := range x.next {
		if (f.IsJoker() && k > x.jokers) || (!f.IsJoker() && k > x.copies) {
			return fmt.Errorf("the view shows %d copies of %s", k, f)
		}
	}
	return nil
}

// ids hands out the physical ids of game.TileSet by face, and checks the
// ids a message gives.
type ids struct {
	copies, jokers int
	next           map[game.Face]int // copies of a face seen so far
	set            []game.Tile       // the edition's tiles, by id
	used           map[game.TileID]bool
}

func newIDs(r *game.Rules) *ids {
	return &ids{copies: r.Copies, jokers: r.Jokers, next: map[game.Face]int{},
		set: game.TileSet(r.Copies, r.Jokers), used: map[game.TileID]bool{}}
}

// give returns t with its id: the one it carries, which must be a tile of
// its face seen once, or the next unseen copy's.
func (x *ids) give(t game.Tile) (game.Tile, error) {
	if t.ID == game.NoID {
		t.ID = x.take(t.Face)
		return t, nil
	}
	x.next[t.Face]++
	switch {
	case int(t.ID) >= len(x.set) || x.set[t.ID].Face != t.Face:
		return t, fmt.Errorf("%s@%d is not a tile of this set", t, t.ID)
	case x.used[t.ID]:
		return t, fmt.Errorf("the tile %s@%d is shown twice", t, t.ID)
	}
	x.used[t.ID] = true
	return t, nil
}

// take returns the id of the first copy of f not given yet, or NoID when
// every copy has been (the view is then not one a real match gives).
func (x *ids) take(f game.Face) game.TileID {
	x.next[f]++
	for _, t := range x.set {
		if t.Face == f && !x.used[t.ID] {
			x.used[t.ID] = true
			return t.ID
		}
	}
	return game.NoID
}

func parseTiles(ss []string, x *ids) ([]game.Tile, error) {
	ts, err := ParseTiles(ss)
	if err != nil {
		return nil, err
	}
	for i := range ts {
		if ts[i], err = x.give(ts[i]); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// parseTile reads one tile with ParseTile and gives it its id by x.
func parseTile(s string, x *ids) (game.Tile, error) {
	t, err := ParseTile(s)
	if err != nil {
		return t, err
	}
	return x.give(t)
}

// rackTiles finds the rack tiles of ss (by id when they carry one, else
// by face), each used once.
func rackTiles(ss []string, rack []game.Tile) ([]game.Tile, error) {
	ts, err := ParseTiles(ss)
	if err != nil {
		return nil, err
	}
	used := make([]bool, len(rack))
	for i, t := range ts {
		found := false
		for j, r := range rack {
			if !used[j] && r.Face == t.Face && (t.ID == game.NoID || t.ID == r.ID) {
				used[j] = true
				ts[i] = r
				found = true
				break
			}
		}
		if !found {
			return nil, fmt.Errorf("%s is not on the rack", t)
		}
	}
	return ts, nil
}

// LogOf reads protocol log entries back into game events.
func LogOf(es []Event) ([]game.Event, error) {
	out := make([]game.Event, 0, len(es))
	for _, e := range es {
		g := game.Event{Game: e.Game, Seat: e.Seat, Kind: game.ActionKind(e.Kind), Points: e.Points, Melded: e.Melded,
			Out: e.Out, Drew: e.Drew, Unfinished: e.Unfinished, Blocked: e.Blocked}
		var err error
		if g.Placed, err = ParseTiles(e.Placed); err != nil {
			return nil, err
		}
		if g.Discarded, err = ParseTiles(e.Discarded); err != nil {
			return nil, err
		}
		if g.Pulled, err = ParseTiles(e.Pulled); err != nil {
			return nil, err
		}
		if len(g.Placed) == 0 {
			g.Placed = nil
		}
		if len(g.Discarded) == 0 {
			g.Discarded = nil
		}
		if len(g.Pulled) == 0 {
			g.Pulled = nil
		}
		out = append(out, g)
	}
	return out, nil
}

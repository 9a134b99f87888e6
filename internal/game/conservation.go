package game

import "fmt"

// CheckConservation checks that every tile of the set (TileSet(copies,
// jokers)) is in exactly one place: the pool, a rack, a set on the table,
// the River, or a River draw waiting for its choice; that each place holds
// only real tiles with the face their id has; and that a River pull's
// tiles are on the rack of the player whose turn it is. Tests call it
// after every action; Apply calls it before committing one and Load after
// reading a save.
func (m *Match) CheckConservation() error {
	g := m.Game
	if g == nil {
		return fmt.Errorf("the match has no game")
	}
	all := TileSet(m.Rules.Copies, m.Rules.Jokers)
	// where[id] is the place of a tile: 0 nowhere, then placeNames order
	// for the pool, River and River draw, then placeRack+seat and
	// placeTable+set. Names are made only for an error, as this runs
	// after every action.
	where := make([]int, len(all))
	name := func(p int) string {
		switch {
		case p >= placeTable:
			return fmt.Sprintf("set %d of the table", p-placeTable+1)
		case p >= placeRack:
			return fmt.Sprintf("rack %d", p-placeRack)
		}
		return placeNames[p]
	}
	see := func(t Tile, place int) error {
		if int(t.ID) >= len(all) {
			return fmt.Errorf("%s holds %s with id %d, which is not a tile of this set", name(place), t, t.ID)
		}
		if all[t.ID].Face != t.Face {
			return fmt.Errorf("%s holds %s with id %d, but tile %d is %s", name(place), t, t.ID, t.ID, all[t.ID].Face)
		}
		if where[t.ID] != 0 {
			return fmt.Errorf("tile %s (id %d) is both in %s and in %s", t, t.ID, name(where[t.ID]), name(place))
		}
		where[t.ID] = place
		return nil
	}
	lots := []lot{{g.Pool, placePool}}
	for seat, rack := range g.Racks {
		lots = append(lots, lot{rack, placeRack + seat})
	}
	lots = append(lots, g.Table.lots()...)
	lots = append(lots, lot{g.River, placeRiver}, lot{g.Reveal, placeReveal})
	for _, l := range lots {
		for _, t := range l.tiles {
			if err := see(t, l.place); err != nil {
				return err
			}
		}
	}
	for id, place := range where {
		if place == 0 {
			return fmt.Errorf("tile %s (id %d) is nowhere", all[id].Face, id)
		}
	}
	if p := g.Pull; p != nil {
		rack := placeRack + g.Turn
		for _, t := range append([]Tile{p.Key}, p.Plunder...) {
			if int(t.ID) >= len(all) || where[t.ID] != rack {
				return fmt.Errorf("the River pull's tile %s is not on the puller's rack", t)
			}
		}
	}
	return nil
}

// lot is tiles that lie in one place of CheckConservation.
type lot struct {
	tiles []Tile
	place int
}

// lots are a table's places: each set of a table of sets, or the grid as
// one place.
func (t Table) lots() []lot {
	out := make([]lot, len(t))
	for i, set := range t {
		out[i] = lot{set, placeTable + i}
	}
	return out
}

func (g Grid) lots() []lot { return []lot{{g.AllTiles(), placeGrid}} }

// Places of CheckConservation.
const (
	placePool   = 1
	placeRiver  = 2
	placeReveal = 3
	placeGrid   = 4
	placeRack   = 8    // + seat
	placeTable  = 1000 // + set index
)

var placeNames = [...]string{"", "the pool", "the River", "the River draw", "the grid"}

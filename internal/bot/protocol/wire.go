package protocol

import (
	"fmt"

	"rummikub/internal/game"
)

// wire is how the table travels in the protocol's messages: sets in
// "table" (setsWire), or the French grid in "grid" with "table" empty
// (gridWire). Turns written and read and plays read and written all go
// through the wire of the table's shape, picked once by wireOf.
type wire interface {
	// writeTurn puts l in a turn message; ids writes every tile with
	// its id.
	writeTurn(t *Turn, l game.Layout, ids bool)
	// readTurn reads a turn message's table, giving its tiles ids by x.
	readTurn(t *Turn, x *ids) (game.Layout, error)
	// readPlay reads the table a play ends with.
	readPlay(a *Answer) (game.Layout, error)
	// writePlay puts the table a play ends with in the answer.
	writePlay(a *Answer, l game.Layout, ids bool)
}

// wireOf is the wire of l's shape: the one place the protocol tells the
// two shapes of table apart. A rules' shape is wireOf(r.EmptyTable()).
func wireOf(l game.Layout) wire {
	if _, onGrid := l.(game.Grid); onGrid {
		return gridWire{}
	}
	return setsWire{}
}

type setsWire struct{}

func (setsWire) writeTurn(t *Turn, l game.Layout, ids bool) {
	for _, s := range game.SetsOf(l) {
		t.Table = append(t.Table, TileTexts(s, ids))
	}
}

func (setsWire) readTurn(t *Turn, x *ids) (game.Layout, error) {
	if t.Grid != nil {
		return nil, fmt.Errorf("the turn gives a grid, but the rules play on sets")
	}
	var table game.Table
	for i, s := range t.Table {
		set, err := parseTiles(s, x)
		if err != nil {
			return nil, fmt.Errorf("set %d of the table: %v", i+1, err)
		}
		table = append(table, set)
	}
	return table, nil
}

func (setsWire) readPlay(a *Answer) (game.Layout, error) {
	if a.Grid != nil {
		return nil, fmt.Errorf("these rules play on sets: a play gives the whole table in \"table\", not a grid")
	}
	if len(a.Table) == 0 {
		return nil, fmt.Errorf("a play must give the whole table after the turn in \"table\" (or, under the French rules, the whole grid in \"grid\")")
	}
	var table game.Table
	for i, set := range a.Table {
		ts, err := ParseTiles(set)
		if err != nil {
			return nil, fmt.Errorf("set %d of the play: %v", i+1, err)
		}
		table = append(table, ts)
	}
	return table, nil
}

func (setsWire) writePlay(a *Answer, l game.Layout, ids bool) {
	for _, s := range game.SetsOf(l) {
		a.Table = append(a.Table, TileTexts(s, ids))
	}
}

type gridWire struct{}

func (gridWire) writeTurn(t *Turn, l game.Layout, ids bool) {
	gj := GridText(game.GridOf(l), ids)
	t.Grid = &gj
}

func (gridWire) readTurn(t *Turn, x *ids) (game.Layout, error) {
	if len(t.Table) > 0 {
		return nil, fmt.Errorf("the turn gives sets in \"table\", but the French rules play on a grid")
	}
	if t.Grid == nil {
		return game.Grid{}, nil
	}
	g, err := ParseGrid(*t.Grid)
	if err != nil {
		return nil, fmt.Errorf("the grid: %v", err)
	}
	for i := range g.Tiles {
		if g.Tiles[i].Tile, err = x.give(g.Tiles[i].Tile); err != nil {
			return nil, fmt.Errorf("the grid: %v", err)
		}
	}
	return g, nil
}

func (gridWire) readPlay(a *Answer) (game.Layout, error) {
	if a.Grid == nil {
		return nil, fmt.Errorf("under the French rules a play gives the whole grid after the turn in \"grid\", not sets in \"table\"")
	}
	if len(a.Table) != 0 {
		return nil, fmt.Errorf("a play gives either \"table\" (sets) or \"grid\" (the French rules), not both")
	}
	g, err := ParseGrid(*a.Grid)
	if err != nil {
		return nil, fmt.Errorf("the play's grid: %v", err)
	}
	return g, nil
}

func (gridWire) writePlay(a *Answer, l game.Layout, ids bool) {
	gj := GridText(game.GridOf(l), ids)
	a.Grid = &gj
}

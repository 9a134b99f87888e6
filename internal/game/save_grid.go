package game

import "fmt"

// The grid in a save file (table=grid): its JSON form, every tile written
// with its id ("R7@20"), in the game and in each play of the history.

// loadGrid reads a saved grid; an absent one is the empty grid.
func loadGrid(gj *GridJSON, all []Tile) (Grid, error) {
	if gj == nil {
		return Grid{}, nil
	}
	g, err := gridFromRows(Cell{gj.Origin[0], gj.Origin[1]}, gj.Rows, func(s string) (Tile, error) { return loadTile(s, all) })
	if err != nil {
		return Grid{}, err
	}
	g.Sort()
	return g, nil
}

// fromSaved is the grid read from a save, which must hold no sets.
func (g Grid) fromSaved(sets Table, saved Grid) (Layout, error) {
	if len(sets) > 0 {
		return nil, fmt.Errorf("the match is played on the French grid but the save holds sets")
	}
	return saved, nil
}

// checkSaved checks a loaded grid: it reads as a valid table.
func (g Grid) checkSaved(r *Rules) error {
	if err := ReadGrid(g, r); err != nil {
		return fmt.Errorf("the grid: %v", err)
	}
	return nil
}

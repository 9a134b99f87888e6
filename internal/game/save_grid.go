package game

import "fmt"

// The grid in a save file (table=grid): its JSON form, every tile written
// with its id ("R7@20"), in the game and in each play of the history.

func saveGrid(g Grid) *GridJSON {
	lo, rows := g.Rows(Tile.IDText)
	if rows == nil {
		rows = [][]string{}
	}
	return &GridJSON{Origin: [2]int{lo.Row, lo.Col}, Rows: rows}
}

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

// checkGridShape checks a loaded match's grid: under table=grid a valid
// grid and no sets, otherwise no grid.
func (m *Match) checkGridShape() error {
	g := m.Game
	if m.Rules.Table != TableGrid {
		if !g.Grid.Empty() {
			return fmt.Errorf("the match is played on a table of sets but the save holds a grid")
		}
		return nil
	}
	if len(g.Table) > 0 {
		return fmt.Errorf("the match is played on the French grid but the save holds sets")
	}
	if err := ReadGrid(g.Grid, &m.Rules); err != nil {
		return fmt.Errorf("the grid: %v", err)
	}
	return nil
}

package game_test

import (
	"errors"
	"fmt"

	"rummikub/internal/game"
)

// Reading a table in the notation of the rules' shape, and checking it.
func ExampleRules_ParseLayout() {
	for _, c := range []struct{ table, text string }{
		{game.TableSets, "R3 R4 R5 | B7 O7 K7"},
		{game.TableSets, "R3 R4 R6"},
		{game.TableGrid, "R3 R4 R5"},
		{game.TableGrid, "@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 ."},
		{game.TableGrid, "R3 R4"},
	} {
		r := game.Standard()
		r.Table = c.table
		l, err := r.ParseLayout(c.text)
		if err != nil {
			fmt.Println(err)
			continue
		}
		fmt.Printf("%s: %d tiles, %s: ", c.table, l.Len(), l)
		var te *game.TurnError
		if err := l.Check(&r); errors.As(err, &te) {
			fmt.Println(te.Code)
		} else {
			fmt.Println("valid")
		}
	}
	// Output:
	// sets: 6 tiles, R3 R4 R5 | B7 O7 K7: valid
	// sets: 3 tiles, R3 R4 R6: invalid_set
	// grid: 3 tiles, @0,0 R3 R4 R5: valid
	// grid: 6 tiles, @-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .: valid
	// grid: 2 tiles, @0,0 R3 R4: line_of_two
}

// Judging a turn on a table of sets: the player, who has made the initial
// meld, adds R6 to a run and lays a group.
func ExampleJudge() {
	r := game.Standard()
	table, _ := game.ParseTable("R3 R4 R5")
	rack, _ := game.ParseTiles("R6 B9 O9 K9 K1")
	start := game.TurnStart{Table: table, Rack: rack, Opened: true}

	after, _ := r.ParseLayout("R3 R4 R5 R6 | B9 O9 K9")
	res, err := game.Judge(&r, start, after)
	fmt.Println(err, res.After, "| placed:", game.FormatTiles(res.Placed), "| rack:", game.FormatTiles(res.Rack))

	after, _ = r.ParseLayout("R3 R4 | R5 R6 K1")
	_, err = game.Judge(&r, start, after)
	var te *game.TurnError
	if errors.As(err, &te) {
		fmt.Println(te.Code, te.Set, te.Message)
	}
	// Output:
	// <nil> R3 R4 R5 R6 | B9 O9 K9 | placed: R6 B9 O9 K9 | rack: K1
	// invalid_set 0 set 1 (R3 R4) is not a valid set: a set needs at least 3 tiles
}

// Judging a turn on the French grid: the source's example, a run and a
// group crossing at R4, laid by a player who has made the initial meld.
func ExampleJudge_grid() {
	r := game.Standard()
	r.Table = game.TableGrid
	grid, _ := game.ParseGrid("R3 R4 R5")
	rack, _ := game.ParseTiles("R2 B4 K4 O11")
	start := game.TurnStart{Table: grid, Rack: rack, Opened: true}

	after, _ := r.ParseLayout("@-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 .")
	res, err := game.Judge(&r, start, after)
	fmt.Println(err, res.After, "| placed:", game.FormatTiles(res.Placed), "| points:", res.Points)

	after, _ = r.ParseLayout("@-1,0 . . B4 / R3 R4 R5")
	_, err = game.Judge(&r, start, after)
	var te *game.TurnError
	if errors.As(err, &te) {
		fmt.Println(te.Code, te.Cells)
	}
	// Output:
	// <nil> @-1,-1 . . B4 . / R2 R3 R4 R5 / . . K4 . | placed: R2 B4 K4 | points: 10
	// line_of_two [(-1,2) (0,2)]
}

// The time-out's rule: a working arrangement that moved tiles and is not a
// valid table is an unfinished rearrangement.
func ExampleUnfinished() {
	r := game.Standard()
	table := game.Table{
		{{Face: game.Face{Color: game.Red, Num: 3}, ID: 1}, {Face: game.Face{Color: game.Red, Num: 4}, ID: 2}, {Face: game.Face{Color: game.Red, Num: 5}, ID: 3}},
	}
	split := game.Table{table[0][:2], table[0][2:]}
	fmt.Println(game.Unfinished(&r, table, table, false), game.Unfinished(&r, table, split, false))
	// Output: false true
}

// A position given as tile strings, as a lesson or a puzzle gives it:
// every tile numbered from 1, the table's first, then judged.
func ExampleParseTurnStart() {
	start, err := game.ParseTurnStart([][]string{{"R3", "R4", "R5"}, {"B7", "O7", "K7"}}, []string{"R6", "K7"})
	if err != nil {
		fmt.Println(err)
		return
	}
	start.Opened = true
	for _, t := range start.Table.AllTiles() {
		fmt.Print(t.IDText(), " ")
	}
	fmt.Println("| rack", start.Rack[0].IDText(), start.Rack[1].IDText())
	r := game.Standard()
	after, _ := r.ParseLayout("R3 R4 R5 R6 | B7 O7 K7")
	res, err := game.Judge(&r, start, after)
	fmt.Println(res.After, "placed", game.FormatTiles(res.Placed), err)
	_, err = game.ParseTurnStart(nil, []string{"R14"})
	fmt.Println(err)
	// Output:
	// R3@1 R4@2 R5@3 B7@4 O7@5 K7@6 | rack R6@7 K7@8
	// R3 R4 R5 R6 | B7 O7 K7 placed R6 <nil>
	// "R14" is not a tile: numbers run from 1 to 13
}

// A table in its JSON fields: each shape writes its own field, and the
// rules read back the field of their shape, refusing the other.
func ExampleRules_ReadFields() {
	sets := game.Standard()
	french, _ := game.Preset("french")
	table, _ := sets.ParseLayout("R3 R4 R5 | B7 O7 K7")
	grid, _ := french.ParseLayout("@0,0 R3 R4 R5")
	for _, l := range []game.Layout{table, grid} {
		f := l.Fields(game.Tile.String)
		fmt.Printf("sets %v grid %v\n", f.Sets, f.Grid)
	}
	back, err := sets.ReadFields(table.Fields(game.Tile.String), game.ParseTile)
	fmt.Println(back, err)
	back, err = french.ReadFields(grid.Fields(game.Tile.String), game.ParseTile)
	fmt.Println(back, err)
	_, err = french.ReadFields(table.Fields(game.Tile.String), game.ParseTile)
	fmt.Println(err)
	// Output:
	// sets [[R3 R4 R5] [B7 O7 K7]] grid <nil>
	// sets [] grid &{[0 0] [[R3 R4 R5]]}
	// R3 R4 R5 | B7 O7 K7 <nil>
	// @0,0 R3 R4 R5 <nil>
	// these rules play on a grid, but the table is given as sets
}

// A table given as one JSON value in the form of the rules' shape, drawn
// as lines of text.
func ExampleRules_ParseLayoutJSON() {
	sets := game.Standard()
	french, _ := game.Preset("french")
	for _, c := range []struct {
		r    game.Rules
		json string
	}{
		{sets, `[["R3","R4","R5"],["B7","O7","K7"]]`},
		{french, `{"origin": [0, 0], "rows": [["R3","R4","R5"], [".","B4","."], [".","K4","."]]}`},
		{french, `[["R3","R4","R5"]]`},
	} {
		l, err := c.r.ParseLayoutJSON([]byte(c.json))
		if err != nil {
			fmt.Println(err)
			continue
		}
		for _, line := range l.Draw(game.Tile.String, nil) {
			fmt.Println(line)
		}
	}
	// Output:
	// R3 R4 R5
	// B7 O7 K7
	// rows 0..2, columns 0..2
	// R3 R4 R5
	// .  B4 .
	// .  K4 .
	// it must be a grid: {"origin": [ROW, COL], "rows": [["R3","R4","R5"], [".","B4"]]}, "." for an empty cell
}

package game

import (
	"errors"
	"strings"
	"testing"
)

// Issue 25 defect 7: with two copies of a face on the table, a turn that
// drops one blames the set that lost it, with or without tile ids.
func TestMissingTableTileBlamesTheSetThatLostIt(t *testing.T) {
	std := Standard()
	for _, c := range []struct{ name, table, rack, after, blamed string }{
		{"kept in the run, lost from the group", "O7 O8 O9 | B7 O7 K7", "O10", "O7 O8 O9 O10", "table set 2 (B7 O7 K7)"},
		{"a group of four keeps three", "O7 O8 O9 | R7 B7 O7 K7", "O10", "O7 O8 O9 O10 | R7 B7 K7", "table set 2 (R7 B7 O7 K7)"},
		{"lost from the run", "O7 O8 O9 | B7 O7 K7", "O10", "O8 O9 O10 | B7 O7 K7", "table set 1 (O7 O8 O9)"},
	} {
		t.Run(c.name, func(t *testing.T) {
			for _, withIDs := range []bool{false, true} {
				start := TurnStart{Table: mustTable(t, c.table), Rack: mustTiles(t, c.rack), Opened: true}
				after := mustTable(t, c.after)
				if withIDs {
					p := newIDTiles()
					var table Table
					for _, s := range SetsOf(start.Table) {
						table = append(table, p.take(t, FormatTiles(s)))
					}
					start.Table = table
					start.Rack = p.take(t, c.rack)
					// The after tiles take the ids of the start tiles of
					// the same face in the same-numbered start set first.
					used := map[TileID]bool{}
					pick := func(f Face, prefer int) Tile {
						st := SetsOf(start.Table)
						sets := append(Table{st[min(prefer, len(st)-1)]}, st...)
						sets = append(sets, start.Rack)
						for _, s := range sets {
							for _, u := range s {
								if u.Face == f && !used[u.ID] {
									used[u.ID] = true
									return u
								}
							}
						}
						t.Fatalf("no %v", f)
						return Tile{}
					}
					for i, s := range after {
						for k := range s {
							s[k] = pick(s[k].Face, i)
						}
					}
				}
				_, err := JudgeTurn(&std, start, after)
				var te *TurnError
				if !errors.As(err, &te) || te.Code != CodeTableTileMissing {
					t.Fatalf("ids %v: %v, want table_tile_missing", withIDs, err)
				}
				if !strings.Contains(te.Message, c.blamed) {
					t.Fatalf("ids %v: %q does not blame %s", withIDs, te.Message, c.blamed)
				}
			}
		})
	}
}

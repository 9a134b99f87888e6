package game

import (
	"strings"
	"testing"
)

// FuzzParseTile: no input panics, every refusal says why, and every tile
// read formats canonically and reads back as itself.
func FuzzParseTile(f *testing.F) {
	for _, s := range []string{"R7", "b13", "O1", "K10", "J", "j:r4", "J:K13", " y5 ", "R0", "R14", "R+1", "R-1",
		"J:J", "R7:B7", "", ":", "J:", "Q3", "R", "R007", "r 7", "R1e1", "Ｒ7", "J:R4:B5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tile, err := ParseTile(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseTile(%q): empty error", s)
			}
			return
		}
		canon := tile.String()
		if canon != strings.ToUpper(canon) || strings.ContainsAny(canon, " \t") {
			t.Fatalf("ParseTile(%q) formats as %q, not canonical", s, canon)
		}
		back, err := ParseTile(canon)
		if err != nil {
			t.Fatalf("ParseTile(%q) = %q, which does not read back: %v", s, canon, err)
		}
		if back.Face != tile.Face || back.As != tile.As || back.String() != canon {
			t.Fatalf("ParseTile(%q) = %q reads back as %q", s, canon, back)
		}
		if !tile.Face.Valid() {
			t.Fatalf("ParseTile(%q) gave an invalid face %v", s, tile.Face)
		}
	})
}

// FuzzParseTable: no input panics, every refusal says why, and every table
// read formats canonically and reads back as itself.
func FuzzParseTable(f *testing.F) {
	for _, s := range []string{"R3 R4 R5 | B7 K7 O7", "r3,r4,r5|j:k6 k7 k8", "", " | ", "R3 || R4", "R3 R4 R5 |", "J J R5",
		"R3\tR4\nR5", "R3 R4 R5 | X9", "|||", "J:R4 R5 R6 | R1 B1 O1 K1"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		table, err := ParseTable(s)
		if err != nil {
			if err.Error() == "" {
				t.Fatalf("ParseTable(%q): empty error", s)
			}
			return
		}
		canon := FormatTable(table)
		back, err := ParseTable(canon)
		if err != nil {
			t.Fatalf("ParseTable(%q) = %q, which does not read back: %v", s, canon, err)
		}
		if len(back) != len(table) {
			t.Fatalf("ParseTable(%q) = %q reads back with %d sets, not %d", s, canon, len(back), len(table))
		}
		for i := range table {
			if len(back[i]) != len(table[i]) {
				t.Fatalf("set %d changed length on round trip of %q", i+1, canon)
			}
			for k := range table[i] {
				if back[i][k].Face != table[i][k].Face || back[i][k].As != table[i][k].As {
					t.Fatalf("tile %d of set %d changed on round trip of %q", k+1, i+1, canon)
				}
			}
		}
		if FormatTable(back) != canon {
			t.Fatalf("formatting is not stable: %q then %q", canon, FormatTable(back))
		}
	})
}

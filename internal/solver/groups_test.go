package solver

import "testing"

// The quick table must agree with the general search on every entry.
func TestSimpleGroupTable(t *testing.T) {
	simpleOnce.Do(fillSimple)
	for st := 0; st < 2; st++ {
		for i := 0; i < 256; i++ {
			for w := 0; w < 9; w++ {
				g := groupIn{t: [4]int8{int8(i & 3), int8(i >> 2 & 3), int8(i >> 4 & 3), int8(i >> 6 & 3)}, w: int8(w)}
				want := 0
				if !g.empty() {
					want = groupSearch(&g, false, st == 1, nil)
				}
				if got := int(simpleRoom[st][i][w]); got != want {
					t.Fatalf("strip %d, counts %v, %d wild: table says %d, search %d", st, g.t, w, got, want)
				}
			}
		}
	}
}

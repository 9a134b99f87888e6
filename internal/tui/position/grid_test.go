package position

import "testing"

// The window over a grid longer than the room centres on the marked
// tiles and stays inside the grid.
func TestGridWindow(t *testing.T) {
	for _, c := range []struct {
		lo, hi, n int
		marked    span
		a, b      int
	}{
		{0, 5, 10, span{}, 0, 5},
		{0, 30, 10, span{}, 10, 19},
		{0, 30, 10, span{2, 3, true}, 0, 9},
		{0, 30, 10, span{28, 30, true}, 21, 30},
		{-5, 30, 10, span{12, 14, true}, 8, 17},
		{0, 30, 4, span{10, 20, true}, 10, 13},
	} {
		a, b := window(c.lo, c.hi, c.n, c.marked)
		if a != c.a || b != c.b {
			t.Errorf("window(%d, %d, %d, %v) = %d..%d, want %d..%d", c.lo, c.hi, c.n, c.marked, a, b, c.a, c.b)
		}
	}
}

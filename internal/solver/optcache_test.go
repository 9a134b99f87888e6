package solver

import (
	"context"
	"slices"
	"testing"

	"rummikub/internal/game"
)

// TestOptCacheKeptOne: the colour choices cached for a state keeping a one
// for place 14 (wrap) depend on the 12s and 13s of its colour even with no
// run open: the key once capped what the places after hold at the runs
// that could be open, and a relaxed state at place 11 keeping an orange one
// then found the choices of a position with no orange 12 or 13 (none: the
// state dead) in one that has them, which gave a wrong answer.
func TestOptCacheKeptOne(t *testing.T) {
	r := rulesOf(t, "wrap")
	entry := func(table string) bool {
		tbl, err := game.ParseTable(table)
		if err != nil {
			t.Fatal(err)
		}
		rack, _ := game.ParseTiles("R5")
		p, err := newProblem(Request{Rules: r, Table: tbl, Rack: rack, Opened: true})
		if err != nil {
			t.Fatal(err)
		}
		d := newDP(p, context.Background(), true)
		defer putDP(d)
		s := state{relax: true}
		s.res[2] = [3]uint8{1, 0, 0} // orange: a table one kept for place 14
		e := d.colEntry(11, 11, 2, &s, 0, 0, false)
		d.colCompute(11, 11, 2, &s, 0, 0, false)
		return slices.Equal(e.opts, d.optScratch)
	}
	if !entry("R1 B1 O1 | B12 R12 K12 | B13 R13 K13") {
		t.Fatal("choices differ from those worked out, with no cache to blame")
	}
	if !entry("R1 B1 O1 | B12 O12 K12 | B13 O13 K13") {
		t.Fatal("cached choices of another position's orange 12 and 13")
	}
}

// TestRoomBoundOpenWild: the room bound with no open run able to give room
// once left out the wild jokers already in open runs, and found dead a state
// whose lone freed joker in an open run two rack tiles and the other freed
// joker were still to join: wrap, deal 5 (as TestSolverAnswers deals it),
// position 136 placed 12 tiles where 13 is the best.
func TestRoomBoundOpenWild(t *testing.T) {
	for _, ps := range presetSpecs {
		if ps.name != "wrap" {
			continue
		}
		ps.seed += 5000
		req := presetSet(t, ps, presetWhole, presetMid).reqs[136]
		res, err := Solve(context.Background(), req)
		if err != nil {
			t.Fatal(err)
		}
		checkResult(t, req, res)
		if !res.Optimal || res.TilesPlaced != 13 {
			t.Fatalf("placed %d tiles (optimal %v), want 13\n%s", res.TilesPlaced, res.Optimal, describe(req))
		}
	}
}

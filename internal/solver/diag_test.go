package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestSolverDiag explains where the search of chosen benchmark positions
// goes: the bound at the root, the best play, the nodes searched in all
// and before the best play was found, per choice of freed table jokers.
// It runs only when RUMMIKUB_SOLVER_DIAG names positions:
//
//	RUMMIKUB_SOLVER_DIAG=jokers:22,43;wrap:28 go test -run SolverDiag -v ./internal/solver/
//
// RUMMIKUB_SOLVER_DIAG_DEAL=k takes the positions of the k-th further deal
// (as TestSolverAnswers deals them).
func TestSolverDiag(t *testing.T) {
	want := os.Getenv("RUMMIKUB_SOLVER_DIAG")
	if want == "" {
		t.Skip("set RUMMIKUB_SOLVER_DIAG=set:i,j;set:k to explain positions")
	}
	sets := map[string]benchSet{}
	deal, _ := strconv.Atoi(os.Getenv("RUMMIKUB_SOLVER_DIAG_DEAL"))
	for _, ps := range presetSpecs {
		ps.seed += uint64(1000 * deal) // as TestSolverAnswers deals again
		sets[ps.name] = presetSet(t, ps, presetWhole, presetMid)
	}
	for _, part := range strings.Split(want, ";") {
		name, list, _ := strings.Cut(part, ":")
		set, ok := sets[name]
		if !ok {
			t.Fatalf("no set %q", name)
		}
		for _, is := range strings.Split(list, ",") {
			i, err := strconv.Atoi(is)
			if err != nil {
				t.Fatal(err)
			}
			diagPosition(t, name, i, set.reqs[i])
		}
	}
}

func diagPosition(t *testing.T, name string, i int, req Request) {
	p, err := newProblem(req)
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	d := newDP(p, context.Background(), true)
	rack, pruned := 0, 0
	for n := 1; n <= 13; n++ {
		for c := 0; c < 4; c++ {
			rack += p.avail[c*13+n-1]
			pruned += d.r[n][c]
		}
	}
	d.diag = new(diagCounts)
	d.diag.dumpAt, _ = strconv.Atoi(os.Getenv("RUMMIKUB_SOLVER_DIAG_DUMP"))
	d.diag.dumpDead = os.Getenv("RUMMIKUB_SOLVER_DIAG_DEAD") != ""
	v := d.runFrom(0, true)
	el := time.Since(start)
	for _, l := range d.diag.dump {
		fmt.Println("   " + l)
	}
	for q := 1; q <= d.last && os.Getenv("RUMMIKUB_SOLVER_DIAG_PLACES") != ""; q++ {
		fmt.Printf("   place %2d: %7d states, %7d dead, %7d bounded\n", q, d.diag.expanded[q], d.diag.dead[q], d.diag.bounded[q])
	}
	fmt.Printf("%s %d: rack %d (+%d jokers, %d table jokers), after prune %d; best %d tiles %d; nodes %d, at the best play %d, memo %d; %v\n",
		name, i, rack, p.jAvail, len(p.tableJokers), pruned, v>>16, d.incVal&0xffff, d.nodes, d.incNodes, d.memoS.n+len(d.memo), el)
	putDP(d)
	// the oracle: the search told the optimum's score from the start
	d = newDP(p, context.Background(), true)
	start = time.Now()
	d.incVal = v - 1
	d.run()
	fmt.Printf("   told the optimum: nodes %d; %v\n", d.nodes, time.Since(start))
	putDP(d)
	if os.Getenv("RUMMIKUB_SOLVER_DIAG_MASKS") == "" {
		return
	}
	// each choice of freed table jokers alone, with no incumbent
	nj := len(p.tableJokers)
	for mask := 1<<nj - 1; mask >= 0; mask-- {
		d := newDP(p, context.Background(), true)
		if mask != 0 && !d.canMatch(uint8(mask)) {
			putDP(d)
			continue
		}
		start := time.Now()
		v := d.runMask(mask)
		fmt.Printf("   mask %b: best %d, nodes %d, at the best %d, first play at %d (%d tiles); %v\n", mask, v>>16, d.nodes, d.incNodes, d.firstNodes, d.firstVal>>16, time.Since(start))
		putDP(d)
	}
}

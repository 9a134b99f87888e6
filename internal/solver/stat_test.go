package solver

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"
)

func TestStat(t *testing.T) {
	if os.Getenv("STAT") == "" {
		t.Skip()
	}
	i, _ := strconv.Atoi(os.Getenv("STAT"))
	set := midGameSet(t)
	req := set.reqs[i]
	p, _ := newProblem(req)
	d := newDP(p, context.Background(), true)
	nj := len(d.jHome)
	for mask := 0; mask < 1<<nj; mask++ {
		d.memo = map[string]memoEntry{}
		d.incVal = 0
		d.nodes = 0
		start := time.Now()
		s := state{freed: uint8(mask)}
		v, _ := d.solve(1, &s, 0)
		fmt.Printf("mask %d: v=%d memo=%d nodes=%d %v\n", mask, v, len(d.memo), d.nodes, time.Since(start))
		perPlace := map[byte]int{}
		for k := range d.memo {
			perPlace[k[0]]++
		}
		fmt.Println(perPlace)
	}
}

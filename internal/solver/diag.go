package solver

import "fmt"

// What the diagnosis test (TestSolverDiag) counts of a search: nothing
// else sets dp.diag, so a search pays one nil check per state for it.

// diagCounts counts, per place, the states searched, those found dead and
// those left with a bound (the diagnosis test only).
type diagCounts struct {
	expanded, dead, bounded [16]int
	dumpAt, dumped          int
	dumpDead                bool
	dump                    []string
}

func (d *dp) stateString(s *state) string {
	out := fmt.Sprintf("relax%v w%d freed%b cap%d res%v:", s.relax, s.wild, s.freed, s.cap, s.res)
	for c := 0; c < 4; c++ {
		out += " " + "RBOK"[c:c+1] + "["
		for i := 0; i < int(s.runs[c].n); i++ {
			x := s.runs[c].d[i]
			out += fmt.Sprintf(" %d", dlen(x))
			if !dreal(x) {
				out += "n"
			}
			if x&dExt != 0 {
				out += "e"
			}
			if x&dLead != 0 {
				out += "l"
			}
			if dwild(x) > 0 {
				out += fmt.Sprintf("w%d", dwild(x))
			}
			if drack(x) > 0 {
				out += fmt.Sprintf("r%d", drack(x))
			}
			if x&dFromOne != 0 {
				out += "f"
			}
		}
		out += "]"
	}
	return out
}

// count counts a state searched at place p and what it was found worth.
func (c *diagCounts) count(d *dp, p int, s *state, e memoEntry, prefix, nodeUB int64) {
	c.expanded[p]++
	if p == c.dumpAt && c.dumped < 40 && (c.dumpDead || !(e.exact && e.v == negInf)) {
		c.dumped++
		c.dump = append(c.dump, fmt.Sprintf("%s  -> %d/%d %v (prefix %d, inc %d, nodeUB %d)",
			d.stateString(s), e.v>>16, e.v&0xffff, e.exact, prefix, d.incVal, nodeUB))
	}
	switch {
	case e.exact && e.v == negInf:
		c.dead[p]++
	case !e.exact:
		c.bounded[p]++
	}
}

// Command gobot is a small Rummikub bot speaking the bot protocol
// (docs/protocol.md), written with the standard library only, so it shows
// the protocol rather than this project's code. Build and seat it:
//
//	go build -o gobot ./examples/bots/gobot
//	rummikub sim --players medium,cmd:./gobot --games 200 --mirror
//
// Its play: the groups and runs it can make from its rack, a joker
// completing a pair into a set, laid once they reach the initial meld;
// after that, single rack tiles added to the table's runs and groups too.
// It never rearranges the table. Otherwise it draws, or passes when the
// pool is empty; under Draw Two / River it keeps the first tile and never
// pulls. Notes go to stderr, which the referee logs.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strconv"
)

// msg is every field of the referee's messages this bot reads.
type msg struct {
	Type   string                     `json:"type"`
	ID     int                        `json:"id"`
	Rules  map[string]json.RawMessage `json:"rules"`
	Seat   int                        `json:"seat"`
	Rack   []string                   `json:"rack"`
	Table  [][]string                 `json:"table"`
	Melded []bool                     `json:"melded"`
	Pool   int                        `json:"pool"`
	Reveal []string                   `json:"reveal"`
	Must   []string                   `json:"must"`
	Reason string                     `json:"reason"`
}

// tile is a colour letter and a number; a joker is colour 'J'.
type tile struct {
	c byte
	n int
}

func parse(s string) tile {
	if s == "" || s[0] == 'J' {
		if len(s) > 2 && s[1] == ':' { // a joker on the table shows what it stands for
			return parse(s[2:])
		}
		return tile{'J', 0}
	}
	n, _ := strconv.Atoi(s[1:])
	return tile{s[0], n}
}

func (t tile) String() string {
	if t.c == 'J' {
		return "J"
	}
	return fmt.Sprintf("%c%d", t.c, t.n)
}

const colours = "RBOK"

// set is a set to lay and its points.
type set struct {
	tiles  []string
	points int
}

// take removes one copy of t from rack, reporting whether it was there.
func take(rack map[tile]int, t tile) bool {
	if rack[t] == 0 {
		return false
	}
	rack[t]--
	return true
}

// sets finds groups, runs, and jokers completing pairs, greedily.
func sets(rackTiles []string) []set {
	rack := map[tile]int{}
	for _, s := range rackTiles {
		rack[parse(s)]++
	}
	var out []set
	for n := 13; n >= 1; n-- { // groups of three or four
		var g []tile
		for i := 0; i < 4; i++ {
			if rack[tile{colours[i], n}] > 0 {
				g = append(g, tile{colours[i], n})
			}
		}
		if len(g) >= 3 {
			s := set{}
			for _, t := range g {
				take(rack, t)
				s.tiles = append(s.tiles, t.String())
				s.points += n
			}
			out = append(out, s)
		}
	}
	for i := 0; i < 4; i++ { // runs of three or more
		c := colours[i]
		for n := 1; n <= 11; n++ {
			m := n
			for m <= 13 && rack[tile{c, m}] > 0 {
				m++
			}
			if m-n >= 3 {
				s := set{}
				for k := n; k < m; k++ {
					take(rack, tile{c, k})
					s.tiles = append(s.tiles, tile{c, k}.String())
					s.points += k
				}
				out = append(out, s)
			}
			if m > n {
				n = m - 1
			}
		}
	}
	joker := tile{'J', 0}
	for rack[joker] > 0 { // a joker makes a pair into a set: the best pair first
		best := set{}
		var used []tile
		for n := 13; n >= 1; n-- {
			var g []tile
			for i := 0; i < 4; i++ {
				if rack[tile{colours[i], n}] > 0 {
					g = append(g, tile{colours[i], n})
				}
			}
			if len(g) == 2 && 3*n > best.points {
				best = set{tiles: []string{g[0].String(), g[1].String(), "J"}, points: 3 * n}
				used = g
			}
			for i := 0; i < 4 && n < 13; i++ {
				a, b := tile{colours[i], n}, tile{colours[i], n + 1}
				if rack[a] > 0 && rack[b] > 0 {
					s := set{tiles: []string{a.String(), b.String(), "J"}, points: 3*n + 3}
					if n+1 == 13 { // the joker goes below: J as n-1
						s = set{tiles: []string{"J", a.String(), b.String()}, points: 3*n - 1 + 2}
					}
					if s.points > best.points {
						best, used = s, []tile{a, b}
					}
				}
			}
		}
		if best.tiles == nil {
			break
		}
		take(rack, joker)
		for _, t := range used {
			take(rack, t)
		}
		out = append(out, best)
	}
	return out
}

// rest is the rack less the tiles of the sets laid.
func rest(rack []string, laid []set) []string {
	used := map[string]int{}
	for _, s := range laid {
		for _, t := range s.tiles {
			used[t]++
		}
	}
	var out []string
	for _, t := range rack {
		if used[t] > 0 {
			used[t]--
			continue
		}
		out = append(out, t)
	}
	return out
}

// extend adds single rack tiles to the table's runs and groups.
func extend(table [][]string, rack []string) ([][]string, bool) {
	grew := false
	for changed := true; changed; {
		changed = false
		for i, s := range table {
			if hasBareJoker(s) { // a set laid this turn: what its joker is, is the engine's to say
				continue
			}
			first, last := parse(s[0]), parse(s[len(s)-1])
			group := first.n == last.n && len(s) >= 3
			seen := map[byte]bool{}
			for _, t := range s {
				seen[parse(t).c] = true
			}
			for j, r := range rack {
				t := parse(r)
				switch {
				case t.c == 'J':
					continue
				case group && len(s) < 4 && t.n == first.n && !seen[t.c]:
					table[i] = append(s, r)
				case !group && t.c == first.c && t.n == first.n-1:
					table[i] = append([]string{r}, s...)
				case !group && t.c == last.c && t.n == last.n+1:
					table[i] = append(s, r)
				default:
					continue
				}
				rack = append(rack[:j:j], rack[j+1:]...)
				changed, grew = true, true
				break
			}
			if changed {
				break
			}
		}
	}
	return table, grew
}

func hasBareJoker(s []string) bool {
	for _, t := range s {
		if t == "J" {
			return true
		}
	}
	return false
}

func answer(m *msg, threshold int) map[string]any {
	a := map[string]any{"id": m.ID}
	switch {
	case len(m.Reveal) > 0:
		a["type"], a["index"] = "keep", 0
		return a
	case len(m.Must) > 0:
		a["type"] = "cancel-pull"
		return a
	}
	laid := sets(m.Rack)
	sort.Slice(laid, func(i, j int) bool { return laid[i].points > laid[j].points })
	points := 0
	for _, s := range laid {
		points += s.points
	}
	table := append([][]string{}, m.Table...)
	melded := m.Seat < len(m.Melded) && m.Melded[m.Seat]
	play := false
	if melded || points >= threshold {
		for _, s := range laid {
			table = append(table, s.tiles)
		}
		play = len(laid) > 0
	}
	if melded {
		var grew bool
		table, grew = extend(table, rest(m.Rack, laid))
		play = play || grew
	}
	switch {
	case play:
		a["type"], a["table"] = "play", table
	case m.Pool > 0:
		a["type"] = "draw"
	default:
		a["type"] = "pass"
	}
	return a
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := json.NewEncoder(os.Stdout) // one message per line
	threshold := 30
	for in.Scan() {
		var m msg
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "gobot: a line that is not JSON:", err)
			continue
		}
		switch m.Type {
		case "hello":
			if v, err := strconv.Atoi(string(m.Rules["initial-meld"])); err == nil {
				threshold = v
			}
			out.Encode(map[string]string{"type": "ready", "name": "gobot"})
		case "turn":
			out.Encode(answer(&m, threshold))
		case "refused":
			fmt.Fprintln(os.Stderr, "gobot: refused:", m.Reason)
		}
	}
}

// Command gridbot is a Rummikub bot speaking the bot protocol
// (docs/protocol.md), written with the standard library only and from
// that document alone. Build and seat it:
//
//	go build -o gridbot ./examples/bots/gridbot
//	rummikub sim --players medium,Grid=cmd:./gridbot --games 200 --mirror --rules french
//
// Where examples/bots/simple.py and gobot lay the sets they find greedily
// on a table of sets, gridbot searches: it lists every group and run its
// rack can make (a joker filling one place at most) and picks, by a
// bounded depth-first search, the combination worth the most points for
// an initial meld, or the most tiles after it. It plays every preset:
//
//   - on a table of sets it lays those sets, and after its initial meld
//     adds single tiles to the ends of the table's runs and to its groups
//     of three;
//   - under the French rules (table=grid) it lays each set on cells of
//     its own, a run across and a group down, with an empty cell all
//     round, within the grid's 40 by 60 cells, and after its initial meld
//     adds tiles to the ends of the grid's lines where no other line is
//     touched;
//   - under Draw Two / River it keeps the better of the two tiles, and
//     pulls from the River when the Key Tile completes sets it can lay
//     this turn, choosing the place that lays the most tiles for the
//     fewest Plunder.
//
// It never moves a tile already on the table. Notes go to stderr.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// message holds every field of the referee's messages gridbot reads.
type message struct {
	Type   string                     `json:"type"`
	ID     int                        `json:"id"`
	Rules  map[string]json.RawMessage `json:"rules"`
	Seat   int                        `json:"seat"`
	Rack   []string                   `json:"rack"`
	Table  [][]string                 `json:"table"`
	Grid   *grid                      `json:"grid"`
	River  []string                   `json:"river"`
	Melded []bool                     `json:"melded"`
	Pool   int                        `json:"pool"`
	Reveal []string                   `json:"reveal"`
	Must   []string                   `json:"must"`
	Locked []string                   `json:"locked"`
	Reason string                     `json:"reason"`
}

// grid is the French table's JSON form: rows[r][c] lies on cell
// (origin[0]+r, origin[1]+c); "." is an empty cell.
type grid struct {
	Origin [2]int     `json:"origin"`
	Rows   [][]string `json:"rows"`
}

// rules are the options gridbot plays by, from the hello.
type rules struct {
	initialMeld int
	jokerValue  int // 0: a joker counts as the tile it stands for
	onGrid      bool
}

func (r *rules) read(opts map[string]json.RawMessage) {
	r.initialMeld = 30
	if v, ok := opts["initial-meld"]; ok {
		_ = json.Unmarshal(v, &r.initialMeld)
	}
	if v, ok := opts["joker-meld-value"]; ok {
		_ = json.Unmarshal(v, &r.jokerValue)
	}
	var table string
	if v, ok := opts["table"]; ok {
		_ = json.Unmarshal(v, &table)
	}
	r.onGrid = table == "grid"
}

// tile is a colour letter and a number; a joker has colour 'J' and, on
// the table, the number and colour it stands for in as.
type tile struct {
	c  byte
	n  int
	as *tile
}

func parse(s string) tile {
	if strings.HasPrefix(s, "J") {
		t := tile{c: 'J'}
		if len(s) > 2 && s[1] == ':' {
			a := parse(s[2:])
			t.as = &a
		}
		return t
	}
	n, _ := strconv.Atoi(s[1:])
	return tile{c: s[0], n: n}
}

// face is what a tile shows: a joker as the tile it stands for, when
// known.
func (t tile) face() (byte, int, bool) {
	if t.c == 'J' {
		if t.as == nil {
			return 0, 0, false
		}
		return t.as.c, t.as.n, true
	}
	return t.c, t.n, true
}

const colours = "RBOK"

// key is a numbered face, for counting a rack.
type key struct {
	c byte
	n int
}

// set is one set gridbot may lay: its tiles in order ("J:R6" for a
// joker, so it is clear what it stands for), whether it is a group, and
// what it needs from the rack.
type set struct {
	tiles  []string
	group  bool
	needs  map[key]int
	jokers int
	points int // for the initial meld
	key    bool
}

// candidates lists every group and run the rack (faces counts, jokers
// jokers) can make with at most one joker.
func candidates(counts map[key]int, jokers int, r *rules) []set {
	var out []set
	jokerPoints := func(n int) int {
		if r.jokerValue > 0 {
			return r.jokerValue
		}
		return n
	}
	// Groups: for each number, 3 or 4 colours of it.
	for n := 1; n <= 13; n++ {
		for mask := 0; mask < 16; mask++ {
			size := 0
			for i := 0; i < 4; i++ {
				if mask&(1<<i) != 0 {
					size++
				}
			}
			if size < 3 {
				continue
			}
			s := set{group: true, needs: map[key]int{}}
			for i := 0; i < 4; i++ {
				if mask&(1<<i) == 0 {
					continue
				}
				k := key{colours[i], n}
				if counts[k] > 0 {
					s.needs[k]++
					s.tiles = append(s.tiles, fmt.Sprintf("%c%d", k.c, n))
					s.points += n
				} else {
					s.jokers++
					s.tiles = append(s.tiles, fmt.Sprintf("J:%c%d", k.c, n))
					s.points += jokerPoints(n)
				}
			}
			if s.jokers <= 1 && s.jokers <= jokers {
				out = append(out, s)
			}
		}
	}
	// Runs: a colour, a start and a length, no further than 13.
	for _, c := range []byte(colours) {
		for start := 1; start <= 11; start++ {
			for end := start + 2; end <= 13; end++ {
				s := set{needs: map[key]int{}}
				for n := start; n <= end && s.jokers <= 1; n++ {
					k := key{c, n}
					if counts[k] > 0 {
						s.needs[k]++
						s.tiles = append(s.tiles, fmt.Sprintf("%c%d", c, n))
						s.points += n
					} else {
						s.jokers++
						s.tiles = append(s.tiles, fmt.Sprintf("J:%c%d", c, n))
						s.points += jokerPoints(n)
					}
				}
				if s.jokers <= 1 && s.jokers <= jokers {
					out = append(out, s)
				}
			}
		}
	}
	return out
}

// search finds the combination of candidate sets the rack can lay that
// is worth the most: points before the initial meld, tiles after it. With
// must set, every combination holds a tile of that face. It gives up
// after a bounded number of steps, keeping the best found.
type search struct {
	cands    []set
	counts   map[key]int
	jokers   int
	byPoints bool
	must     *key
	steps    int
	best     []int
	bestVal  int
	chosen   []int
}

func (s *search) value() int {
	v := 0
	for _, i := range s.chosen {
		if s.byPoints {
			v += s.cands[i].points
		} else {
			v += len(s.cands[i].tiles)
		}
	}
	return v
}

func (s *search) hasMust() bool {
	if s.must == nil {
		return true
	}
	for _, i := range s.chosen {
		if s.cands[i].needs[*s.must] > 0 {
			return true
		}
	}
	return false
}

func (s *search) run(from int) {
	s.steps++
	if v := s.value(); v > s.bestVal && s.hasMust() {
		s.bestVal, s.best = v, append([]int(nil), s.chosen...)
	}
	if s.steps > 20000 {
		return
	}
	for i := from; i < len(s.cands); i++ {
		c := s.cands[i]
		if c.jokers > s.jokers || !fits(c.needs, s.counts) {
			continue
		}
		take(c.needs, s.counts, -1)
		s.jokers -= c.jokers
		s.chosen = append(s.chosen, i)
		s.run(i) // the same set may be laid twice with two copies
		s.chosen = s.chosen[:len(s.chosen)-1]
		s.jokers += c.jokers
		take(c.needs, s.counts, 1)
	}
}

func fits(needs, counts map[key]int) bool {
	for k, n := range needs {
		if counts[k] < n {
			return false
		}
	}
	return true
}

func take(needs, counts map[key]int, sign int) {
	for k, n := range needs {
		counts[k] += sign * n
	}
}

// rackOf counts the playable tiles of a rack: every tile but the locked
// ones (a River pull's Plunder).
func rackOf(rack, locked []string) (map[key]int, int) {
	counts := map[key]int{}
	jokers := 0
	for _, s := range rack {
		t := parse(s)
		if t.c == 'J' {
			jokers++
		} else {
			counts[key{t.c, t.n}]++
		}
	}
	for _, s := range locked {
		t := parse(s)
		if t.c == 'J' {
			jokers--
		} else {
			counts[key{t.c, t.n}]--
		}
	}
	return counts, jokers
}

// bestSets is the sets gridbot would lay from a rack, their value, and
// what is left of the rack.
func bestSets(counts map[key]int, jokers int, r *rules, byPoints bool, must *key) ([]set, int, map[key]int) {
	left := map[key]int{}
	for k, n := range counts {
		left[k] = n
	}
	s := &search{cands: candidates(counts, jokers, r), counts: left, jokers: jokers, byPoints: byPoints, must: must}
	s.run(0)
	var out []set
	for _, i := range s.best {
		out = append(out, s.cands[i])
		take(s.cands[i].needs, left, -1)
	}
	return out, s.bestVal, left
}

// bot is gridbot's state over a game: the rules of the hello.
type bot struct {
	rules rules
}

func (b *bot) answer(m *message) map[string]any {
	a := map[string]any{"id": m.ID}
	switch {
	case len(m.Reveal) > 0:
		a["type"], a["index"] = "keep", b.keep(m)
		return a
	case len(m.Must) > 0:
		if play := b.play(m); play != nil {
			for k, v := range play {
				a[k] = v
			}
			return a
		}
		a["type"] = "cancel-pull"
		return a
	}
	if play := b.play(m); play != nil {
		for k, v := range play {
			a[k] = v
		}
		return a
	}
	if i, ok := b.pull(m); ok {
		a["type"], a["index"] = "pull", i
		return a
	}
	if m.Pool > 0 {
		a["type"] = "draw"
	} else {
		a["type"] = "pass"
	}
	return a
}

// keep chooses the revealed tile that lets the rack lay more tiles.
func (b *bot) keep(m *message) int {
	best, bestVal := 0, -1
	for i, s := range m.Reveal {
		counts, jokers := rackOf(append(append([]string(nil), m.Rack...), s), nil)
		_, v, _ := bestSets(counts, jokers, &b.rules, false, nil)
		if v > bestVal {
			best, bestVal = i, v
		}
	}
	return best
}

// pull chooses a River place to pull from: the one whose Key Tile lets
// the rack lay the most tiles this turn (meld included), the Plunder
// (the tiles after it, which cannot be played this turn) counted
// against it; false when no pull lays a set.
func (b *bot) pull(m *message) (int, bool) {
	melded := m.Melded[m.Seat]
	best, bestScore := 0, 0
	for i := len(m.River) - 1; i >= 0; i-- {
		k := parse(m.River[i])
		if k.c == 'J' {
			continue
		}
		counts, jokers := rackOf(append(append([]string(nil), m.Rack...), m.River[i:]...), m.River[i+1:])
		must := key{k.c, k.n}
		sets, v, _ := bestSets(counts, jokers, &b.rules, !melded, &must)
		if len(sets) == 0 || (!melded && v < b.rules.initialMeld) {
			continue
		}
		if b.rules.onGrid {
			// The sets must find room on the grid too.
			if _, ok := placeAll(readGrid(m.Grid), sets); !ok {
				continue
			}
		}
		laid := 0
		for _, s := range sets {
			laid += len(s.tiles)
		}
		if score := laid - (len(m.River) - 1 - i); score > bestScore {
			best, bestScore = i, score
		}
	}
	return best, bestScore > 0
}

// play is the play gridbot makes this turn, or nil to draw.
func (b *bot) play(m *message) map[string]any {
	melded := m.Melded[m.Seat]
	counts, jokers := rackOf(m.Rack, m.Locked)
	var must *key
	if len(m.Must) > 0 {
		t := parse(m.Must[0])
		if t.c == 'J' {
			return nil
		}
		must = &key{t.c, t.n}
	}
	sets, v, left := bestSets(counts, jokers, &b.rules, !melded, must)
	if !melded && v < b.rules.initialMeld {
		return nil
	}
	if b.rules.onGrid {
		return b.playGrid(m, sets, left, melded, must)
	}
	table := make([][]string, 0, len(m.Table)+len(sets))
	for _, s := range m.Table {
		table = append(table, append([]string(nil), s...))
	}
	added := 0
	if melded && must == nil {
		added = extendSets(table, left)
	}
	if len(sets) == 0 && added == 0 {
		return nil
	}
	for _, s := range sets {
		table = append(table, s.tiles)
	}
	return map[string]any{"type": "play", "table": table}
}

// extendSets adds single rack tiles of left to the table's runs (at
// either end) and groups of three, and returns how many it added.
func extendSets(table [][]string, left map[key]int) int {
	added := 0
	for i, s := range table {
		ts := make([]tile, len(s))
		for j, x := range s {
			ts[j] = parse(x)
		}
		if group, n, col := kindOf(ts); group {
			if len(ts) != 3 || hasJoker(ts) {
				continue
			}
			for _, c := range []byte(colours) {
				if !strings.ContainsRune(col, rune(c)) && left[key{c, n}] > 0 {
					left[key{c, n}]--
					table[i] = append(table[i], fmt.Sprintf("%c%d", c, n))
					added++
					break
				}
			}
			continue
		}
		for len(table[i]) < 13 {
			c, lo, ok1 := parse(table[i][0]).face()
			_, hi, ok2 := parse(table[i][len(table[i])-1]).face()
			if !ok1 || !ok2 {
				break
			}
			// A run that ends in 1 has wrapped past 13 (wrap): nothing
			// may follow its 1.
			if hi > 1 && hi < 13 && left[key{c, hi + 1}] > 0 {
				left[key{c, hi + 1}]--
				table[i] = append(table[i], fmt.Sprintf("%c%d", c, hi+1))
			} else if lo > 1 && left[key{c, lo - 1}] > 0 {
				left[key{c, lo - 1}]--
				table[i] = append([]string{fmt.Sprintf("%c%d", c, lo-1)}, table[i]...)
			} else {
				break
			}
			added++
		}
	}
	return added
}

// kindOf says whether tiles are a group (one number), with its number
// and colours; otherwise a run.
func kindOf(ts []tile) (bool, int, string) {
	n := -1
	cols := ""
	for _, t := range ts {
		c, num, ok := t.face()
		if !ok {
			continue
		}
		if n >= 0 && num != n {
			return false, 0, ""
		}
		n = num
		cols += string(c)
	}
	return n >= 0, n, cols
}

func hasJoker(ts []tile) bool {
	for _, t := range ts {
		if t.c == 'J' {
			return true
		}
	}
	return false
}

func main() {
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<20)
	out := bufio.NewWriter(os.Stdout)
	var b bot
	say := func(v any) {
		line, _ := json.Marshal(v)
		out.Write(append(line, '\n'))
		out.Flush()
	}
	for in.Scan() {
		if len(strings.TrimSpace(in.Text())) == 0 {
			continue
		}
		var m message
		if err := json.Unmarshal(in.Bytes(), &m); err != nil {
			fmt.Fprintln(os.Stderr, "gridbot: a line that is not JSON:", err)
			continue
		}
		switch m.Type {
		case "hello":
			b.rules.read(m.Rules)
			say(map[string]any{"type": "ready", "name": "gridbot"})
		case "turn":
			say(b.answer(&m))
		case "refused":
			fmt.Fprintln(os.Stderr, "gridbot: refused:", m.Reason)
		}
	}
}

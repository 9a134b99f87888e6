package game

import (
	"fmt"
	"sort"
	"strings"
)

// Readings lists every distinct valid reading of a set holding jokers,
// each laid out canonically with every joker's meaning stated (As): first
// the runs from the lowest placement up, then the groups by their jokers'
// colours. A set without jokers, or all jokers, or without a valid reading
// gives none. It is what a player cycles through to say what a joker
// stands for; AnalyzeSet judges each.
func Readings(set []Tile, r *Rules) []Meld {
	var jokers []int
	for i, t := range set {
		if t.IsJoker() {
			jokers = append(jokers, i)
		}
	}
	if len(jokers) == 0 || len(jokers) == len(set) {
		return nil
	}
	var out []Meld
	seen := map[string]bool{}
	try := func(faces []Face) {
		tiles := append([]Tile(nil), set...)
		for k, i := range jokers {
			tiles[i].As = faces[k]
		}
		m, err := AnalyzeSet(tiles, r)
		if err != nil {
			return
		}
		if key := ReadingKey(m); !seen[key] {
			seen[key] = true
			out = append(out, m)
		}
	}
	for _, faces := range runPlacements(set, len(jokers), r) {
		try(faces)
	}
	for _, faces := range groupColours(set, len(jokers)) {
		try(faces)
	}
	return out
}

// runPlacements lists, for each window of places the set could fill as a
// run, the faces its jokers take there (lowest free place first).
func runPlacements(set []Tile, nJokers int, r *Rules) [][]Face {
	color, ok := Color(0), false
	for _, t := range set {
		if t.IsJoker() {
			continue
		}
		if ok && t.Face.Color != color {
			return nil
		}
		color, ok = t.Face.Color, true
	}
	maxPlace := MaxNumber
	if r.Wrap {
		maxPlace = MaxNumber + 1 // a high 1
	}
	n := len(set)
	var out [][]Face
	for start := 1; start+n-1 <= maxPlace; start++ {
		used := map[int]bool{}
		fits := true
		for _, t := range set {
			if t.IsJoker() {
				continue
			}
			p := int(t.Face.Num)
			if p == 1 && r.Wrap && start > 1 {
				p = MaxNumber + 1
			}
			if p < start || p >= start+n || used[p] {
				fits = false
				break
			}
			used[p] = true
		}
		if !fits {
			continue
		}
		faces := make([]Face, 0, nJokers)
		for p := start; p < start+n; p++ {
			if !used[p] {
				num := p
				if num > MaxNumber {
					num = 1
				}
				faces = append(faces, F(color, num))
			}
		}
		out = append(out, faces)
	}
	return out
}

// groupColours lists, for each choice of free colours the set's jokers
// could take as a group, the faces they take.
func groupColours(set []Tile, nJokers int) [][]Face {
	num := -1
	var taken [NumColors]bool
	for _, t := range set {
		if t.IsJoker() {
			continue
		}
		if (num >= 0 && int(t.Face.Num) != num) || taken[t.Face.Color] {
			return nil
		}
		num = int(t.Face.Num)
		taken[t.Face.Color] = true
	}
	var free []Color
	for _, c := range Colors {
		if !taken[c] {
			free = append(free, c)
		}
	}
	var out [][]Face
	var pick func(from int, faces []Face)
	pick = func(from int, faces []Face) {
		if len(faces) == nJokers {
			out = append(out, append([]Face(nil), faces...))
			return
		}
		for i := from; i < len(free); i++ {
			pick(i+1, append(faces, F(free[i], num)))
		}
	}
	pick(0, nil)
	return out
}

// ReadingKey names a valid reading of a set: its kind and the faces its
// jokers stand for, whichever joker stands for which.
func ReadingKey(m Meld) string {
	var faces []string
	for _, t := range m.Tiles {
		if t.IsJoker() {
			faces = append(faces, t.As.String())
		}
	}
	sort.Strings(faces)
	return fmt.Sprintf("%v:%s", m.Kind, strings.Join(faces, ","))
}

package rating

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"sort"
	"time"
)

// Entry is one player's standing in one family.
type Entry struct {
	Key  string `json:"key"`  // the player's identity: a key fingerprint, or "level:NAME"
	Name string `json:"name"` // the name last played under
	Kind string `json:"kind"` // "player", "bot" or "level"
	Rating
	Games int `json:"games"`
	Wins  int `json:"wins"` // games finished alone or tied in first place
}

// Seat is one player of a finished rated match, the input of Record.
type Seat struct {
	Key   string
	Name  string
	Kind  string
	Score int // the match score; the higher finishes first
	// Rank, when every seat has one (1 the best, equal a tie), is the
	// order the match finished in, in place of the scores'.
	Rank int
}

// Placed is one player's line in a recorded result.
type Placed struct {
	Key    string `json:"key"`
	Name   string `json:"name"`
	Kind   string `json:"kind"`
	Rank   int    `json:"rank"`
	Score  int    `json:"score"`
	Before Rating `json:"before"`
	After  Rating `json:"after"`
}

// Result is one recorded match.
type Result struct {
	ID      string    `json:"id"` // the table or match it came from
	When    time.Time `json:"when"`
	Family  string    `json:"family"`
	Players []Placed  `json:"players"`
}

// MaxRecent bounds the results a ladder keeps (the newest).
const MaxRecent = 1000

// Ladder holds the ratings of every player per family and the recent
// results. It is not safe for concurrent use.
type Ladder struct {
	model    Model
	families map[string]map[string]*Entry
	recent   []Result
}

// Recorded reports whether a result of the match id is among the recent
// results (the last MaxRecent).
func (l *Ladder) Recorded(id string) bool {
	for i := len(l.recent) - 1; i >= 0; i-- {
		if l.recent[i].ID == id {
			return true
		}
	}
	return false
}

// NewLadder is an empty ladder rating by model m.
func NewLadder(m Model) *Ladder {
	return &Ladder{model: m, families: map[string]map[string]*Entry{}}
}

// Record rates a finished match of the family: 2 to MaxPlayers seats
// with distinct non-empty keys, ranked by score. It returns the result
// as recorded.
func (l *Ladder) Record(family, id string, when time.Time, seats []Seat) (Result, error) {
	if !IsFamily(family) {
		return Result{}, fmt.Errorf("unknown rules family %q", family)
	}
	if len(seats) < 2 || len(seats) > MaxPlayers {
		return Result{}, fmt.Errorf("a rated match has 2 to %d players, not %d", MaxPlayers, len(seats))
	}
	seen := map[string]bool{}
	for _, s := range seats {
		if s.Key == "" || seen[s.Key] {
			return Result{}, errors.New("a rated match needs a distinct identity in every seat")
		}
		seen[s.Key] = true
	}
	fam := l.families[family]
	if fam == nil {
		fam = map[string]*Entry{}
		l.families[family] = fam
	}
	scores := make([]int, len(seats))
	before := make([]Rating, len(seats))
	for i, s := range seats {
		scores[i] = s.Score
		before[i] = l.model.New()
		if e := fam[s.Key]; e != nil {
			before[i] = e.Rating
		}
	}
	ranks := RanksFromScores(scores)
	if given := ranksOf(seats); given != nil {
		ranks = given
	}
	after, err := l.model.Rate(before, ranks)
	if err != nil {
		return Result{}, err
	}
	res := Result{ID: id, When: when, Family: family}
	for i, s := range seats {
		e := fam[s.Key]
		if e == nil {
			e = &Entry{Key: s.Key}
			fam[s.Key] = e
		}
		e.Name, e.Kind, e.Rating = s.Name, s.Kind, after[i]
		e.Games++
		if ranks[i] == 1 {
			e.Wins++
		}
		res.Players = append(res.Players, Placed{Key: s.Key, Name: s.Name, Kind: s.Kind, Rank: ranks[i], Score: s.Score, Before: before[i], After: after[i]})
	}
	sort.SliceStable(res.Players, func(a, b int) bool { return res.Players[a].Rank < res.Players[b].Rank })
	l.recent = append(l.recent, res)
	if len(l.recent) > MaxRecent {
		l.recent = append([]Result(nil), l.recent[len(l.recent)-MaxRecent:]...)
	}
	return res, nil
}

// ranksOf is the seats' own ranks when every one has one, else nil.
func ranksOf(seats []Seat) []int {
	out := make([]int, len(seats))
	for i, s := range seats {
		if s.Rank <= 0 {
			return nil
		}
		out[i] = s.Rank
	}
	return out
}

// Standing is an entry with its place on the ladder.
type Standing struct {
	Rank int `json:"rank"`
	Entry
	Ordinal float64 `json:"ordinal"`
}

// Standings lists a family's players by ordinal, the best first (ties by
// games played, then key, so the order is stable).
func (l *Ladder) Standings(family string) []Standing {
	var out []Standing
	for _, e := range l.families[family] {
		out = append(out, Standing{Entry: *e, Ordinal: e.Ordinal()})
	}
	sort.Slice(out, func(a, b int) bool {
		if out[a].Ordinal != out[b].Ordinal {
			return out[a].Ordinal > out[b].Ordinal
		}
		if out[a].Games != out[b].Games {
			return out[a].Games > out[b].Games
		}
		return out[a].Key < out[b].Key
	})
	for i := range out {
		out[i].Rank = i + 1
	}
	return out
}

// Recent lists up to n of the family's newest results, the newest first;
// with a key, only those the player was in.
func (l *Ladder) Recent(family, key string, n int) []Result {
	var out []Result
	for i := len(l.recent) - 1; i >= 0 && len(out) < n; i-- {
		r := l.recent[i]
		if r.Family != family {
			continue
		}
		if key != "" && !r.has(key) {
			continue
		}
		out = append(out, r)
	}
	return out
}

func (r Result) has(key string) bool {
	for _, p := range r.Players {
		if p.Key == key {
			return true
		}
	}
	return false
}

// Board is what a ladder screen shows of one family, and the JSON of
// `ratings --json`.
type Board struct {
	Family  string     `json:"family"`
	Players int        `json:"players"`
	Top     []Standing `json:"top"`
	You     *Standing  `json:"you,omitempty"`
	Recent  []Result   `json:"recent"` // yours when you are on the ladder, else everyone's
}

// Board sums up a family: its top players, the standing of key (if it
// has one) and recent results.
func (l *Ladder) Board(family, key string, top, recent int) Board {
	all := l.Standings(family)
	b := Board{Family: family, Players: len(all), Top: []Standing{}, Recent: []Result{}}
	for i, s := range all {
		if i < top {
			b.Top = append(b.Top, s)
		}
		if key != "" && s.Key == key {
			s := s
			b.You = &s
		}
	}
	if b.You != nil {
		b.Recent = append(b.Recent, l.Recent(family, key, recent)...)
	} else {
		b.Recent = append(b.Recent, l.Recent(family, "", recent)...)
	}
	return b
}

// file is the ladder's JSON file.
type file struct {
	Version  int                `json:"version"`
	Families map[string][]Entry `json:"families"`
	Recent   []Result           `json:"recent"`
}

// MarshalJSON writes the ladder as its file.
func (l *Ladder) MarshalJSON() ([]byte, error) {
	f := file{Version: 1, Families: map[string][]Entry{}, Recent: l.recent}
	for fam := range l.families {
		for _, s := range l.Standings(fam) {
			f.Families[fam] = append(f.Families[fam], s.Entry)
		}
	}
	if f.Recent == nil {
		f.Recent = []Result{}
	}
	return json.Marshal(f)
}

// Parse reads a ladder file written by MarshalJSON.
func Parse(data []byte, m Model) (*Ladder, error) {
	var f file
	if err := json.Unmarshal(data, &f); err != nil {
		return nil, fmt.Errorf("the ladder file is not valid JSON: %v", err)
	}
	if f.Version != 1 {
		return nil, fmt.Errorf("the ladder file has version %d; this program reads version 1", f.Version)
	}
	l := NewLadder(m)
	for fam, entries := range f.Families {
		if !IsFamily(fam) {
			return nil, fmt.Errorf("the ladder file has an unknown family %q", fam)
		}
		l.families[fam] = map[string]*Entry{}
		for _, e := range entries {
			if err := check(e.Rating); err != nil || e.Key == "" || e.Games < 0 || e.Wins < 0 {
				return nil, fmt.Errorf("the ladder file has a bad entry for %q", e.Key)
			}
			e := e
			l.families[fam][e.Key] = &e
		}
	}
	l.recent = f.Recent
	if len(l.recent) > MaxRecent {
		l.recent = l.recent[len(l.recent)-MaxRecent:]
	}
	return l, nil
}

// Load reads a ladder file; a missing file is an empty ladder.
func Load(path string, m Model) (*Ladder, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return NewLadder(m), nil
	}
	if err != nil {
		return nil, err
	}
	return Parse(data, m)
}

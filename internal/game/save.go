package game

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
)

// Save files are JSON: {"format": "rummikub-match", "version": 1, ...}
// holding the rules (every option by its RULES.md name), the players, the
// seed, the whole current position (pool order included), the running
// scores, the history and the public log. A tile is written in the
// notation with its id: "R7@20", "J:R4@104" (a joker with what it stands
// for), so a save is readable and every physical tile is checked on load.
//
// Load trusts the saved position, after checking it thoroughly (shape,
// every tile in exactly one place, every table set valid, scores adding
// up); it does not demand that replaying the history reproduce it, so a
// save stays loadable if a later version judges some corner differently.
const (
	SaveFormat  = "rummikub-match"
	SaveVersion = 1
)

type saveFile struct {
	Format  string            `json:"format"`
	Version int               `json:"version"`
	Preset  string            `json:"preset"`
	Options map[string]string `json:"options"`
	Names   []string          `json:"names"`
	Seed    uint64            `json:"seed,string"`
	Game    saveGame          `json:"game"`
	Totals  []int             `json:"totals"`
	Won     []int             `json:"won"`
	Results []GameScore       `json:"results"`
	History []saveAction      `json:"history"`
	Log     []saveEvent       `json:"log"`
}

type saveGame struct {
	Number    int             `json:"number"`
	Table     [][]string      `json:"table"`
	Grid      *GridJSON       `json:"grid,omitempty"`
	Racks     [][]string      `json:"racks"`
	Melded    []bool          `json:"melded"`
	Pool      []string        `json:"pool"`
	River     []string        `json:"river"`
	Turn      int             `json:"turn"`
	Passes    int             `json:"passes"`
	Turns     int             `json:"turns"`
	Starter   int             `json:"starter"`
	StartDraw []saveStartDraw `json:"start_draw"`
	Reveal    []string        `json:"reveal,omitempty"`
	Pull      *savePull       `json:"pull,omitempty"`
	Over      bool            `json:"over"`
	Score     *GameScore      `json:"score,omitempty"`
}

type saveStartDraw struct {
	Round int    `json:"round"`
	Seat  int    `json:"seat"`
	Tile  string `json:"tile"`
}

type savePull struct {
	Index   int      `json:"index"`
	Key     string   `json:"key"`
	Plunder []string `json:"plunder"`
}

type saveAction struct {
	Seat       int        `json:"seat"`
	Kind       ActionKind `json:"kind"`
	Sets       [][]string `json:"sets,omitempty"`
	Grid       *GridJSON  `json:"grid,omitempty"`
	Unfinished bool       `json:"unfinished,omitempty"`
	Index      int        `json:"index,omitempty"`
}

type saveEvent struct {
	Game       int        `json:"game"`
	Seat       int        `json:"seat"`
	Kind       ActionKind `json:"kind"`
	Placed     []string   `json:"placed,omitempty"`
	Points     int        `json:"points,omitempty"`
	Melded     bool       `json:"melded,omitempty"`
	Out        bool       `json:"out,omitempty"`
	Drew       int        `json:"drew,omitempty"`
	Discarded  []string   `json:"discarded,omitempty"`
	Pulled     []string   `json:"pulled,omitempty"`
	Unfinished bool       `json:"unfinished,omitempty"`
	Blocked    bool       `json:"blocked,omitempty"`
}

// Save writes the match to path atomically (a crash leaves the old file or
// the new one, never half of one).
func (m *Match) Save(path string) error {
	data, err := m.MarshalSave()
	if err != nil {
		return err
	}
	return WriteFileAtomic(path, data)
}

// MarshalSave encodes the match as a save file.
func (m *Match) MarshalSave() ([]byte, error) {
	g := m.Game
	f := saveFile{
		Format:  SaveFormat,
		Version: SaveVersion,
		Preset:  m.Rules.Preset,
		Options: map[string]string{},
		Names:   m.Names,
		Seed:    m.Seed,
		Totals:  m.Totals,
		Won:     m.Won,
		Results: m.Results,
		Game: saveGame{
			Number:  g.Number,
			Table:   saveSets(g.Table),
			Racks:   saveSets(g.Racks),
			Melded:  g.Melded,
			Pool:    saveTiles(g.Pool),
			River:   saveTiles(g.River),
			Turn:    g.Turn,
			Passes:  g.Passes,
			Turns:   g.Turns,
			Starter: g.Starter,
			Reveal:  saveTiles(g.Reveal),
			Over:    g.Over,
		},
	}
	if m.Rules.Table == TableGrid {
		f.Game.Grid = saveGrid(g.Grid)
	}
	for _, kv := range m.Rules.Options() {
		f.Options[kv[0]] = kv[1]
	}
	for _, d := range g.StartDraw {
		f.Game.StartDraw = append(f.Game.StartDraw, saveStartDraw{d.Round, d.Seat, saveTile(d.Tile)})
	}
	if g.Pull != nil {
		f.Game.Pull = &savePull{Index: g.Pull.Index, Key: saveTile(g.Pull.Key), Plunder: saveTiles(g.Pull.Plunder)}
	}
	if g.Over {
		s := g.Score
		f.Game.Score = &s
	}
	for _, a := range m.History {
		sa := saveAction{Seat: a.Seat, Kind: a.Kind, Sets: saveSets(a.Sets), Unfinished: a.Unfinished, Index: a.Index}
		if a.Kind == ActPlay && m.Rules.Table == TableGrid {
			sa.Grid = saveGrid(a.Grid)
		}
		f.History = append(f.History, sa)
	}
	for _, e := range m.Log {
		f.Log = append(f.Log, saveEvent{
			Game: e.Game, Seat: e.Seat, Kind: e.Kind,
			Placed: saveTiles(e.Placed), Points: e.Points, Melded: e.Melded, Out: e.Out,
			Drew: e.Drew, Discarded: saveTiles(e.Discarded), Pulled: saveTiles(e.Pulled),
			Unfinished: e.Unfinished, Blocked: e.Blocked,
		})
	}
	return json.MarshalIndent(f, "", "  ")
}

func saveTile(t Tile) string {
	if t.ID == NoID {
		return t.String()
	}
	return t.String() + "@" + strconv.Itoa(int(t.ID))
}

func saveTiles(ts []Tile) []string {
	if ts == nil {
		return nil
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = saveTile(t)
	}
	return out
}

func saveSets[S ~[]E, E ~[]Tile](sets S) [][]string {
	if sets == nil {
		return nil
	}
	out := make([][]string, len(sets))
	for i, s := range sets {
		out[i] = saveTiles(s)
	}
	return out
}

// LoadError is a save file that cannot be loaded: the path and one
// sentence saying why.
type LoadError struct {
	Path   string
	Reason string
}

func (e *LoadError) Error() string {
	if e.Path == "" {
		return "cannot load the saved match: " + e.Reason
	}
	return fmt.Sprintf("cannot load the saved match %s: %s", e.Path, e.Reason)
}

// Load reads a save file. A missing, damaged, truncated, foreign or
// newer-version file is a *LoadError (or the os error of a missing file,
// wrapped); Load never panics.
func Load(path string) (*Match, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot load the saved match: %w", err)
	}
	m, err := UnmarshalSave(data)
	if err != nil {
		var le *LoadError
		if errors.As(err, &le) {
			le.Path = path
		}
		return nil, err
	}
	return m, nil
}

// UnmarshalSave decodes a save file made by MarshalSave, checking it.
func UnmarshalSave(data []byte) (m *Match, err error) {
	fail := func(format string, args ...any) (*Match, error) {
		return nil, &LoadError{Reason: fmt.Sprintf(format, args...)}
	}
	// A first, lenient look says whether this is our file at all, so a
	// foreign or future file gets the right sentence.
	var head struct {
		Format  string `json:"format"`
		Version int    `json:"version"`
	}
	if err := json.Unmarshal(data, &head); err != nil {
		if len(bytes.TrimSpace(data)) == 0 {
			return fail("the file is empty")
		}
		var syn *json.SyntaxError
		if errors.As(err, &syn) || errors.Is(err, io.ErrUnexpectedEOF) {
			return fail("the file is damaged or cut short (not valid JSON)")
		}
		return fail("the file is not a rummikub save")
	}
	if head.Format != SaveFormat {
		return fail("the file is not a rummikub save (its format is %q)", head.Format)
	}
	if head.Version > SaveVersion {
		return fail("the file was written by a newer version of rummikub (save version %d; this one reads up to %d)", head.Version, SaveVersion)
	}
	if head.Version < 1 {
		return fail("the file has no valid save version")
	}
	var f saveFile
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&f); err != nil {
		return fail("the file is damaged: %v", err)
	}
	if dec.More() {
		return fail("the file has data after the save")
	}
	return f.match()
}

// match rebuilds and checks a Match from a decoded save.
func (f *saveFile) match() (*Match, error) {
	fail := func(format string, args ...any) (*Match, error) {
		return nil, &LoadError{Reason: fmt.Sprintf(format, args...)}
	}
	r, err := Preset(f.Preset)
	if err != nil {
		return fail("%v", err)
	}
	r.Preset = f.Preset // rules made without a preset keep saying so
	for name := range f.Options {
		if _, err := r.Get(name); err != nil {
			return fail("%v", err)
		}
	}
	for _, name := range OptionNames() {
		v, ok := f.Options[name]
		if !ok {
			return fail("the rule option %s is missing", name)
		}
		if err := r.Set(name, v); err != nil {
			return fail("%v", err)
		}
	}
	if err := r.Validate(); err != nil {
		return fail("%v", err)
	}
	if err := checkPlayers(&r, f.Names); err != nil {
		return fail("%v", err)
	}
	n := len(f.Names)
	m := &Match{Rules: r, Names: f.Names, Seed: f.Seed, Totals: f.Totals, Won: f.Won}
	all := TileSet(r.Copies, r.Jokers)
	tile := func(s string) (Tile, error) { return loadTile(s, all) }
	tiles := func(ss []string) ([]Tile, error) { return convertAll(ss, tile) }
	sets := func(ss [][]string) (Table, error) {
		t, err := convertAll(ss, func(s []string) (Set, error) { return tiles(s) })
		return t, err
	}

	sg := &f.Game
	g := &Game{
		Number: sg.Number, Melded: sg.Melded, Turn: sg.Turn, Passes: sg.Passes,
		Turns: sg.Turns, Starter: sg.Starter, Over: sg.Over,
	}
	if g.Table, err = sets(sg.Table); err != nil {
		return fail("the table: %v", err)
	}
	if g.Grid, err = loadGrid(sg.Grid, all); err != nil {
		return fail("the grid: %v", err)
	}
	if g.Racks, err = convertAll(sg.Racks, tiles); err != nil {
		return fail("a rack: %v", err)
	}
	if g.Pool, err = tiles(sg.Pool); err != nil {
		return fail("the pool: %v", err)
	}
	if g.River, err = tiles(sg.River); err != nil {
		return fail("the River: %v", err)
	}
	if g.Reveal, err = tiles(sg.Reveal); err != nil {
		return fail("the River draw: %v", err)
	}
	for _, d := range sg.StartDraw {
		t, err := tile(d.Tile)
		if err != nil {
			return fail("the draw for the first player: %v", err)
		}
		if d.Seat < 0 || d.Seat >= n {
			return fail("the draw for the first player names seat %d", d.Seat)
		}
		g.StartDraw = append(g.StartDraw, StartDraw{d.Round, d.Seat, t})
	}
	if sg.Pull != nil {
		key, err := tile(sg.Pull.Key)
		if err != nil {
			return fail("the River pull: %v", err)
		}
		plunder, err := tiles(sg.Pull.Plunder)
		if err != nil {
			return fail("the River pull: %v", err)
		}
		g.Pull = &Pull{Index: sg.Pull.Index, Key: key, Plunder: plunder}
	}
	if sg.Score != nil {
		g.Score = *sg.Score
	}
	m.Game = g
	for _, a := range f.History {
		s, err := sets(a.Sets)
		if err != nil {
			return fail("the history: %v", err)
		}
		gr, err := loadGrid(a.Grid, all)
		if err != nil {
			return fail("the history: %v", err)
		}
		m.History = append(m.History, Action{Seat: a.Seat, Kind: a.Kind, Sets: s, Grid: gr, Unfinished: a.Unfinished, Index: a.Index})
	}
	for _, e := range f.Log {
		ev := Event{Game: e.Game, Seat: e.Seat, Kind: e.Kind, Points: e.Points, Melded: e.Melded, Out: e.Out,
			Drew: e.Drew, Unfinished: e.Unfinished, Blocked: e.Blocked}
		if ev.Placed, err = tiles(e.Placed); err == nil {
			if ev.Discarded, err = tiles(e.Discarded); err == nil {
				ev.Pulled, err = tiles(e.Pulled)
			}
		}
		if err != nil {
			return fail("the log: %v", err)
		}
		m.Log = append(m.Log, ev)
	}
	m.Results = f.Results
	if err := m.checkShape(); err != nil {
		return fail("%v", err)
	}
	if err := m.CheckConservation(); err != nil {
		return fail("%v", err)
	}
	return m, nil
}

// loadTile reads "R7@20": a tile in the notation and its id, which must be
// a tile of this set with that face.
func loadTile(s string, all []Tile) (Tile, error) {
	at := strings.LastIndexByte(s, '@')
	if at < 0 {
		return Tile{}, fmt.Errorf("tile %q has no id", s)
	}
	t, err := ParseTile(s[:at])
	if err != nil {
		return Tile{}, err
	}
	id, err := strconv.Atoi(s[at+1:])
	if err != nil || id < 0 || id >= len(all) {
		return Tile{}, fmt.Errorf("tile %q has an id that is not a tile of this set", s)
	}
	if all[id].Face != t.Face {
		return Tile{}, fmt.Errorf("tile %q: id %d is %s", s, id, all[id].Face)
	}
	t.ID = TileID(id)
	return t, nil
}

// checkShape checks everything of a loaded match but tile conservation:
// sizes, seats in range, valid table sets, scores that add up.
func (m *Match) checkShape() error {
	n := len(m.Names)
	g := m.Game
	if len(g.Racks) != n || len(g.Melded) != n || len(m.Totals) != n || len(m.Won) != n {
		return fmt.Errorf("the position does not have %d seats", n)
	}
	if g.Number < 1 {
		return fmt.Errorf("game number %d is not a game", g.Number)
	}
	played := g.Number - 1
	if g.Over {
		played++
	}
	if len(m.Results) != played {
		return fmt.Errorf("game %d has %d scored games before it", g.Number, len(m.Results))
	}
	if g.Turn < 0 || g.Turn >= n || g.Starter < 0 || g.Starter >= n {
		return fmt.Errorf("the turn belongs to no seat")
	}
	if g.Passes < 0 || g.Passes >= n && !g.Over || g.Turns < 0 {
		return fmt.Errorf("the count of passes or turns is wrong")
	}
	for i, set := range g.Table {
		if _, err := AnalyzeSet(set, &m.Rules); err != nil {
			return fmt.Errorf("set %d of the table: %v", i+1, err)
		}
	}
	if err := m.checkGridShape(); err != nil {
		return err
	}
	if len(g.Reveal) != 0 && (len(g.Reveal) != 2 || m.Rules.Draw != DrawRiver || g.Pull != nil) {
		return fmt.Errorf("the River draw is not possible here")
	}
	if g.Pull != nil && (m.Rules.Draw != DrawRiver || g.Pull.Index != len(g.River)) {
		return fmt.Errorf("the River pull does not fit the River")
	}
	if g.Over != (len(g.Score.Scores) == n) || g.Over && (g.Score.Winner < 0 || g.Score.Winner >= n) {
		return fmt.Errorf("the game's score does not fit the game")
	}
	if g.Over && (g.Pull != nil || len(g.Reveal) > 0) {
		return fmt.Errorf("a finished game has a turn in progress")
	}
	if g.Pull != nil {
		// Conservation checks that each pulled tile is on the rack, not that
		// the Key Tile and the Plunder are different tiles; putting such a
		// pull back would lay one tile in the River twice.
		seen := map[TileID]bool{g.Pull.Key.ID: true}
		for _, t := range g.Pull.Plunder {
			if seen[t.ID] {
				return fmt.Errorf("the River pull names tile %v twice", t)
			}
			seen[t.ID] = true
		}
	}
	if g.Over && !sameScore(g.Score, m.Results[len(m.Results)-1]) {
		return fmt.Errorf("the finished game's score is not the last recorded result")
	}
	totals := make([]int, n)
	won := make([]int, n)
	for k, s := range m.Results {
		if len(s.Scores) != n || s.Winner < 0 || s.Winner >= n {
			return fmt.Errorf("the score of game %d does not fit the players", k+1)
		}
		for i, v := range s.Scores {
			totals[i] += v
		}
		won[s.Winner]++
	}
	for i := range totals {
		if totals[i] != m.Totals[i] || won[i] != m.Won[i] {
			return fmt.Errorf("the running totals do not add up to the games' scores")
		}
	}
	if len(m.History) != len(m.Log) {
		return fmt.Errorf("the history and the log do not match")
	}
	return nil
}

// sameScore reports whether two game scores are equal.
func sameScore(a, b GameScore) bool {
	if a.Winner != b.Winner || a.Blocked != b.Blocked || len(a.Scores) != len(b.Scores) {
		return false
	}
	for i := range a.Scores {
		if a.Scores[i] != b.Scores[i] {
			return false
		}
	}
	return true
}

// convertAll converts every element of in with f, stopping at the first
// error; a nil slice (absent from the file) stays nil.
func convertAll[A, B any](in []A, f func(A) (B, error)) ([]B, error) {
	if in == nil {
		return nil, nil
	}
	out := make([]B, len(in))
	for i, a := range in {
		b, err := f(a)
		if err != nil {
			return nil, err
		}
		out[i] = b
	}
	return out, nil
}

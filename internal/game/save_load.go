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

// Reading a save file back: the wire form turned into a match, every tile
// accounted for.

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

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

// match rebuilds and checks a Match from a decoded save: the rules, the
// game in play, the history and the log, then the checks every loaded
// match passes (its shape, and every tile accounted for).
func (f *saveFile) match() (*Match, error) {
	fail := func(err error) (*Match, error) {
		return nil, &LoadError{Reason: err.Error()}
	}
	r, err := f.rules()
	if err != nil {
		return fail(err)
	}
	if err := checkPlayers(&r, f.Names); err != nil {
		return fail(err)
	}
	m := &Match{Rules: r, Names: f.Names, Seed: f.Seed, Totals: f.Totals, Won: f.Won, Results: f.Results}
	ld := tileLoader{all: TileSet(r.Copies, r.Jokers), rules: &r}
	if m.Game, err = ld.game(&f.Game, len(f.Names)); err != nil {
		return fail(err)
	}
	if m.History, err = loadEach(f.History, ld.action); err != nil {
		return fail(fmt.Errorf("the history: %w", err))
	}
	if m.Log, err = loadEach(f.Log, ld.event); err != nil {
		return fail(fmt.Errorf("the log: %w", err))
	}
	if err := m.checkShape(); err != nil {
		return fail(err)
	}
	if err := m.CheckConservation(); err != nil {
		return fail(err)
	}
	return m, nil
}

// loadEach is convertAll for the history and the log, which stay nil when
// the save holds none.
func loadEach[A, B any](in []A, f func(A) (B, error)) ([]B, error) {
	if len(in) == 0 {
		return nil, nil
	}
	return convertAll(in, f)
}

// rules rebuilds the save's rules: its preset, then every option named
// (an unknown option or a missing one is an error), then validated.
func (f *saveFile) rules() (Rules, error) {
	r, err := Preset(f.Preset)
	if err != nil {
		return Rules{}, err
	}
	r.Preset = f.Preset // rules made without a preset keep saying so
	for name := range f.Options {
		if _, err := r.Get(name); err != nil {
			return Rules{}, err
		}
	}
	for _, name := range OptionNames() {
		v, ok := f.Options[name]
		if !ok {
			return Rules{}, fmt.Errorf("the rule option %s is missing", name)
		}
		if err := r.Set(name, v); err != nil {
			return Rules{}, err
		}
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

// tileLoader reads the save's tiles ("R7@20") against the match's tile set.
type tileLoader struct {
	all   []Tile
	rules *Rules // the shape a play's table is read in
}

func (ld tileLoader) tile(s string) (Tile, error)       { return loadTile(s, ld.all) }
func (ld tileLoader) tiles(ss []string) ([]Tile, error) { return convertAll(ss, ld.tile) }
func (ld tileLoader) set(ss []string) (Set, error)      { return ld.tiles(ss) }
func (ld tileLoader) table(ss [][]string) (Table, error) {
	return convertAll(ss, ld.set)
}

// game rebuilds the game in play; n is the number of seats.
func (ld tileLoader) game(sg *saveGame, n int) (*Game, error) {
	g := &Game{
		Number: sg.Number, Melded: sg.Melded, Turn: sg.Turn, Passes: sg.Passes,
		Turns: sg.Turns, Starter: sg.Starter, Over: sg.Over,
	}
	var err error
	if g.Table, err = ld.layout(sg.Table, sg.Grid); err != nil {
		return nil, err
	}
	if g.Racks, err = convertAll(sg.Racks, ld.tiles); err != nil {
		return nil, fmt.Errorf("a rack: %w", err)
	}
	if g.Pool, err = ld.tiles(sg.Pool); err != nil {
		return nil, fmt.Errorf("the pool: %w", err)
	}
	if g.River, err = ld.tiles(sg.River); err != nil {
		return nil, fmt.Errorf("the River: %w", err)
	}
	if g.Reveal, err = ld.tiles(sg.Reveal); err != nil {
		return nil, fmt.Errorf("the River draw: %w", err)
	}
	if g.StartDraw, err = ld.startDraw(sg.StartDraw, n); err != nil {
		return nil, err
	}
	if g.Pull, err = ld.pull(sg.Pull); err != nil {
		return nil, fmt.Errorf("the River pull: %w", err)
	}
	if sg.Score != nil {
		g.Score = *sg.Score
	}
	return g, nil
}

// startDraw reads the draw for the first player; every seat it names is
// one of the n seats.
func (ld tileLoader) startDraw(draws []saveStartDraw, n int) ([]StartDraw, error) {
	var out []StartDraw
	for _, d := range draws {
		t, err := ld.tile(d.Tile)
		if err != nil {
			return nil, fmt.Errorf("the draw for the first player: %w", err)
		}
		if d.Seat < 0 || d.Seat >= n {
			return nil, fmt.Errorf("the draw for the first player names seat %d", d.Seat)
		}
		out = append(out, StartDraw{d.Round, d.Seat, t})
	}
	return out, nil
}

// pull reads the River pull in progress, if any.
func (ld tileLoader) pull(sp *savePull) (*Pull, error) {
	if sp == nil {
		return nil, nil
	}
	key, err := ld.tile(sp.Key)
	if err != nil {
		return nil, err
	}
	plunder, err := ld.tiles(sp.Plunder)
	if err != nil {
		return nil, err
	}
	return &Pull{Index: sp.Index, Key: key, Plunder: plunder}, nil
}

// layout reads a table saved as sets or as a grid, in the shape the
// rules play on; the save must hold nothing of the other shape.
func (ld tileLoader) layout(sets [][]string, gj *GridJSON) (Layout, error) {
	t, err := ld.table(sets)
	if err != nil {
		return nil, fmt.Errorf("the table: %w", err)
	}
	g, err := loadGrid(gj, ld.all)
	if err != nil {
		return nil, fmt.Errorf("the grid: %w", err)
	}
	return ld.rules.EmptyTable().fromSaved(t, g)
}

// action reads one action of the history.
func (ld tileLoader) action(a saveAction) (Action, error) {
	act := Action{Seat: a.Seat, Kind: a.Kind, Unfinished: a.Unfinished, Index: a.Index}
	if a.Kind != ActPlay {
		return act, nil
	}
	var err error
	act.After, err = ld.layout(a.Sets, a.Grid)
	return act, err
}

// event reads one event of the log.
func (ld tileLoader) event(e saveEvent) (Event, error) {
	ev := Event{Game: e.Game, Seat: e.Seat, Kind: e.Kind, Points: e.Points, Melded: e.Melded, Out: e.Out,
		Drew: e.Drew, Unfinished: e.Unfinished, Blocked: e.Blocked}
	var err error
	if ev.Placed, err = ld.tiles(e.Placed); err != nil {
		return Event{}, err
	}
	if ev.Discarded, err = ld.tiles(e.Discarded); err != nil {
		return Event{}, err
	}
	if ev.Pulled, err = ld.tiles(e.Pulled); err != nil {
		return Event{}, err
	}
	return ev, nil
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

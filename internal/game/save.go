package game

import (
	"encoding/json"
	"fmt"
)

// Save files are JSON: {"format": "rummikub-match", "version": 1, ...}
// holding the rules (every option by its docs/rules.md name), the players, the
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
	tf := g.Table.Fields(Tile.IDText)
	f.Game.Table, f.Game.Grid = tf.Sets, tf.Grid
	for _, kv := range m.Rules.Options() {
		f.Options[kv[0]] = kv[1]
	}
	for _, d := range g.StartDraw {
		f.Game.StartDraw = append(f.Game.StartDraw, saveStartDraw{d.Round, d.Seat, d.Tile.IDText()})
	}
	if g.Pull != nil {
		f.Game.Pull = &savePull{Index: g.Pull.Index, Key: g.Pull.Key.IDText(), Plunder: saveTiles(g.Pull.Plunder)}
	}
	if g.Over {
		s := g.Score
		f.Game.Score = &s
	}
	for _, a := range m.History {
		sa := saveAction{Seat: a.Seat, Kind: a.Kind, Unfinished: a.Unfinished, Index: a.Index}
		if a.Kind == ActPlay && a.After != nil {
			tf := a.After.Fields(Tile.IDText)
			sa.Sets, sa.Grid = tf.Sets, tf.Grid
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

func saveTiles(ts []Tile) []string {
	if ts == nil {
		return nil
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.IDText()
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

// fromSaved is the table of sets read from a save, which must hold no
// grid.
func (t Table) fromSaved(sets Table, saved Grid) (Layout, error) {
	if !saved.Empty() {
		return nil, fmt.Errorf("the match is played on a table of sets but the save holds a grid")
	}
	return sets, nil
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

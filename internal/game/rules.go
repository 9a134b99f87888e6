package game

import (
	"encoding/json"
	"fmt"
	"sort"
	"strconv"
	"strings"
)

// Rules holds every rule option of docs/rules.md. The zero value is not valid;
// start from Standard() or Preset(name) and change options with Set.
type Rules struct {
	Preset             string // the preset these rules started from
	Copies             int    // copies of each numbered tile: 2 or 3
	Jokers             int    // jokers in the set
	RackSize           int    // tiles dealt to each player
	InitialMeld        int    // points needed for the initial meld
	JokerMeldValue     int    // 0: a joker counts as the tile it stands for; N: a fixed N
	MeldThenExtend     bool   // the table may be used in the turn of the initial meld
	JokerPenalty       int    // a joker left on a rack
	Wrap               bool   // 1 may follow 13 (12-13-1)
	JokerFromRack      bool   // the tile that frees a joker must come from the rack
	JokerTwoRackTiles  bool   // a freed joker's new set holds two or more rack tiles
	FreeJokers         bool   // jokers on the table move like any tile
	TurnSeconds        int    // turn time limit, 0 = none
	TimeoutDraws       int    // tiles drawn when an unfinished rearrangement times out
	Blocked            string // "difference" or "fewest-tiles"
	NeverMeldedPenalty bool   // a player who never melded adds their rack to every other score
	WinnerOnly         bool   // losers score 0 instead of minus their rack
	Games              int    // games in a match, 0 = as many as players
	Target             int    // a score that ends the match when reached, 0 = none
	MatchWinner        string // "games" or "score"
	Draw               string // "one" or "river"
	Table              string // "sets" or "grid"
	MaxPlayers         int    // 4, or 6 with the 160-tile set
}

// Values of the enumerated options.
const (
	BlockedDifference  = "difference"
	BlockedFewestTiles = "fewest-tiles"
	WinnerGames        = "games"
	WinnerScore        = "score"
	DrawOne            = "one"
	DrawRiver          = "river"
	TableSets          = "sets"
	TableGrid          = "grid"
)

// Standard returns the default rules (source 000).
func Standard() Rules {
	return Rules{
		Preset:       "standard",
		Copies:       2,
		Jokers:       2,
		RackSize:     14,
		InitialMeld:  30,
		JokerPenalty: 30,
		TurnSeconds:  60,
		TimeoutDraws: 3,
		Blocked:      BlockedDifference,
		MatchWinner:  WinnerGames,
		Draw:         DrawOne,
		Table:        TableSets,
		MaxPlayers:   4,
	}
}

// presets maps each preset name to the options it sets on top of Standard.
var presets = map[string][][2]string{
	"standard": nil,
	"pressman": {{"turn-seconds", "120"}, {"match-winner", "score"}},
	"forty": {{"initial-meld", "40"}, {"joker-meld-value", "25"}, {"joker-penalty", "25"},
		{"joker-from-rack", "true"}, {"joker-two-rack-tiles", "true"}, {"meld-then-extend", "true"},
		{"turn-seconds", "120"}},
	"wrap":   {{"wrap", "true"}, {"joker-two-rack-tiles", "true"}, {"blocked", "fewest-tiles"}},
	"six":    {{"copies", "3"}, {"jokers", "4"}, {"max-players", "6"}},
	"river":  {{"draw", "river"}},
	"french": {{"table", "grid"}},
}

// PresetNames lists the presets in the order docs/rules.md gives them.
func PresetNames() []string {
	return []string{"standard", "pressman", "forty", "wrap", "six", "river", "french"}
}

// PresetOptions describes what a preset sets, as "name=value" pairs.
func PresetOptions(name string) []string {
	var out []string
	for _, kv := range presets[name] {
		out = append(out, kv[0]+"="+kv[1])
	}
	return out
}

// Preset returns the rules of a named preset (case-insensitive).
func Preset(name string) (Rules, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	if key == "" {
		key = "standard"
	}
	opts, ok := presets[key]
	if !ok {
		return Rules{}, fmt.Errorf("unknown rule preset %q; the presets are %s", name, strings.Join(PresetNames(), ", "))
	}
	r := Standard()
	r.Preset = key
	for _, kv := range opts {
		if err := r.Set(kv[0], kv[1]); err != nil {
			panic("game: bad preset table: " + err.Error()) // a programming error, caught by tests
		}
	}
	return r, nil
}

// option describes one rule option: its name in docs/rules.md, how to read and
// show its value.
type option struct {
	name string
	help string
	get  func(r *Rules) string
	set  func(r *Rules, v string) error
}

func intOption(name, help string, lo, hi int, field func(r *Rules) *int) option {
	return option{
		name: name, help: help,
		get: func(r *Rules) string { return strconv.Itoa(*field(r)) },
		set: func(r *Rules, v string) error {
			n, err := strconv.Atoi(strings.TrimSpace(v))
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("rule option %s takes a whole number from %d to %d, not %q", name, lo, hi, v)
			}
			*field(r) = n
			return nil
		},
	}
}

func boolOption(name, help string, field func(r *Rules) *bool) option {
	return option{
		name: name, help: help,
		get: func(r *Rules) string { return strconv.FormatBool(*field(r)) },
		set: func(r *Rules, v string) error {
			switch strings.ToLower(strings.TrimSpace(v)) {
			case "true", "yes", "on", "1":
				*field(r) = true
			case "false", "no", "off", "0":
				*field(r) = false
			default:
				return fmt.Errorf("rule option %s takes true or false, not %q", name, v)
			}
			return nil
		},
	}
}

func choiceOption(name, help string, choices []string, field func(r *Rules) *string) option {
	return option{
		name: name, help: help,
		get: func(r *Rules) string { return *field(r) },
		set: func(r *Rules, v string) error {
			w := strings.ToLower(strings.TrimSpace(v))
			for _, c := range choices {
				if w == c {
					*field(r) = c
					return nil
				}
			}
			return fmt.Errorf("rule option %s takes %s, not %q", name, strings.Join(choices, " or "), v)
		},
	}
}

// options lists every rule option in the order of docs/rules.md's table.
var options = []option{
	intOption("copies", "copies of each numbered tile (2 or 3)", 2, 3, func(r *Rules) *int { return &r.Copies }),
	intOption("jokers", "number of jokers", 0, 8, func(r *Rules) *int { return &r.Jokers }),
	intOption("rack-size", "tiles dealt to each player", 1, 30, func(r *Rules) *int { return &r.RackSize }),
	intOption("initial-meld", "points needed for the initial meld", 0, 200, func(r *Rules) *int { return &r.InitialMeld }),
	intOption("joker-meld-value", "0: a joker in the initial meld counts as the tile it stands for; N: a fixed N", 0, 100, func(r *Rules) *int { return &r.JokerMeldValue }),
	boolOption("meld-then-extend", "may use the table in the turn of the initial meld", func(r *Rules) *bool { return &r.MeldThenExtend }),
	intOption("joker-penalty", "points a joker left on a rack costs", 0, 100, func(r *Rules) *int { return &r.JokerPenalty }),
	boolOption("wrap", "1 may follow 13 (12-13-1)", func(r *Rules) *bool { return &r.Wrap }),
	boolOption("joker-from-rack", "the tile that frees a joker must come from the rack", func(r *Rules) *bool { return &r.JokerFromRack }),
	boolOption("joker-two-rack-tiles", "a freed joker's new set holds two or more rack tiles", func(r *Rules) *bool { return &r.JokerTwoRackTiles }),
	boolOption("free-jokers", "jokers on the table move like any tile", func(r *Rules) *bool { return &r.FreeJokers }),
	intOption("turn-seconds", "turn time limit in seconds, 0 = none", 0, 3600, func(r *Rules) *int { return &r.TurnSeconds }),
	intOption("timeout-draws", "tiles drawn when an unfinished rearrangement times out", 0, 10, func(r *Rules) *int { return &r.TimeoutDraws }),
	choiceOption("blocked", "how a blocked game is scored", []string{BlockedDifference, BlockedFewestTiles}, func(r *Rules) *string { return &r.Blocked }),
	boolOption("never-melded-penalty", "a player who never melded adds their rack to every other score", func(r *Rules) *bool { return &r.NeverMeldedPenalty }),
	boolOption("winner-only", "losers score 0 instead of minus their rack", func(r *Rules) *bool { return &r.WinnerOnly }),
	intOption("games", "games in a match, 0 = as many as players", 0, 1000, func(r *Rules) *int { return &r.Games }),
	intOption("target", "a score that ends the match when reached, 0 = none", 0, 100000, func(r *Rules) *int { return &r.Target }),
	choiceOption("match-winner", "games (most games won, ties by score) or score", []string{WinnerGames, WinnerScore}, func(r *Rules) *string { return &r.MatchWinner }),
	choiceOption("draw", "one, or river (Draw Two / River)", []string{DrawOne, DrawRiver}, func(r *Rules) *string { return &r.Draw }),
	choiceOption("table", "sets, or grid (French rules)", []string{TableSets, TableGrid}, func(r *Rules) *string { return &r.Table }),
	intOption("max-players", "4, or 6 with the 160-tile set", 2, 6, func(r *Rules) *int { return &r.MaxPlayers }),
}

func findOption(name string) (*option, error) {
	key := strings.ToLower(strings.TrimSpace(name))
	for i := range options {
		if options[i].name == key {
			return &options[i], nil
		}
	}
	return nil, fmt.Errorf("unknown rule option %q; the options are %s", name, strings.Join(OptionNames(), ", "))
}

// OptionNames lists every rule option by its name in docs/rules.md.
func OptionNames() []string {
	names := make([]string, len(options))
	for i, o := range options {
		names[i] = o.name
	}
	return names
}

// OptionHelp is a one-line description of an option.
func OptionHelp(name string) string {
	o, err := findOption(name)
	if err != nil {
		return ""
	}
	return o.help
}

// Set changes one option by its name in docs/rules.md, from its text form.
func (r *Rules) Set(name, value string) error {
	o, err := findOption(name)
	if err != nil {
		return err
	}
	return o.set(r, value)
}

// Get returns one option's value in text form.
func (r *Rules) Get(name string) (string, error) {
	o, err := findOption(name)
	if err != nil {
		return "", err
	}
	return o.get(r), nil
}

// SetAssignment applies "name=value", the form of the --option flag.
func (r *Rules) SetAssignment(s string) error {
	name, value, ok := strings.Cut(s, "=")
	if !ok {
		return fmt.Errorf("rule option %q needs a value, as in wrap=true", s)
	}
	return r.Set(name, value)
}

// SetJSON applies options given as a JSON object {"wrap": true, ...}.
// Values may be JSON numbers, booleans or strings.
func (r *Rules) SetJSON(opts map[string]json.RawMessage) error {
	names := make([]string, 0, len(opts))
	for k := range opts {
		names = append(names, k)
	}
	sort.Strings(names) // apply in a fixed order so errors are reproducible
	for _, name := range names {
		raw := opts[name]
		var v any
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("rule option %s has a value that is not JSON", name)
		}
		var s string
		switch x := v.(type) {
		case bool:
			s = strconv.FormatBool(x)
		case float64:
			if x != float64(int(x)) {
				return fmt.Errorf("rule option %s takes a whole number, not %v", name, x)
			}
			s = strconv.Itoa(int(x))
		case string:
			s = x
		default:
			return fmt.Errorf("rule option %s takes a number, true/false or a word, not %s", name, string(raw))
		}
		if err := r.Set(name, s); err != nil {
			return err
		}
	}
	return nil
}

// Options returns every option with its value, in docs/rules.md's order.
func (r *Rules) Options() [][2]string {
	out := make([][2]string, len(options))
	for i, o := range options {
		out[i] = [2]string{o.name, o.get(r)}
	}
	return out
}

// Changed returns the options whose values differ from the preset's, as
// "name=value", so a rules summary can say "forty + wrap=true".
func (r *Rules) Changed() []string {
	base, err := Preset(r.Preset)
	if err != nil {
		base = Standard()
	}
	var out []string
	for _, o := range options {
		if v := o.get(r); v != o.get(&base) {
			out = append(out, o.name+"="+v)
		}
	}
	return out
}

// Summary is a short description: the preset and any changed options.
func (r *Rules) Summary() string {
	s := r.Preset
	if s == "" {
		s = "standard"
	}
	if ch := r.Changed(); len(ch) > 0 {
		s += " + " + strings.Join(ch, ", ")
	}
	return s
}

// Validate checks that the options fit together and can be played.
func (r *Rules) Validate() error {
	if r.Copies < 2 || r.Copies > 3 {
		return fmt.Errorf("copies must be 2 or 3")
	}
	if r.MaxPlayers > 4 && r.Copies < 3 {
		return fmt.Errorf("more than 4 players need the 160-tile set (copies=3)")
	}
	return nil
}

// Threshold is the initial-meld threshold.
func (r *Rules) Threshold() int { return r.InitialMeld }

// The rules families (Family): the rules change the game enough (River's
// draws, French's grid) that one skill number for all of them would mean
// little, while the standard-like presets (standard, pressman, forty,
// wrap, six and options of them) play alike. Ratings are kept per family.
const (
	FamilyStandard = "standard"
	FamilyRiver    = "river"
	FamilyFrench   = "french"
)

// Family is the family the rules belong to: French for a grid table,
// River for river draws, else standard.
func (r *Rules) Family() string {
	switch {
	case r.Table == TableGrid:
		return FamilyFrench
	case r.Draw == DrawRiver:
		return FamilyRiver
	}
	return FamilyStandard
}

// TileCount is the number of tiles in the edition these rules use.
func (r *Rules) TileCount() int { return r.Copies*NumColors*MaxNumber + r.Jokers }

// Penalty is what a face left on a rack costs.
func (r *Rules) Penalty(f Face) int {
	if f.IsJoker() {
		return r.JokerPenalty
	}
	return int(f.Num)
}

// RackValue is the penalty of a whole rack.
func (r *Rules) RackValue(rack []Tile) int {
	v := 0
	for _, t := range rack {
		v += r.Penalty(t.Face)
	}
	return v
}

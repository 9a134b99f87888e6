package scorebook

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
)

// The session file (README.md, "Score keeper"):
//
//	{"players": ["Ana","Ben","Cai"],
//	 "options": {"win": "games", "target": 0, "games": 0, "winner_only": false, "joker": 30, "blocked": "difference"},
//	 "games": [{"out": "Ana", "racks": {"Ben": 22, "Cai": "J O4"}},
//	           {"blocked": true, "racks": {"Ana": 5, "Ben": 12, "Cai": 20}}]}
//
// Every option may be left out (it then takes its default); a rack is a
// total or tiles in the notation. Unknown fields are refused, so a typing
// slip in a hand-written file is reported rather than ignored.

// MaxFileSize bounds what Parse reads: far more than any real match.
const MaxFileSize = 8 << 20

var (
	topFields    = []string{"players", "options", "games"}
	gameFields   = []string{"out", "blocked", "racks"}
	optionFields = []string{"win", "target", "games", "winner_only", "joker", "blocked"}
)

// Parse reads a session file and checks it whole; the error is one
// sentence saying what is wrong and where.
func Parse(data []byte) (*Session, error) {
	if len(data) > MaxFileSize {
		return nil, fmt.Errorf("the session file is larger than %d bytes", MaxFileSize)
	}
	var top map[string]json.RawMessage
	if err := decode(data, &top); err != nil {
		return nil, jsonError(data, "the session file", err)
	}
	if top == nil {
		return nil, fmt.Errorf("the session file must be a JSON object with players, options and games")
	}
	if err := known(top, topFields, "the session file"); err != nil {
		return nil, err
	}
	s := &Session{Options: DefaultOptions()}
	raw, ok := top["players"]
	if !ok {
		return nil, fmt.Errorf("the session file has no players: list 2 to 6 names, as in \"players\": [\"Ana\", \"Ben\"]")
	}
	if err := decode(raw, &s.Players); err != nil {
		return nil, fmt.Errorf("players must be a list of names, as in [\"Ana\", \"Ben\"]")
	}
	if err := CheckPlayers(s.Players); err != nil {
		return nil, err
	}
	if raw, ok := top["options"]; ok {
		o, err := parseOptions(raw)
		if err != nil {
			return nil, err
		}
		s.Options = o
	}
	if raw, ok := top["games"]; ok && !isNull(raw) {
		var games []json.RawMessage
		if err := decode(raw, &games); err != nil {
			return nil, fmt.Errorf("games must be a list of games, as in [{\"out\": \"Ana\", \"racks\": {\"Ben\": 22}}]")
		}
		for i, g := range games {
			pg, err := s.parseGame(i, g)
			if err != nil {
				return nil, err
			}
			s.Games = append(s.Games, pg)
		}
	}
	if err := s.Check(); err != nil {
		return nil, err
	}
	return s, nil
}

func parseOptions(raw json.RawMessage) (Options, error) {
	o := DefaultOptions()
	var m map[string]json.RawMessage
	if err := decode(raw, &m); err != nil {
		return o, fmt.Errorf("options must be an object, as in {\"win\": \"games\", \"joker\": 30}")
	}
	if err := known(m, optionFields, "options"); err != nil {
		return o, err
	}
	var err error
	str := func(name string, dst *string) {
		if v, ok := m[name]; ok && err == nil {
			if decode(v, dst) != nil {
				err = fmt.Errorf("option %s takes a word in quotes, not %s", name, compact(v))
			}
		}
	}
	num := func(name string, dst *int) {
		if v, ok := m[name]; ok && err == nil {
			if decode(v, dst) != nil {
				err = fmt.Errorf("option %s takes a whole number, not %s", name, compact(v))
			}
		}
	}
	str("win", &o.Win)
	num("target", &o.Target)
	num("games", &o.Games)
	if v, ok := m["winner_only"]; ok && err == nil {
		if decode(v, &o.WinnerOnly) != nil {
			err = fmt.Errorf("option winner_only takes true or false, not %s", compact(v))
		}
	}
	num("joker", &o.Joker)
	str("blocked", &o.Blocked)
	if err != nil {
		return o, err
	}
	return o, o.Check()
}

func (s *Session) parseGame(i int, raw json.RawMessage) (Game, error) {
	label := fmt.Sprintf("game %d", i+1)
	var m map[string]json.RawMessage
	if err := decode(raw, &m); err != nil || m == nil {
		return Game{}, fmt.Errorf("%s must be an object, as in {\"out\": \"Ana\", \"racks\": {\"Ben\": 22}}", label)
	}
	if err := known(m, gameFields, label); err != nil {
		return Game{}, err
	}
	g := NewGame(len(s.Players))
	var out string
	if v, ok := m["out"]; ok && !isNull(v) {
		if decode(v, &out) != nil {
			return g, fmt.Errorf("%s: out takes the name of the player who went out, not %s", label, compact(v))
		}
		g.Out = s.Seat(out)
		if g.Out < 0 {
			return g, fmt.Errorf("%s says %q went out, who is not a player (the players are %s)", label, out, strings.Join(s.Players, ", "))
		}
	}
	blocked := false
	if v, ok := m["blocked"]; ok && !isNull(v) {
		if decode(v, &blocked) != nil {
			return g, fmt.Errorf("%s: blocked takes true or false, not %s", label, compact(v))
		}
	}
	switch {
	case blocked && g.Out >= 0:
		return g, fmt.Errorf("%s says %s went out and also that it was blocked; keep one of the two", label, out)
	case blocked:
		g.Out = Blocked
	}
	if g.Out == NoWinner {
		return g, fmt.Errorf("%s has no winner: give \"out\": the name of who went out, or \"blocked\": true", label)
	}
	var racks map[string]json.RawMessage
	if v, ok := m["racks"]; ok && !isNull(v) {
		if decode(v, &racks) != nil {
			return g, fmt.Errorf("%s: racks must be an object of player names, as in {\"Ben\": 22, \"Cai\": \"J O4\"}", label)
		}
	}
	names := make([]string, 0, len(racks))
	for name := range racks {
		names = append(names, name)
	}
	sort.Strings(names) // report the same problem first every time
	for _, name := range names {
		seat := s.Seat(name)
		if seat < 0 {
			return g, fmt.Errorf("%s has a rack for %q, who is not a player (the players are %s)", label, name, strings.Join(s.Players, ", "))
		}
		k, err := parseRackJSON(racks[name])
		if err != nil {
			return g, fmt.Errorf("%s, %s's rack: %v", label, name, err)
		}
		g.Racks[seat] = k
	}
	return g, s.CheckGame(i, g)
}

// parseRackJSON reads a rack given as a number or a string.
func parseRackJSON(raw json.RawMessage) (Rack, error) {
	var v any
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	if err := d.Decode(&v); err != nil {
		return Rack{}, err
	}
	switch x := v.(type) {
	case json.Number:
		return ParseRack(x.String())
	case string:
		return ParseRack(x)
	}
	return Rack{}, fmt.Errorf("give a total or tiles such as \"R7 K11 J\", not %s", compact(raw))
}

// Marshal writes the session in the file format, players and racks in
// seat order, indented for people to read.
func (s *Session) Marshal() ([]byte, error) {
	games := make([]any, len(s.Games))
	for i, g := range s.Games {
		obj := ordered{}
		if g.Out == Blocked {
			obj = append(obj, field{"blocked", true})
		} else if g.Out >= 0 && g.Out < len(s.Players) {
			obj = append(obj, field{"out", s.Players[g.Out]})
		}
		racks := ordered{}
		for seat, k := range g.Racks {
			if !k.Given || seat >= len(s.Players) {
				continue
			}
			if k.AsTiles {
				racks = append(racks, field{s.Players[seat], k.String()})
			} else {
				racks = append(racks, field{s.Players[seat], k.Points})
			}
		}
		games[i] = append(obj, field{"racks", racks})
	}
	o := s.Options
	doc := ordered{
		{"players", s.Players},
		{"options", ordered{
			{"win", o.Win}, {"target", o.Target}, {"games", o.Games},
			{"winner_only", o.WinnerOnly}, {"joker", o.Joker}, {"blocked", o.Blocked},
		}},
		{"games", games},
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// Report is the JSON `rummikub score --json` prints: per-game scores,
// totals, games won, whether the match is over, and its winner (null until
// it is). Player names keep seat order.
func (s *Session) Report() ([]byte, error) {
	res, err := s.Score()
	if err != nil {
		return nil, err
	}
	perSeat := func(v []int) ordered {
		o := make(ordered, len(v))
		for i, x := range v {
			o[i] = field{s.Players[i], x}
		}
		return o
	}
	games := make([]any, len(res.Games))
	for i, g := range res.Games {
		games[i] = ordered{{"scores", perSeat(g.Scores)}}
	}
	var winner any
	if res.Finished {
		winner = s.Players[res.Winner]
	}
	doc := ordered{
		{"games", games},
		{"totals", perSeat(res.Totals)},
		{"games_won", perSeat(res.Won)},
		{"finished", res.Finished},
		{"winner", winner},
	}
	out, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(out, '\n'), nil
}

// field and ordered write a JSON object with its keys in a chosen order
// (encoding/json sorts map keys, which would scramble the seats).
type field struct {
	key   string
	value any
}

type ordered []field

func (o ordered) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, f := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := json.Marshal(f.key)
		if err != nil {
			return nil, err
		}
		v, err := json.Marshal(f.value)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// decode unmarshals one JSON value and refuses anything after it.
func decode(data []byte, v any) error {
	d := json.NewDecoder(bytes.NewReader(data))
	if err := d.Decode(v); err != nil {
		return err
	}
	if len(bytes.TrimSpace(data[d.InputOffset():])) > 0 {
		return errTrailing
	}
	return nil
}

// jsonError turns a decoding error into a sentence with a line number.
func jsonError(data []byte, what string, err error) error {
	var syn *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &syn):
		return fmt.Errorf("%s is not valid JSON at line %d: %v", what, lineOf(data, syn.Offset), syn)
	case errors.As(err, &typ):
		return fmt.Errorf("%s must be a JSON object with players, options and games", what)
	case errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF):
		return fmt.Errorf("%s is empty or cut short; it must be a JSON object with players, options and games", what)
	case errors.Is(err, errTrailing):
		return fmt.Errorf("%s has more text after its closing brace", what)
	}
	return fmt.Errorf("%s is not valid JSON: %v", what, err)
}

var errTrailing = errors.New("there is more after the end of the JSON value")

func lineOf(data []byte, offset int64) int {
	if offset > int64(len(data)) {
		offset = int64(len(data))
	}
	return 1 + bytes.Count(data[:offset], []byte{'\n'})
}

// known refuses fields outside the list.
func known(m map[string]json.RawMessage, fields []string, where string) error {
	names := make([]string, 0, len(m))
	for k := range m {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		ok := false
		for _, f := range fields {
			ok = ok || k == f
		}
		if !ok {
			return fmt.Errorf("%s has an unknown field %q; the fields are %s", where, k, strings.Join(fields, ", "))
		}
	}
	return nil
}

func isNull(raw json.RawMessage) bool { return string(bytes.TrimSpace(raw)) == "null" }

// compact shows a short piece of JSON in a message.
func compact(raw json.RawMessage) string {
	s := strings.Join(strings.Fields(string(raw)), " ")
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return s
}

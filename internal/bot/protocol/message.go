package protocol

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"rummikub/internal/game"
)

// Version is the protocol version the hello carries.
const Version = 1

// MaxLine is the longest line either side reads, newline included; a
// longer line is an invalid message (the rest of it is skipped).
const MaxLine = 1 << 20

// The message types. The referee sends hello, turn, refused, game_over
// and match_over; the bot sends ready and one answer per turn: play,
// draw, pass, keep, pull or cancel-pull.
const (
	TypeHello      = "hello"
	TypeTurn       = "turn"
	TypeRefused    = "refused"
	TypeGameOver   = "game_over"
	TypeMatchOver  = "match_over"
	TypeReady      = "ready"
	TypePlay       = "play"
	TypeDraw       = "draw"
	TypePass       = "pass"
	TypeKeep       = "keep"
	TypePull       = "pull"
	TypeCancelPull = "cancel-pull"
)

// Hello opens the conversation with a freshly started bot.
type Hello struct {
	Type     string                     `json:"type"`
	Protocol int                        `json:"protocol"`
	Seat     int                        `json:"seat"`
	Names    []string                   `json:"names"`
	Preset   string                     `json:"preset"`
	Rules    map[string]json.RawMessage `json:"rules"` // every option by its docs/rules.md name
	Seed     uint64                     `json:"seed"`  // a seed the bot may use for its own random choices
}

// Ready is the bot's answer to a hello. IDs asks for every tile of the
// referee's messages with its physical id (R7@20).
type Ready struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
	IDs  bool   `json:"ids,omitempty"`
}

// Turn asks the bot for one action: everything its seat may know (the
// fields of game.SeatView) and the time it has. One turn of the game may
// take several Turn messages (a River draw, then the keep; a pull, then
// the play), each with its own ID.
type Turn struct {
	Type   string `json:"type"`
	ID     int    `json:"id"`
	TimeMS int64  `json:"time_ms"`

	Game  int        `json:"game"`
	Seat  int        `json:"seat"`
	Turn  int        `json:"turn"`
	Rack  []string   `json:"rack"`
	Table [][]string `json:"table"`
	// Grid is the table under the French rules (table=grid), in the
	// grid's JSON form; Table is then empty.
	Grid        *game.GridJSON `json:"grid,omitempty"`
	River       []string       `json:"river"`
	RackCounts  []int          `json:"rack_counts"`
	Melded      []bool         `json:"melded"`
	Pool        int            `json:"pool"`
	Passes      int            `json:"passes"`
	Starter     int            `json:"starter"`
	Reveal      []string       `json:"reveal"`
	Must        []string       `json:"must"`
	Locked      []string       `json:"locked"`
	PullPending bool           `json:"pull_pending"`
	PullIndex   int            `json:"pull_index"`
	Totals      []int          `json:"totals"`
	Won         []int          `json:"won"`
	// LogStart is the index in the match's public log of Log[0]: the log
	// since the bot's last turn (the whole log for a bot just started).
	LogStart int     `json:"log_start"`
	Log      []Event `json:"log"`
}

// Event is one entry of the public log (game.Event).
type Event struct {
	Game       int      `json:"game"`
	Seat       int      `json:"seat"`
	Kind       string   `json:"kind"`
	Placed     []string `json:"placed,omitempty"`
	Points     int      `json:"points,omitempty"`
	Melded     bool     `json:"melded,omitempty"`
	Out        bool     `json:"out,omitempty"`
	Drew       int      `json:"drew,omitempty"`
	Discarded  []string `json:"discarded,omitempty"`
	Pulled     []string `json:"pulled,omitempty"`
	Unfinished bool     `json:"unfinished,omitempty"`
	Blocked    bool     `json:"blocked,omitempty"`
}

// Refused tells the bot its answer to turn ID was not taken and what was
// done instead (a draw or a pass).
type Refused struct {
	Type   string `json:"type"`
	ID     int    `json:"id"`
	Fault  string `json:"fault"` // invalid or late
	Reason string `json:"reason"`
}

// GameOver ends a game: its scores by seat and the match totals.
type GameOver struct {
	Type    string `json:"type"`
	Game    int    `json:"game"`
	Winner  int    `json:"winner"`
	Blocked bool   `json:"blocked"`
	Scores  []int  `json:"scores"`
	Totals  []int  `json:"totals"`
	Won     []int  `json:"won"`
}

// MatchOver ends the match; the referee closes the bot's stdin after it.
type MatchOver struct {
	Type   string `json:"type"`
	Totals []int  `json:"totals"`
	Won    []int  `json:"won"`
}

// Answer is a bot's answer to a turn.
type Answer struct {
	Type  string     `json:"type"`
	ID    int        `json:"id"`
	Table [][]string `json:"table,omitempty"` // play: the whole table after the turn
	// Grid is a play's whole grid after the turn, under the French rules.
	Grid  *game.GridJSON `json:"grid,omitempty"`
	Index int            `json:"index,omitempty"` // keep: which revealed tile; pull: the River place
}

// HelloFor makes the hello for seat of a match with rules r.
func HelloFor(r *game.Rules, names []string, seat int, seed uint64) Hello {
	h := Hello{Type: TypeHello, Protocol: Version, Seat: seat, Names: append([]string{}, names...), Preset: r.Preset, Seed: seed, Rules: map[string]json.RawMessage{}}
	if h.Preset == "" {
		h.Preset = "standard"
	}
	for _, kv := range r.Options() {
		h.Rules[kv[0]] = optionJSON(kv[1])
	}
	return h
}

// optionJSON writes an option's value as a JSON number, boolean or string.
func optionJSON(v string) json.RawMessage {
	if _, err := strconv.Atoi(v); err == nil {
		return json.RawMessage(v)
	}
	if v == "true" || v == "false" {
		return json.RawMessage(v)
	}
	b, _ := json.Marshal(v)
	return b
}

// RulesOf reads the rules of a hello: its preset with its options on top.
func RulesOf(h *Hello) (game.Rules, error) {
	p := h.Preset
	if p == "" {
		p = "standard"
	}
	r, err := game.Preset(p)
	if err != nil {
		return game.Rules{}, err
	}
	if err := r.SetJSON(h.Rules); err != nil {
		return game.Rules{}, err
	}
	return r, r.Validate()
}

// TurnFor makes the turn message of view v for request id, with the log
// from logStart on and timeMS milliseconds to answer; ids writes every
// tile with its id.
func TurnFor(v *game.SeatView, id int, timeMS int64, logStart int, ids bool) Turn {
	if logStart < 0 || logStart > len(v.Log) {
		logStart = 0
	}
	t := Turn{
		Type: TypeTurn, ID: id, TimeMS: timeMS,
		Game: v.Game, Seat: v.Seat, Turn: v.Turn,
		Rack: TileTexts(v.Rack, ids), River: TileTexts(v.River, ids),
		RackCounts: ints(v.RackCounts), Melded: append([]bool{}, v.Melded...),
		Pool: v.Pool, Passes: v.Passes, Starter: v.Starter,
		Reveal: TileTexts(v.Reveal, ids), Must: TileTexts(v.Must, ids), Locked: TileTexts(v.Locked, ids),
		PullPending: v.PullPending, PullIndex: v.PullIndex,
		Totals: ints(v.Totals), Won: ints(v.Won),
		LogStart: logStart, Log: []Event{},
	}
	if v.Table != nil {
		tf := v.Table.Fields(textOf(ids))
		t.Table, t.Grid = tf.Sets, tf.Grid
	}
	t.Table = append([][]string{}, t.Table...) // "table" is always an array
	for _, e := range v.Log[logStart:] {
		t.Log = append(t.Log, EventOf(e, ids))
	}
	return t
}

// EventOf writes a log entry in the protocol's form; ids writes its
// tiles with their ids.
func EventOf(e game.Event, ids bool) Event {
	return Event{
		Game: e.Game, Seat: e.Seat, Kind: string(e.Kind),
		Placed: TileTexts(e.Placed, ids), Points: e.Points, Melded: e.Melded, Out: e.Out,
		Drew: e.Drew, Discarded: TileTexts(e.Discarded, ids), Pulled: TileTexts(e.Pulled, ids),
		Unfinished: e.Unfinished, Blocked: e.Blocked,
	}
}

// GameOverFor makes the end-of-game message of a view whose game is over.
func GameOverFor(v *game.SeatView) GameOver {
	return GameOver{Type: TypeGameOver, Game: v.Game, Winner: v.Score.Winner, Blocked: v.Score.Blocked,
		Scores: ints(v.Score.Scores), Totals: ints(v.Totals), Won: ints(v.Won)}
}

// MatchOverFor makes the end-of-match message of a view whose match is
// over.
func MatchOverFor(v *game.SeatView) MatchOver {
	return MatchOver{Type: TypeMatchOver, Totals: ints(v.Totals), Won: ints(v.Won)}
}

func ints(xs []int) []int { return append([]int{}, xs...) }

// ParseAnswer reads one line of a bot's output as the answer to turn id.
// Any problem is an error of one sentence: not JSON, an unknown type, a
// play whose tiles are not tiles.
func ParseAnswer(line []byte) (Answer, error) {
	var a Answer
	if err := json.Unmarshal(line, &a); err != nil {
		return Answer{}, fmt.Errorf("the answer is not a JSON object of the protocol: %v", err)
	}
	switch a.Type {
	case TypePlay, TypeDraw, TypePass, TypeKeep, TypePull, TypeCancelPull:
	case "":
		return Answer{}, fmt.Errorf("the answer has no \"type\"")
	default:
		return Answer{}, fmt.Errorf("%q is not an answer to a turn; answers are play, draw, pass, keep, pull and cancel-pull", Clip(a.Type))
	}
	return a, nil
}

// ActionOf turns an answer into the game action of seat under the rules
// r; a play must give the table in the form r plays on.
func ActionOf(a *Answer, r *game.Rules, seat int) (game.Action, error) {
	act := game.Action{Seat: seat, Kind: game.ActionKind(a.Type), Index: a.Index}
	if a.Type != TypePlay {
		return act, nil
	}
	after, err := r.ReadFields(game.TableFields{Sets: a.Table, Grid: a.Grid}, ParseTile)
	var shape *game.ShapeError
	switch {
	case errors.As(err, &shape):
		return game.Action{}, fmt.Errorf("the play's table: %v (%s)", err, whereTables)
	case err != nil:
		return game.Action{}, fmt.Errorf("the play's table: %v", err)
	case after.Empty():
		return game.Action{}, fmt.Errorf("a play must give the whole table after the turn (%s)", whereTables)
	}
	act.After = after
	return act, nil
}

// AnswerOf writes a game action as a bot's answer to turn id; ids writes
// the tiles of a play with their ids.
func AnswerOf(act game.Action, id int, ids bool) Answer {
	a := Answer{Type: string(act.Kind), ID: id}
	switch act.Kind {
	case game.ActPlay:
		if act.After != nil {
			tf := act.After.Fields(textOf(ids))
			a.Table, a.Grid = tf.Sets, tf.Grid
		}
	case game.ActKeep, game.ActPull:
		a.Index = act.Index
	}
	return a
}

// whereTables says where a message carries the table, for a refusal.
const whereTables = `sets go in "table", the French rules' grid in "grid"`

// Clip shortens a string quoted back in an error or a note to 40 bytes.
func Clip(s string) string {
	if len(s) > 40 {
		return s[:40] + "..."
	}
	return s
}

package serve

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	seatkinds "rummikub/internal/seats" // "seats" is the form's own word
	"rummikub/internal/tui"
)

// createForm is a new table's choices: the same as the local game's
// setup (seats human or computer, rules, timer, match length), and the
// table's name. The creator sits at the first seat.
type createForm struct {
	name   textinput.Model
	row    int
	preset string
	seats  []string // the other seats: "player", a computer level or "bot NAME"
	kinds  []string // what a seat can be
	timer  int      // seconds; 0 for none
	games  int      // 0: as many as players
	// unrated: the match changes no rating (practice, friends).
	unrated bool
	// labels name the seat kinds that are not shown as written (bots
	// over SSH, by key).
	labels map[string]string
}

// Choices of the form.
var (
	timerChoices = []int{0, 30, 60, 90, 120, 180, 300}
	gamesChoices = []int{0, 1, 2, 3, 4, 5, 6, 8, 10}
)

// rows of the form.
const (
	rowName = iota
	rowRules
	rowPlayers
	rowTimer
	rowGames
	rowRated
	rowSeats // then one row per other seat, then "open the table"
)

func newCreateForm(creator string, kinds []string) *createForm {
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = MaxTableName
	in.SetWidth(MaxTableName + 1)
	in.SetValue(creator + "'s table")
	f := &createForm{name: in, preset: "standard", seats: []string{"player"}, kinds: kinds, timer: 60}
	return f
}

// playablePresets are the presets the board can play (tui.PlayablePresets).
func playablePresets() []string { return tui.PlayablePresets() }

// botKind is the seat kind of the bot called name.
const botKind = "bot "

// seatKinds are what a seat can be: a player, a computer level, or one of
// the bots the server was started with (--bot NAME=COMMAND; a player can
// only pick a bot the server's operator named, never a command).
func (s *Server) seatKinds() []string {
	out := append([]string{"player"}, seatkinds.Levels()...)
	for _, b := range s.opt.Bots {
		out = append(out, botKind+b.Name)
	}
	for _, b := range s.bots.available() {
		out = append(out, sshBotPrefix+b.Key)
	}
	return out
}

// kindLabels names the bots over SSH among kinds.
func (s *Server) kindLabels(kinds []string) map[string]string {
	out := map[string]string{}
	for _, k := range kinds {
		if key, ok := strings.CutPrefix(k, sshBotPrefix); ok {
			out[k] = "bot " + s.bots.name(key) + " (over SSH)"
		}
	}
	return out
}

func cycle[T comparable](vals []T, cur T, d int) T {
	for i, v := range vals {
		if v == cur {
			return vals[(i+d+len(vals))%len(vals)]
		}
	}
	return vals[0]
}

func (f *createForm) rules() (game.Rules, error) {
	r, err := game.Preset(f.preset)
	if err != nil {
		return r, err
	}
	r.TurnSeconds = f.timer
	r.Games = f.games
	return r, r.Validate()
}

func (f *createForm) lastRow() int { return rowSeats + len(f.seats) }

func (f *createForm) change(d int) {
	switch {
	case f.row == rowRules:
		f.preset = cycle(playablePresets(), f.preset, d)
		r, _ := game.Preset(f.preset)
		f.timer = r.TurnSeconds
		for len(f.seats)+1 > r.MaxPlayers {
			f.seats = f.seats[:len(f.seats)-1]
		}
	case f.row == rowPlayers:
		r, _ := game.Preset(f.preset)
		n := len(f.seats) + 1 + d
		if n >= 2 && n <= r.MaxPlayers {
			if d > 0 {
				f.seats = append(f.seats, "player")
			} else {
				f.seats = f.seats[:len(f.seats)-1]
			}
		}
	case f.row == rowTimer:
		f.timer = cycle(timerChoices, f.timer, d)
	case f.row == rowGames:
		f.games = cycle(gamesChoices, f.games, d)
	case f.row == rowRated:
		f.unrated = !f.unrated
	case f.row >= rowSeats && f.row < f.lastRow():
		i := f.row - rowSeats
		f.seats[i] = cycle(f.kinds, f.seats[i], d)
	}
}

func (s *session) updateCreate(msg tea.Msg) tea.Cmd {
	f := s.form
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return nil
	}
	switch k.String() {
	case "esc":
		s.screen = screenLobby
		s.form = nil
		return nil
	case "up", "shift+tab":
		f.row = max(0, f.row-1)
	case "down", "tab":
		f.row = min(f.lastRow(), f.row+1)
	case "left":
		if f.row != rowName {
			f.change(-1)
		}
	case "right":
		if f.row != rowName {
			f.change(1)
		}
	case "enter":
		if f.row < f.lastRow() {
			f.row = f.lastRow()
			return nil
		}
		return s.openTable()
	default:
		if f.row == rowName {
			var cmd tea.Cmd
			f.name.Focus()
			f.name, cmd = f.name.Update(msg)
			return cmd
		}
		switch k.String() {
		case "h":
			f.change(-1)
		case "l", "space":
			f.change(1)
		}
	}
	if f.row == rowName {
		f.name.Focus()
	} else {
		f.name.Blur()
	}
	return nil
}

// openTable opens the table of the form's choices and sits the creator.
func (s *session) openTable() tea.Cmd {
	f := s.form
	r, err := f.rules()
	if err != nil {
		s.setStatus(sentence(err.Error()), true)
		return nil
	}
	var seats []seatInfo
	for _, k := range f.seats {
		switch {
		case k == "player":
			seats = append(seats, seatInfo{})
		case strings.HasPrefix(k, sshBotPrefix):
			seats = append(seats, seatInfo{Computer: true, Level: k, Name: s.srv.bots.name(strings.TrimPrefix(k, sshBotPrefix))})
		case strings.HasPrefix(k, botKind):
			b, ok := s.srv.bot(strings.TrimPrefix(k, botKind))
			if !ok {
				s.setStatus("That bot is no longer offered by this server.", true)
				return nil
			}
			seats = append(seats, seatInfo{Name: b.Name, Computer: true, Level: seatkinds.CommandEntry(b.Command)})
		default:
			seats = append(seats, seatInfo{Computer: true, Level: k})
		}
	}
	t, w, err := s.srv.openTable(s.key, s.name, ParseTableName(f.name.Value(), s.name+"'s table"), r, seats, f.unrated)
	if err != nil {
		s.setStatus(sentence(err.Error()), true)
		return nil
	}
	s.form = nil
	return tea.Batch(writeCmd(w.write), s.goTo(t.Code))
}

func (s *session) viewCreate() string {
	f := s.form
	st := s.st
	var b strings.Builder
	b.WriteString(st.Title.Render("A new table") + "\n\n")
	games := "as many as players"
	if f.games > 0 {
		games = fmt.Sprint(f.games)
	}
	timer := "none"
	if f.timer > 0 {
		timer = fmt.Sprintf("%d s a turn", f.timer)
	}
	rows := []string{
		"Table name: " + f.name.View(),
		"Rules:      ‹ " + f.preset + " ›",
		fmt.Sprintf("Players:    ‹ %d ›", len(f.seats)+1),
		"Turn timer: ‹ " + timer + " ›",
		"Games:      ‹ " + games + " ›",
		"Rated:      ‹ " + map[bool]string{false: "yes, the ladder counts it", true: "no, practice"}[f.unrated] + " ›",
	}
	for i, k := range f.seats {
		what := "a player (invited)"
		if l, ok := f.labels[k]; ok {
			what = l
		} else if k != "player" {
			what = "computer " + k
		}
		rows = append(rows, fmt.Sprintf("Seat %d:     ‹ %s ›", i+2, what))
	}
	rows = append(rows, "[ Open the table ]")
	for i, r := range rows {
		if i == rowSeats {
			b.WriteString("\n" + st.Dim.Render("  Seat 1:     you, "+s.name) + "\n")
		}
		if i == f.row {
			b.WriteString(st.Selected.Render("> "+r) + "\n")
		} else {
			b.WriteString(st.Text.Render("  "+r) + "\n")
		}
	}
	b.WriteString("\n" + s.statusLine() + "\n")
	b.WriteString(st.Dim.Render("↑/↓ choose · ←/→ change · enter open the table · esc back"))
	return b.String()
}

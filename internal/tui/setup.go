package tui

import (
	"charm.land/bubbles/v2/key"
	"fmt"
	"os"
	"strconv"
	"strings"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/themes"
)

// Setup is the setup screen: the seats, the rules and their main options,
// the match length, the seed and the theme; and the way to the saved
// match, the score keeper, the rules page and out.
type Setup struct {
	keys          setupKeyMap
	st            *Styles
	light         bool // the terminal said its background is light
	svc           Services
	cfg           Config
	preset        string
	seedText      string
	theme         string
	cursor        int
	err           string
	width, height int
	// saved lists the unfinished saved matches, newest first (read in a
	// command when the screen is shown).
	saved []host.Entry
	// humanNames keeps, seat by seat, the name a seat had as a human, so
	// a round of the computer levels gives it back.
	humanNames []string
	// fromFlags says the seats came from the command line (the
	// remembered ones are not used then); touched that a key was pressed.
	fromFlags, touched bool
	// note explains the last change (what a preset set again).
	note string
	// dropping names the saved match whose drop waits for y, or "".
	dropping string
}

// savedDroppedMsg says a saved match was dropped (err: it could not be).
type savedDroppedMsg struct {
	name string
	err  error
}

// savedListMsg brings the list of unfinished saved matches.
type savedListMsg struct{ saved []host.Entry }

// savedLoadedMsg brings a saved match to resume.
type savedLoadedMsg struct {
	sv  *host.Saved
	err error
}

// maxResumeLines is how many saved matches the setup screen offers; the
// rest are resumed by name (rummikub play --resume NAME).
const maxResumeLines = 4

// setupItem is one line of the setup screen.
type setupItem struct {
	kind itemKind
	seat int
}

type itemKind int

const (
	itemSeat itemKind = iota
	itemAddSeat
	itemPreset
	itemTimer
	itemMeld
	itemJokers
	itemVariant
	itemGames
	itemTarget
	itemSeed
	itemSpeed
	itemPractice
	itemTheme
	itemStart
	itemResume
	itemKeeper
	itemLearn
	itemPuzzle
	itemStats
	itemRules
	itemQuit
)

// NewSetup builds the setup screen, starting from cfg's choices (or two
// players under the standard rules).
func NewSetup(st *Styles, svc Services, cfg Config) *Setup {
	if cfg.Rules.Preset == "" {
		cfg.Rules = game.Standard()
	}
	fromFlags := len(cfg.Seats) > 0
	if len(cfg.Seats) == 0 {
		cfg.Seats = []SeatConfig{{Name: "Ana"}, {Name: "Ben"}}
		if svc.NewComputer != nil {
			cfg.Seats = append(cfg.Seats, SeatConfig{Computer: true, Level: "medium"}, SeatConfig{Computer: true, Level: "hard"})
			nameComputers(cfg.Seats)
		}
	}
	s := &Setup{keys: defaultSetupKeyMap(), st: st, svc: svc, cfg: cfg, preset: cfg.Rules.Preset, theme: cfg.Theme, width: 80, height: 24, fromFlags: fromFlags}
	if s.theme == "" && len(svc.Themes) > 0 {
		s.theme = svc.Themes[0]
	}
	if cfg.Seed != 0 {
		s.seedText = strconv.FormatUint(cfg.Seed, 10)
	}
	return s
}

// SetSize tells the screen the terminal's size.
func (s *Setup) SetSize(w, h int) { s.width, s.height = w, h }

// refresh is called when the screen is shown again (a saved match may
// have appeared or gone): it reads the list again.
func (s *Setup) refresh() tea.Cmd {
	s.err = ""
	return s.listSaved()
}

// listSaved reads the unfinished saved matches.
func (s *Setup) listSaved() tea.Cmd {
	store := s.svc.Store
	if store == nil {
		return nil
	}
	return func() tea.Msg {
		list, _ := store.Unfinished()
		return savedListMsg{list}
	}
}

// dropSaved deletes the saved match name, in a command (file I/O never
// runs in Update).
func (s *Setup) dropSaved(name string) tea.Cmd {
	store := s.svc.Store
	if store == nil {
		return nil
	}
	return func() tea.Msg {
		return savedDroppedMsg{name: name, err: os.Remove(store.Path(name))}
	}
}

// resumeText describes saved match k of list on its resume line: the
// players, the rules when they are not the standard ones, the game and
// when it was saved; the match's name as well when another line would
// read the same.
func resumeText(list []host.Entry, k int) string {
	line := func(e host.Entry) string {
		game := fmt.Sprintf("game %d", e.Game)
		if e.Games > 0 {
			game += fmt.Sprintf(" of %d", e.Games)
		}
		parts := []string{strings.Join(e.Players, ", ")}
		if e.Rules != "" && e.Rules != "standard" {
			parts = append(parts, e.Rules)
		}
		parts = append(parts, game, e.Saved.Local().Format("2 Jan 15:04"))
		return "Resume " + strings.Join(parts, " · ")
	}
	text := line(list[k])
	for i, e := range list {
		if i != k && line(e) == text {
			return text + " · " + list[k].Name
		}
	}
	return text
}

func (s *Setup) items() []setupItem {
	var out []setupItem
	for i := range s.cfg.Seats {
		out = append(out, setupItem{kind: itemSeat, seat: i})
	}
	if len(s.cfg.Seats) < s.cfg.Rules.MaxPlayers {
		out = append(out, setupItem{kind: itemAddSeat})
	}
	out = append(out,
		setupItem{kind: itemPreset}, setupItem{kind: itemTimer}, setupItem{kind: itemMeld},
		setupItem{kind: itemJokers}, setupItem{kind: itemVariant}, setupItem{kind: itemGames},
		setupItem{kind: itemTarget}, setupItem{kind: itemSeed})
	if s.svc.NewComputer != nil {
		out = append(out, setupItem{kind: itemSpeed}, setupItem{kind: itemPractice})
	}
	if len(s.svc.Themes) > 1 {
		out = append(out, setupItem{kind: itemTheme})
	}
	out = append(out, setupItem{kind: itemStart})
	for i := range s.saved {
		if i == maxResumeLines {
			break
		}
		out = append(out, setupItem{kind: itemResume, seat: i})
	}
	if !s.svc.NoKeeper {
		out = append(out, setupItem{kind: itemKeeper})
	}
	out = append(out, setupItem{kind: itemLearn}, setupItem{kind: itemPuzzle}, setupItem{kind: itemStats}, setupItem{kind: itemRules}, setupItem{kind: itemQuit})
	return out
}

// PlayablePresets are the presets the board can play: those whose rules
// validate (a table of sets, or the French grid on the grid board).
func PlayablePresets() []string {
	var out []string
	for _, n := range game.PresetNames() {
		r, err := game.Preset(n)
		if err == nil && r.Validate() == nil {
			out = append(out, n)
		}
	}
	return out
}

// cycle returns the value after (d=1) or before (d=-1) cur in vals.
func cycle[T comparable](vals []T, cur T, d int) T {
	for i, v := range vals {
		if v == cur {
			return vals[(i+d+len(vals))%len(vals)]
		}
	}
	return vals[0]
}

// Update takes what its commands found (saved matches, preferences) and
// keys.
func (s *Setup) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case tea.KeyPressMsg:
		return s, s.onKey(m)
	case tea.PasteMsg:
		// Bubble Tea v2 sends pasted text on its own: on a name or seed
		// line its first line is typed, rune by rune as keys would be.
		it := s.items()[s.cursor]
		for _, r := range strings.SplitN(m.Content, "\n", 2)[0] {
			s.typeText(it, string(r))
		}
		return s, nil
	}
	return s, s.onLoaded(msg)
}

// onLoaded takes what the setup screen's commands found.
func (s *Setup) onLoaded(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case setupErrMsg:
		s.err = sentence(msg.err.Error())
	case savedListMsg:
		s.saved = msg.saved
	case prefsMsg:
		s.applyPrefs(msg.p)
	case savedDroppedMsg:
		if msg.err != nil {
			s.err = sentence(fmt.Sprintf("the match %s could not be dropped: %v", msg.name, msg.err))
			return nil
		}
		s.note = fmt.Sprintf("The match %s is dropped.", msg.name)
		return s.listSaved()
	case savedLoadedMsg:
		if msg.err != nil {
			s.err = sentence(msg.err.Error())
			return nil
		}
		return s.startPlay(ConfigFromSaved(msg.sv), msg.sv.Match, false)
	case playStartedMsg:
		if msg.err != nil {
			s.err = sentence(msg.err.Error())
			return nil
		}
		if msg.keepPrefs {
			return tea.Batch(s.savePrefs(msg.cfg), open(msg.p))
		}
		return open(msg.p)
	}
	return nil
}

// onKey: a pending "drop this match?" first, then the keys that move
// and change, then text typed into a name or the seed.
func (s *Setup) onKey(k tea.KeyPressMsg) tea.Cmd {
	items := s.items()
	if s.cursor >= len(items) {
		s.cursor = len(items) - 1
	}
	it := items[s.cursor]
	s.err = ""
	s.note = ""
	s.touched = true
	if s.dropping != "" {
		name := s.dropping
		s.dropping = ""
		if k.String() == "y" || k.String() == "Y" {
			return s.dropSaved(name)
		}
		s.note = "The match is kept."
		return nil
	}
	if k.Text != "" && k.Mod&^tea.ModShift == 0 {
		if s.typeText(it, k.Text) {
			return nil
		}
	}
	if cmd, ok := eachRune(k, s.onKey); ok {
		// Letters typed quickly (or over SSH) come as one message: each
		// is a key of its own on a line without text.
		return cmd
	}
	return s.onNamedKey(k, it)
}

// move moves the cursor d lines, round the list.
func (s *Setup) move(d int) {
	n := len(s.items())
	s.cursor = (s.cursor + d + n) % n
}

// onNamedKey handles a key of the key map on line it.
func (s *Setup) onNamedKey(k tea.KeyPressMsg, it setupItem) tea.Cmd {
	keys := s.keys
	switch {
	case key.Matches(k, keys.ForceQuit), key.Matches(k, keys.Quit):
		return tea.Quit
	case key.Matches(k, keys.Up):
		s.move(-1)
	case key.Matches(k, keys.Down):
		s.move(1)
	case key.Matches(k, keys.Left):
		s.change(it, -1)
	case key.Matches(k, keys.Right):
		s.change(it, 1)
	case key.Matches(k, keys.Open):
		return s.activate(it)
	case key.Matches(k, keys.Drop):
		switch it.kind {
		case itemSeat:
			s.dropSeat(it.seat)
		case itemResume:
			s.dropping = s.saved[it.seat].Name
		}
	case key.Matches(k, keys.Erase):
		s.backspace(it)
	}
	return nil
}

// backspace takes the last character off a seat's name or the seed.
func (s *Setup) backspace(it setupItem) {
	switch it.kind {
	case itemSeat:
		if c := &s.cfg.Seats[it.seat]; c.Name != "" {
			r := []rune(c.Name)
			c.Name = string(r[:len(r)-1])
		}
	case itemSeed:
		if s.seedText != "" {
			s.seedText = s.seedText[:len(s.seedText)-1]
		}
	}
}

// typeText types txt into a seat's name (12 characters at most, no
// comma) or the seed (digits); false on a line that takes no text.
func (s *Setup) typeText(it setupItem, txt string) bool {
	switch it.kind {
	case itemSeat:
		c := &s.cfg.Seats[it.seat]
		if len([]rune(c.Name))+len([]rune(txt)) <= 12 && txt != "," {
			c.Name += txt
		}
		return true
	case itemSeed:
		for _, r := range txt {
			if r >= '0' && r <= '9' && len(s.seedText) < 19 {
				s.seedText += string(r)
			}
		}
		return true
	}
	return false
}

// change moves a choice to its next or previous value.
func (s *Setup) change(it setupItem, d int) {
	r := &s.cfg.Rules
	switch it.kind {
	case itemSeat:
		s.changeSeat(it.seat, d)
	case itemPreset:
		s.setPreset(cycle(PlayablePresets(), s.preset, d))
	case itemTimer:
		r.TurnSeconds = cycle([]int{0, 30, 60, 90, 120, 180}, r.TurnSeconds, d)
	case itemMeld:
		r.InitialMeld = cycle([]int{0, 20, 25, 30, 40, 50}, r.InitialMeld, d)
	case itemJokers:
		max := 2
		if r.Copies == 3 {
			max = 4
		}
		var js []int
		for j := 0; j <= max; j++ {
			js = append(js, j)
		}
		r.Jokers = cycle(js, r.Jokers, d)
	case itemVariant:
		r.Draw = cycle([]string{game.DrawOne, game.DrawRiver}, r.Draw, d)
	case itemGames:
		r.Games = cycle([]int{0, 1, 2, 3, 4, 5, 6, 8, 10}, r.Games, d)
	case itemTarget:
		r.Target = cycle([]int{0, 50, 100, 150, 200, 300, 500}, r.Target, d)
	case itemSpeed:
		s.cfg.AIDelay = cycle(pauses, s.cfg.AIDelay, d)
	case itemPractice:
		s.cfg.Practice = !s.cfg.Practice
	case itemTheme:
		if themes.NoColor() {
			return // every theme draws in mono: there is nothing to choose
		}
		s.setTheme(cycle(s.svc.Themes, s.theme, d))
	}
}

// setTheme draws the screen in theme name.
func (s *Setup) setTheme(name string) {
	s.theme = name
	if s.svc.Restyle != nil {
		if st, err := s.svc.Restyle(name); err == nil {
			s.st = st.ForBackground(!s.light)
		}
	}
}

// setPreset starts the rules again from a preset, keeping the seats.
func (s *Setup) setPreset(name string) {
	r, err := game.Preset(name)
	if err != nil {
		return
	}
	s.preset = name
	s.note = presetResets(&s.cfg.Rules, &r)
	s.cfg.Rules = r
	for len(s.cfg.Seats) > r.MaxPlayers {
		s.cfg.Seats = s.cfg.Seats[:len(s.cfg.Seats)-1]
	}
}

// activate carries out a line's action (enter).
func (s *Setup) activate(it setupItem) tea.Cmd {
	switch it.kind {
	case itemAddSeat:
		if len(s.cfg.Seats) < s.cfg.Rules.MaxPlayers {
			s.cfg.Seats = append(s.cfg.Seats, SeatConfig{Name: s.freeName(fmt.Sprintf("Player %d", len(s.cfg.Seats)+1), -1)})
			s.cursor++ // stay on the add line, or move on when the table is full
		}
	case itemStart:
		return s.start()
	case itemResume:
		store, name := s.svc.Store, s.saved[it.seat].Name
		return func() tea.Msg {
			sv, err := store.Load(name)
			return savedLoadedMsg{sv, err}
		}
	case itemKeeper:
		return open(newKeeperScreen(s.styles()))
	case itemLearn:
		return openLessons(s.styles())
	case itemPuzzle:
		return puzzleOfTheDay(s.styles())
	case itemStats:
		return open(newStatsScreen(s.styles()))
	case itemRules:
		return open(NewRulesPage(s.styles(), s.cfg.Rules))
	case itemQuit:
		return tea.Quit
	default:
		// A choice: enter moves on to the next line, like a form.
		s.cursor = (s.cursor + 1) % len(s.items())
	}
	return nil
}

func (s *Setup) styles() *Styles { return s.st }

// start checks the choices and starts the match.
func (s *Setup) start() tea.Cmd {
	cfg := s.cfg
	cfg.Seats = append([]SeatConfig(nil), s.cfg.Seats...)
	for i := range cfg.Seats {
		cfg.Seats[i].Name = strings.TrimSpace(cfg.Seats[i].Name)
		if cfg.Seats[i].Name == "" {
			s.err = fmt.Sprintf("Seat %d has no name.", i+1)
			return nil
		}
	}
	cfg.Seed = 0
	if s.seedText != "" {
		v, err := strconv.ParseUint(s.seedText, 10, 64)
		if err != nil {
			s.err = "The seed must be a whole number."
			return nil
		}
		cfg.Seed = v
	}
	if cfg.Practice {
		cfg.Hints = true
		cfg.Rules.TurnSeconds = 0
	}
	return s.startPlay(cfg, nil, true)
}

// startPlay builds the board for cfg in the chosen theme, the saved
// match m or a new one (nil), in a command: making the match's host opens
// its save and starts its computer players, which is no work for Update.
// What it made comes back as a playStartedMsg; keepPrefs saves cfg as the
// next match's choices once the board is open.
func (s *Setup) startPlay(cfg Config, m *game.Match, keepPrefs bool) tea.Cmd {
	cfg.Theme = s.theme
	svc, st := s.svc, s.styles()
	return func() tea.Msg {
		p, err := StartPlay(cfg, m, svc, st)
		return playStartedMsg{p: p, err: err, cfg: cfg, keepPrefs: keepPrefs}
	}
}

// playStartedMsg is the board startPlay made, or why it could not.
type playStartedMsg struct {
	p         *Play
	err       error
	cfg       Config
	keepPrefs bool
}

// Styles returns the styles the setup screen chose (its theme).
func (s *Setup) Styles() *Styles { return s.st }

// Init reads the list of saved matches.
func (s *Setup) Init() tea.Cmd { return tea.Batch(s.listSaved(), s.loadPrefs()) }

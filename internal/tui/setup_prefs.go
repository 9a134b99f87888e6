package tui

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// What the setup screen remembers and explains: the last match's seats
// and settings (kept beside the saved matches), a line on each preset,
// what a preset change resets, and the computers' speed.

// setupPrefs are the choices of the last match started from the setup
// screen.
type setupPrefs struct {
	Seats    []SeatConfig `json:"seats"`
	Preset   string       `json:"preset"`
	Rules    game.Rules   `json:"rules"`
	Practice bool         `json:"practice,omitempty"`
	Theme    string       `json:"theme,omitempty"`
	PauseMS  int64        `json:"computer_pause_ms"`
}

// prefsMsg brings the remembered choices (nil when there are none).
type prefsMsg struct{ p *setupPrefs }

// prefsPath is the file of the remembered choices: setup.json in the data
// directory, beside the folder of saved matches ("" when matches are not
// saved).
func (s *Setup) prefsPath() string {
	if s.svc.Store == nil || s.svc.Store.Dir == "" {
		return ""
	}
	return filepath.Join(filepath.Dir(s.svc.Store.Dir), "setup.json")
}

// loadPrefs reads the remembered choices.
func (s *Setup) loadPrefs() tea.Cmd {
	path := s.prefsPath()
	if path == "" || s.fromFlags {
		return nil
	}
	return func() tea.Msg {
		b, err := os.ReadFile(path)
		if err != nil {
			return prefsMsg{}
		}
		var p setupPrefs
		if json.Unmarshal(b, &p) != nil || len(p.Seats) < 2 {
			return prefsMsg{}
		}
		return prefsMsg{&p}
	}
}

// applyPrefs takes the remembered choices in, unless the player has
// already changed something on the screen.
func (s *Setup) applyPrefs(p *setupPrefs) {
	if p == nil || s.touched {
		return
	}
	r := p.Rules
	if r.Validate() != nil || len(p.Seats) > r.MaxPlayers {
		return
	}
	for _, c := range p.Seats {
		if c.Computer && s.svc.NewComputer == nil {
			return // computers are not available now
		}
	}
	s.cfg.Seats = append([]SeatConfig(nil), p.Seats...)
	s.cfg.Rules = r
	s.preset = p.Preset
	s.cfg.Practice = p.Practice && s.svc.NewComputer != nil
	s.cfg.AIDelay = time.Duration(p.PauseMS) * time.Millisecond
	if p.Theme != "" {
		for _, t := range s.svc.Themes {
			if t == p.Theme {
				s.setTheme(t)
			}
		}
	}
	s.note = "The last match's players and settings."
}

// savePrefs remembers the choices of a match being started.
func (s *Setup) savePrefs(cfg Config) tea.Cmd {
	path := s.prefsPath()
	if path == "" {
		return nil
	}
	p := setupPrefs{Seats: cfg.Seats, Preset: s.preset, Rules: s.cfg.Rules, Practice: cfg.Practice, Theme: s.theme, PauseMS: cfg.AIDelay.Milliseconds()}
	return func() tea.Msg {
		// Preferences are a convenience: a failed write leaves the last
		// ones, and the game goes on.
		if b, err := json.MarshalIndent(p, "", "  "); err == nil {
			_ = game.WriteFileAtomic(path, b)
		}
		return nil
	}
}

// presetLines describe each preset in a line.
var presetLines = map[string]string{
	"standard": "the rulebook: 30-point initial meld, jokers 30, 60 s turns",
	"pressman": "the Pressman edition: 120 s turns, the match won on points",
	"forty":    "40-point opening, jokers worth 25 and freed only with two rack tiles, meld then extend, 120 s",
	"wrap":     "12-13-1 is a run, jokers freed with two rack tiles, a blocked game won by the fewest tiles",
	"six":      "the 160-tile set: three copies, four jokers, up to six players",
	"river":    "Draw Two / River: draw two and keep one, or pull from the River",
}

// presetResets says which of the screen's options a change of preset
// from old to r sets again ("" when none changes).
func presetResets(old, r *game.Rules) string {
	secs := func(n int) string {
		if n == 0 {
			return "off"
		}
		return fmt.Sprintf("%d s", n)
	}
	var out []string
	add := func(name, a, b string) {
		if a != b {
			out = append(out, fmt.Sprintf("%s %s → %s", name, a, b))
		}
	}
	add("turn timer", secs(old.TurnSeconds), secs(r.TurnSeconds))
	add("initial meld", fmt.Sprint(old.InitialMeld), fmt.Sprint(r.InitialMeld))
	add("jokers", fmt.Sprint(old.Jokers), fmt.Sprint(r.Jokers))
	add("drawing", old.Draw, r.Draw)
	add("match length", fmt.Sprint(old.Games), fmt.Sprint(r.Games))
	add("target", fmt.Sprint(old.Target), fmt.Sprint(r.Target))
	if len(out) == 0 {
		return ""
	}
	return "The preset sets again: " + strings.Join(out, ", ") + "."
}

// pauses are the computers' speeds: the pause after a computer's turn
// (a key skips it).
var pauses = []time.Duration{0, 500 * time.Millisecond, time.Second, 2 * time.Second, 4 * time.Second}

// pauseText names a pause.
func pauseText(d time.Duration) string {
	switch {
	case d == 0:
		return "no pause"
	case d < time.Second:
		return fmt.Sprintf("quick (%.1f s after a turn)", d.Seconds())
	case d == time.Second:
		return "normal (1 s after a turn)"
	}
	return fmt.Sprintf("slow (%.0f s after a turn)", d.Seconds())
}

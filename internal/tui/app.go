// Package tui is the terminal game: the setup screen, the board with its
// keyboard (and mouse) rearrangement of tiles, hot-seat hand-over,
// computer turns, hints, the timer, scores and saves. Every screen is a
// Bubble Tea model drawn with the styles of one renderer (one terminal),
// so a match can be shown to several terminals at once.
package tui

import (
	"fmt"
	"math/rand/v2"

	tea "github.com/charmbracelet/bubbletea"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui/keeper"
)

// Services are what the game is built with from outside this package:
// computer players, hints, the score keeper, where to save.
type Services struct {
	// NewComputer makes the computer player of a seat at a level; nil
	// when computer players are not available.
	NewComputer func(level string, seat int, seed uint64) (Computer, error)
	// Hints finds the best play for the hint key; nil for no hints.
	Hints Hinter
	// NoKeeper hides the score keeper (tests).
	NoKeeper bool
	// Store keeps the matches, one file each; nil: matches are not saved.
	Store *host.Store
	// Clock is the host's clock; nil is the real one (tests set theirs).
	Clock host.Clock
	// Themes lists the theme names the setup screen offers.
	Themes []string
	// Restyle rebuilds the styles for another theme (the setup screen's
	// theme choice); nil keeps the styles.
	Restyle func(theme string) (*Styles, error)
}

// screen is which screen the app shows.
type screen int

const (
	screenSetup screen = iota
	screenPlay
	screenRules
	screenKeeper
	screenTrainer
	screenStats
)

// App is the whole program: the setup screen, the match, the rules page
// and the score keeper.
type App struct {
	st     *Styles
	svc    Services
	screen screen
	setup  *Setup
	play   *Play
	rules  *RulesPage
	keeper tea.Model
	learn  *Trainer  // the lessons and puzzles (trainer_app.go)
	stats  tea.Model // the statistics (trainer_app.go)
	// direct says the match was started from the command line: leaving it
	// quits the program instead of returning to the setup screen.
	direct        bool
	width, height int
}

// NewApp opens the setup screen with cfg's choices filled in.
func NewApp(st *Styles, svc Services, cfg Config) *App {
	a := &App{st: st, svc: svc, width: 80, height: 24}
	a.setup = NewSetup(st, svc, cfg)
	return a
}

// NewAppPlaying starts straight into a match (rummikub play with flags or
// --resume), with no menu.
func NewAppPlaying(st *Styles, svc Services, cfg Config, m *game.Match) (*App, error) {
	a := &App{st: st, svc: svc, width: 80, height: 24, direct: true}
	p, err := StartPlay(cfg, m, svc, st)
	if err != nil {
		return nil, err
	}
	a.play = p
	a.screen = screenPlay
	return a, nil
}

// StartPlay makes the match screen for cfg: a new match (m nil) or a
// resumed one, on a host of its own with the computer players.
func StartPlay(cfg Config, m *game.Match, svc Services, st *Styles) (*Play, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	if m == nil {
		if cfg.Seed == 0 {
			cfg.Seed = rand.Uint64()
		}
		var err error
		m, err = game.NewMatch(cfg.Rules, cfg.Names(), cfg.Seed)
		if err != nil {
			return nil, err
		}
	}
	computers := map[int]Computer{}
	for i, s := range cfg.Seats {
		if !s.Computer {
			continue
		}
		if svc.NewComputer == nil {
			return nil, fmt.Errorf("computer players are not available in this build")
		}
		c, err := svc.NewComputer(s.Level, i, cfg.Seed+uint64(i))
		if err != nil {
			return nil, err
		}
		computers[i] = c
	}
	h, err := host.New(host.Config{
		Match: m, Settings: cfg.Settings(), Computers: computers, Clock: svc.Clock,
		Store: svc.Store, Name: cfg.SaveName, TurnLeft: cfg.TurnLeft, HotSeat: true,
	})
	if err != nil {
		return nil, err
	}
	p := NewPlay(cfg, h, svc.Hints, st)
	if len(m.Log) > 0 {
		// A resumed match says what was done, as it was said live.
		p.seedResumed(m)
	}
	return p, nil
}

// Init starts the first screen.
func (a *App) Init() tea.Cmd {
	if a.screen == screenPlay {
		return a.play.Init()
	}
	return a.setup.Init()
}

// Update routes messages to the screen shown.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if ws, ok := msg.(tea.WindowSizeMsg); ok {
		a.width, a.height = ws.Width, ws.Height
		if a.setup != nil {
			a.setup.SetSize(ws.Width, ws.Height)
		}
		if a.play != nil {
			a.play.SetSize(ws.Width, ws.Height)
			a.play.clockForSize()
		}
		if a.rules != nil {
			a.rules.SetSize(ws.Width, ws.Height)
		}
		if a.learn != nil {
			a.learn.Update(ws)
		}
		if a.stats != nil {
			var cmd tea.Cmd
			a.stats, cmd = a.stats.Update(ws)
			return a, cmd
		}
		if a.keeper != nil {
			var cmd tea.Cmd
			a.keeper, cmd = a.keeper.Update(msg)
			return a, cmd
		}
		return a, nil
	}
	if cmd, ok := a.onTrainerMsg(msg); ok {
		return a, cmd
	}
	if cmd, ok := a.onStatsMsg(msg); ok {
		return a, cmd
	}
	switch msg := msg.(type) {
	case keeper.CloseMsg:
		a.screen = screenSetup
		a.keeper = nil
		return a, nil
	case QuitMsg:
		// Only the match screen leaves with QuitMsg; a late one (keys
		// typed ahead) finds another screen and is dropped.
		if a.screen != screenPlay {
			return a, nil
		}
		if a.direct {
			return a, tea.Quit
		}
		a.play = nil
		a.screen = screenSetup
		return a, a.setup.refresh()
	case backMsg:
		if a.screen == screenRules {
			a.screen = screenSetup
		}
		return a, nil
	case startMsg:
		a.play = msg.play
		a.play.SetSize(a.width, a.height)
		a.screen = screenPlay
		cmd := a.play.Init()
		a.play.clockForSize()
		return a, cmd
	case openMsg:
		if msg.st == nil {
			msg.st = a.st
		}
		switch msg.screen {
		case screenRules:
			a.rules = NewRulesPage(msg.st, msg.rules)
			a.rules.SetSize(a.width, a.height)
			a.screen = screenRules
		case screenKeeper:
			// The keeper draws in the setup screen's theme, with the
			// session's renderer: a renderer of its own would ask the
			// terminal for its background while the keyboard is read.
			k := keeper.New(keeper.Options{Embedded: true, Styles: msg.st})
			k.SetSize(a.width, a.height)
			a.keeper = k
			a.screen = screenKeeper
			return a, a.keeper.Init()
		}
		return a, nil
	case restyleMsg:
		a.st = msg.st
		return a, nil
	}
	if a.width < MinWidth || a.height < MinHeight {
		if k, ok := msg.(tea.KeyMsg); ok && k.String() == "ctrl+c" {
			return a, tea.Quit
		}
		// Timers and computer moves go on; keys wait for a usable size.
		if _, ok := msg.(tea.KeyMsg); ok {
			return a, nil
		}
		if _, ok := msg.(tea.MouseMsg); ok {
			return a, nil
		}
	}
	switch a.screen {
	case screenPlay:
		_, cmd := a.play.Update(msg)
		return a, cmd
	case screenRules:
		_, cmd := a.rules.Update(msg)
		return a, cmd
	case screenKeeper:
		if k, ok := msg.(tea.KeyMsg); ok && k.String() == "ctrl+c" {
			return a, tea.Quit
		}
		var cmd tea.Cmd
		a.keeper, cmd = a.keeper.Update(msg)
		return a, cmd
	}
	_, cmd := a.setup.Update(msg)
	return a, cmd
}

// View draws the screen shown.
func (a *App) View() string {
	if a.width < MinWidth || a.height < MinHeight {
		return a.st.Paint(tooSmall(a.st, a.width, a.height, a.screen == screenPlay), a.width, a.height)
	}
	switch a.screen {
	case screenPlay:
		return a.play.st.Paint(a.play.View(), a.width, a.height)
	case screenRules:
		return a.rules.st.Paint(a.rules.View(), a.width, a.height)
	case screenKeeper:
		return a.keeper.View() // painted on the board colour by the keeper
	case screenTrainer:
		return a.learn.p.st.Paint(a.learn.View(), a.width, a.height)
	case screenStats:
		return a.stats.View()
	}
	return a.setup.st.Paint(a.setup.View(), a.width, a.height)
}

// Play returns the match screen, or nil outside a match.
func (a *App) Play() *Play { return a.play }

// Messages between the app's screens.
type (
	startMsg struct{ play *Play }
	openMsg  struct {
		screen screen
		rules  game.Rules
		st     *Styles // the setup screen's theme, on the session's renderer
		tasks  []Task  // the trainer's tasks (the lessons when nil)
	}
	// setupErrMsg is a failure to open a screen from the setup screen.
	setupErrMsg struct{ err error }
	restyleMsg  struct{ st *Styles }
	backMsg     struct{}
)

// Package tui is the terminal game: the setup screen, the board with its
// keyboard (and mouse) rearrangement of tiles, hot-seat hand-over,
// computer turns, hints, the timer, scores and saves. Every screen is a
// Bubble Tea model drawn with the styles of one terminal,
// so a match can be shown to several terminals at once.
//
// # Structure
//
//   - App (app.go) holds the setup screen and one child Screen (a model
//     told its size by SetSize): the window's size goes to the child once,
//     openMsg shows a screen the setup screen opens (screens.go), and the
//     screen's done message brings the setup screen back. Adding a screen:
//     its model in a file of its own, its line in the setup screen
//     (setup.go, setup_view.go), its opening.
//   - Board (board.go) is the board component: a seat's view of the
//     table and rack, the working arrangement of a turn, the keys and the
//     drawing of table and rack. What differs with the table's shape is
//     the board's surface (surface.go), an interface with two
//     implementations: setsSurface, the sets table (surface_sets.go,
//     sets_view.go, sets_keys.go: sets in rows that wrap and scroll,
//     selecting, splitting, dropping at a set's end by its number), and
//     gridSurface, the French grid (surface_grid.go, grid_*.go: a window
//     of cells that follows the cursor, picking up and putting down on
//     cells). surfaceFor picks one when the board learns its match's
//     rules: it is the one place the screens choose by the shape; the
//     Board, Play and Trainer code asks the surface and never the shape.
//     A surface opens the turn's working arrangement (Arrangement or
//     GridArrangement, both behind the arrangement interface,
//     arrangement.go, sharing one workspace and undo stack, workspace.go),
//     places and draws the table, takes the cursor's keys and the mouse
//     (with its hit-testing), gives the help's key lists and the status
//     line's turn hint, marks what a refused turn named, and tells and
//     marks a play. The rack, the shared keys (one key map for both
//     shapes, BoardKeys, keys.go; the grid's words by gridWords), typed
//     tile names, undo/redo/reset/sort and ending the turn are the
//     board's own, written once.
//   - The board's layout (board_layout.go) is worked out, never while
//     drawing: placeBoard places the table's sets and their scroll, the
//     grid's window and the rack's rows from the board's state and the
//     terminal's size, at the end of every Update and in SetSize. The
//     screen around the board gives the lines its own parts take (Play's
//     players bar, River, status and help, drawn with the layout as its
//     chrome, play_layout.go; the Trainer's title, message and keys). View
//     draws from the layout and changes nothing; the keys (up and down on
//     the table, paging the grid) and the mouse's hit-testing (sets_keys.go,
//     grid_mouse.go) read the same layout, so a click finds the tile drawn
//     under it.
//   - Play (play.go) is the match screen around a Board: the host's
//     events (events.go), the phases and their keys (playkeys.go), the
//     hand-over and scores (handover.go), the move log, the end-of-game
//     analysis. TablePlay (table.go) is Play as the seat of a served
//     table; Trainer (trainer.go) is a Board with the lessons' and
//     puzzles' tasks in place of a host.
//   - The score keeper (keeper), the replay (replay) and the statistics
//     (statsview) are packages of their own.
package tui

import (
	"fmt"
	"math/rand/v2"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/tui/frame"
	"rummikub/internal/tui/keeper"
	"rummikub/internal/tui/statsview"
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

// Screen is one screen of the app: a Bubble Tea model that is told the
// terminal's size. The app shows one at a time: the setup screen, or a
// screen opened from it (openMsg), until that screen closes (closes).
type Screen interface {
	tea.Model
	SetSize(width, height int)
}

// painted is a screen the app paints on its styles' board colour (the
// others paint themselves).
type painted interface{ styles() *Styles }

// App is the whole program: the setup screen and the one screen opened
// from it (the match, the rules page, the score keeper, the lessons and
// puzzles, the statistics).
type App struct {
	st    *Styles
	svc   Services
	setup *Setup
	child Screen // the screen shown: setup, or one opened from it
	// direct says the match was started from the command line: leaving it
	// quits the program instead of returning to the setup screen.
	direct        bool
	width, height int
}

// NewApp opens the setup screen with cfg's choices filled in.
func NewApp(st *Styles, svc Services, cfg Config) *App {
	a := &App{st: st, svc: svc, width: 80, height: 24}
	a.setup = NewSetup(st, svc, cfg)
	a.child = a.setup
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
	a.child = p
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
	if svc.Clock != nil {
		p.now = svc.Clock.Now // the screen reads the host's clock
	}
	if len(m.Log) > 0 {
		// A resumed match says what was done, as it was said live.
		p.seedResumed(m)
	}
	return p, nil
}

// Init starts the first screen and asks the terminal for its background.
func (a *App) Init() tea.Cmd { return tea.Batch(a.child.Init(), tea.RequestBackgroundColor) }

// Update routes messages to the screen shown: the window's size once, a
// screen opened or closed, everything else to the screen.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.child.SetSize(msg.Width, msg.Height)
		a.clockForSize()
		return a, nil
	case openMsg:
		return a, a.show(msg.screen)
	case restyleMsg:
		a.st = msg.st
		return a, nil
	case tea.BackgroundColorMsg:
		a.onBackground(msg)
		return a, nil
	}
	if back, ok := a.closes(msg); ok {
		return a, back
	}
	if a.tooSmall() && input(msg) {
		// Timers and computer moves go on; keys wait for a usable size.
		if k, ok := msg.(tea.KeyPressMsg); ok && k.String() == "ctrl+c" {
			return a, tea.Quit
		}
		return a, nil
	}
	m, cmd := a.child.Update(msg)
	a.child = m.(Screen)
	return a, cmd
}

// show makes s the screen shown, at the terminal's size.
func (a *App) show(s Screen) tea.Cmd {
	s.SetSize(a.width, a.height)
	a.child = s
	cmd := s.Init()
	a.clockForSize()
	return cmd
}

// closes reports whether msg closes the screen shown, and what follows:
// the setup screen again, or the end of a match started from the command
// line.
func (a *App) closes(msg tea.Msg) (tea.Cmd, bool) {
	switch msg.(type) {
	case QuitMsg:
		// Only the match screen leaves with QuitMsg; a late one (keys
		// typed ahead) finds another screen and is dropped.
		if a.Play() == nil {
			return nil, true
		}
		if a.direct {
			return tea.Quit, true
		}
		a.back()
		return a.setup.refresh(), true
	case backMsg, keeper.CloseMsg, statsview.Done, TrainerDone:
		if a.setup != nil {
			a.back()
		}
		return nil, true
	}
	return nil, false
}

// back shows the setup screen again.
func (a *App) back() {
	a.setup.SetSize(a.width, a.height)
	a.child = a.setup
}

// clockForSize pauses a match's clock while the board cannot be seen.
func (a *App) clockForSize() {
	if p := a.Play(); p != nil {
		p.clockForSize()
	}
}

func (a *App) tooSmall() bool { return a.width < MinWidth || a.height < MinHeight }

// input reports whether msg is the player's (keys, mouse).
func input(msg tea.Msg) bool {
	switch msg.(type) {
	case tea.KeyPressMsg, tea.MouseMsg:
		return true
	}
	return false
}

// View is the program's view: the screen shown, on the alternate screen,
// with the mouse reported (clicks, drags and the wheel).
func (a *App) View() tea.View {
	return frame.WithMouse(a.Render())
}

// Render draws the screen shown.
func (a *App) Render() string {
	if a.tooSmall() {
		return a.st.Paint(tooSmall(a.st, a.width, a.height, a.Play() != nil), a.width, a.height)
	}
	v := a.child.View().Content
	if p, ok := a.child.(painted); ok {
		return p.styles().Paint(v, a.width, a.height)
	}
	return v
}

// Play returns the match screen, or nil outside a match.
func (a *App) Play() *Play {
	p, _ := a.child.(*Play)
	return p
}

// Messages between the app's screens.
type (
	// openMsg shows a screen in place of the setup screen.
	openMsg struct{ screen Screen }
	// setupErrMsg is a failure to open a screen from the setup screen.
	setupErrMsg struct{ err error }
	restyleMsg  struct{ st *Styles }
	backMsg     struct{}
)

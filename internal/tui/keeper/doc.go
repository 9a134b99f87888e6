// Package keeper is the score keeper's screen: a Bubble Tea model for
// keeping the score of Rummikub games played with a physical set. It picks
// or creates a named session, takes the players and the match options,
// then records game after game (who went out or that it was blocked, each
// other rack as a total or as tiles), showing per-game scores with the
// zero-sum check, running totals, games won, the leader and, at the end,
// the winner. Earlier games can be edited or deleted and the last change
// undone; every change is saved at once (atomically) and a session resumes
// where it was left. All scoring is internal/game's, through
// internal/scorebook.
//
// # Files
//
// Update never touches a file: listing, loading, saving and deleting
// sessions run in tea.Cmds (disk.go), and their messages come back to
// Update. A change is made in memory first; its save says so once it is
// on disk, or shows the error (the change stays, nothing typed is lost).
// Saves reach the disk in the order they were asked for, and leaving the
// keeper waits for them.
//
// # Standalone
//
//	st := style.New(colorprofile.Detect(os.Stdout, os.Environ()), true, theme)
//	p := tea.NewProgram(keeper.New(keeper.Options{Styles: st})) // the view sets the alternate screen
//	_, err := p.Run()
//
// The model quits the program (tea.Quit) when the player leaves the
// session picker.
//
// # Styles
//
// The keeper draws with the caller's style.Styles (Options.Styles): the
// theme the player chose, for the player's terminal. It never uses
// bubbles' default colours, so each terminal gets its own colours and
// NO_COLOR applies (the mono theme, a colourless profile). A theme
// with a board colour (felt) covers the whole screen.
//
// # Embedded
//
// A parent screen (the game's setup screen) builds it with
// Options.Embedded set, calls SetSize with the terminal's current size (a
// tea.WindowSizeMsg arrives only when the terminal changes) and Init, keeps
// the keeper.Model in a field, forwards every message to its Update while
// the keeper is showing, and renders its View:
//
//	m.keeper = keeper.New(keeper.Options{Embedded: true, Styles: m.styles})
//	m.keeper.SetSize(m.width, m.height)
//	return m, m.keeper.Init()
//
// Instead of quitting, the keeper then returns a command yielding CloseMsg
// when the player leaves (q or esc on the session picker, or ctrl+c), once
// every save asked for is on disk; the parent takes the screen back on that
// message and need not do anything else:
//
//	case keeper.CloseMsg:
//		m.showing = mainMenu
//	default:
//		if m.showing == scoreKeeper {
//			km, cmd := m.keeper.Update(msg)
//			m.keeper = km.(keeper.Model)
//			return m, cmd
//		}
package keeper

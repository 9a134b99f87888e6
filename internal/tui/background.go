package tui

import tea "charm.land/bubbletea/v2"

// The terminal's background. The program asks the terminal for it at the
// start (tea.RequestBackgroundColor); where the terminal answers
// (tea.BackgroundColorMsg), the screens are drawn again in the theme's
// light or dark colours. A terminal that does not answer keeps the dark
// ones, as the game always did.

// Restyle draws the match screen in st from now on (a theme's colours for
// another background).
func (p *Play) Restyle(st *Styles) {
	p.st = st
	p.help = newHelp(st)
}

// onBackground follows the terminal's background on the setup screen and
// in the themes it tries later.
func (s *Setup) onBackground(dark bool) {
	s.light = !dark
	s.st = s.st.ForBackground(dark)
}

// onBackground draws the app, the setup screen and the match shown for
// the terminal's background.
func (a *App) onBackground(msg tea.BackgroundColorMsg) {
	dark := msg.IsDark()
	a.st = a.st.ForBackground(dark)
	if a.setup != nil {
		a.setup.onBackground(dark)
	}
	if p := a.Play(); p != nil {
		p.Restyle(p.st.ForBackground(dark))
	}
}

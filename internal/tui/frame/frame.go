// Package frame is how the game's programs present a frame to Bubble
// Tea: on the alternate screen (the terminal's own text comes back when
// the program ends), with the mouse reported where the screen takes it.
package frame

import tea "charm.land/bubbletea/v2"

// Full is a frame on the alternate screen, the mouse left to the
// terminal (its own text selection keeps working).
func Full(content string) tea.View {
	v := tea.NewView(content)
	v.AltScreen = true
	return v
}

// WithMouse is a frame on the alternate screen with clicks, drags and the
// wheel reported to the program.
func WithMouse(content string) tea.View {
	v := Full(content)
	v.MouseMode = tea.MouseModeCellMotion
	return v
}

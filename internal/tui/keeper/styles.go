package keeper

import (
	"os"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/lipgloss"
)

// styles are the few looks the keeper uses. Under NO_COLOR every style is
// plain and meaning is carried by words and markers ("> ", "Error:").
type styles struct {
	plain    bool
	title    lipgloss.Style
	subtle   lipgloss.Style
	label    lipgloss.Style
	focus    lipgloss.Style
	choice   lipgloss.Style
	err      lipgloss.Style
	ok       lipgloss.Style
	banner   lipgloss.Style
	header   lipgloss.Style
	selected lipgloss.Style
}

// noColor reports whether the environment asks for no colour
// (https://no-color.org: NO_COLOR set and not empty).
func noColor() bool { return os.Getenv("NO_COLOR") != "" }

func newStyles(plain bool) styles {
	if plain {
		p := lipgloss.NewStyle()
		return styles{plain: true, title: p, subtle: p, label: p, focus: p, choice: p, err: p, ok: p, banner: p, header: p, selected: p}
	}
	accent := lipgloss.AdaptiveColor{Light: "#1d4ed8", Dark: "#7dd3fc"}
	return styles{
		title:    lipgloss.NewStyle().Bold(true).Foreground(accent),
		subtle:   lipgloss.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: "#6b7280", Dark: "#9ca3af"}),
		label:    lipgloss.NewStyle(),
		focus:    lipgloss.NewStyle().Bold(true).Foreground(accent),
		choice:   lipgloss.NewStyle().Bold(true),
		err:      lipgloss.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: "#b91c1c", Dark: "#f87171"}),
		ok:       lipgloss.NewStyle().Foreground(lipgloss.AdaptiveColor{Light: "#15803d", Dark: "#4ade80"}),
		banner:   lipgloss.NewStyle().Bold(true).Foreground(lipgloss.AdaptiveColor{Light: "#a16207", Dark: "#facc15"}),
		header:   lipgloss.NewStyle().Bold(true),
		selected: lipgloss.NewStyle().Bold(true).Foreground(accent),
	}
}

// helpModel is bubbles' help with ASCII separators, plain under NO_COLOR.
func (s styles) helpModel() help.Model {
	h := help.New()
	h.ShortSeparator = " | "
	h.Ellipsis = "..."
	if s.plain {
		p := lipgloss.NewStyle()
		h.Styles = help.Styles{Ellipsis: p, ShortKey: p, ShortDesc: p, ShortSeparator: p, FullKey: p, FullDesc: p, FullSeparator: p}
	}
	return h
}

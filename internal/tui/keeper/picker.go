package keeper

import (
	"fmt"
	"io"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/list"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/scorebook"
)

// pickItem is one row of the session picker: the "new session" row or a
// saved session.
type pickItem struct {
	isNew bool
	entry scorebook.Entry
}

func (i pickItem) FilterValue() string { return i.entry.Name }

// pickDelegate draws a picker row in two lines, a "> " marker on the
// selected one so the choice shows without colour.
type pickDelegate struct{ st styles }

func (d pickDelegate) Height() int                             { return 2 }
func (d pickDelegate) Spacing() int                            { return 0 }
func (d pickDelegate) Update(_ tea.Msg, _ *list.Model) tea.Cmd { return nil }

func (d pickDelegate) Render(w io.Writer, m list.Model, index int, it list.Item) {
	item, ok := it.(pickItem)
	if !ok {
		return
	}
	marker, style := "  ", d.st.label
	if index == m.Index() {
		marker, style = "> ", d.st.focus
	}
	width := max(m.Width()-4, 10)
	var first, second string
	if item.isNew {
		first = "New session"
		second = "enter the players and the match options"
	} else {
		first = item.entry.Name
		if !item.entry.Modified.IsZero() {
			when := "saved " + item.entry.Modified.Format("2 Jan 2006 15:04")
			if pad := width - len(first) - len(when); pad > 1 {
				first += strings.Repeat(" ", pad) + when
			}
		}
		second = item.entry.Summary()
	}
	fmt.Fprintf(w, "%s%s\n  %s", marker, style.Render(clip(first, width)), d.st.subtle.Render(clip("  "+second, width)))
}

// clip shortens s to width characters, marking the cut with "...".
func clip(s string, width int) string {
	r := []rune(s)
	if len(r) <= width || width < 4 {
		return s
	}
	return string(r[:width-3]) + "..."
}

func newPicker(st styles) list.Model {
	l := list.New(nil, pickDelegate{st: st}, defaultWidth, defaultHeight-4)
	l.SetShowTitle(false)
	l.SetShowStatusBar(false)
	l.SetShowHelp(false)
	l.SetFilteringEnabled(false)
	l.DisableQuitKeybindings()
	l.Paginator.ActiveDot = "*"
	l.Paginator.InactiveDot = "."
	l.Styles = st.listStyles()
	l.Help.Styles = st.base.HelpStyles()
	st.styleInput(&l.FilterInput)
	return l
}

// setEntries shows the list of saved sessions, the newest selected (so
// enter resumes the last session).
func (m *Model) setEntries(entries []scorebook.Entry) {
	m.entries = entries
	items := []list.Item{pickItem{isNew: true}}
	for _, e := range entries {
		items = append(items, pickItem{entry: e})
	}
	m.picker.SetItems(items)
	if len(items) > 1 {
		m.picker.Select(1)
	} else {
		m.picker.Select(0)
	}
}

// toPicker goes back to the session list.
func (m *Model) toPicker() {
	m.screen = pickScreen
	m.book = nil
	m.name = ""
	m.confirmRemove = ""
	m.help.ShowAll = false
	m.refreshPicker()
	m.resize()
}

func (m Model) updatePicker(msg tea.Msg) (Model, tea.Cmd) {
	k, isKey := msg.(tea.KeyPressMsg)
	if isKey && m.confirmRemove != "" {
		name := m.confirmRemove
		m.confirmRemove = ""
		switch {
		case key.Matches(k, keyYes):
			m.remove(name)
		default:
			m.say("Kept session " + name + ".")
		}
		return m, nil
	}
	if isKey {
		item, _ := m.picker.SelectedItem().(pickItem)
		switch {
		case key.Matches(k, keyQuit):
			return m, m.close()
		case key.Matches(k, keyNew), key.Matches(k, keyOpen) && item.isNew:
			m.startSetup(nil, "")
			return m, m.focusCmd()
		case key.Matches(k, keyOpen):
			m.status = ""
			m.openOrCreate(item.entry.Name)
			return m, m.focusCmd()
		case key.Matches(k, keyRemove):
			if !item.isNew && item.entry.Name != "" {
				m.confirmRemove = item.entry.Name
				m.say(fmt.Sprintf("Delete session %s for good? y/n", item.entry.Name))
			}
			return m, nil
		}
	}
	var cmd tea.Cmd
	m.picker, cmd = m.picker.Update(msg)
	return m, cmd
}

// saved reports whether a session of that name was listed.
func (m Model) saved(name string) bool {
	for _, e := range m.entries {
		if e.Name == name {
			return true
		}
	}
	return false
}

// suggestName is today's date, made unique among the sessions listed.
func (m Model) suggestName() string {
	base := m.opts.Now().Format("2006-01-02")
	name := base
	for i := 2; m.saved(name); i++ {
		name = fmt.Sprintf("%s-%d", base, i)
	}
	return name
}

func (m Model) viewPicker() string {
	var b strings.Builder
	b.WriteString(m.st.title.Render("Rummikub score keeper") + m.st.subtle.Render(" - pick a session") + "\n\n")
	b.WriteString(m.picker.View())
	b.WriteString("\n")
	if s := m.statusView(); s != "" {
		b.WriteString(s + "\n")
	}
	b.WriteString(m.help.View(pickerKeys{confirming: m.confirmRemove != "", embedded: m.opts.Embedded}))
	return b.String()
}

package tui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"rummikub/internal/game"
)

// RulesPage shows the rules of the game and the options of the chosen
// rules, scrolling.
type RulesPage struct {
	st    *Styles
	rules game.Rules
	vp    viewport.Model
}

// NewRulesPage builds the rules page for r.
func NewRulesPage(st *Styles, r game.Rules) *RulesPage {
	p := &RulesPage{st: st, rules: r, vp: viewport.New(viewport.WithWidth(78), viewport.WithHeight(20))}
	p.vp.SetContent(p.text(76))
	return p
}

func (p *RulesPage) styles() *Styles { return p.st }

// SetSize fits the page to the terminal.
func (p *RulesPage) SetSize(w, h int) {
	p.vp.SetWidth(w - 2)
	p.vp.SetHeight(h - 3)
	p.vp.SetContent(p.text(w - 4))
}

const rulesText = `Tiles: numbers 1 to 13 in red (R), blue (B), orange (O) and black (K), {copies} of each, and {jokers} (J): {total} tiles. Each player takes 14; the rest is the pool.

Sets: a group is 3 or 4 tiles of one number, all colours different (R7 B7 K7). A run is 3 or more consecutive numbers of one colour (O3 O4 O5 O6). 1 is low: R12 R13 R1 is not a run (unless the wrap option is on). A joker stands for any tile its set needs; where a set can be read more than one way (J J R10: a run, or a group of 10s), press = on the joker to choose.

A turn: play one or more tiles from your rack onto the table, or draw one tile from the pool, which ends your turn. With an empty pool you pass.

{meld}

After that you may rearrange the whole table: add to sets, split runs, take a tile from a group of four or the end of a run, swap a joker for the tile it stands for; as long as, when you end your turn, every table tile is still on the table, at least one tile came from your rack, and every set is valid. If it is not, the game tells you why and nothing is lost.

{time}

End: the first player to empty their rack wins the game; every other player scores minus the value of their rack (a joker costs {jokercost}) and the winner scores the sum. When the pool is empty and nobody can play, the game is blocked: the lowest rack wins.

Draw Two / River (the river rules): to draw, look at two tiles, keep one, and put the other face up at the end of the River. Instead of drawing you may pull from the River: the chosen tile and every tile after it come to your rack; the chosen one (the Key Tile) must be played this turn, the others (the Plunder) stay on your rack this turn.

Moving tiles: type a tile's name (r7, k13, j) to pick it up from your rack or the table, and a set's number (1-9) to put what you carry at that set's end, or e at the end of the set under the cursor. The arrows (or h and l) move the cursor, tab goes between rack and table, [ and ] go to the previous and next set, space picks a tile up and puts it down (before the tile under the cursor, at the end of a set, or in the new set slot at the end of the table), shift+arrows or v selects several tiles, s splits a run, c and g sort the rack (789 and 777), u undoes, U redoes, x resets the turn, enter ends the turn, d draws, m shows the move log, ? shows every key.`

// frenchText is the French rules (table=grid), shown when they are chosen.
const frenchText = `French rules (the grid): the table is a grid of cells, one tile a cell. Every row of two or more tiles side by side is a run read left to right, every column of two or more a group, so a tile may be in a run and a group at once, crossing like Scrabble words (the run R3 R4 R5 and the 4s B4 R4 K4 down through its R4). A line of exactly two tiles is never valid, and every tile must lie in a line of three or more. Your initial meld uses only your own tiles, moves nothing, and stands apart: none of its tiles beside a tile already out. After it you may move tiles on the grid to other cells, as long as every line stands when you end your turn.

The grid board: the arrows (or h and l) move the cursor over the cells, tab goes between rack and grid, a tile's name (r7) or space picks a tile up, space on an empty cell puts it down and the cursor goes on the way of the last arrow (right for runs, down for groups), n goes to a free cell apart from the tiles, esc puts carried tiles back. Lines that are not valid are marked and the status line says why, naming the cells as (row,column).`

// text is the page's content wrapped to w columns.
func (p *RulesPage) text(w int) string {
	st := p.st
	var b strings.Builder
	b.WriteString(st.Title.Render("How to play Rummikub") + "\n\n")
	for _, para := range strings.Split(rulesFor(&p.rules), "\n\n") {
		b.WriteString(st.Text.Render(wrap(para, w)) + "\n\n")
	}
	b.WriteString(st.Title.Render(wrap("The chosen rules: "+p.rules.Summary(), w)) + "\n\n")
	for _, kv := range p.rules.Options() {
		line := fmt.Sprintf("  %-22s %s", kv[0], kv[1])
		if len([]rune(line)) > w {
			// A long value goes on under its name.
			line = fmt.Sprintf("  %s\n%s", kv[0], indent(wrap(kv[1], w-4), "    "))
		}
		b.WriteString(st.Text.Render(line) + "\n")
	}
	return b.String()
}

// Update scrolls; q or esc goes back.
func (p *RulesPage) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if k, ok := msg.(tea.KeyPressMsg); ok {
		switch k.String() {
		case "q", "esc", "enter":
			return p, func() tea.Msg { return backMsg{} }
		case "ctrl+c":
			return p, tea.Quit
		}
	}
	var cmd tea.Cmd
	p.vp, cmd = p.vp.Update(msg)
	return p, cmd
}

// Init does nothing.
func (p *RulesPage) Init() tea.Cmd { return nil }

// View is the screen as a Bubble Tea view.
func (p *RulesPage) View() tea.View {
	v := tea.NewView(p.Render())
	return v
}

// View draws the page.
func (p *RulesPage) Render() string {
	return p.vp.View() + "\n" + p.st.Dim.Render(fmt.Sprintf(" ↑/↓ scroll · %3.0f%% · q or esc goes back", p.vp.ScrollPercent()*100))
}

// rulesFor is the rules text with the numbers of the chosen rules: the
// tiles, the initial meld, the turn timer and what a joker costs.
func rulesFor(r *game.Rules) string {
	jokers := fmt.Sprintf("%d jokers", r.Jokers)
	if r.Jokers == 1 {
		jokers = "one joker"
	}
	copies := map[int]string{2: "two", 3: "three"}[r.Copies]
	if copies == "" {
		copies = fmt.Sprint(r.Copies)
	}
	meld := "Initial meld: there is none; you may play onto the table from your first turn."
	if r.InitialMeld > 0 {
		meld = fmt.Sprintf("Initial meld: your first play must be one or more new sets from your own rack worth at least %d points, and may not touch the table.", r.InitialMeld)
	}
	tm := "Time: there is no turn timer in these rules; take as long as you like."
	if r.TurnSeconds > 0 {
		tm = fmt.Sprintf("Time: %d seconds a turn. When time runs out you draw a tile", r.TurnSeconds)
		if r.TimeoutDraws > 0 {
			tm += fmt.Sprintf("; with an unfinished rearrangement the table is restored, your tiles come back and you draw %d", r.TimeoutDraws)
		}
		tm += "."
	}
	text := rulesText + surfaceFor(r).rulesNote()
	return strings.NewReplacer(
		"{copies}", copies, "{jokers}", jokers, "{total}", fmt.Sprint(52*r.Copies+r.Jokers),
		"{meld}", meld, "{time}", tm, "{jokercost}", fmt.Sprint(r.JokerPenalty),
	).Replace(text)
}

// indent puts prefix before every line of s.
func indent(s, prefix string) string {
	return prefix + strings.ReplaceAll(s, "\n", "\n"+prefix)
}

package tui

import (
	"context"
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	"rummikub/internal/analysis"
	"rummikub/internal/tui/replay"
)

// The end of a game: first the final table with the winning play marked
// (the last move's marks), then the scores with each human's analysis of
// the game and a key (r) that opens the replay at their first miss. The
// analysis runs in a command on the host's snapshot of the match, which
// once the game is over may show every rack.

// endDeadline is the solver's time per position at the end of a game.
const endDeadline = time.Second

// gameAnalysis is the analysis of one finished game.
type gameAnalysis struct {
	game int
	rec  *analysis.Record
	rep  analysis.Report
	err  error
}

// analysisMsg carries a finished game's analysis.
type analysisMsg struct{ a *gameAnalysis }

// gameOverCmd starts the end of a game: the final table first, and the
// analysis in the background.
func (p *Play) gameOverCmd() tea.Cmd {
	p.final = true
	p.ana = nil
	p.setStatus(p.finalStatus(), false)
	if p.host == nil || p.anaDeadline < 0 {
		return nil
	}
	return p.analysisCmd()
}

// analysisCmd analyses the game just over, on a snapshot of the match.
func (p *Play) analysisCmd() tea.Cmd {
	m := p.host.Snapshot()
	seats := p.host.Settings().Seats
	name := p.host.Name()
	g := p.v.Game
	d := p.anaDeadline
	if d <= 0 {
		d = endDeadline
	}
	return func() tea.Msg {
		rec := analysis.FromMatch(name, seats, m)
		rep, err := analysis.Analyze(context.Background(), rec, analysis.Options{Game: g, Deadline: d})
		return analysisMsg{&gameAnalysis{game: g, rec: rec, rep: rep, err: err}}
	}
}

// analysisLines are the scores' lines of analysis for the human seats.
func (p *Play) analysisLines() []string {
	if p.ana == nil || p.ana.game != p.v.Game {
		return []string{p.st.Dim.Render("Analysing the game…")}
	}
	if p.ana.err != nil {
		return []string{p.st.Dim.Render("No analysis: " + p.ana.err.Error())}
	}
	var out []string
	miss := false
	for _, s := range p.ana.rep.Seats {
		if p.isComputer(s.Seat) {
			continue
		}
		out = append(out, p.st.Text.Render(truncate(fmt.Sprintf(" %s: %s.", s.Player, s.Summary()), p.width-4)))
		miss = miss || s.FirstMiss >= 0
	}
	if miss {
		out = append(out, p.st.Dim.Render(" r: the replay at the first miss (the solver cannot know the next draws)."))
	}
	return out
}

// openReplay opens the replay at the first miss of the humans.
func (p *Play) openReplay() tea.Cmd {
	if p.ana == nil || p.ana.err != nil {
		return nil
	}
	first := -1
	for _, s := range p.ana.rep.Seats {
		if !p.isComputer(s.Seat) && s.FirstMiss >= 0 && (first < 0 || s.FirstMiss < first) {
			first = s.FirstMiss
		}
	}
	if first < 0 {
		return nil
	}
	m := replay.New(replay.Options{Record: p.ana.rec, Styles: p.st, Start: first, Embedded: true})
	p.replay = m
	return tea.Batch(m.Init(), func() tea.Msg { return tea.WindowSizeMsg{Width: p.width, Height: p.height} })
}

// onReplayMsg routes a message to the open replay; Done closes it.
func (p *Play) onReplayMsg(msg tea.Msg) tea.Cmd {
	if _, ok := msg.(replay.Done); ok {
		p.replay = nil
		return nil
	}
	var cmd tea.Cmd
	p.replay, cmd = p.replay.Update(msg)
	return cmd
}

// finalStatus is the line under the final table.
func (p *Play) finalStatus() string {
	sc := p.v.Score
	s := fmt.Sprintf("Game %d is over", p.v.Game)
	switch {
	case sc.Blocked:
		s += ": blocked"
	case sc.Winner >= 0:
		s += fmt.Sprintf(": %s went out (the winning play is marked)", p.v.Names[sc.Winner])
	}
	s += ". Enter shows the scores"
	if p.cfg.Practice && p.humanSeats() == 1 {
		s += "; t takes your last turn back"
	}
	return s + "."
}

package analysis

import (
	"fmt"
	"io"
	"strings"
)

// ObjectiveText says what an objective ranks plays by.
func ObjectiveText(obj string) string {
	if obj == "points" {
		return "points (the most rack points placed, then the most tiles)"
	}
	return "tiles (the most tiles placed, then the most points)"
}

// Summary is the one-line account of a seat's turns, for the end of a
// game: turns analysed, turns with a better play, tiles and points missed.
func (s SeatReport) Summary() string {
	if s.Turns == 0 {
		return "no turns to analyse"
	}
	if s.Missed == 0 {
		return fmt.Sprintf("%s analysed, every one as good as the solver's best", plural(s.Turns, "turn"))
	}
	return fmt.Sprintf("%s analysed, %d with a better play: %s and %s missed",
		plural(s.Turns, "turn"), s.Missed, plural(s.MissedTiles, "tile"), plural(s.MissedPoints, "point"))
}

// WriteText prints the report for a reader: the note, one line per seat,
// then every turn where a better play existed.
func (r *Report) WriteText(w io.Writer) error {
	var b strings.Builder
	state := "finished"
	if !r.Over {
		state = "not finished"
	}
	fmt.Fprintf(&b, "Match %s: %s (%s), %s, %s.\n", r.Match, strings.Join(r.Players, ", "), r.Rules, plural(r.Games, "game"), state)
	fmt.Fprintf(&b, "Best play by %s.\n", ObjectiveText(r.Objective))
	fmt.Fprintf(&b, "%s\n\n", r.Note)
	width := len("player")
	for _, s := range r.Seats {
		width = max(width, len(s.Player))
	}
	fmt.Fprintf(&b, "%-*s  %-16s %5s %7s %12s %12s\n", width, "player", "seat", "turns", "missed", "tiles/best", "points/best")
	for _, s := range r.Seats {
		fmt.Fprintf(&b, "%-*s  %-16s %5d %7d %12s %12s\n", width, s.Player, s.Kind, s.Turns, s.Missed,
			fmt.Sprintf("%d/%d", s.Tiles, s.BestTiles), fmt.Sprintf("%d/%d", s.Points, s.BestPoints))
	}
	b.WriteString("\n")
	for _, s := range r.Seats {
		fmt.Fprintf(&b, "%s: %s.\n", s.Player, s.Summary())
	}
	missed, unproven := 0, 0
	for _, t := range r.Turns {
		if !t.Optimal {
			unproven++
		}
		if !t.Missed {
			continue
		}
		if missed == 0 {
			b.WriteString("\nTurns with a better play:\n")
		}
		missed++
		fmt.Fprintf(&b, "  game %d turn %-3d %-*s %s; best: %s\n", t.Game, t.Number, width, t.Player, t.Did, t.BestText())
	}
	if missed == 0 {
		b.WriteString("\nNo turn had a better play.\n")
	}
	if unproven > 0 {
		fmt.Fprintf(&b, "\n%s not proven best: the solver ran out of time there.\n", positions(unproven))
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// BestText says what the best play places.
func (t TurnReport) BestText() string {
	if t.BestTiles == 0 {
		return "no play"
	}
	s := fmt.Sprintf("%s (%s, %s)", strings.Join(t.Best, " "), plural(t.BestTiles, "tile"), plural(t.BestPoints, "point"))
	if !t.Optimal {
		s += ", not proven best"
	}
	return s
}

func positions(n int) string {
	if n == 1 {
		return "1 position was"
	}
	return fmt.Sprintf("%d positions were", n)
}

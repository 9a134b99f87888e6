package serve

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"charm.land/ssh"
	"charm.land/wish/v2"

	"rummikub/internal/rating"
)

// The commands a session may give instead of a table's code:
//
//	ratings [--json] [FAMILY]   the ladder, for a person or a script
//	bot                          a bot speaking the protocol (no terminal)
//	replay CODE                  a finished match's replay (a terminal)
func isServerCommand(name string) bool {
	return name == "ratings" || name == "bot" || name == "replay"
}

// Sizes of what `ratings` shows.
const (
	ladderTop    = 20
	ladderRecent = 10
)

// command runs a session's command; it returns false when the session
// is to go on as a game session (replay).
func (s *Server) command(sess ssh.Session, key string, args []string) bool {
	refuse := func(code int, msg string) {
		wish.Println(sess, msg)
		_ = sess.Exit(code)
	}
	switch args[0] {
	case "ratings":
		fams, asJSON, err := parseRatingsArgs(args[1:])
		if err != nil {
			refuse(2, sentence(err.Error()))
			return true
		}
		var boards []rating.Board
		for _, f := range fams {
			boards = append(boards, s.ladder.board(f, key, ladderTop, ladderRecent))
		}
		if asJSON {
			enc := json.NewEncoder(sess)
			enc.SetIndent("", "  ")
			_ = enc.Encode(map[string]any{"families": boards})
		} else {
			writeBoards(sess, boards)
		}
		_ = sess.Exit(0)
		return true
	case "bot":
		if _, _, pty := sess.Pty(); pty {
			refuse(2, "A bot speaks the bot protocol without a terminal: connect with `ssh -T HOST bot`.")
			return true
		}
		ss, msg := s.admit(key)
		if ss == nil {
			refuse(1, msg)
			return true
		}
		defer s.release(ss)
		s.serveBot(sess, key)
		_ = sess.Exit(0)
		return true
	case "replay":
		ss, msg := s.admit(key)
		if ss == nil {
			refuse(1, msg)
			return true
		}
		defer s.release(ss)
		args, _ := replayArgs(args)
		s.replayCommand(sess, args)
		return true
	}
	return false
}

func parseRatingsArgs(args []string) (fams []string, asJSON bool, err error) {
	for _, a := range args {
		switch {
		case a == "--json":
			asJSON = true
		case rating.IsFamily(strings.ToLower(a)) && fams == nil:
			fams = []string{strings.ToLower(a)}
		default:
			return nil, false, fmt.Errorf("ratings takes --json and a family (%s), not %q", strings.Join(rating.Families(), ", "), a)
		}
	}
	if fams == nil {
		fams = rating.Families()
	}
	return fams, asJSON, nil
}

// writeBoards prints the ladder for a person: per family the top
// players, the asking key's place and the recent results.
func writeBoards(w io.Writer, boards []rating.Board) {
	for i, b := range boards {
		if i > 0 {
			fmt.Fprint(w, "\r\n")
		}
		fmt.Fprintf(w, "%s: %d rated\r\n", b.Family, b.Players)
		if b.Players == 0 {
			continue
		}
		var sb strings.Builder
		tw := tabwriter.NewWriter(&sb, 0, 0, 2, ' ', tabwriter.AlignRight)
		fmt.Fprintln(tw, "rank\tname\tkind\trating (mu-3σ)\tmu\tσ\tgames\twins\t")
		for _, s := range b.Top {
			fmt.Fprintf(tw, "%d\t%s\t%s\t%.2f\t%.2f\t%.2f\t%d\t%d\t\n", s.Rank, s.Name, s.Kind, s.Ordinal, s.Mu, s.Sigma, s.Games, s.Wins)
		}
		tw.Flush()
		fmt.Fprint(w, strings.ReplaceAll(sb.String(), "\n", "\r\n"))
		if b.You != nil {
			fmt.Fprintf(w, "you: rank %d of %d, rating %.2f (%.2f±%.2f), %d games, %d won\r\n", b.You.Rank, b.Players, b.You.Ordinal, b.You.Mu, b.You.Sigma, b.You.Games, b.You.Wins)
		}
		if len(b.Recent) > 0 {
			fmt.Fprint(w, "recent:\r\n")
			for _, r := range b.Recent {
				fmt.Fprintf(w, "  %s %s  %s\r\n", r.When.Format("2006-01-02 15:04"), r.ID, resultLine(r))
			}
		}
	}
}

// resultLine is a recorded result in one line: places, names, rating moves.
func resultLine(r rating.Result) string {
	var parts []string
	for _, p := range r.Players {
		d := p.After.Ordinal() - p.Before.Ordinal()
		parts = append(parts, fmt.Sprintf("%d. %s %+d (%+.1f)", p.Rank, p.Name, p.Score, d))
	}
	return strings.Join(parts, ", ")
}

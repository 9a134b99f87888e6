package serve

import (
	"context"
	"encoding/json"
	"os"
	"testing"
	"time"

	"rummikub/internal/analysis"
	"rummikub/internal/game"
	"rummikub/internal/host"
	"rummikub/internal/rating"
)

// A match whose end a crash parted from its rating (the match's save is
// finished, the table's file still says its rating is pending) is rated
// when the server starts again, once: a second restart rates nothing, and
// neither does a finished match of a file written before tables said so.
func TestLostRatingIsRatedOnRestart(t *testing.T) {
	dir := t.TempDir()
	rules := game.Standard()
	rules.Games = 1
	m, _, err := analysis.SelfPlay(context.Background(), rules, []string{"medium", "easy"}, []string{"CPU medium", "CPU easy"}, 3)
	if err != nil || !m.Over() {
		t.Fatalf("self-play: %v, over %v", err, m != nil && m.Over())
	}
	seats := []seatInfo{{Name: "CPU medium", Computer: true, Level: "medium"}, {Name: "CPU easy", Computer: true, Level: "easy"}}
	settings := host.Settings{Seats: []host.Seat{{Name: "CPU medium", Computer: true, Level: "medium"}, {Name: "CPU easy", Computer: true, Level: "easy"}}}

	ts := startServer(t, dir, nil)
	// A finished match whose rating was lost, and an older one of a
	// file that says nothing of ratings (rated at its end, long ago).
	for code, word := range map[string]string{"rated2": ratingPending, "older2": ""} {
		if err := host.WriteFile(ts.store.Path(code), settings, m); err != nil {
			t.Fatal(err)
		}
		f := tableFile{Format: tableFormat, Code: code, Name: "T", Creator: "k", Created: time.Now(),
			Rules: rules, Seed: 3, Seats: seats, Started: true, Rating: word}
		data, err := json.Marshal(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := game.WriteFileAtomic(ts.tablePath(code), data); err != nil {
			t.Fatal(err)
		}
	}
	ts.stop(t)

	for restart := 1; restart <= 2; restart++ {
		ts = startServer(t, dir, nil)
		b := ladderBoard(ts, rating.FamilyStandard, "")
		if b.Players != 2 || len(b.Recent) != 1 || b.Recent[0].ID != "rated2" {
			t.Fatalf("restart %d: the ladder %+v; want the lost match rated once", restart, b)
		}
		winner := b.Recent[0].Players[0]
		if winner.Key != levelKeyPrefix+"medium" && winner.Key != levelKeyPrefix+"easy" {
			t.Errorf("restart %d: the winner %+v is not a seat of the match", restart, winner)
		}
		var f tableFile
		data, err := os.ReadFile(ts.tablePath("rated2"))
		if err != nil || json.Unmarshal(data, &f) != nil || f.Rating != ratingDone {
			t.Fatalf("restart %d: the table's file says %q (%v); want done", restart, f.Rating, err)
		}
		ts.stop(t)
	}
}

// A bot over SSH says its name only in its ready; a server started again
// knows the names of the bots on its ladder from their last match, so such
// a bot is offered and seated under its name before its next ready.
func TestBotNamesComeBackFromTheLadder(t *testing.T) {
	dir := t.TempDir()
	ts := startServer(t, dir, nil)
	robo := seatInfo{Name: "Robo", Computer: true, Level: sshBotPrefix + "SHA256:robo"}
	ts.bots.learnName("SHA256:robo", "Robo")
	rateTable(ts, []seatInfo{robo, {Name: "CPU easy", Computer: true, Level: "easy"}}, false, []int{20, -20}, []int{1, 0})
	ts.stop(t)
	ts = startServer(t, dir, nil)
	defer ts.stop(t)
	if got := ts.bots.name("SHA256:robo"); got != "Robo" {
		t.Fatalf("the bot is called %q after a restart; want Robo", got)
	}
	if got := ts.bots.name("SHA256:unknown"); got != "bot unknown" {
		t.Errorf("a bot never seen is called %q", got)
	}
}

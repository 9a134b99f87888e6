package serve

import (
	"testing"

	gossh "golang.org/x/crypto/ssh"

	"rummikub/internal/game"
	"rummikub/internal/rating"
)

// rateTable rates a finished match at a table of the given seats, as
// the table's follower does at the match's end.
func rateTable(ts *testServer, seats []seatInfo, unrated bool, totals, won []int) {
	t := newTable(ts.Server, "abcdef", "T", "k", game.Standard(), 1, seats)
	t.unrated = unrated
	ts.rateMatch(t, game.SeatView{Totals: totals, Won: won})
}

// The ladder lists what the results imply: a rated table's match ranks
// its seats by the match-winner rule (games won, then score), equal
// standings tie, an unrated table changes nothing, and each seat is
// rated under its identity: a player's key, a level.
func TestLadderFromMatches(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	ana := seatInfo{Name: "Ana", Key: "SHA256:ana"}
	ben := seatInfo{Name: "Ben", Key: "SHA256:ben"}
	hard := seatInfo{Name: "CPU hard", Computer: true, Level: "hard"}
	rateTable(ts, []seatInfo{ana, ben, hard}, true, []int{50, -20, -30}, []int{2, 0, 0})
	if b := ladderBoard(ts, rating.FamilyStandard, ""); b.Players != 0 {
		t.Fatalf("an unrated table was rated: %+v", b)
	}
	// Ben wins more games with a lower total: games decide.
	rateTable(ts, []seatInfo{ana, ben, hard}, false, []int{80, 10, -90}, []int{1, 2, 0})
	// A tie between Ana and the level: same games, same total.
	rateTable(ts, []seatInfo{ana, hard}, false, []int{0, 0}, []int{1, 1})
	b := ladderBoard(ts, rating.FamilyStandard, "SHA256:ben")
	if b.Players != 3 || b.You == nil || b.You.Rank != 1 || b.Top[0].Name != "Ben" {
		t.Fatalf("board %+v", b)
	}
	last := b.Recent[0]
	if len(last.Players) != 3 || last.Players[0].Name != "Ben" || last.Players[1].Name != "Ana" || last.Players[2].Key != "level:hard" {
		t.Fatalf("Ben's last result %+v", last)
	}
	tie := ladderBoard(ts, rating.FamilyStandard, "").Recent[0]
	if tie.Players[0].Rank != 1 || tie.Players[1].Rank != 1 {
		t.Fatalf("a tie is not ranked as one: %+v", tie.Players)
	}
	// Ben left and his seat went to a computer, which lost: Ben lost.
	tb := newTable(ts.Server, "bcdefg", "T", "k", game.Standard(), 1,
		[]seatInfo{ana, {Name: "CPU medium", Computer: true, Level: "medium"}})
	tb.handed = map[int]seatInfo{1: ben}
	ts.rateMatch(tb, game.SeatView{Totals: []int{30, -30}, Won: []int{1, 0}})
	left := ladderBoard(ts, rating.FamilyStandard, "").Recent[0]
	if left.Players[1].Key != ben.Key || left.Players[1].Rank != 2 {
		t.Fatalf("the player who left is not the one rated: %+v", left.Players)
	}
	// The ladder is on disk, and a new server reads it back.
	l, err := rating.Load(ts.ladder.file.path, rating.Default())
	if err != nil || len(l.Standings(rating.FamilyStandard)) != 3 {
		t.Fatalf("the ladder file: %v, %+v", err, l)
	}
}

// r in the lobby opens the ladder screen: the top players, your place.
func TestLadderScreen(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	key := newKey(t)
	fp := gossh.FingerprintSHA256(key.PublicKey())
	rateTable(ts, []seatInfo{{Name: "Zed", Key: fp}, {Name: "CPU expert", Computer: true, Level: "expert"}}, false, []int{40, -40}, []int{1, 0})
	c := join(t, ts, key, "Zed", "")
	c.waitText(0, "r ratings")
	m := c.mark()
	c.send("r")
	c.waitText(m, "You: rank 1 of 2")
	c.waitText(m, "expert")
	m = c.mark()
	c.send("l")
	c.waitText(m, "No rated match of this family yet.")
}

// A bot over SSH is offered to a table's creator as a seat kind, and the
// table seats it as a computer seat of its match (its connection is
// taken at its first turn).
func TestCreatorSeatsAnSSHBot(t *testing.T) {
	ts := startServer(t, t.TempDir(), nil)
	defer ts.stop(t)
	bk := newKey(t)
	b := connectBot(t, ts.addr, bk)
	b.serveLevel("medium")
	fp := gossh.FingerprintSHA256(bk.PublicKey())
	waitFor(t, "the bot in the pool", func() bool { return len(ts.bots.available()) == 1 })
	// The lobby lists it as online.
	c := join(t, ts, newKey(t), "Ana", "")
	c.waitText(0, "Bots online (seat one at a new table): bot "+shortKey(fp))
	kinds := ts.seatKinds()
	f := newCreateForm("Ana", kinds)
	f.labels = ts.kindLabels(kinds)
	f.row = rowSeats
	for i := 0; i < len(kinds) && f.seats[0] != sshBotPrefix+fp; i++ {
		f.change(1)
	}
	if f.seats[0] != sshBotPrefix+fp || f.labels[f.seats[0]] == "" {
		t.Fatalf("the form never offered the bot: %v %v", kinds, f.labels)
	}
	tb, err := ts.createTable("SHA256:ana", "Ana", "Ana's table", game.Standard(),
		[]seatInfo{{Computer: true, Level: f.seats[0], Name: ts.bots.name(fp)}}, true)
	if err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the match to start", func() bool { return tb.Host() != nil })
	seats, _, _ := tb.seatsView()
	if !seats[1].Computer || seats[1].Level != sshBotPrefix+fp {
		t.Fatalf("seats %+v", seats)
	}
	if c := tb.Host().Computers(); !c[1] {
		t.Fatalf("the bot's seat is not a computer seat of the host: %v", c)
	}
	b.conn.Close() // the bot leaves before the server closes
}

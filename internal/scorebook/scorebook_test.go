package scorebook

import (
	"reflect"
	"strings"
	"testing"

	"rummikub/internal/game"
)

// rack parses a rack or fails the test.
func rack(t *testing.T, s string) Rack {
	t.Helper()
	k, err := ParseRack(s)
	if err != nil {
		t.Fatalf("ParseRack(%q): %v", s, err)
	}
	return k
}

// played builds a game: out is a seat or Blocked, racks by seat ("" = not given).
func played(t *testing.T, out int, racks ...string) Game {
	t.Helper()
	g := NewGame(len(racks))
	g.Out = out
	for i, s := range racks {
		if s != "" {
			g.Racks[i] = rack(t, s)
		}
	}
	return g
}

func session(players ...string) *Session {
	return &Session{Players: players, Options: DefaultOptions()}
}

func score(t *testing.T, s *Session) Result {
	t.Helper()
	res, err := s.Score()
	if err != nil {
		t.Fatalf("Score: %v", err)
	}
	return res
}

// The worked examples of source 000: Ana goes out (Ben 22, Cai a joker and
// a 4, Dee an 11 and a 9), then Ben goes out (Ana 15, Cai 8, Dee 6).
func TestWorkedExampleSource000(t *testing.T) {
	s := session("Ana", "Ben", "Cai", "Dee")
	s.Games = []Game{
		played(t, 0, "", "22", "J O4", "K11 B9"),
		played(t, 1, "15", "", "8", "6"),
	}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{76, -22, -34, -20}; !reflect.DeepEqual(got, want) {
		t.Errorf("game 1 scores %v, want %v", got, want)
	}
	if got, want := res.Games[1].Scores, []int{-15, 29, -8, -6}; !reflect.DeepEqual(got, want) {
		t.Errorf("game 2 scores %v, want %v", got, want)
	}
	if got, want := res.Totals, []int{61, 7, -42, -26}; !reflect.DeepEqual(got, want) {
		t.Errorf("running totals %v, want %v", got, want)
	}
	if got, want := res.Games[0].Totals, []int{76, -22, -34, -20}; !reflect.DeepEqual(got, want) {
		t.Errorf("totals after game 1 %v, want %v", got, want)
	}
	for i, g := range res.Games {
		if g.Sum != 0 {
			t.Errorf("game %d sums to %d, want 0", i+1, g.Sum)
		}
	}
	if got, want := res.Won, []int{1, 1, 0, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("games won %v, want %v", got, want)
	}
	if res.Finished || res.Winner != -1 {
		t.Errorf("after 2 of 4 games: finished %v winner %d, want an open match", res.Finished, res.Winner)
	}
	if res.Leader() != 0 { // one game each; Ana has the higher score
		t.Errorf("leader is seat %d, want Ana", res.Leader())
	}
}

// Source 000's blocked game: Ana 5, Ben 12, Cai 20 left; Ana wins.
func TestWorkedExampleBlocked(t *testing.T) {
	s := session("Ana", "Ben", "Cai")
	s.Games = []Game{played(t, Blocked, "5", "12", "20")}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{22, -7, -15}; !reflect.DeepEqual(got, want) {
		t.Errorf("blocked scores %v, want %v", got, want)
	}
	if res.Games[0].Winner != 0 || !res.Games[0].Blocked {
		t.Errorf("winner %d blocked %v, want Ana and blocked", res.Games[0].Winner, res.Games[0].Blocked)
	}
}

// Source 001: A wins; B has 5, C 10, D 3 left.
func TestWorkedExampleSource001(t *testing.T) {
	s := session("A", "B", "C", "D")
	s.Games = []Game{played(t, 0, "", "5", "10", "3")}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{18, -5, -10, -3}; !reflect.DeepEqual(got, want) {
		t.Errorf("scores %v, want %v", got, want)
	}
}

func TestWinnerOnly(t *testing.T) {
	s := session("Ana", "Ben", "Cai", "Dee")
	s.Options.WinnerOnly = true
	s.Games = []Game{
		played(t, 0, "", "22", "J O4", "K11 B9"),
		played(t, 1, "15", "", "8", "6"),
	}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{76, 0, 0, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("winner-only scores %v, want %v", got, want)
	}
	if got, want := res.Totals, []int{76, 29, 0, 0}; !reflect.DeepEqual(got, want) {
		t.Errorf("winner-only totals %v, want %v", got, want)
	}
	if res.Games[0].Sum != 76 {
		t.Errorf("winner-only sum %d, want 76 (no zero sum)", res.Games[0].Sum)
	}
}

func TestJokerValue25(t *testing.T) {
	s := session("Ana", "Ben", "Cai")
	s.Options.Joker = 25
	s.Games = []Game{played(t, 0, "", "22", "J O4")}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{51, -22, -29}; !reflect.DeepEqual(got, want) {
		t.Errorf("joker 25 scores %v, want %v", got, want)
	}
}

func TestBlockedFewestTiles(t *testing.T) {
	s := session("Ana", "Ben", "Cai")
	s.Options.Blocked = game.BlockedFewestTiles
	// Ben has the fewest tiles though not the lowest total.
	s.Games = []Game{played(t, Blocked, "R1 R2 B1", "K13 O12", "J B5 O5 K5")}
	res := score(t, s)
	if got, want := res.Games[0].Scores, []int{-4, 49, -45}; !reflect.DeepEqual(got, want) {
		t.Errorf("fewest-tiles scores %v, want %v", got, want)
	}
	// A rack given only as a total has no tile count: refused.
	s.Games = []Game{played(t, Blocked, "4", "K13 O12", "J B5 O5 K5")}
	err := s.Check()
	if err == nil || !strings.Contains(err.Error(), "must be entered as tiles") {
		t.Errorf("fewest-tiles with a total: got %v, want a refusal asking for tiles", err)
	}
	// A game someone went out of is scored normally, totals allowed.
	s.Games = []Game{played(t, 0, "", "10", "R3 J")}
	if got, want := score(t, s).Games[0].Scores, []int{43, -10, -33}; !reflect.DeepEqual(got, want) {
		t.Errorf("went out under fewest-tiles: %v, want %v", got, want)
	}
}

// A target of 50 is reached in the first game of four: the match ends
// there, the winner is named, and no further game can be added.
func TestTargetReachedMidMatch(t *testing.T) {
	s := session("Ana", "Ben", "Cai", "Dee")
	s.Options.Target = 50
	s.Options.Games = 4
	b := NewBook(*s)
	if err := b.AddGame(played(t, 1, "10", "", "5", "3")); err != nil {
		t.Fatal(err)
	}
	res := score(t, &b.Session)
	if res.Finished {
		t.Fatalf("finished after Ben's +18, target 50")
	}
	if err := b.AddGame(played(t, 0, "", "22", "J O4", "K11 B9")); err != nil {
		t.Fatal(err)
	}
	res = score(t, &b.Session)
	if !res.Finished || res.Winner != 0 {
		t.Fatalf("Ana at %d of target 50: finished %v winner %d, want finished, Ana", res.Totals[0], res.Finished, res.Winner)
	}
	before := b.Session.Clone()
	err := b.AddGame(played(t, 2, "1", "1", "", "1"))
	if err == nil || !strings.Contains(err.Error(), "match is over") {
		t.Errorf("a game after the target: got %v, want a refusal", err)
	}
	if !reflect.DeepEqual(before, b.Session) {
		t.Errorf("the refused game changed the session")
	}
	// Raising the target reopens the match.
	o := b.Session.Options
	o.Target = 500
	if err := b.SetSetup(b.Session.Players, o); err != nil {
		t.Fatal(err)
	}
	if err := b.AddGame(played(t, 2, "1", "1", "", "1")); err != nil {
		t.Errorf("after raising the target: %v", err)
	}
	// A file with a game after the end is refused.
	s2 := b.Session.Clone()
	s2.Options.Target = 50
	if err := s2.Check(); err == nil || !strings.Contains(err.Error(), "game 3 comes after the match ended with game 2") {
		t.Errorf("game after the end: got %v", err)
	}
}

// With a target and no agreed number of games, the match runs past the
// player count until someone reaches the target.
func TestTargetWithoutGameCount(t *testing.T) {
	s := session("Ana", "Ben")
	s.Options.Target = 100
	for i := 0; i < 5; i++ {
		if i%2 == 0 {
			s.Games = append(s.Games, played(t, 0, "", "10"))
		} else {
			s.Games = append(s.Games, played(t, 1, "10", ""))
		}
	}
	res := score(t, s)
	if res.Finished || res.Length != 0 {
		t.Errorf("no one near 100 after 5 games: finished %v length %d", res.Finished, res.Length)
	}
	s.Games = append(s.Games, played(t, 1, "90", ""))
	res = score(t, s)
	if res.Finished {
		t.Errorf("Ben at %d of 100: finished", res.Totals[1])
	}
	s.Games = append(s.Games, played(t, 1, "20", ""))
	res = score(t, s)
	if !res.Finished || res.Winner != 1 || res.Totals[1] != 100 {
		t.Errorf("Ben at %d of 100: finished %v winner %d, want Ben", res.Totals[1], res.Finished, res.Winner)
	}
}

// Three games: Ana wins two small ones, Ben one big one. Most games won
// names Ana; highest score names Ben.
func TestMatchRules(t *testing.T) {
	s := session("Ana", "Ben", "Cai")
	s.Games = []Game{
		played(t, 0, "", "5", "5"),
		played(t, 0, "", "5", "5"),
		played(t, 1, "40", "", "40"),
	}
	res := score(t, s)
	if !res.Finished || res.Winner != 0 {
		t.Errorf("most games won: finished %v winner %d, want Ana", res.Finished, res.Winner)
	}
	s.Options.Win = game.WinnerScore
	res = score(t, s)
	if !res.Finished || res.Winner != 1 {
		t.Errorf("highest score: finished %v winner %d, want Ben", res.Finished, res.Winner)
	}
}

// Ana and Ben win one game each; the tie on games won goes to the higher
// total (Ben), not the earlier seat.
func TestTieOnGamesWonBrokenByScore(t *testing.T) {
	s := session("Ana", "Ben")
	s.Games = []Game{
		played(t, 0, "", "10"),
		played(t, 1, "30", ""),
	}
	res := score(t, s)
	if !res.Finished {
		t.Fatal("2 games of 2 played, not finished")
	}
	if res.Won[0] != 1 || res.Won[1] != 1 {
		t.Fatalf("games won %v", res.Won)
	}
	if res.Winner != 1 {
		t.Errorf("winner seat %d, want Ben (20 against -20)", res.Winner)
	}
	if got := res.Tied(); len(got) != 1 {
		t.Errorf("Tied() = %v, want only Ben", got)
	}
}

func TestEditEarlierGame(t *testing.T) {
	b := NewBook(*session("Ana", "Ben", "Cai", "Dee"))
	for _, g := range []Game{
		played(t, 0, "", "22", "J O4", "K11 B9"),
		played(t, 1, "15", "", "8", "6"),
	} {
		if err := b.AddGame(g); err != nil {
			t.Fatal(err)
		}
	}
	// Game 1 was really won by Dee, Ana holding 20.
	if err := b.ReplaceGame(0, played(t, 3, "20", "22", "J O4", "")); err != nil {
		t.Fatal(err)
	}
	res := score(t, &b.Session)
	if got, want := res.Totals, []int{-35, 7, -42, 70}; !reflect.DeepEqual(got, want) {
		t.Errorf("after the edit totals %v, want %v", got, want)
	}
	if got, want := res.Won, []int{0, 1, 0, 1}; !reflect.DeepEqual(got, want) {
		t.Errorf("after the edit games won %v, want %v", got, want)
	}
	if err := b.DeleteGame(0); err != nil {
		t.Fatal(err)
	}
	if got, want := score(t, &b.Session).Totals, []int{-15, 29, -8, -6}; !reflect.DeepEqual(got, want) {
		t.Errorf("after deleting game 1 totals %v, want %v", got, want)
	}
	for _, want := range []string{"game 1 deleted", "game 1 changed", "game 2 added", "game 1 added"} {
		what, ok := b.Undo()
		if !ok || what != want {
			t.Errorf("undo: %q %v, want %q", what, ok, want)
		}
	}
	if len(b.Session.Games) != 0 || b.CanUndo() {
		t.Errorf("after undoing everything: %d games, can undo %v", len(b.Session.Games), b.CanUndo())
	}
}

// Bad entries are refused with a clear sentence and leave the session as
// it was.
func TestBadEntriesRefused(t *testing.T) {
	b := NewBook(*session("Ana", "Ben", "Cai"))
	if err := b.AddGame(played(t, 0, "", "22", "J O4")); err != nil {
		t.Fatal(err)
	}
	before := b.Session.Clone()

	for _, tc := range []struct{ text, want string }{
		{"R7 X9", `"X9" is not a tile`},
		{"R14", "numbers run from 1 to 13"},
		{"-5", "cannot be negative"},
		{"", "the rack is empty"},
		{"99999999999999999999", "more than any rack can hold"},
	} {
		_, err := ParseRack(tc.text)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("ParseRack(%q) = %v, want an error with %q", tc.text, err, tc.want)
		}
	}

	bad := []struct {
		name string
		g    Game
		want string
	}{
		{"no winner", played(t, NoWinner, "1", "2", "3"), "game 2 has no winner: pick who went out, or mark it blocked"},
		{"missing rack", played(t, 0, "", "5", ""), "game 2 has no rack for Cai"},
		{"winner holds tiles", played(t, 0, "4", "5", "6"), "Ana went out, so their rack must be empty"},
		{"negative total", func() Game { g := played(t, 0, "", "5", "6"); g.Racks[2].Points = -6; return g }(), "cannot be negative"},
		{"blocked, one rack missing", played(t, Blocked, "3", "", "6"), "game 2 has no rack for Ben"},
		{"wrong seat", played(t, 5, "", "5", "6"), "names seat 6"},
	}
	for _, tc := range bad {
		err := b.AddGame(tc.g)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: got %v, want %q", tc.name, err, tc.want)
		}
		if !reflect.DeepEqual(before, b.Session) {
			t.Fatalf("%s: the refused game changed the session", tc.name)
		}
	}
	if err := b.ReplaceGame(0, played(t, NoWinner, "", "22", "J O4")); err == nil {
		t.Error("editing game 1 to have no winner was accepted")
	}
	if err := b.ReplaceGame(3, played(t, 0, "", "22", "J O4")); err == nil {
		t.Error("editing a game that does not exist was accepted")
	}
	if err := b.SetSetup([]string{"Ana", "Ben"}, b.Session.Options); err == nil {
		t.Error("removing a player after a game was accepted")
	}
	if err := b.SetSetup([]string{"Ana", "ana", "Cai"}, b.Session.Options); err == nil {
		t.Error("two players of the same name were accepted")
	}
	if !reflect.DeepEqual(before, b.Session) {
		t.Errorf("refused changes changed the session")
	}
	if what, _ := b.Undo(); what != "game 1 added" {
		t.Errorf("refused changes reached the undo list: last undo %q", what)
	}
}

func TestRenamePlayers(t *testing.T) {
	b := NewBook(*session("Ana", "Ben"))
	if err := b.AddGame(played(t, 0, "", "9")); err != nil {
		t.Fatal(err)
	}
	if err := b.SetSetup([]string{"Anna", "Ben"}, b.Session.Options); err != nil {
		t.Fatal(err)
	}
	data, err := b.Session.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), `"out": "Anna"`) {
		t.Errorf("renamed winner not in the file:\n%s", data)
	}
}

func TestCheckPlayers(t *testing.T) {
	for _, tc := range []struct {
		names []string
		ok    bool
	}{
		{[]string{"Ana", "Ben"}, true},
		{[]string{"A", "B", "C", "D", "E", "F"}, true},
		{[]string{"Ana"}, false},
		{[]string{"A", "B", "C", "D", "E", "F", "G"}, false},
		{[]string{"Ana", ""}, false},
		{[]string{"Ana", " Ben"}, false},
		{[]string{"Ana", "ANA"}, false},
		{[]string{"Ana", "Abcdefghijklmnopq"}, false},
		{[]string{"Ana", "B\x00"}, false},
	} {
		if err := CheckPlayers(tc.names); (err == nil) != tc.ok {
			t.Errorf("CheckPlayers(%q) = %v, want ok %v", tc.names, err, tc.ok)
		}
	}
}

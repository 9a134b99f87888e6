package scorebook

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

const issueExample = `{"players": ["Ana","Ben","Cai"], "options": {"win": "games", "target": 0, "winner_only": false, "joker": 30, "blocked": "difference"}, "games": [{"out": "Ana", "racks": {"Ben": 22, "Cai": "J O4"}}, {"blocked": true, "racks": {"Ana": 5, "Ben": 12, "Cai": 20}}]}`

// fataler is what the helpers take of a test: a *testing.T or a
// *rapid.T.
type fataler interface {
	Helper()
	Fatal(args ...any)
	Fatalf(format string, args ...any)
}

// mustParse reads a session the test holds to be valid.
func mustParse(t fataler, text string) *Session {
	t.Helper()
	s, err := Parse([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// roundTrip saves s and reads the file back, failing the test when it
// does not read back.
func roundTrip(t fataler, s *Session) ([]byte, *Session) {
	t.Helper()
	data, err := s.Marshal()
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data)
	if err != nil {
		t.Fatalf("saved session does not read back: %v\n%s", err, data)
	}
	return data, back
}

func TestReportOfIssueExample(t *testing.T) {
	s := mustParse(t, issueExample)
	out, err := s.Report()
	if err != nil {
		t.Fatal(err)
	}
	var got, want any
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, out)
	}
	json.Unmarshal([]byte(`{"games": [{"scores": {"Ana": 56, "Ben": -22, "Cai": -34}}, {"scores": {"Ana": 22, "Ben": -7, "Cai": -15}}],
		"totals": {"Ana": 78, "Ben": -29, "Cai": -49}, "games_won": {"Ana": 2, "Ben": 0, "Cai": 0}, "finished": false, "winner": null}`), &want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("report\n%s\nwant\n%v", out, want)
	}
	// Seats keep their order in the output.
	if i, j := bytes.Index(out, []byte(`"Cai": 0`)), bytes.Index(out, []byte(`"Ana": 2`)); i < j {
		t.Errorf("players out of seat order:\n%s", out)
	}
}

func TestReportFinished(t *testing.T) {
	s := mustParse(t, `{"players":["A","B"],"options":{"win":"score","games":1},"games":[{"out":"B","racks":{"A":"R5 B5"}}]}`)
	out, _ := s.Report()
	if !bytes.Contains(out, []byte(`"finished": true`)) || !bytes.Contains(out, []byte(`"winner": "B"`)) {
		t.Errorf("report of a finished match:\n%s", out)
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct{ file, want string }{
		{``, "empty or cut short"},
		{`{"players": ["Ana","Ben"],`, "cut short"},
		{`{"players": ["Ana" "Ben"]}`, "not valid JSON at line 1"},
		{"{\n\"players\": [\"Ana\",\n\"Ben\"]]}", "not valid JSON at line 3"},
		{`[1,2]`, "must be a JSON object"},
		{`{"players": ["Ana","Ben"]} x`, "more text after"},
		{`{}`, "has no players"},
		{`{"players": "Ana"}`, "players must be a list of names"},
		{`{"players": ["Ana"]}`, "2 to 6 players, not 1"},
		{`{"players": ["Ana","Ben"], "colour": 1}`, `unknown field "colour"`},
		{`{"players": ["Ana","Ben"], "options": {"jokers": 30}}`, `options has an unknown field "jokers"`},
		{`{"players": ["Ana","Ben"], "options": {"joker": 20}}`, "option joker takes 30 or 25, not 20"},
		{`{"players": ["Ana","Ben"], "options": {"joker": "30"}}`, "option joker takes a whole number"},
		{`{"players": ["Ana","Ben"], "options": {"win": "most"}}`, `option win takes "games" or "score"`},
		{`{"players": ["Ana","Ben"], "options": {"blocked": "fewest"}}`, `option blocked takes "difference" or "fewest-tiles"`},
		{`{"players": ["Ana","Ben"], "options": {"target": -5}}`, "option target takes a whole number from 0"},
		{`{"players": ["Ana","Ben"], "options": {"winner_only": "yes"}}`, "winner_only takes true or false"},
		{`{"players": ["Ana","Ben"], "games": [{"racks": {"Ben": 3}}]}`, "game 1 has no winner"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Cai", "racks": {"Ben": 3}}]}`, `game 1 says "Cai" went out, who is not a player`},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": 3, "Dee": 4}}]}`, `game 1 has a rack for "Dee", who is not a player`},
		{`{"players": ["Ana","Ben","Cai"], "games": [{"out": "Ana", "racks": {"Ben": 3}}]}`, "game 1 has no rack for Cai"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": -3}}]}`, "game 1, Ben's rack: a rack total cannot be negative"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": 2.5}}]}`, "game 1, Ben's rack"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": "R7 Q3"}}]}`, `game 1, Ben's rack: "Q3" is not a tile`},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": true}}]}`, "give a total or tiles"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "blocked": true, "racks": {"Ben": 1}}]}`, "went out and also that it was blocked"},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ben": 1}, "winner": "Ana"}]}`, `game 1 has an unknown field "winner"`},
		{`{"players": ["Ana","Ben"], "games": [{"out": "Ana", "racks": {"Ana": 4, "Ben": 1}}]}`, "Ana went out, so their rack must be empty"},
		{`{"players": ["Ana","Ben"], "options": {"blocked": "fewest-tiles"}, "games": [{"blocked": true, "racks": {"Ana": 4, "Ben": "R1"}}]}`, "must be entered as tiles"},
		{`{"players": ["Ana","Ben"], "options": {"games": 1}, "games": [{"out": "Ana", "racks": {"Ben": 1}}, {"out": "Ana", "racks": {"Ben": 1}}]}`, "game 2 comes after the match ended with game 1"},
	} {
		_, err := Parse([]byte(tc.file))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("Parse(%s)\n got %v\nwant an error with %q", tc.file, err, tc.want)
			continue
		}
		if msg := err.Error(); strings.Contains(msg, "\n") || strings.Count(msg, ". ") > 0 {
			t.Errorf("Parse(%s): %q is not one sentence", tc.file, msg)
		}
	}
}

// Saving and reading back gives the same session, racks kept as entered.
func TestMarshalRoundTrip(t *testing.T) {
	s := mustParse(t, issueExample)
	data, back := roundTrip(t, s)
	if !reflect.DeepEqual(s, back) {
		t.Errorf("round trip changed the session:\n%+v\n%+v", s, back)
	}
	if !bytes.Contains(data, []byte(`"Cai": "J O4"`)) || !bytes.Contains(data, []byte(`"Ben": 22`)) {
		t.Errorf("racks not kept as entered:\n%s", data)
	}
}

// genSession draws a valid session.
func genSession(t *rapid.T) Session {
	n := rapid.IntRange(MinPlayers, MaxPlayers).Draw(t, "players")
	s := Session{Options: DefaultOptions()}
	for i := 0; i < n; i++ {
		s.Players = append(s.Players, string(rune('A'+i))+rapid.StringMatching(`[a-z]{0,5}`).Draw(t, "name"))
	}
	s.Options.WinnerOnly = rapid.Bool().Draw(t, "winnerOnly")
	s.Options.Joker = rapid.SampledFrom([]int{25, 30}).Draw(t, "joker")
	s.Options.Blocked = rapid.SampledFrom([]string{"difference", "fewest-tiles"}).Draw(t, "blocked")
	s.Options.Win = rapid.SampledFrom([]string{"games", "score"}).Draw(t, "win")
	s.Options.Games = 1000
	games := rapid.IntRange(0, 8).Draw(t, "games")
	for i := 0; i < games; i++ {
		g := NewGame(n)
		g.Out = rapid.IntRange(Blocked, n-1).Draw(t, "out")
		for seat := range g.Racks {
			if seat == g.Out {
				continue
			}
			if rapid.Bool().Draw(t, "asTiles") || (g.Out == Blocked && s.Options.Blocked == "fewest-tiles") {
				k, err := ParseRack(rapid.SampledFrom([]string{"R7", "J O4", "K13 B13 O1", "J J", "B2 B3"}).Draw(t, "tiles"))
				if err != nil {
					t.Fatal(err)
				}
				g.Racks[seat] = k
			} else {
				g.Racks[seat] = TotalRack(rapid.IntRange(0, 120).Draw(t, "total"))
			}
		}
		s.Games = append(s.Games, g)
	}
	return s
}

// Properties: every game sums to zero (winner-only aside), totals are the
// sums of game scores, games won add up to games played, and the file
// format reads back to the same session.
func TestSessionProperties(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := genSession(t)
		res, err := s.Score()
		if err != nil {
			t.Fatalf("a valid session refused: %v", err)
		}
		totals := make([]int, len(s.Players))
		won := 0
		for _, g := range res.Games {
			sum := 0
			for seat, v := range g.Scores {
				sum += v
				totals[seat] += v
			}
			if !s.Options.WinnerOnly && sum != 0 {
				t.Fatalf("a game sums to %d", sum)
			}
			if sum != g.Sum {
				t.Fatalf("Sum %d, scores add to %d", g.Sum, sum)
			}
		}
		for _, w := range res.Won {
			won += w
		}
		if !reflect.DeepEqual(totals, res.Totals) || won != len(s.Games) {
			t.Fatalf("totals %v vs %v, games won %d of %d", totals, res.Totals, won, len(s.Games))
		}
		if _, back := roundTrip(t, &s); !reflect.DeepEqual(&s, back) {
			t.Fatalf("round trip changed the session")
		}
	})
}

// FuzzParse: no input makes the parser panic; whatever it accepts saves
// and reads back to the same report.
func FuzzParse(f *testing.F) {
	f.Add([]byte(issueExample))
	f.Add([]byte(`{"players":["A","B"],"options":{"blocked":"fewest-tiles","joker":25},"games":[{"blocked":true,"racks":{"A":"J","B":"R1 R2"}}]}`))
	f.Add([]byte(`{"players":["A","B"],"games":[{"out":"A","racks":{"B":"-0"}}]}`))
	f.Add([]byte(`{"players":["A","B"],"games":null}`))
	f.Add([]byte(`{"players":["A","B"],"games":[{"out":"A","racks":{"B":1e3}}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := Parse(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error is more than one line: %q", err)
			}
			return
		}
		rep, err := s.Report()
		if err != nil {
			t.Fatalf("accepted session does not score: %v", err)
		}
		_, back := roundTrip(t, s)
		rep2, _ := back.Report()
		if !bytes.Equal(rep, rep2) {
			t.Fatalf("report changed on the round trip:\n%s\n%s", rep, rep2)
		}
	})
}

func TestStore(t *testing.T) {
	st := Store{Dir: filepath.Join(t.TempDir(), "scores")}
	if list, err := st.List(); err != nil || len(list) != 0 {
		t.Fatalf("empty store lists %v, %v", list, err)
	}
	s := mustParse(t, issueExample)
	if err := st.Save("friday", s); err != nil {
		t.Fatal(err)
	}
	back, err := st.Load("friday")
	if err != nil || !reflect.DeepEqual(s, back) {
		t.Fatalf("load: %v", err)
	}
	// A bad session is not saved, and the saved one stays as it was.
	bad := s.Clone()
	bad.Games[0].Out = NoWinner
	if err := st.Save("friday", &bad); err == nil {
		t.Fatal("a session with a game without winner was saved")
	}
	if back, _ := st.Load("friday"); !reflect.DeepEqual(s, back) {
		t.Fatal("a refused save changed the file")
	}
	os.WriteFile(st.Path("broken"), []byte("{"), 0o644)
	list, err := st.List()
	if err != nil || len(list) != 2 {
		t.Fatalf("list: %v %v", list, err)
	}
	for _, e := range list {
		switch e.Name {
		case "friday":
			if e.Err != nil || e.Games != 2 || e.Leader != "Ana" || !strings.Contains(e.Summary(), "Ana, Ben, Cai - 2 games, Ana leads") {
				t.Errorf("friday: %+v %q", e, e.Summary())
			}
		case "broken":
			if e.Err == nil {
				t.Errorf("a broken file listed without an error")
			}
		}
	}
	for _, name := range []string{"", "../x", "a/b", ".hidden", "-x", strings.Repeat("a", 41), "a b"} {
		if err := CheckSessionName(name); err == nil {
			t.Errorf("session name %q accepted", name)
		}
	}
	if _, err := st.Load("missing"); err == nil {
		t.Error("a missing session loaded")
	}
	if err := st.Delete("friday"); err != nil || st.Exists("friday") {
		t.Errorf("delete: %v", err)
	}
}

package game

import (
	"reflect"
	"strings"
	"testing"
)

func TestNewMatchDeals(t *testing.T) {
	for _, preset := range []string{"standard", "six"} {
		r, _ := Preset(preset)
		for n := 2; n <= r.MaxPlayers; n++ {
			names := []string{"A", "B", "C", "D", "E", "F"}[:n]
			m, err := NewMatch(r, names, 7)
			if err != nil {
				t.Fatalf("%s, %d players: %v", preset, n, err)
			}
			g := m.Game
			for s, rk := range g.Racks {
				if len(rk) != r.RackSize {
					t.Errorf("%s: seat %d has %d tiles, want %d", preset, s, len(rk), r.RackSize)
				}
			}
			if want := r.TileCount() - n*r.RackSize; len(g.Pool) != want {
				t.Errorf("%s: pool %d, want %d", preset, len(g.Pool), want)
			}
			if g.Turn != g.Starter || g.Number != 1 || !g.Table.Empty() {
				t.Errorf("%s: bad start: turn %d starter %d game %d", preset, g.Turn, g.Starter, g.Number)
			}
			if err := m.CheckConservation(); err != nil {
				t.Error(err)
			}
		}
	}
}

func TestNewMatchRefuses(t *testing.T) {
	std := Standard()
	big := Standard()
	big.RackSize = 30
	cases := []struct {
		name  string
		r     Rules
		names []string
		want  string
	}{
		{"one player", std, []string{"A"}, "2 to 4 players"},
		{"five players", std, []string{"A", "B", "C", "D", "E"}, "2 to 4 players"},
		{"racks too big", big, []string{"A", "B", "C", "D"}, "need 120 tiles"},
		{"blank name", std, []string{"A", " "}, "no name"},
	}
	for _, c := range cases {
		_, err := NewMatch(c.r, c.names, 1)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
	}
}

// The deal depends only on the seed and the game's number.
func TestDealIsSeeded(t *testing.T) {
	r := Standard()
	a := deal(&r, 3, 42, 2)
	b := deal(&r, 3, 42, 2)
	if !reflect.DeepEqual(a, b) {
		t.Fatal("the same seed and game number dealt differently")
	}
	c := deal(&r, 3, 42, 3)
	d := deal(&r, 3, 43, 2)
	if reflect.DeepEqual(a.Racks, c.Racks) || reflect.DeepEqual(a.Racks, d.Racks) {
		t.Fatal("a different game number or seed dealt the same racks")
	}
}

// The draw for the first player: the highest number starts, a joker is
// drawn again at once, tied players draw again.
func TestDrawForFirstPlayer(t *testing.T) {
	r := Standard()
	r.Jokers = 8 // many jokers, to see redraws often
	sawJoker, sawTie := false, false
	for seed := uint64(0); seed < 300; seed++ {
		n := 2 + int(seed%3)
		g := deal(&r, n, seed, 1)
		rounds := map[int]map[int]int{} // round -> seat -> number drawn
		for i, d := range g.StartDraw {
			if d.Tile.IsJoker() {
				sawJoker = true
				if i+1 >= len(g.StartDraw) || g.StartDraw[i+1].Seat != d.Seat || g.StartDraw[i+1].Round != d.Round {
					t.Fatalf("seed %d: a joker was not drawn again by the same player", seed)
				}
				continue
			}
			if rounds[d.Round] == nil {
				rounds[d.Round] = map[int]int{}
			}
			rounds[d.Round][d.Seat] = int(d.Tile.Face.Num)
		}
		last := len(rounds)
		if last > 1 {
			sawTie = true
		}
		for round := 1; round <= last; round++ {
			best, count := 0, 0
			for _, num := range rounds[round] {
				if num > best {
					best, count = num, 1
				} else if num == best {
					count++
				}
			}
			if round < last && count < 2 {
				t.Fatalf("seed %d: round %d had a single highest tile but play went on", seed, round)
			}
			if round == last && (count != 1 || rounds[round][g.Starter] != best) {
				t.Fatalf("seed %d: seat %d started without the single highest tile", seed, g.Starter)
			}
			if round > 1 && len(rounds[round]) != countTied(rounds[round-1]) {
				t.Fatalf("seed %d: round %d was drawn by players who were not tied", seed, round)
			}
		}
	}
	if !sawJoker || !sawTie {
		t.Fatalf("the seeds never showed a joker redraw (%v) or a tie (%v)", sawJoker, sawTie)
	}
}

func countTied(round map[int]int) int {
	best, count := 0, 0
	for _, n := range round {
		if n > best {
			best, count = n, 1
		} else if n == best {
			count++
		}
	}
	return count
}

func TestDrawAndTurnOrder(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben", "Cai")
	start := m.Game.Turn
	other := (start + 1) % 3
	refused(t, m, Action{Seat: other, Kind: ActDraw}, CodeNotYourTurn)
	refused(t, m, Action{Seat: 7, Kind: ActDraw}, CodeBadAction)
	refused(t, m, Action{Seat: start, Kind: ActPass}, CodePoolNotEmpty)
	refused(t, m, Action{Seat: start, Kind: "dance"}, CodeBadAction)
	refused(t, m, Action{Seat: start, Kind: ActPull}, CodeNotRiver)
	refused(t, m, Action{Seat: start, Kind: ActKeep}, CodeBadAction)
	refused(t, m, Action{Seat: start, Kind: ActCancelPull}, CodeNoPull)
	refused(t, m, Action{Kind: ActNextGame}, CodeGameNotOver)
	pool := len(m.Game.Pool)
	top := m.Game.Pool[pool-1]
	out := mustApply(t, m, Action{Seat: start, Kind: ActDraw})
	if len(out.Drawn) != 1 || out.Drawn[0] != top || !out.TurnEnded || out.Event.Drew != 1 {
		t.Fatalf("draw: %+v", out)
	}
	if len(m.Game.Pool) != pool-1 || len(m.Game.Racks[start]) != 15 {
		t.Fatalf("draw took %d from the pool, rack now %d", pool-len(m.Game.Pool), len(m.Game.Racks[start]))
	}
	if rk := m.Game.Racks[start]; rk[len(rk)-1] != top {
		t.Fatal("the drawn tile is not on the drawer's rack")
	}
	if m.Game.Turn != other {
		t.Fatalf("turn went to %d, want %d (clockwise)", m.Game.Turn, other)
	}
	if len(m.History) != 1 || len(m.Log) != 1 || m.Log[0].Seat != start {
		t.Fatal("the draw was not recorded")
	}
}

func TestPassAndEmptyPool(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben", "Cai")
	arrange(t, m, position{racks: []string{"R1 R2", "B5", "K9 K10"}, pool: noPool})
	refused(t, m, Action{Seat: 0, Kind: ActDraw}, CodePoolEmpty)
	mustApply(t, m, Action{Seat: 0, Kind: ActPass})
	mustApply(t, m, Action{Seat: 1, Kind: ActPass})
	if m.Game.Passes != 2 || m.Game.Over {
		t.Fatalf("after two passes: passes %d over %v", m.Game.Passes, m.Game.Over)
	}
	out := mustApply(t, m, Action{Seat: 2, Kind: ActPass})
	if !out.GameOver || !out.Event.Blocked || !m.Game.Score.Blocked {
		t.Fatalf("a full round of passes did not block the game: %+v", out)
	}
	// Ana 3, Ben 5, Cai 19: Ana wins by difference: Ben -2, Cai -16.
	if want := []int{18, -2, -16}; !reflect.DeepEqual(m.Game.Score.Scores, want) {
		t.Fatalf("blocked scores %v, want %v", m.Game.Score.Scores, want)
	}
	refused(t, m, Action{Seat: 0, Kind: ActPass}, CodeGameOver)
}

func TestTimeout(t *testing.T) {
	cases := []struct {
		name       string
		rules      func(r *Rules)
		pool       int
		unfinished bool
		drew       int
		code       string // refused with
		passes     int
	}{
		{"finished draws one", nil, 10, false, 1, "", 0},
		{"unfinished draws timeout-draws", nil, 10, true, 3, "", 0},
		{"unfinished draws five", func(r *Rules) { r.TimeoutDraws = 5 }, 10, true, 5, "", 0},
		{"unfinished with two left", nil, 2, true, 2, "", 0},
		{"empty pool is a pass", nil, noPool, true, 0, "", 1},
		{"no time limit", func(r *Rules) { r.TurnSeconds = 0 }, 10, false, 0, CodeNoTimeLimit, 0},
		{"pressman time limit", func(r *Rules) { r.TurnSeconds = 120 }, 10, false, 1, "", 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			if c.rules != nil {
				c.rules(&r)
			}
			m := newTestMatch(t, r, "Ana", "Ben")
			arrange(t, m, position{racks: []string{"R1 R2 R3 B4", "K9"}, table: "O5 O6 O7", pool: c.pool, melded: []bool{true, true}})
			a := Action{Seat: 0, Kind: ActTimeout, Unfinished: c.unfinished}
			if c.code != "" {
				refused(t, m, a, c.code)
				return
			}
			table := FormatTable(SetsOf(m.Game.Table))
			out := mustApply(t, m, a)
			if out.Event.Drew != c.drew || len(out.Drawn) != c.drew || len(m.Game.Racks[0]) != 4+c.drew {
				t.Fatalf("drew %d (rack %d), want %d", out.Event.Drew, len(m.Game.Racks[0]), c.drew)
			}
			if FormatTable(SetsOf(m.Game.Table)) != table {
				t.Fatal("a time-out changed the table")
			}
			if m.Game.Turn != 1 || m.Game.Passes != c.passes || out.Event.Unfinished != c.unfinished {
				t.Fatalf("turn %d passes %d", m.Game.Turn, m.Game.Passes)
			}
		})
	}
}

func TestPlayFlow(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben")
	arrange(t, m, position{racks: []string{"R10 R11 R12 B1 K2", "O3 O4"}})
	// Too low an initial meld is refused, and changes nothing.
	refused(t, m, play(t, 0, "B1 R10 K2"), CodeInvalidSet)
	out := mustApply(t, m, play(t, 0, "R10 R11 R12"))
	if !out.Result.Melded || out.Event.Points != 33 || !m.Game.Melded[0] || faces(out.Event.Placed) != "R10 R11 R12" {
		t.Fatalf("initial meld: %+v", out)
	}
	if faces(m.Game.Racks[0]) != "B1 K2" || FormatTable(SetsOf(m.Game.Table)) != "R10 R11 R12" || m.Game.Turn != 1 {
		t.Fatalf("after the meld: rack %s table %s", faces(m.Game.Racks[0]), FormatTable(SetsOf(m.Game.Table)))
	}
	// The played tiles keep their ids on the table.
	for _, tl := range SetsOf(m.Game.Table)[0] {
		if tl.ID == NoID {
			t.Fatal("a table tile lost its id")
		}
	}
	mustApply(t, m, Action{Seat: 1, Kind: ActDraw})
	refused(t, m, play(t, 0, "R10 R11 R12"), CodeNothingPlayed)
	refused(t, m, play(t, 0, "R11 R12"), CodeTableTileMissing)
	refused(t, m, play(t, 0, "R10 R11 R12 | B1 K2"), CodeInvalidSet)
}

func TestPlayWithIDs(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben")
	arrange(t, m, position{racks: []string{"R10 R11 R12 R13 B1", "O3 O4"}})
	rack := m.Game.Racks[0]
	// The UI hands back the very tiles it was given.
	out := mustApply(t, m, Action{Seat: 0, Kind: ActPlay, After: Table{{rack[3], rack[1], rack[0], rack[2]}}})
	if len(out.Result.Placed) != 4 {
		t.Fatalf("placed %v", out.Result.Placed)
	}
	for i, tl := range SetsOf(m.Game.Table)[0] {
		if tl.ID != rack[i].ID {
			t.Fatalf("table tile %d has id %d, want %d", i, tl.ID, rack[i].ID)
		}
	}
}

func TestGoingOutScores(t *testing.T) {
	// Source 000: Ana goes out; Ben has 22 left, Cai a joker and a 4, Dee
	// an 11 and a 9: Ana +76, Ben -22, Cai -34, Dee -20.
	m := newTestMatch(t, Standard(), "Ana", "Ben", "Cai", "Dee")
	arrange(t, m, position{
		racks:  []string{"K7 K8 K9", "R10 B12", "J O4", "B11 O9"},
		table:  "R1 R2 R3",
		melded: []bool{true, true, true, true},
	})
	out := mustApply(t, m, play(t, 0, "R1 R2 R3 | K7 K8 K9"))
	if !out.GameOver || !out.Event.Out || out.MatchOver {
		t.Fatalf("going out: %+v", out)
	}
	if want := []int{76, -22, -34, -20}; !reflect.DeepEqual(m.Game.Score.Scores, want) || m.Game.Score.Winner != 0 {
		t.Fatalf("scores %v, want %v", m.Game.Score.Scores, want)
	}
	refused(t, m, Action{Seat: 1, Kind: ActDraw}, CodeGameOver)
	// The next game: Ben goes out, Ana has 15 left, Cai 8, Dee 6.
	mustApply(t, m, Action{Kind: ActNextGame})
	if m.Game.Number != 2 || m.Game.Over {
		t.Fatal("the next game was not dealt")
	}
	arrange(t, m, position{
		racks:  []string{"R7 B8", "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10", "K8", "R6"},
		melded: []bool{true, true, true, true},
		turn:   1,
	})
	mustApply(t, m, play(t, 1, "O1 O2 O3 O4 O5 O6 O7 O8 O9 O10"))
	if want := []int{-15, 29, -8, -6}; !reflect.DeepEqual(m.Game.Score.Scores, want) {
		t.Fatalf("game 2 scores %v, want %v", m.Game.Score.Scores, want)
	}
	if want := []int{61, 7, -42, -26}; !reflect.DeepEqual(m.Totals, want) {
		t.Fatalf("running totals %v, want %v", m.Totals, want)
	}
	if !reflect.DeepEqual(m.Won, []int{1, 1, 0, 0}) {
		t.Fatalf("games won %v", m.Won)
	}
}

// Source 001: A wins; B has 5 left, C 10, D 3: A +18, B -5, C -10, D -3.
func TestSource001Scoring(t *testing.T) {
	m := newTestMatch(t, Standard(), "A", "B", "C", "D")
	arrange(t, m, position{
		racks:  []string{"B9 B10 B11", "R5", "K10", "O3"},
		melded: []bool{true, true, true, true},
	})
	mustApply(t, m, play(t, 0, "B9 B10 B11"))
	if want := []int{18, -5, -10, -3}; !reflect.DeepEqual(m.Totals, want) {
		t.Fatalf("totals %v, want %v", m.Totals, want)
	}
}

// blockGame passes a full round in a game arranged with an empty pool.
func blockGame(t *testing.T, m *Match) {
	t.Helper()
	n := m.Players()
	for i := 0; i < n; i++ {
		out := mustApply(t, m, Action{Seat: m.Game.Turn, Kind: ActPass})
		if out.GameOver != (i == n-1) {
			t.Fatalf("pass %d of %d: game over %v", i+1, n, out.GameOver)
		}
	}
}

func TestBlockedScoring(t *testing.T) {
	racks := []string{"R5", "B6 B6", "K10 K10"} // Ana 5 (1 tile), Ben 12 (2), Cai 20 (2)
	cases := []struct {
		name   string
		rules  func(r *Rules)
		racks  []string
		melded []bool
		winner int
		want   []int
	}{
		// Source 000: Ana 5, Ben 12, Cai 20: Ana +22, Ben -7, Cai -15.
		{"difference", nil, racks, nil, 0, []int{22, -7, -15}},
		{"fewest tiles", func(r *Rules) { r.Blocked = BlockedFewestTiles }, []string{"R9 R9", "B1 B1 B2", "K13"}, nil, 2, []int{-18, -4, 22}},
		{"fewest tiles, tie on tiles goes to the lower total", func(r *Rules) { r.Blocked = BlockedFewestTiles }, []string{"R9 R9", "B1 B2", "K13 K13"}, nil, 1, []int{-18, 44, -26}},
		{"difference, winner only", func(r *Rules) { r.WinnerOnly = true }, racks, nil, 0, []int{22, 0, 0}},
		// Cai never melded: Cai's 20 goes to each other player.
		{"never melded penalty", func(r *Rules) { r.NeverMeldedPenalty = true }, racks, []bool{true, true, false}, 0, []int{42, 13, -55}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			if c.rules != nil {
				c.rules(&r)
			}
			m := newTestMatch(t, r, "Ana", "Ben", "Cai")
			melded := c.melded
			if melded == nil {
				melded = []bool{true, true, true}
			}
			arrange(t, m, position{racks: c.racks, pool: noPool, melded: melded, turn: 1})
			blockGame(t, m)
			s := m.Game.Score
			if !s.Blocked || s.Winner != c.winner || !reflect.DeepEqual(s.Scores, c.want) {
				t.Fatalf("score %+v, want winner %d scores %v", s, c.winner, c.want)
			}
			if m.Won[c.winner] != 1 {
				t.Fatalf("games won %v", m.Won)
			}
		})
	}
}

func TestWinnerOnlyAndNeverMeldedWhenGoingOut(t *testing.T) {
	cases := []struct {
		name  string
		rules func(r *Rules)
		want  []int
	}{
		{"standard", nil, []int{27, -7, -20}},
		{"winner only", func(r *Rules) { r.WinnerOnly = true }, []int{27, 0, 0}},
		// Cai never melded: 20 to each other player, -40 more for Cai.
		{"never melded", func(r *Rules) { r.NeverMeldedPenalty = true }, []int{47, 13, -60}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			if c.rules != nil {
				c.rules(&r)
			}
			m := newTestMatch(t, r, "Ana", "Ben", "Cai")
			arrange(t, m, position{racks: []string{"R10 R11 R12", "B7", "K10 K10"}, melded: []bool{false, true, false}})
			mustApply(t, m, play(t, 0, "R10 R11 R12"))
			if !reflect.DeepEqual(m.Game.Score.Scores, c.want) {
				t.Fatalf("scores %v, want %v", m.Game.Score.Scores, c.want)
			}
		})
	}
}

// goOut ends the current game with seat going out holding R10 R11 R12
// (racks[seat] is ignored), the others left with racks.
func goOut(t *testing.T, m *Match, seat int, racks []string) {
	t.Helper()
	racks = append([]string(nil), racks...)
	racks[seat] = "R10 R11 R12"
	melded := make([]bool, m.Players())
	for i := range melded {
		melded[i] = true
	}
	arrange(t, m, position{racks: racks, melded: melded, turn: seat})
	out := mustApply(t, m, play(t, seat, "R10 R11 R12"))
	if !out.GameOver {
		t.Fatal("going out did not end the game")
	}
}

func TestMatchLengthAndWinner(t *testing.T) {
	type game struct {
		out   int
		racks []string
	}
	cases := []struct {
		name    string
		rules   func(r *Rules)
		games   []game
		overAt  int // games after which the match is over
		ranking []int
	}{
		// Default: as many games as players (3); most games won. Ana
		// wins 2 games with 1 point, Ben 1 game with 31.
		{"games=players, most games won", nil, []game{
			{0, []string{"", "K10", "K10"}},
			{1, []string{"K13 B13 O13", "", "K12"}},
			{0, []string{"", "K10", "K10"}},
		}, 3, []int{0, 1, 2}},
		// One game each for Ana (-19) and Ben (41): the score decides.
		{"games won tie broken by score", func(r *Rules) { r.Games = 2 }, []game{
			{0, []string{"", "K10", "K10"}},
			{1, []string{"K13 B13 O13", "", "K12"}},
		}, 2, []int{1, 0, 2}},
		// Ana wins two games (40) but Cai's one game gives him 68.
		{"match-winner=score", func(r *Rules) { r.Games = 3; r.MatchWinner = WinnerScore }, []game{
			{0, []string{"", "K10", "K10"}},
			{0, []string{"", "K10", "K10"}},
			{2, []string{"K13 B13 O13 R13", "K12 B12 O12", ""}},
		}, 3, []int{2, 0, 1}},
		// A target ends the match as soon as someone reaches it: Ana
		// has 75, then 106.
		{"target ends early", func(r *Rules) { r.Games = 5; r.Target = 100 }, []game{
			{0, []string{"", "K13 B13 O13", "K12 B12 O12"}},
			{0, []string{"", "K10 K11", "O10"}},
		}, 2, []int{0, 2, 1}},
		// A target with games=0 runs past the player count until reached:
		// Ana has 75, 49, 149, then 152.
		{"target only", func(r *Rules) { r.Target = 150; r.MatchWinner = WinnerScore }, []game{
			{0, []string{"", "K13 B13 O13", "K12 B12 O12"}},
			{1, []string{"R13 K13", "", "R12 K12"}},
			{0, []string{"", "K13 B13 O13 R13", "K12 B12 O12 R12"}},
			{0, []string{"", "K1", "K2"}},
		}, 4, []int{0, 1, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := Standard()
			if c.rules != nil {
				c.rules(&r)
			}
			m := newTestMatch(t, r, "Ana", "Ben", "Cai")
			for i, g := range c.games {
				if m.Over() {
					t.Fatalf("the match ended after %d games", i)
				}
				if i > 0 {
					if err := m.NextGame(); err != nil {
						t.Fatal(err)
					}
				}
				goOut(t, m, g.out, g.racks)
			}
			if !m.Over() || m.GamesPlayed() != c.overAt {
				t.Fatalf("over %v after %d games, want over after %d (totals %v)", m.Over(), m.GamesPlayed(), c.overAt, m.Totals)
			}
			refused(t, m, Action{Kind: ActNextGame}, CodeMatchOver)
			refused(t, m, Action{Seat: 0, Kind: ActDraw}, CodeMatchOver)
			st := m.Standings()
			var got []int
			for _, s := range st {
				got = append(got, s.Seat)
			}
			if !reflect.DeepEqual(got, c.ranking) {
				t.Fatalf("standings %+v, want order %v", st, c.ranking)
			}
			if v := m.ViewFor(0); !v.MatchOver {
				t.Fatal("the view does not say the match is over")
			}
		})
	}
}

// A seat's view holds its own rack and only counts of the others.
func TestViewFor(t *testing.T) {
	m := newTestMatch(t, Standard(), "Ana", "Ben")
	arrange(t, m, position{racks: []string{"R1 R2 R3", "K4 K5"}, table: "O7 O8 O9"})
	v := m.ViewFor(1)
	if faces(v.Rack) != "K4 K5" || !reflect.DeepEqual(v.RackCounts, []int{3, 2}) || v.Pool != len(m.Game.Pool) {
		t.Fatalf("view %+v", v)
	}
	if FormatTable(SetsOf(v.Table)) != "O7 O8 O9" || v.Seat != 1 || v.Turn != 0 {
		t.Fatal("the view's table or turn is wrong")
	}
	v.Rack[0] = Tile{}
	SetsOf(v.Table)[0][0] = Tile{}
	if faces(m.Game.Racks[1]) != "K4 K5" || FormatTable(SetsOf(m.Game.Table)) != "O7 O8 O9" {
		t.Fatal("changing a view changed the match")
	}
	if s := m.ViewFor(-1); s.Rack != nil {
		t.Fatal("a spectator sees a rack")
	}
	ts := m.ViewFor(0).TurnStart()
	if !reflect.DeepEqual(ts.Rack, m.Game.Racks[0]) || ts.Opened {
		t.Fatal("the view's TurnStart is not the seat's")
	}
	if _, err := JudgeTurn(&m.Rules, ts, Table{mustTiles(t, "O7 O8 O9")}); err == nil {
		t.Fatal("the view's TurnStart judged an empty turn valid")
	}
}

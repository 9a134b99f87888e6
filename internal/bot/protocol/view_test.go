package protocol

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"pgregory.net/rapid"

	"rummikub/internal/ai"
	"rummikub/internal/game"
)

// playSome deals a match under a preset and plays turns with easy players
// until the game has gone on for turns actions or is over.
func playSome(t *rapid.T, preset string, seed uint64, players, turns int) *game.Match {
	r, err := game.Preset(preset)
	if err != nil {
		t.Fatal(err)
	}
	names := []string{"a", "b", "c", "d", "e", "f"}[:players]
	m, err := game.NewMatch(r, names, seed)
	if err != nil {
		t.Fatal(err)
	}
	ps := make([]ai.Player, players)
	for i := range ps {
		ps[i], _ = ai.New("easy", seed+uint64(i))
	}
	for i := 0; i < turns && !m.Game.Over; i++ {
		s := m.Game.Turn
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		a, err := ps[s].Move(ctx, m.ViewFor(s))
		cancel()
		if err == nil {
			a.Seat = s
			_, err = m.Apply(a)
		}
		if err != nil {
			t.Fatalf("easy's move refused: %v", err)
		}
	}
	return m
}

// tileStrings collects every string of a JSON value that is a tile.
func tileStrings(v any, out map[game.Face]int) {
	switch x := v.(type) {
	case string:
		if tl, err := game.ParseTile(x); err == nil {
			out[tl.Face]++
		}
	case []any:
		for _, e := range x {
			tileStrings(e, out)
		}
	case map[string]any:
		for _, e := range x {
			tileStrings(e, out)
		}
	}
}

func addFaces(ts []game.Tile, out map[game.Face]int) {
	for _, t := range ts {
		out[t.Face]++
	}
}

// A turn message holds only what its seat may know: every tile in it, as
// JSON, is one of its own rack, the table, the River, its own revealed
// tiles, or a tile the public log showed; never a tile of another rack
// that only that seat has seen. Its rack is exactly its own, and it has
// no field the protocol does not name.
func TestTurnHoldsOnlyWhatTheSeatMayKnow(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		preset := rapid.SampledFrom([]string{"standard", "river", "six", "forty"}).Draw(t, "preset")
		players := rapid.IntRange(2, 4).Draw(t, "players")
		m := playSome(t, preset, rapid.Uint64().Draw(t, "seed"), players, rapid.IntRange(0, 60).Draw(t, "turns"))
		for s := 0; s < players; s++ {
			v := m.ViewFor(s)
			msg := TurnFor(&v, 1, 1000, 0, false)
			b, err := json.Marshal(msg)
			if err != nil {
				t.Fatal(err)
			}
			var generic map[string]any
			if err := json.Unmarshal(b, &generic); err != nil {
				t.Fatal(err)
			}
			want := map[string]bool{}
			for _, f := range reflect.VisibleFields(reflect.TypeOf(Turn{})) {
				want[f.Tag.Get("json")] = true
			}
			for k := range generic {
				if !want[k] {
					t.Fatalf("the turn message has a field %q", k)
				}
			}
			allowed := map[game.Face]int{}
			addFaces(m.Game.Racks[s], allowed)
			addFaces(m.Game.Table.AllTiles(), allowed)
			addFaces(m.Game.River, allowed)
			if s == m.Game.Turn {
				addFaces(m.Game.Reveal, allowed)
			}
			for _, e := range m.Log {
				addFaces(e.Placed, allowed)
				addFaces(e.Discarded, allowed)
				addFaces(e.Pulled, allowed)
			}
			seen := map[game.Face]int{}
			tileStrings(generic, seen)
			// Must and Locked repeat rack tiles: count them against the
			// rack a second time.
			if s == m.Game.Turn && m.Game.Pull != nil {
				addFaces([]game.Tile{m.Game.Pull.Key}, allowed)
				addFaces(m.Game.Pull.Plunder, allowed)
			}
			for f, n := range seen {
				// A tile on the table now is also in the log entry that
				// put it there: allowed counts both.
				if n > allowed[f] {
					t.Fatalf("seat %d's message shows %d of %s, more than it may see (%d)", s, n, f, allowed[f])
				}
			}
			if got, want := msg.Rack, game.TileStrings(m.Game.Racks[s]); !reflect.DeepEqual(got, want) && len(want) > 0 {
				t.Fatalf("seat %d's rack is %v, not %v", s, got, want)
			}
			if len(msg.Rack) != msg.RackCounts[s] {
				t.Fatalf("the rack holds %d tiles, the counts say %d", len(msg.Rack), msg.RackCounts[s])
			}
		}
	})
}

// What the bot side rebuilds from a turn message is the view the referee
// had, tile faces, counts and log alike, with ids that are distinct and
// are those of game.TileSet for each face; with the ids option, the very
// ids the referee's tiles have.
func TestViewOfRebuildsTheView(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		preset := rapid.SampledFrom([]string{"standard", "river", "six", "french"}).Draw(t, "preset")
		m := playSome(t, preset, rapid.Uint64().Draw(t, "seed"), 2, rapid.IntRange(0, 80).Draw(t, "turns"))
		s := m.Game.Turn
		v := m.ViewFor(s)
		h := HelloFor(&v.Rules, v.Names, s, 9)
		r, err := RulesOf(&h)
		if err != nil {
			t.Fatal(err)
		}
		if r.Summary() != v.Rules.Summary() {
			t.Fatalf("rules %s came back as %s", v.Rules.Summary(), r.Summary())
		}
		withIDs := rapid.Bool().Draw(t, "ids")
		msg := TurnFor(&v, 3, 500, 0, withIDs)
		b, _ := json.Marshal(msg)
		var back Turn
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		log, err := LogOf(back.Log)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ViewOf(r, v.Names, &back, log)
		if err != nil {
			t.Fatal(err)
		}
		faces := func(ts []game.Tile) []string { return game.TileStrings(ts) }
		if withIDs {
			faces = func(ts []game.Tile) []string { return TileTexts(ts, true) }
			for i, e := range v.Log {
				if !reflect.DeepEqual(TileTexts(log[i].Placed, true), TileTexts(e.Placed, true)) {
					t.Fatalf("log entry %d placed %v, want %v", i, log[i].Placed, e.Placed)
				}
			}
		}
		if !reflect.DeepEqual(faces(got.Rack), faces(v.Rack)) || game.FormatTable(game.SetsOf(got.Table)) != game.FormatTable(game.SetsOf(v.Table)) ||
			!reflect.DeepEqual(faces(got.River), faces(v.River)) || !reflect.DeepEqual(faces(got.Reveal), faces(v.Reveal)) ||
			!reflect.DeepEqual(faces(got.Must), faces(v.Must)) || !reflect.DeepEqual(faces(got.Locked), faces(v.Locked)) ||
			!reflect.DeepEqual(GridText(game.GridOf(got.Table), withIDs), GridText(game.GridOf(v.Table), withIDs)) {
			t.Fatalf("tiles differ:\n%+v\n%+v", got, v)
		}
		if !reflect.DeepEqual(got.RackCounts, v.RackCounts) || got.Pool != v.Pool || got.Turn != v.Turn || got.Game != v.Game ||
			!reflect.DeepEqual(got.Melded, v.Melded) || got.PullPending != v.PullPending || len(got.Log) != len(v.Log) {
			t.Fatalf("counts differ:\n%+v\n%+v", got, v)
		}
		set := game.TileSet(r.Copies, r.Jokers)
		used := map[game.TileID]bool{}
		check := func(ts []game.Tile) {
			for _, tl := range ts {
				if tl.ID == game.NoID || int(tl.ID) >= len(set) || set[tl.ID].Face != tl.Face || used[tl.ID] {
					t.Fatalf("tile %s has id %d", tl, tl.ID)
				}
				used[tl.ID] = true
			}
		}
		check(got.Rack)
		check(got.River)
		for _, st := range game.SetsOf(got.Table) {
			check(st)
		}
		check(got.Reveal)
		check(game.GridOf(got.Table).AllTiles())
		if got.TurnStart().Opened != v.TurnStart().Opened {
			t.Fatal("opened differs")
		}
	})
}

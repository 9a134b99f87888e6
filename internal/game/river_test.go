package game

import (
	"reflect"
	"testing"
)

func riverMatch(t *testing.T) *Match {
	t.Helper()
	r, err := Preset("river")
	if err != nil {
		t.Fatal(err)
	}
	return newTestMatch(t, r, "Ana", "Ben", "Cai")
}

func TestRiverDrawKeepDiscard(t *testing.T) {
	for keep := 0; keep < 2; keep++ {
		m := riverMatch(t)
		seat := m.Game.Turn
		pool := len(m.Game.Pool)
		out := mustApply(t, m, Action{Seat: seat, Kind: ActDraw})
		if len(out.Revealed) != 2 || out.TurnEnded || len(m.Game.Pool) != pool-2 {
			t.Fatalf("a River draw must reveal two tiles and wait: %+v", out)
		}
		revealed := out.Revealed
		// Only the drawer sees the revealed tiles.
		if v := m.ViewFor(seat); !reflect.DeepEqual(v.Reveal, revealed) {
			t.Fatal("the drawer does not see the revealed tiles")
		}
		if v := m.ViewFor((seat + 1) % 3); len(v.Reveal) != 0 {
			t.Fatal("another seat sees the revealed tiles")
		}
		refused(t, m, Action{Seat: seat, Kind: ActDraw}, CodeRiverChoice)
		refused(t, m, Action{Seat: seat, Kind: ActPlay}, CodeRiverChoice)
		refused(t, m, Action{Seat: seat, Kind: ActKeep, Index: 2}, CodeBadRiverIndex)
		refused(t, m, Action{Seat: seat, Kind: ActKeep, Index: -1}, CodeBadRiverIndex)
		out = mustApply(t, m, Action{Seat: seat, Kind: ActKeep, Index: keep})
		rack := m.Game.Racks[seat]
		if rack[len(rack)-1] != revealed[keep] || len(rack) != 15 {
			t.Fatalf("kept %v, want %v", rack[len(rack)-1], revealed[keep])
		}
		if !reflect.DeepEqual(m.Game.River, []Tile{revealed[1-keep]}) || !reflect.DeepEqual(out.Event.Discarded, m.Game.River) {
			t.Fatalf("River %v, want the other tile %v", m.Game.River, revealed[1-keep])
		}
		if !out.TurnEnded || m.Game.Turn == seat {
			t.Fatal("keeping did not end the turn")
		}
	}
}

// With a single tile in the pool a River draw simply draws it.
func TestRiverDrawLastTile(t *testing.T) {
	m := riverMatch(t)
	arrange(t, m, position{racks: []string{"R1", "R2", "R3"}, pool: 1})
	out := mustApply(t, m, Action{Seat: 0, Kind: ActDraw})
	if len(out.Drawn) != 1 || !out.TurnEnded || len(m.Game.Pool) != 0 {
		t.Fatalf("%+v", out)
	}
	refused(t, m, Action{Seat: 1, Kind: ActDraw}, CodePoolEmpty)
}

// riverPosition: Ana to play, melded, with O9 O10 O11 R6 R7 on her rack and the
// River holding (oldest first) K1 R5 O12 B6.
func riverPosition(t *testing.T) *Match {
	t.Helper()
	m := riverMatch(t)
	arrange(t, m, position{
		racks:  []string{"O9 O10 O11 R6 R7", "K2", "K3"},
		table:  "B3 B4 B5",
		melded: []bool{true, true, true},
	})
	// Move four pool tiles to the River in a known order.
	for _, want := range mustTiles(t, "K1 R5 O12 B6") {
		for i, tl := range m.Game.Pool {
			if tl.Face == want.Face {
				m.Game.River = append(m.Game.River, tl)
				m.Game.Pool = append(m.Game.Pool[:i:i], m.Game.Pool[i+1:]...)
				break
			}
		}
	}
	if faces(m.Game.River) != "K1 R5 O12 B6" {
		t.Fatalf("River %s", faces(m.Game.River))
	}
	if err := m.CheckConservation(); err != nil {
		t.Fatal(err)
	}
	return m
}

func TestRiverPullKeyTileAndPlunder(t *testing.T) {
	m := riverPosition(t)
	refused(t, m, Action{Seat: 0, Kind: ActPull, Index: 4}, CodeBadRiverIndex)
	refused(t, m, Action{Seat: 0, Kind: ActPull, Index: -1}, CodeBadRiverIndex)
	out := mustApply(t, m, Action{Seat: 0, Kind: ActPull, Index: 2})
	if faces(out.Event.Pulled) != "O12 B6" || faces(m.Game.River) != "K1 R5" || out.TurnEnded {
		t.Fatalf("pulled %s, River left %s", faces(out.Event.Pulled), faces(m.Game.River))
	}
	v := m.ViewFor(0)
	if faces(v.Must) != "O12" || faces(v.Locked) != "B6" || faces(v.Rack) != "O9 O10 O11 R6 R7 O12 B6" {
		t.Fatalf("view: must %s locked %s rack %s", faces(v.Must), faces(v.Locked), faces(v.Rack))
	}
	if o := m.ViewFor(1); len(o.Must) != 0 || !o.PullPending || o.PullIndex != 2 {
		t.Fatal("other seats must see the pull, not the key tile as theirs")
	}
	refused(t, m, Action{Seat: 0, Kind: ActDraw}, CodePullPending)
	refused(t, m, Action{Seat: 0, Kind: ActPull, Index: 0}, CodePullPending)
	// Not playing the key tile, or playing the plunder, is refused.
	refused(t, m, play(t, 0, "B3 B4 B5 | O9 O10 O11"), CodeKeyTileNotPlayed)
	refused(t, m, play(t, 0, "B3 B4 B5 B6 | O10 O11 O12"), CodePlunderPlayed)
	// Playing the key tile with rack tiles ends the turn.
	out = mustApply(t, m, play(t, 0, "B3 B4 B5 | O10 O11 O12"))
	if !out.TurnEnded || m.Game.Turn != 1 || m.Game.Pull != nil {
		t.Fatal("playing the key tile did not end the turn")
	}
	if faces(m.Game.Racks[0]) != "O9 R6 R7 B6" {
		t.Fatalf("rack %s, want the plunder kept", faces(m.Game.Racks[0]))
	}
}

func TestRiverCancelPull(t *testing.T) {
	m := riverPosition(t)
	river := append([]Tile(nil), m.Game.River...)
	rack := append([]Tile(nil), m.Game.Racks[0]...)
	mustApply(t, m, Action{Seat: 0, Kind: ActPull, Index: 0})
	if len(m.Game.River) != 0 || len(m.Game.Racks[0]) != 9 {
		t.Fatal("pulling from the start did not take the whole River")
	}
	mustApply(t, m, Action{Seat: 0, Kind: ActCancelPull})
	if !reflect.DeepEqual(m.Game.River, river) || !reflect.DeepEqual(m.Game.Racks[0], rack) || m.Game.Turn != 0 {
		t.Fatal("putting the pull back did not restore the River and the rack")
	}
	// The turn goes on: the player may now draw instead.
	out := mustApply(t, m, Action{Seat: 0, Kind: ActDraw})
	if len(out.Revealed) != 2 {
		t.Fatal("after a cancelled pull the player cannot draw")
	}
}

func TestRiverTimeoutWithPull(t *testing.T) {
	m := riverPosition(t)
	river := append([]Tile(nil), m.Game.River...)
	mustApply(t, m, Action{Seat: 0, Kind: ActPull, Index: 1})
	out := mustApply(t, m, Action{Seat: 0, Kind: ActTimeout, Unfinished: true})
	if !reflect.DeepEqual(m.Game.River, river) {
		t.Fatal("a time-out did not put the pull back")
	}
	if out.Event.Drew != 3 || len(m.Game.Racks[0]) != 8 || m.Game.Turn != 1 {
		t.Fatalf("time-out drew %d, rack %d", out.Event.Drew, len(m.Game.Racks[0]))
	}
}

func TestRiverTimeoutDuringChoice(t *testing.T) {
	m := riverMatch(t)
	seat := m.Game.Turn
	out := mustApply(t, m, Action{Seat: seat, Kind: ActDraw})
	first := out.Revealed[0]
	mustApply(t, m, Action{Seat: seat, Kind: ActTimeout})
	rack := m.Game.Racks[seat]
	if rack[len(rack)-1] != first || len(m.Game.River) != 1 {
		t.Fatal("a time-out during a River choice must keep the first tile and discard the other")
	}
}

// A tile given without an id is taken from the free rack tiles before
// the locked Plunder: the plunder copy stays on the rack.
func TestRiverPlayPrefersFreeCopy(t *testing.T) {
	m := riverMatch(t)
	arrange(t, m, position{racks: []string{"O10 O11 R6 R7 R8", "K2", "K3"}, melded: []bool{true, true, true}})
	for _, want := range mustTiles(t, "O12 R8") {
		for i, tl := range m.Game.Pool {
			if tl.Face == want.Face {
				m.Game.River = append(m.Game.River, tl)
				m.Game.Pool = append(m.Game.Pool[:i:i], m.Game.Pool[i+1:]...)
				break
			}
		}
	}
	mustApply(t, m, Action{Seat: 0, Kind: ActPull, Index: 0})
	plunder := m.Game.Pull.Plunder[0]
	mustApply(t, m, play(t, 0, "O10 O11 O12 | R6 R7 R8"))
	if rack := m.Game.Racks[0]; len(rack) != 1 || rack[0] != plunder {
		t.Fatalf("rack %v, want the plunder copy %v kept", rack, plunder)
	}
}

package rating

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"

	"rummikub/internal/game"
)

var t0 = time.Date(2026, 12, 5, 8, 0, 0, 0, time.UTC)

// The ladder lists what the results imply: Ana beats everyone, Ben beats
// Cy, Cy beats Dee.
func TestLadderOrdersByResults(t *testing.T) {
	l := NewLadder(Default())
	names := []string{"Ana", "Ben", "Cy", "Dee"}
	for g := 0; g < 30; g++ {
		a, b := g%4, (g+1+g/4)%4
		if a == b {
			continue
		}
		sa, sb := 10, -10
		if a > b {
			sa, sb = -10, 10
		}
		if _, err := l.Record(FamilyStandard, "T", t0.Add(time.Duration(g)*time.Minute), []Seat{
			{Key: "k" + names[a], Name: names[a], Kind: "player", Score: sa},
			{Key: "k" + names[b], Name: names[b], Kind: "player", Score: sb},
		}); err != nil {
			t.Fatal(err)
		}
	}
	st := l.Standings(FamilyStandard)
	var got []string
	for _, s := range st {
		got = append(got, s.Name)
	}
	if !reflect.DeepEqual(got, names) {
		t.Fatalf("ladder %v, want %v", got, names)
	}
	if st[0].Rank != 1 || st[3].Rank != 4 || st[0].Ordinal != st[0].Mu-3*st[0].Sigma {
		t.Fatalf("standings %+v", st)
	}
	if len(l.Standings(FamilyRiver)) != 0 {
		t.Fatal("a result of one family showed in another")
	}
	b := l.Board(FamilyStandard, "kCy", 2, 5)
	if len(b.Top) != 2 || b.You == nil || b.You.Rank != 3 || len(b.Recent) != 5 || b.Players != 4 {
		t.Fatalf("board %+v", b)
	}
	for _, r := range b.Recent {
		if !r.has("kCy") {
			t.Fatalf("a result without Cy in Cy's recent results: %+v", r)
		}
	}
	if !b.Recent[0].When.After(b.Recent[1].When) {
		t.Fatal("recent results are not newest first")
	}
}

func TestLadderRoundTrip(t *testing.T) {
	l := NewLadder(Default())
	for i := 0; i < 3; i++ {
		if _, err := l.Record(FamilyFrench, "ABCD", t0, []Seat{{Key: "a", Name: "A", Score: 5}, {Key: "b", Name: "B", Score: 5}, {Key: "c", Name: "C", Score: -10}}); err != nil {
			t.Fatal(err)
		}
	}
	data, err := json.Marshal(l)
	if err != nil {
		t.Fatal(err)
	}
	back, err := Parse(data, Default())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back.Standings(FamilyFrench), l.Standings(FamilyFrench)) || len(back.Recent(FamilyFrench, "", 10)) != 3 {
		t.Fatalf("round trip changed the ladder:\n%s", data)
	}
	if st := back.Standings(FamilyFrench); st[0].Wins != 3 || st[1].Wins != 3 || st[2].Wins != 0 {
		t.Fatalf("a tie for first is a win for both: %+v", st)
	}
}

func TestLadderRefuses(t *testing.T) {
	tests := []struct {
		name   string
		family string
		seats  []Seat
	}{
		{"unknown family", "chess", []Seat{{Key: "a"}, {Key: "b"}}},
		{"one seat", FamilyStandard, []Seat{{Key: "a"}}},
		{"same key twice", FamilyStandard, []Seat{{Key: "a"}, {Key: "a"}}},
		{"no key", FamilyStandard, []Seat{{Key: "a"}, {Key: ""}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			l := NewLadder(Default())
			if _, err := l.Record(tc.family, "T", t0, tc.seats); err == nil {
				t.Fatal("recorded")
			}
			if len(l.recent) != 0 {
				t.Fatal("a refused result was kept")
			}
		})
	}
}

func TestFamily(t *testing.T) {
	for _, name := range game.PresetNames() {
		t.Run(name, func(t *testing.T) {
			r, err := game.Preset(name)
			if err != nil {
				t.Fatal(err)
			}
			want := FamilyStandard
			if name == "river" || name == "french" {
				want = name
			}
			if got := Family(r); got != want {
				t.Fatalf("family %q, want %q", got, want)
			}
		})
	}
}

// FuzzParse: a ladder file, whatever its bytes, is read or refused with
// an error; what is read writes back and reads again the same.
func FuzzParse(f *testing.F) {
	l := NewLadder(Default())
	l.Record(FamilyRiver, "X", t0, []Seat{{Key: "a", Score: 1}, {Key: "b"}})
	data, _ := json.Marshal(l)
	f.Add(data)
	f.Add([]byte(`{"version":1,"families":{"standard":[{"key":"x","mu":1e300,"sigma":1}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		l, err := Parse(data, Default())
		if err != nil {
			return
		}
		again, err := json.Marshal(l)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Parse(again, Default()); err != nil {
			t.Fatalf("a parsed ladder wrote a file it cannot read: %v", err)
		}
	})
}

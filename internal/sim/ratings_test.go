package sim

import (
	"context"
	"reflect"
	"testing"

	"rummikub/internal/game"
)

// TestRatings: with Ratings every entry is rated from every game, the
// list is ordered by ordinal, and with Deterministic the same
// configuration gives the same ratings whatever the jobs.
func TestRatings(t *testing.T) {
	r, _ := game.Preset("standard")
	c := Config{Rules: r, Players: []string{"easy", "medium", "medium"}, Games: 6, Seed: 7, Mirror: true, Deterministic: true, Ratings: true, Jobs: 1}
	one, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if len(one.Ratings) != 3 {
		t.Fatalf("ratings %+v", one.Ratings)
	}
	names := map[string]bool{}
	for i, e := range one.Ratings {
		names[e.Player] = true
		if e.Games != one.Games || e.Sigma >= 25.0/3 {
			t.Errorf("entry %+v after %d games", e, one.Games)
		}
		if i > 0 && e.Ordinal > one.Ratings[i-1].Ordinal {
			t.Errorf("not ordered by ordinal: %+v", one.Ratings)
		}
	}
	if !names["easy"] || !names["medium"] || !names["medium#2"] {
		t.Errorf("entries %v: the same level twice is two entries", names)
	}
	c.Jobs = 3
	three, err := Run(context.Background(), c)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(one.Ratings, three.Ratings) {
		t.Fatalf("jobs 1 and 3 rated differently:\n%+v\n%+v", one.Ratings, three.Ratings)
	}
	c.Ratings = false
	if res, _ := Run(context.Background(), c); res.Ratings != nil {
		t.Fatal("ratings without asking")
	}
}

package sim

import (
	"context"
	"reflect"
	"testing"
)

func TestScheduleMirror(t *testing.T) {
	s := schedule(5, 2, 7, true)
	if len(s) != 5 {
		t.Fatalf("got %d games", len(s))
	}
	if s[0].Deal != 0 || s[1].Deal != 0 || s[2].Deal != 1 || s[4].Deal != 2 {
		t.Errorf("deals = %d %d %d %d %d", s[0].Deal, s[1].Deal, s[2].Deal, s[3].Deal, s[4].Deal)
	}
	if s[0].Seed != s[1].Seed || s[0].Seed == s[2].Seed {
		t.Error("mirrored games must share a deal seed and different deals must not")
	}
	if !reflect.DeepEqual(s[0].Seating, []int{0, 1}) || !reflect.DeepEqual(s[1].Seating, []int{1, 0}) {
		t.Errorf("seatings %v %v", s[0].Seating, s[1].Seating)
	}
	s3 := schedule(3, 3, 7, true)
	seen := map[int]bool{}
	for _, g := range s3 {
		seen[g.Seating[0]] = true
	}
	if len(seen) != 3 {
		t.Errorf("three rotations should put each player in seat 0 once: %v", s3)
	}
	plain := schedule(3, 2, 7, false)
	if plain[0].Seed == plain[1].Seed || !reflect.DeepEqual(plain[1].Seating, []int{0, 1}) {
		t.Errorf("without mirror every game is a new deal in the given order: %+v", plain)
	}
}

func TestRunAllOrderIndependentOfJobs(t *testing.T) {
	specs := schedule(50, 2, 1, false)
	play := func(_ context.Context, g gameSpec) uint64 { return DeriveSeed(g.Seed, uint64(g.Index)) }
	want, err := runAll(context.Background(), specs, 1, play, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, jobs := range []int{2, 7} {
		calls := 0
		got, err := runAll(context.Background(), specs, jobs, play, func(n int) { calls++ })
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("jobs=%d gave different outcomes", jobs)
		}
		if calls != len(specs) {
			t.Errorf("jobs=%d: progress called %d times, want %d", jobs, calls, len(specs))
		}
	}
}

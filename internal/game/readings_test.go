package game

import (
	"strings"
	"testing"
)

func TestWrapJokerReadings(t *testing.T) {
	r, err := Preset("wrap")
	if err != nil {
		t.Fatal(err)
	}
	set := mustTiles(t, "R13 J R1")
	var got []string
	for _, m := range Readings(set, &r) {
		got = append(got, FormatTiles(m.Tiles))
	}
	// Under wrap R13 and a high R1 fill places 13 and 14, so the joker can
	// only be R12 (a low R1 and R13 never share a run of three).
	if strings.Join(got, ",") != "J:R12 R13 R1" {
		t.Fatalf("wrap readings: %v", got)
	}
	std := Standard()
	if reads := Readings(set, &std); len(reads) != 0 {
		t.Fatalf("R13 J R1 has no reading without wrap: %v", reads)
	}
}

// Every reading of J J R10 in order: the three runs, then the group of
// 10s; each one AnalyzeSet accepts as laid out.
func TestReadingsOfTwoJokers(t *testing.T) {
	r := Standard()
	var got []string
	for _, m := range Readings(mustTiles(t, "J J R10"), &r) {
		if _, err := AnalyzeSet(m.Tiles, &r); err != nil {
			t.Fatalf("reading %s is not valid: %v", FormatTiles(m.Tiles), err)
		}
		got = append(got, ReadingKey(m))
	}
	want := 3 + 3 // runs R8-R10, R9-R11, R10-R12; groups of 10s with two of the three free colours
	if len(got) != want || !strings.HasPrefix(got[0], "run:") || !strings.HasPrefix(got[len(got)-1], "group:") {
		t.Fatalf("readings %v", got)
	}
	if len(Readings(mustTiles(t, "R3 R4 R5"), &r)) != 0 || len(Readings(mustTiles(t, "J J"), &r)) != 0 {
		t.Fatal("a set without jokers, or of jokers only, has no readings")
	}
}

package tui

import (
	"strings"
	"testing"

	"rummikub/internal/game"
)

const elevenSets = "R1 R2 R3 | R4 R5 R6 | R7 R8 R9 | R10 R11 R12 | B1 B2 B3 | B4 B5 B6 | B7 B8 B9 | B10 B11 B12 | O1 O2 O3 | O4 O5 O6 | O7 O8 O9"

// elevenSetsRack is the tiles of elevenSets, as a rack to rig.
const elevenSetsRack = "R1 R2 R3 R4 R5 R6 R7 R8 R9 R10 R11 R12 B1 B2 B3 B4 B5 B6 B7 B8 B9 B10 B11 B12 O1 O2 O3 O4 O5 O6 O7 O8 O9"

// Issue 25 friction: sets past 9 are reached by typing their number: with
// ten sets or more, 1 waits for a second digit; space takes set 1.
func TestTypedSetNumbersPastNine(t *testing.T) {
	tp := jokerTurn(t, strings.ReplaceAll(elevenSets, "|", "")+" K1 K13 O13 R13", elevenSets)
	if n := len(tp.arr().Sets()); n != 11 {
		t.Fatalf("%d sets", n)
	}
	tp.press("r 1 3 1")
	if !tp.arr().Holding() || tp.setsSurf().typedSet != "1" {
		t.Fatalf("1 with eleven sets should wait for a second digit (holding %v, typed %q, status %q)", tp.arr().Holding(), tp.setsSurf().typedSet, tp.status)
	}
	tp.press("1")
	if tp.arr().Holding() || faces(tp.arr().Sets()[10]) != "O7 O8 O9 R13" {
		t.Fatalf("R13 did not go to set 11: %s (%q)", game.FormatTable(tp.arr().Sets()), tp.status)
	}
	tp.press("k 1 space 1 space")
	if tp.arr().Holding() || faces(tp.arr().Sets()[0]) != "K1 R1 R2 R3" && faces(tp.arr().Sets()[0]) != "R1 R2 R3 K1" {
		t.Fatalf("K1 did not go to set 1: %s (%q)", game.FormatTable(tp.arr().Sets()), tp.status)
	}
	tp.press("o 1 3 1 0")
	if tp.arr().Holding() || !strings.HasSuffix(faces(tp.arr().Sets()[9]), "O13") {
		t.Fatalf("O13 did not go to set 10: %s (%q)", game.FormatTable(tp.arr().Sets()), tp.status)
	}
	if v := tp.View(); strings.Contains(v, "+10") {
		t.Fatalf("nothing is carried: no end slots\n%s", v)
	}
	tp.press("b 1 2")
	if v := tp.View(); !strings.Contains(v, "+10") || !strings.Contains(v, "+11") {
		t.Fatalf("carrying, the end slots of sets 10 and 11 are not numbered:\n%s", v)
	}
}

// Issue 25 friction: j takes the joker just freed (its real tile laid
// beside it), not the first joker on the table.
func TestTypedJokerTakesTheOneJustFreed(t *testing.T) {
	tp := jokerTurn(t, "R5 J R7 B9 J K9 R6 R10 B2 K12", "B9 J K9 | R5 J R7")
	tp.press("r 6 2 j")
	held := tp.arr().Held()
	if len(held) != 1 || !held[0].IsJoker() {
		t.Fatalf("j picked up %v", held)
	}
	if got := faces(tp.arr().Sets()[0]); got != "B9 K9 J" {
		t.Fatalf("j took the group's joker, not the run's just freed: %s", game.FormatTable(tp.arr().Sets()))
	}
}

package game

import (
	"errors"
	"strings"
	"testing"
)

func runCases(t *testing.T, cases []turnCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) { runTurnCase(t, c) })
	}
}

// TestJudgeTurnTiles: tiles come from the table and the rack, table tiles
// stay on the table, at least one rack tile is played, every set is valid.
func TestJudgeTurnTiles(t *testing.T) { runCases(t, tileCases) }

var tileCases = []turnCase{
	{name: "issue example", opened: true, table: "R3 R4 R5", rack: "R2 B5 K5",
		after: "R2 R3 R4 | R5 B5 K5", placed: "R2 B5 K5", points: 12},
	{name: "issue example, pressman", rules: "pressman", opened: true, table: "R3 R4 R5", rack: "R2 B5 K5",
		after: "R2 R3 R4 | R5 B5 K5", placed: "R2 B5 K5", points: 12},
	{name: "new set from the rack", opened: true, rack: "K11 K12 K13 R1",
		after: "K11 K12 K13", placed: "K11 K12 K13", points: 36},
	{name: "tile neither on table nor rack", opened: true, table: "R3 R4 R5", rack: "B5",
		after: "R3 R4 R5 R6", code: CodeNotInRack, set: 1},
	{name: "one copy too many", opened: true, table: "R3 R4 R5", rack: "R6 B6 K6",
		after: "R3 R4 R5 R6 | R6 B6 K6", code: CodeNotInRack, set: 2},
	{name: "a second joker from nowhere", opened: true, rack: "J R5 R6",
		after: "J R5 R6 J", code: CodeNotInRack, set: 1},
	{name: "table tile back to the rack", opened: true, table: "R3 R4 R5 R6", rack: "R7",
		after: "R4 R5 R6 R7", code: CodeTableTileMissing, set: -1},
	{name: "table joker back to the rack", opened: true, table: "R3 R4 R5 J", rack: "R6 R7",
		after: "R3 R4 R5 R6 R7", code: CodeTableTileMissing, set: -1},
	{name: "run with a gap", opened: true, rack: "R5 R6 R8",
		after: "R5 R6 R8", code: CodeInvalidSet, set: 1},
	{name: "group with two of a colour", opened: true, table: "R3 R4 R5", rack: "R7 R7 B7",
		after: "R3 R4 R5 | R7 R7 B7", code: CodeInvalidSet, set: 2},
	{name: "group of five", opened: true, rack: "R7 B7 O7 K7 J",
		after: "R7 B7 O7 K7 J", code: CodeInvalidSet, set: 1},
	{name: "loose tile", opened: true, table: "R3 R4 R5", rack: "K9",
		after: "R3 R4 R5 | K9", code: CodeInvalidSet, set: 2},
	{name: "two tiles", opened: true, rack: "K9 K10",
		after: "K9 K10", code: CodeInvalidSet, set: 1},
	{name: "jokers only", rules: "six", opened: true, rack: "J J J K1 K2",
		after: "J J J | K1 K2", code: CodeInvalidSet, set: 1},
	{name: "mixed colour run", opened: true, rack: "R3 B4 R5",
		after: "R3 B4 R5", code: CodeInvalidSet, set: 1},
	{name: "nothing played", opened: true, table: "R3 R4 R5 | B3 B4 B5", rack: "K1",
		after: "B3 B4 B5 | R3 R4 R5", code: CodeNothingPlayed, set: -1},
	{name: "rearranged but nothing played", opened: true, table: "R3 R4 R5 R6 R7 R8", rack: "K1",
		after: "R3 R4 R5 | R6 R7 R8", code: CodeNothingPlayed},
	{name: "empty table, nothing played", opened: true, rack: "K1 K2", after: "", code: CodeNothingPlayed},
	{name: "empty table and rack", opened: true, after: "", code: CodeNothingPlayed},
	{name: "whole rack played", opened: true, table: "B1 B2 B3", rack: "B4 B5 O5 K5 R5",
		after: "B1 B2 B3 B4 | B5 O5 K5 R5", placed: "B4 B5 O5 K5 R5", points: 24},
}

// TestJudgeTurnManipulation: the manipulation examples of sources 001 and
// 002 (shifting, splitting, substituting, removing, combining, harvested
// tiles) and the ways of reshaping in source 000.
func TestJudgeTurnManipulation(t *testing.T) { runCases(t, manipulationCases) }

var manipulationCases = []turnCase{
	// "If red 3, 4, and 5 have already been played, a player may add the
	// red 6 to the end and remove the 3 for use elsewhere."
	{name: "shifting a run", opened: true, table: "R3 R4 R5", rack: "R6 B3 K3",
		after: "R4 R5 R6 | R3 B3 K3", placed: "R6 B3 K3", points: 12},
	// "the 3 must be used during that turn, not kept in the player's hand"
	{name: "harvested tile kept", opened: true, table: "R3 R4 R5", rack: "R6",
		after: "R4 R5 R6", code: CodeTableTileMissing},
	// "if blue 6, 7, 8, 9, and 10 are already a run, the player may insert
	// their own 8 to make two runs: 6, 7, 8 and 8, 9, 10."
	{name: "splitting a run", opened: true, table: "B6 B7 B8 B9 B10", rack: "B8",
		after: "B6 B7 B8 | B8 B9 B10", placed: "B8", points: 8},
	{name: "splitting a run, pieces too short", opened: true, table: "B6 B7 B8 B9 B10", rack: "B11",
		after: "B6 B7 | B8 B9 B10 B11", code: CodeInvalidSet, set: 1},
	// "If blue 6, red 6, and yellow 6 are already a group, the player may
	// add the black 6 and remove any one of the other three."
	{name: "substituting in a group", opened: true, table: "B6 R6 O6", rack: "K6 O7 O8",
		after: "R6 B6 K6 | O6 O7 O8", placed: "K6 O7 O8", points: 21},
	{name: "substituting in a group, the removed tile left loose", opened: true, table: "B6 R6 O6", rack: "K6",
		after: "R6 B6 K6 | O6", code: CodeInvalidSet, set: 2},
	// "tiles can be removed from the ends of runs" "Any one tile may be
	// removed from a four-tile group."
	{name: "removing from the end of a run", opened: true, table: "R3 R4 R5 R6", rack: "B3 K3",
		after: "R4 R5 R6 | R3 B3 K3", placed: "B3 K3", points: 6},
	{name: "removing from a group of four", opened: true, table: "R7 B7 O7 K7", rack: "K8 K9",
		after: "R7 B7 O7 | K7 K8 K9", placed: "K8 K9", points: 17},
	{name: "removing from the middle breaks the run", opened: true, table: "R3 R4 R5 R6 R7", rack: "B5 K5",
		after: "R3 R4 | R6 R7 | R5 B5 K5", code: CodeInvalidSet, set: 1},
	{name: "removing from a group of three", opened: true, table: "R7 B7 O7", rack: "K8 K9",
		after: "R7 B7 | O7 K8 K9", code: CodeInvalidSet, set: 1},
	{name: "combining pieces", opened: true, table: "R3 R4 R5 | R6 R7 R8", rack: "R9",
		after: "R3 R4 R5 R6 R7 R8 R9", placed: "R9", points: 9},
	{name: "a whole rearrangement", opened: true,
		table: "R1 R2 R3 R4 | B5 O5 K5 | K6 K7 K8 K9", rack: "R5 K10",
		after: "R1 R2 R3 | R4 R5 B5 O5 | K5 K6 K7 | K8 K9 K10", code: CodeInvalidSet, set: 2},
	{name: "a whole rearrangement, valid", opened: true,
		table: "R1 R2 R3 R4 | B5 O5 K5 | K6 K7 K8 K9", rack: "R5 K10",
		after: "R1 R2 R3 R4 R5 | B5 O5 K5 | K6 K7 K8 K9 K10", placed: "R5 K10", points: 15},
}

// Rule options the cases set on top of their preset.
var (
	optTwoRack  = []string{"joker-two-rack-tiles=true"}
	optFromRack = []string{"joker-from-rack=true"}
	optFree     = []string{"free-jokers=true"}
	optMTE      = []string{"meld-then-extend=true"}
	optJMV25    = []string{"joker-meld-value=25"}
)

// TestJudgeTurnJokers: the joker rule as docs/rules.md "Jokers on the
// table" states it, under the default rules and each joker option.
func TestJudgeTurnJokers(t *testing.T) { runCases(t, jokerCases) }

var jokerCases = []turnCase{
	// Sources 001/002: "if blue 3, blue 4, joker is an existing run, a
	// player holding a blue 5, a red 7 and an orange 7 may replace the
	// joker with his blue 5 and play the joker with the two sevens as a
	// new group."
	{name: "blue 3-4-joker, standard", opened: true, table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | J R7 O7", placed: "B5 R7 O7", points: 19},
	{name: "blue 3-4-joker, joker-two-rack-tiles", opts: optTwoRack, opened: true, table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | R7 O7 J", placed: "B5 R7 O7", points: 19},
	{name: "blue 3-4-joker, joker-from-rack", opts: optFromRack, opened: true, table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | J R7 O7", placed: "B5 R7 O7", points: 19},
	{name: "blue 3-4-joker, forty", rules: "forty", opened: true, table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | J R7 O7", placed: "B5 R7 O7", points: 19},
	{name: "blue 3-4-joker, wrap preset", rules: "wrap", opened: true, table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | J R7 O7", placed: "B5 R7 O7", points: 19},
	{name: "blue 3-4-joker, joker taken without the blue 5", opened: true, table: "B3 B4 J", rack: "B2 R7 O7",
		after: "B2 B3 B4 | J R7 O7", code: CodeJokerRule, set: 2},
	{name: "blue 3-4-joker, before the initial meld", table: "B3 B4 J", rack: "B5 R7 O7",
		after: "B3 B4 B5 | J R7 O7", code: CodeInitialMeldTouches},
	{name: "joker stays in its set as it grows", opened: true, table: "R5 R6 J", rack: "R8",
		after: "R5 R6 J R8", placed: "R8", points: 8},
	{name: "joker moves with its piece of a split run", opened: true, table: "R3 R4 R5 J R7 R8", rack: "R5",
		after: "R3 R4 R5 | R5 J R7 R8", placed: "R5", points: 5},
	{name: "joker moves to another set standing for the same tile", opened: true, table: "R4 R5 R6 J", rack: "R8 R9",
		after: "R4 R5 R6 | J R8 R9", placed: "R8 R9", points: 17},
	{name: "joker slides to the other end", opened: true, table: "R5 R6 J", rack: "R3",
		after: "R3 J R5 R6", code: CodeJokerRule, set: 1},
	{name: "joker slides to the other end, freed by a real R7", opened: true, table: "R5 R6 J", rack: "R3 R7",
		after: "R3 J R5 R6 R7", placed: "R3 R7", points: 10},
	{name: "joker annotated to slide", opened: true, table: "R5 R6 J:R7", rack: "R8",
		after: "J:R4 R5 R6 | R8", code: CodeInvalidSet},
	{name: "group joker: the fourth colour takes its place", opened: true, table: "R7 B7 J", rack: "O7",
		after: "R7 B7 O7 J", placed: "O7", points: 7},
	{name: "group joker freed by either missing colour (black)", opened: true, table: "R7 B7 J", rack: "K7 R1 B1",
		after: "R7 B7 K7 | J R1 B1", placed: "K7 R1 B1", points: 9},
	{name: "group joker freed by either missing colour (orange)", opened: true, table: "R7 B7 J", rack: "O7 R1 B1",
		after: "R7 B7 O7 | J R1 B1", placed: "O7 R1 B1", points: 9},
	{name: "group joker not freed by a colour already there", opened: true, table: "R7 B7 J | R8 R9 R10", rack: "R1 B1 R7",
		after: "B7 R7 | R7 R8 R9 R10 | J R1 B1", code: CodeInvalidSet, set: 1},
	{name: "group joker taken with no replacement", opened: true, table: "R7 B7 O7 J", rack: "R1 B1",
		after: "R7 B7 O7 | J R1 B1", code: CodeJokerRule, set: 2},
	{name: "joker freed by a table tile (default)", opened: true, table: "B3 B4 J | B5 R5 O5 K5", rack: "R1 B1",
		after: "B3 B4 B5 | R5 O5 K5 | J R1 B1", placed: "R1 B1", points: 2},
	{name: "joker freed by a table tile, joker-from-rack", opts: optFromRack, opened: true, table: "B3 B4 J | B5 R5 O5 K5", rack: "R1 B1",
		after: "B3 B4 B5 | R5 O5 K5 | J R1 B1", code: CodeJokerRule, set: 3},
	{name: "joker freed by a table tile, joker-two-rack-tiles", opts: optTwoRack, opened: true, table: "B3 B4 J | B5 R5 O5 K5", rack: "R1 B1",
		after: "B3 B4 B5 | R5 O5 K5 | J R1 B1", placed: "R1 B1", points: 2},
	{name: "freed joker with one rack tile (default)", opened: true, table: "R4 R5 J | K9 K10 K11 K12", rack: "R6 K8",
		after: "R4 R5 R6 | K8 K9 K10 K11 K12 J", placed: "R6 K8", points: 14},
	{name: "freed joker with one rack tile, joker-two-rack-tiles", opts: optTwoRack, opened: true, table: "R4 R5 J | K9 K10 K11 K12", rack: "R6 K8",
		after: "R4 R5 R6 | K8 K9 K10 K11 K12 J", code: CodeJokerRule, set: 2},
	{name: "freed joker with one rack tile, joker-from-rack", opts: optFromRack, opened: true, table: "R4 R5 J | K9 K10 K11 K12", rack: "R6 K8",
		after: "R4 R5 R6 | K8 K9 K10 K11 K12 J", placed: "R6 K8", points: 14},
	{name: "a rack joker counts as a rack tile, joker-two-rack-tiles", opts: optTwoRack, opened: true, table: "R4 R5 J", rack: "R6 J K8",
		after: "R4 R5 R6 | J J K8", placed: "R6 J K8", points: 21},
	{name: "the freeing tile also counts for two rack tiles", opts: append([]string{"joker-from-rack=true"}, optTwoRack...), opened: true,
		table: "R4 R5 R6 J", rack: "R7 O7",
		after: "R4 R5 R6 | J R7 O7", placed: "R7 O7", points: 14},
	{name: "one real tile frees one joker", opened: true, table: "R5 R6 J | J R8 R9 R10", rack: "R7 B1 O1",
		after: "R5 R6 R7 | R8 R9 R10 | J J B1 O1", code: CodeJokerRule},
	{name: "two real tiles free two jokers", opened: true, table: "R5 R6 J | J R8 R9 R10", rack: "R7 R7 B1 O1",
		after: "R5 R6 R7 | R7 R8 R9 R10 | J J B1 O1", placed: "R7 R7 B1 O1", points: 16},
	{name: "two jokers in one set keep their places", opened: true, table: "J J R5", rack: "R6",
		after: "J J R5 R6", placed: "R6", points: 6},
	{name: "jokers swap places in a run", opened: true, table: "R3 J J R6", rack: "R7",
		after: "R3 J J R6 R7", placed: "R7", points: 7},
	{name: "free-jokers: a joker moves like any tile", opts: optFree, opened: true, table: "R5 R6 R7 J", rack: "B1 O1",
		after: "R5 R6 R7 | J B1 O1", placed: "B1 O1", points: 2},
	{name: "without free-jokers the same move is refused", opened: true, table: "R5 R6 R7 J", rack: "B1 O1",
		after: "R5 R6 R7 | J B1 O1", code: CodeJokerRule, set: 2},
	{name: "free-jokers: a slide is fine", opts: optFree, opened: true, table: "R5 R6 J", rack: "R3",
		after: "R3 J R5 R6", placed: "R3", points: 3},
}

// TestJudgeTurnInitialMeld: the initial meld and its options.
func TestJudgeTurnInitialMeld(t *testing.T) { runCases(t, initialMeldCases) }

var initialMeldCases = []turnCase{
	{name: "group of tens", rack: "R10 B10 K10 O1", after: "R10 B10 K10", placed: "R10 B10 K10", points: 30},
	{name: "too low", rack: "R9 B9 K9", after: "R9 B9 K9", code: CodeInitialMeldTooLow, set: 1},
	{name: "two sets together", rack: "R4 R5 R6 K7 B7 O7", after: "R4 R5 R6 | K7 B7 O7", points: 36},
	{name: "two sets together too low", rack: "R1 R2 R3 K7 B7 O7", after: "R1 R2 R3 | K7 B7 O7", code: CodeInitialMeldTooLow, set: -1},
	{name: "nothing played", table: "R3 R4 R5", rack: "R9", after: "R3 R4 R5", code: CodeNothingPlayed},
	{name: "jokers at both ends of a run", rack: "J R10 R11 J", after: "J R10 R11 J", points: 42},
	{name: "jokers at both ends of a low run", rack: "J R5 R6 J", after: "J R5 R6 J", code: CodeInitialMeldTooLow},
	{name: "jokers at both ends, joker-meld-value 25", opts: optJMV25, rack: "J R5 R6 J", after: "J R5 R6 J", points: 61},
	{name: "joker before 12-13", rack: "J R12 R13", after: "J R12 R13", points: 36},
	{name: "joker after 12-13 goes low", rack: "R12 R13 J", after: "R12 R13 J", points: 36},
	{name: "joker after 12-13 under wrap is a high 1", rules: "wrap", rack: "R12 R13 J", after: "R12 R13 J", code: CodeInitialMeldTooLow},
	{name: "joker in a group counts its number", rack: "R9 B9 J O1", after: "R9 B9 J", code: CodeInitialMeldTooLow},
	{name: "joker in a group, joker-meld-value 25", opts: optJMV25, rack: "R9 B9 J O1", after: "R9 B9 J", points: 43},
	{name: "joker-meld-value 25 lifts a low meld", opts: optJMV25, rack: "R3 B3 J", after: "R3 B3 J", points: 31},
	{name: "joker-meld-value 25 lowers a high meld", opts: optJMV25, rack: "R13 B13 J", after: "R13 B13 J", points: 51},
	{name: "forty: 30 is not enough", rules: "forty", rack: "R10 B10 K10", after: "R10 B10 K10", code: CodeInitialMeldTooLow},
	{name: "forty: 40", rules: "forty", rack: "R10 B10 K10 O10", after: "R10 B10 K10 O10", points: 40},
	{name: "initial-meld 40 on its own", opts: []string{"initial-meld=40"}, rack: "R10 B10 K10", after: "R10 B10 K10", code: CodeInitialMeldTooLow},
	{name: "initial-meld 0", opts: []string{"initial-meld=0"}, rack: "R1 R2 R3", after: "R1 R2 R3", points: 6},
	{name: "table left alone", table: "R3 R4 R5 | K1 K2 K3", rack: "R10 B10 K10",
		after: "K1 K2 K3 | R10 B10 K10 | R3 R4 R5", points: 30},
	{name: "the same set again from the rack", table: "R10 B10 K10", rack: "R10 B10 K10",
		after: "R10 B10 K10 | R10 B10 K10", points: 30},
	{name: "adding to a table set", table: "R3 R4 R5", rack: "R6 R10 B10 K10",
		after: "R3 R4 R5 R6 | R10 B10 K10", code: CodeInitialMeldTouches, set: 1},
	{name: "rearranging the table", table: "R3 R4 R5 R6 R7 R8", rack: "R10 B10 K10",
		after: "R3 R4 R5 | R6 R7 R8 | R10 B10 K10", code: CodeInitialMeldTouches},
	{name: "moving a table joker", table: "R3 R4 J", rack: "R10 B10 K10",
		after: "J R3 R4 | R10 B10 K10", code: CodeInitialMeldTouches},
	{name: "using a table tile in the meld", table: "R10 R11 R12 R13", rack: "B10 K10",
		after: "R11 R12 R13 | R10 B10 K10", code: CodeInitialMeldTouches},
	{name: "meld-then-extend: meld, then add to the table", opts: optMTE, table: "R3 R4 R5", rack: "R6 R10 B10 K10",
		after: "R3 R4 R5 R6 | R10 B10 K10", points: 36},
	{name: "meld-then-extend: the table does not count toward the meld", opts: optMTE, table: "R3 R4 R5", rack: "R6 R7 R8 R9",
		after: "R3 R4 R5 R6 R7 R8 R9", code: CodeInitialMeldTooLow},
	{name: "meld-then-extend: too low, table untouched", opts: optMTE, rack: "R9 B9 K9",
		after: "R9 B9 K9", code: CodeInitialMeldTooLow, set: 1},
	{name: "meld-then-extend: meld below the threshold may not use the table", opts: optMTE, table: "R3 R4 R5", rack: "R6 R9 B9 K9",
		after: "R3 R4 R5 R6 | R9 B9 K9", code: CodeInitialMeldTooLow, set: 2},
	{name: "meld-then-extend: free a joker in the meld turn", opts: optMTE, table: "B3 B4 J", rack: "R10 B10 K10 B5 R11 R12",
		after: "R10 B10 K10 | B3 B4 B5 | J R11 R12", points: 58},
	{name: "meld-then-extend: a table joker does not count toward the meld", opts: optMTE, table: "B3 B4 J", rack: "B5 R11 R12 R1 B1 K1",
		after: "R1 B1 K1 | B3 B4 B5 | J R11 R12", code: CodeInitialMeldTooLow},
	{name: "meld-then-extend: splitting a table run", opts: optMTE, table: "B6 B7 B8 B9 B10", rack: "B8 R13 B13 K13",
		after: "R13 B13 K13 | B6 B7 B8 | B8 B9 B10", points: 47},
	// The meld's sets must be made of rack tiles and the freed joker's set
	// must hold two more rack tiles: the rack's one R7 cannot be in both.
	{name: "meld-then-extend, joker-two-rack-tiles: a rack tile counts once", opts: []string{"meld-then-extend=true", "joker-two-rack-tiles=true", "initial-meld=21"},
		table: "B3 B4 J | R7 R8 R9 R10", rack: "R7 B7 K7 B5 R6",
		after: "R7 B7 K7 | B3 B4 B5 | R6 R7 J | R8 R9 R10", code: CodeJokerRule, set: 3},
	{name: "meld-then-extend, joker-two-rack-tiles: enough rack tiles", opts: []string{"meld-then-extend=true", "joker-two-rack-tiles=true", "initial-meld=21"},
		table: "B3 B4 J | R7 R8 R9 R10", rack: "R7 B7 K7 B5 R6 R5",
		after: "R7 B7 K7 | B3 B4 B5 | R5 R6 J | R7 R8 R9 R10", points: 37},
	{name: "forty: meld then extend", rules: "forty", table: "R3 R4 R5", rack: "R6 R10 B10 K10 O10",
		after: "R3 R4 R5 R6 | R10 B10 K10 O10", points: 46},
}

// TestJudgeTurnWrap: 12-13-1 under wrap and not under standard.
func TestJudgeTurnWrap(t *testing.T) { runCases(t, wrapCases) }

var wrapCases = []turnCase{
	{name: "12-13-1 standard", opened: true, rack: "R12 R13 R1", after: "R12 R13 R1", code: CodeInvalidSet, set: 1},
	{name: "12-13-1 wrap preset", rules: "wrap", opened: true, rack: "R12 R13 R1", after: "R12 R13 R1", placed: "R12 R13 R1", points: 26},
	{name: "12-13-1 wrap option", opts: []string{"wrap=true"}, opened: true, rack: "R12 R13 R1", after: "R12 R13 R1", points: 26},
	{name: "13-1-2 never", rules: "wrap", opened: true, rack: "R13 R1 R2", after: "R13 R1 R2", code: CodeInvalidSet},
	{name: "1-2-3 under wrap", rules: "wrap", opened: true, rack: "R1 R2 R3", after: "R1 R2 R3", points: 6},
	{name: "extending 11-12-13 with a 1 under wrap", rules: "wrap", opened: true, table: "B11 B12 B13", rack: "B1",
		after: "B11 B12 B13 B1", points: 1},
	{name: "extending 11-12-13 with a 1 standard", opened: true, table: "B11 B12 B13", rack: "B1",
		after: "B11 B12 B13 B1", code: CodeInvalidSet},
	{name: "initial meld 11-12-13-1 under wrap", rules: "wrap", rack: "B11 B12 B13 B1", after: "B11 B12 B13 B1", points: 37},
}

// TestJudgeTurnRiver: the Key Tile must be played, the Plunder may not.
func TestJudgeTurnRiver(t *testing.T) { runCases(t, riverCases) }

var riverCases = []turnCase{
	{name: "key tile played", rules: "river", opened: true, table: "R3 R4 R5", rack: "R6 K9 B2",
		must: "R6", locked: "K9 B2", after: "R3 R4 R5 R6", placed: "R6", points: 6},
	{name: "key tile played with rack tiles", rules: "river", opened: true, rack: "B1 B2 B3 K9",
		must: "B3", locked: "K9", after: "B1 B2 B3", placed: "B1 B2 B3", points: 6},
	{name: "key tile not played", rules: "river", opened: true, table: "R3 R4 R5", rack: "R6 B1 B2 B3",
		must: "R6", after: "R3 R4 R5 | B1 B2 B3", code: CodeKeyTileNotPlayed, set: -1},
	{name: "nothing played with a key tile", rules: "river", opened: true, table: "R3 R4 R5", rack: "R6",
		must: "R6", after: "R3 R4 R5", code: CodeKeyTileNotPlayed},
	{name: "plunder played", rules: "river", opened: true, table: "R3 R4 R5", rack: "R6 K9 K10 K11",
		must: "R6", locked: "K10 K11", after: "R3 R4 R5 R6 | K9 K10 K11", code: CodePlunderPlayed, set: 2},
	{name: "own copy of a plunder face played", rules: "river", opened: true, table: "R3 R4 R5", rack: "K10 K10 K9 K11 R6",
		must: "R6", locked: "K10", after: "R3 R4 R5 R6 | K9 K10 K11", placed: "K10 K9 K11 R6", points: 36},
	{name: "key tile in the initial meld", rules: "river", rack: "R10 B10 K10",
		must: "K10", after: "R10 B10 K10", points: 30},
	{name: "key tile and too low an initial meld", rules: "river", rack: "R9 B9 K9",
		must: "K9", after: "R9 B9 K9", code: CodeInitialMeldTooLow},
}

// TestJudgeTurnLargeSet: the 160-tile set (copies, jokers).
func TestJudgeTurnLargeSet(t *testing.T) { runCases(t, largeSetCases) }

var largeSetCases = []turnCase{
	{name: "three copies", rules: "six", opened: true, table: "R5 R6 R7 | R5 B5 K5", rack: "R5 R4 R3",
		after: "R3 R4 R5 | R5 R6 R7 | R5 B5 K5", points: 12},
	{name: "copies=3 on its own", opts: []string{"copies=3"}, opened: true, table: "R5 R6 R7 | R5 B5 K5", rack: "R5 R4 R3",
		after: "R3 R4 R5 | R5 R6 R7 | R5 B5 K5", points: 12},
	{name: "four jokers: two R7 jokers freed by one real R7", rules: "six", opened: true,
		table: "R5 R6 J | J R8 R9 R10 | B1 J J", rack: "R7 K13 B13",
		after: "R5 R6 R7 | R8 R9 R10 | B1 J J | J J K13 B13", code: CodeJokerRule},
	{name: "jokers=4: two R7 jokers freed by two real R7s", opts: []string{"jokers=4"}, opened: true,
		table: "R5 R6 J | J R8 R9 R10 | B1 J J", rack: "R7 R7 K13 B13",
		after: "R5 R6 R7 | R7 R8 R9 R10 | B1 J J | J J K13 B13", placed: "R7 R7 K13 B13", points: 40},
	{name: "four jokers on the table, all kept", rules: "six", opened: true,
		table: "R5 R6 J | J R8 R9 R10 | B1 J J", rack: "B4",
		after: "B1 J J B4 | R5 R6 J | J R8 R9 R10", points: 4},
	{name: "four jokers: two freed, two kept", rules: "six", opened: true,
		table: "R5 R6 J | J O8 O9 | B1 J J", rack: "R7 O7 K13 B13",
		after: "R5 R6 R7 | O7 O8 O9 | B1 J J | J J K13 B13", placed: "R7 O7 K13 B13", points: 40},
	{name: "five jokers are more than the set holds", rules: "six", opened: true,
		table: "R5 R6 J | B1 J J", rack: "J J J",
		after: "R5 R6 J | B1 J J | J J J", code: "start"},
}

// TestJudgeTurnStartErrors: a start position that cannot happen is an
// ordinary error, not a refused turn.
func TestJudgeTurnStartErrors(t *testing.T) {
	std := Standard()
	cases := []struct {
		name  string
		start TurnStart
		want  string
	}{
		{"invalid table set", TurnStart{Table: Table{mustTiles(t, "R3 R4")}, Rack: mustTiles(t, "R5")}, "not valid"},
		{"three copies", TurnStart{Table: Table{mustTiles(t, "R3 R4 R5"), mustTiles(t, "R5 B5 K5")}, Rack: mustTiles(t, "R5")}, "only 2"},
		{"three jokers", TurnStart{Rack: mustTiles(t, "J J J")}, "jokers"},
		{"key tile not on the rack", TurnStart{Rack: mustTiles(t, "R5"), Must: mustTiles(t, "R6")}, "Key Tile"},
		{"plunder not on the rack", TurnStart{Rack: mustTiles(t, "R5"), Locked: mustTiles(t, "R5 R5")}, "Plunder"},
		{"not a tile on the rack", TurnStart{Rack: []Tile{T(F(Red, 14))}}, "not a tile"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := JudgeTurn(&std, c.start, Table{mustTiles(t, "R5 R6 R7")})
			var te *TurnError
			if err == nil || errors.As(err, &te) {
				t.Fatalf("got %v, want a start-position error", err)
			}
			if !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %q does not say %q", err, c.want)
			}
		})
	}
	if _, err := JudgeTurn(nil, TurnStart{}, nil); err == nil {
		t.Error("nil rules accepted")
	}
}

// TestJudgeTurnMessages: the sentence names the set as the player laid it
// and the rule.
func TestJudgeTurnMessages(t *testing.T) {
	std := Standard()
	cases := []struct {
		table, rack, after string
		opened             bool
		want               []string
	}{
		{"R3 R4 R5", "R5 R6 R8", "R3 R4 R5 | R5 R6 R8", true, []string{"set 2 (R5 R6 R8)", "not consecutive"}},
		{"R3 R4 R5", "R10 B10 K10 R6", "R3 R4 R5 R6 | R10 B10 K10", false, []string{"set 1 (R3 R4 R5 R6)", "initial meld"}},
		{"", "R9 B9 K9", "R9 B9 K9", false, []string{"set 1 (R9 B9 K9)", "27", "30"}},
		{"R5 R6 J", "R3", "R3 J R5 R6", true, []string{"set 1 (R3 J R5 R6)", "stood for R7", "table set 1 (R5 R6 J:R7)", "now stands for R4", "real R7"}},
		{"R7 B7 O7 J", "R1 B1", "R7 B7 O7 | J R1 B1", true, []string{"set 2 (J R1 B1)", "K7"}},
		{"R7 B7 J", "R1 B1", "R7 B7 | J R1 B1", true, []string{"set 1 (R7 B7)", "at least 3"}},
		{"R3 R4 R5 R6", "R7", "R4 R5 R6 R7", true, []string{"R3", "table set 1 (R3 R4 R5 R6)", "never go back"}},
		{"", "R7", "R7 R8 R9", true, []string{"set 1 (R7 R8 R9)", "R8"}},
	}
	for _, c := range cases {
		_, err := JudgeTurn(&std, TurnStart{Table: mustTable(t, c.table), Rack: mustTiles(t, c.rack), Opened: c.opened}, mustTable(t, c.after))
		if err == nil {
			t.Errorf("%s -> %s accepted", c.table, c.after)
			continue
		}
		for _, w := range c.want {
			if !strings.Contains(err.Error(), w) {
				t.Errorf("%s -> %s: %q does not say %q", c.table, c.after, err, w)
			}
		}
	}
}

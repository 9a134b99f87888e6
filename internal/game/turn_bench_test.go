package game

import "testing"

// benchTurn judges one fixed turn b.N times.
func benchTurn(b *testing.B, r Rules, opened bool, table, rack, after string) {
	tab, _ := ParseTable(table)
	rk, _ := ParseTiles(rack)
	aft, _ := ParseTable(after)
	start := TurnStart{Table: tab, Rack: rk, Opened: opened}
	if _, err := JudgeTurn(&r, start, aft); err != nil {
		b.Logf("verdict: %v", err)
	}
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		JudgeTurn(&r, start, aft)
	}
}

// BenchmarkJudgeTurn: a mid-game rearrangement with two jokers on the table.
func BenchmarkJudgeTurn(b *testing.B) {
	benchTurn(b, Standard(), true,
		"R1 R2 R3 R4 | B5 O5 K5 | K6 K7 K8 K9 | J O10 O11 | B11 B12 J | R9 B9 O9",
		"R5 K10 O12 K9 B13",
		"R1 R2 R3 R4 R5 | B5 O5 K5 | K6 K7 K8 K9 K10 | J O10 O11 O12 | B11 B12 J B13 | R9 B9 O9 K9")
}

// BenchmarkJudgeTurnMeldThenExtend: an initial meld that also uses the
// table, under the forty preset.
func BenchmarkJudgeTurnMeldThenExtend(b *testing.B) {
	r, _ := Preset("forty")
	benchTurn(b, r, false,
		"B3 B4 J | R6 R7 R8 | K1 K2 K3",
		"R10 B10 K10 O10 B5 R11 R12 K4",
		"R10 B10 K10 O10 | B3 B4 B5 | J R11 R12 | R6 R7 R8 | K1 K2 K3 K4")
}

// BenchmarkJudgeTurnEightJokers: the worst case of the joker matching, a
// refused turn with eight jokers on the table.
func BenchmarkJudgeTurnEightJokers(b *testing.B) {
	r, _ := Preset("six")
	r.Jokers = 8
	benchTurn(b, r, true,
		"R1 J J | B1 J J | O1 J J | K2 J J", "K5",
		"R1 B1 O1 | J J J J K2 | J J J J K5")
}

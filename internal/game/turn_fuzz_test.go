package game

import (
	"errors"
	"slices"
	"testing"
)

// Bits of the fuzzed rules byte.
const (
	fzOpened = 1 << iota
	fzMeldThenExtend
	fzJokerFromRack
	fzJokerTwoRackTiles
	fzFreeJokers
	fzWrap
	fzJokerMeldValue
	fzSix
)

func fuzzRules(bits uint8) Rules {
	r := Standard()
	if bits&fzSix != 0 {
		r, _ = Preset("six")
	}
	r.MeldThenExtend = bits&fzMeldThenExtend != 0
	r.JokerFromRack = bits&fzJokerFromRack != 0
	r.JokerTwoRackTiles = bits&fzJokerTwoRackTiles != 0
	r.FreeJokers = bits&fzFreeJokers != 0
	r.Wrap = bits&fzWrap != 0
	if bits&fzJokerMeldValue != 0 {
		r.JokerMeldValue = 25
	}
	return r
}

// judgeOK reports whether a turn is accepted, failing the test on any
// error that is neither a verdict nor explained by the start position.
func judgeOK(t *testing.T, r Rules, start TurnStart, after Table) (TurnResult, bool) {
	t.Helper()
	res, err := JudgeTurn(&r, start, after)
	if err == nil {
		return res, true
	}
	if err.Error() == "" {
		t.Fatalf("empty error")
	}
	var te *TurnError
	if !errors.As(err, &te) {
		t.Fatalf("start error %v on a start position that passed its checks", err)
	}
	if !slices.Contains(TurnCodes, te.Code) {
		t.Fatalf("unknown code %q", te.Code)
	}
	if te.Set < -1 || te.Set >= len(after) {
		t.Fatalf("set index %d out of range: %v", te.Set, te)
	}
	return res, false
}

// FuzzJudgeTurn judges turns written in notation under fuzzed rules. No
// input panics; an accepted turn conserves every tile, lays every set out
// validly and canonically and plays a rack tile; and the verdict obeys the
// relations between options: an option that only relaxes a rule never
// turns an accepted turn into a refused one, and the order of the sets
// after never matters.
func FuzzJudgeTurn(f *testing.F) {
	for _, group := range [][]turnCase{tileCases, manipulationCases, jokerCases, initialMeldCases, wrapCases, riverCases, largeSetCases} {
		for _, c := range group {
			bits := uint8(0)
			if c.opened {
				bits |= fzOpened
			}
			for _, o := range c.opts {
				switch o {
				case "meld-then-extend=true":
					bits |= fzMeldThenExtend
				case "joker-from-rack=true":
					bits |= fzJokerFromRack
				case "joker-two-rack-tiles=true":
					bits |= fzJokerTwoRackTiles
				case "free-jokers=true":
					bits |= fzFreeJokers
				case "wrap=true":
					bits |= fzWrap
				case "joker-meld-value=25":
					bits |= fzJokerMeldValue
				}
			}
			switch c.rules {
			case "six":
				bits |= fzSix
			case "wrap":
				bits |= fzWrap | fzJokerTwoRackTiles
			case "forty":
				bits |= fzMeldThenExtend | fzJokerFromRack | fzJokerTwoRackTiles | fzJokerMeldValue
			}
			f.Add(c.table, c.rack, c.after, bits)
		}
	}
	f.Fuzz(func(t *testing.T, tableS, rackS, afterS string, bits uint8) {
		table, err1 := ParseTable(tableS)
		rack, err2 := ParseTiles(rackS)
		after, err3 := ParseTable(afterS)
		if err1 != nil || err2 != nil || err3 != nil || len(after) > 40 {
			return
		}
		r := fuzzRules(bits)
		start := TurnStart{Table: table, Rack: rack, Opened: bits&fzOpened != 0}
		// A start position that cannot happen must be refused as such.
		_, err := JudgeTurn(&r, start, after)
		var te *TurnError
		if err != nil && !errors.As(err, &te) {
			return
		}
		res, ok := judgeOK(t, r, start, after)
		if ok {
			checkConserved(t, start, res)
			if len(res.Placed) == 0 {
				t.Fatalf("accepted a turn that plays nothing")
			}
			for _, s := range SetsOf(res.After) {
				m, err := AnalyzeSet(s, &r)
				if err != nil {
					t.Fatalf("accepted table holds an invalid set: %v", err)
				}
				if FormatTiles(m.Tiles) != FormatTiles(s) {
					t.Fatalf("set %s not canonical (%s)", FormatTiles(s), FormatTiles(m.Tiles))
				}
			}
			if res.Melded == start.Opened {
				t.Fatalf("Melded %v for opened %v", res.Melded, start.Opened)
			}
			// Judging the canonical result again as the arrangement is
			// still accepted.
			if _, ok2 := judgeOK(t, r, start, SetsOf(res.After)); !ok2 {
				t.Fatalf("the canonical layout %s of an accepted turn is refused", FormatTable(SetsOf(res.After)))
			}
		}
		// The order of the sets never matters.
		rev := slices.Clone(after)
		slices.Reverse(rev)
		if _, okRev := judgeOK(t, r, start, rev); okRev != ok {
			t.Fatalf("reversing the sets changed the verdict from %v to %v", ok, okRev)
		}
		if !ok {
			return
		}
		// Relaxing a rule keeps an accepted turn accepted.
		relax := []func(*Rules, *TurnStart){
			func(r *Rules, s *TurnStart) { r.FreeJokers = true },
			func(r *Rules, s *TurnStart) { r.JokerFromRack = false },
			func(r *Rules, s *TurnStart) { r.JokerTwoRackTiles = false },
			func(r *Rules, s *TurnStart) { s.Opened = true },
			func(r *Rules, s *TurnStart) { r.MeldThenExtend = true },
			func(r *Rules, s *TurnStart) { r.InitialMeld = 0 },
		}
		for i, fn := range relax {
			r2, s2 := r, start
			fn(&r2, &s2)
			if _, ok2 := judgeOK(t, r2, s2, after); !ok2 {
				t.Fatalf("relaxation %d refused an accepted turn", i)
			}
		}
	})
}
